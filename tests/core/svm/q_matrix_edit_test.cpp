// QMatrix::applyEdit: a provider updated in place after adding, moving, deleting or relabelling
// a sample holds the entries a provider built from scratch over the edited samples holds, and a
// solver over it reaches the same α, b and objective.
#include "svm/dual_problem.hpp"
#include "svm/q_matrix.hpp"
#include "svm/smo_solver.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

enum class Provider { Precomputed, Cached };

// A cache of a few columns only, so that edits meet cached and evicted columns alike.
constexpr std::int64_t kSmallCacheBytes = 6 * 60 * 8;

std::shared_ptr<QMatrix> build(Provider provider, const KernelParams& kernel, const Matrix& x,
                               const Vector& y) {
  if (provider == Provider::Precomputed)
    return std::make_shared<PrecomputedQMatrix>(kernel, x, DualVariableMap::classification(y),
                                                true);
  return std::make_shared<CachedQMatrix>(kernel, x, DualVariableMap::classification(y),
                                         kSmallCacheBytes, QColumnStorage::Double);
}

// The edit done on the plain data, written here independently of the provider's code.
void mirror(const SampleEdit& edit, Matrix& x, Vector& y) {
  const Index n = x.rows();
  switch (edit.kind) {
    case SampleEdit::Kind::Add:
      x.conservativeResize(n + 1, x.cols());
      y.conservativeResize(n + 1);
      x.row(n) = edit.point.transpose();
      y(n) = edit.sign;
      break;
    case SampleEdit::Kind::Move:
      x.row(edit.index) = edit.point.transpose();
      break;
    case SampleEdit::Kind::Delete: {
      Matrix keptX(n - 1, x.cols());
      Vector keptY(n - 1);
      for (Index i = 0, k = 0; i < n; ++i) {
        if (i == edit.index) continue;
        keptX.row(k) = x.row(i);
        keptY(k++) = y(i);
      }
      x = keptX;
      y = keptY;
      break;
    }
    case SampleEdit::Kind::Relabel:
      y(edit.index) = edit.sign;
      break;
  }
}

SampleEdit randomEdit(std::mt19937& engine, Index n, Index d) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> kindOf(0, 3);
  SampleEdit edit;
  edit.kind = static_cast<SampleEdit::Kind>(kindOf(engine));
  // Keep at least a handful of samples, so every class stays present often enough.
  if (n <= 6 && edit.kind == SampleEdit::Kind::Delete) edit.kind = SampleEdit::Kind::Add;
  edit.index = std::uniform_int_distribution<Index>(0, n - 1)(engine);
  edit.point = Vector(d);
  for (Index c = 0; c < d; ++c) edit.point(c) = normal(engine);
  edit.sign = normal(engine) > 0 ? 1 : -1;
  return edit;
}

void requireSameEntries(const QMatrix& edited, const QMatrix& rebuilt) {
  const Index n = rebuilt.size();
  REQUIRE(edited.size() == n);
  Vector a(n), b(n);
  for (Index j = 0; j < n; ++j) {
    edited.column(j, a);
    rebuilt.column(j, b);
    for (Index i = 0; i < n; ++i) {
      INFO("Q(" << i << ", " << j << ")");
      REQUIRE_THAT(a(i), WithinAbs(b(i), 1e-12));
    }
    REQUIRE_THAT(edited.diagonal()(j), WithinAbs(rebuilt.diagonal()(j), 1e-12));
  }
}

std::string kernelName(const KernelParams& k) {
  return describe(k);
}

}  // namespace

TEST_CASE("Q matrix: random add, move, delete and relabel edits equal a rebuild", "[svm][edit]") {
  const Index d = 2;
  for (const Provider provider : {Provider::Precomputed, Provider::Cached}) {
    for (const KernelParams& kernel : {KernelParams::linear(), KernelParams::polynomial(0.5, 1, 3),
                                       KernelParams::rbf(0.7), KernelParams::sigmoid(0.2, -0.3)}) {
      for (const std::uint32_t seed : {1u, 2u, 3u}) {
        INFO((provider == Provider::Precomputed ? "precomputed" : "cached")
             << ", " << kernelName(kernel) << ", seed " << seed);
        std::mt19937 engine(seed);
        std::normal_distribution<double> normal(0.0, 1.0);
        Matrix x(20, d);
        Vector y(20);
        for (Index i = 0; i < 20; ++i) {
          x(i, 0) = normal(engine);
          x(i, 1) = normal(engine);
          y(i) = i % 2 == 0 ? 1 : -1;
        }
        std::shared_ptr<QMatrix> q = build(provider, kernel, x, y);
        for (int e = 0; e < 60; ++e) {
          const SampleEdit edit = randomEdit(engine, x.rows(), d);
          INFO("edit " << e << " kind " << static_cast<int>(edit.kind) << " index " << edit.index);
          // Read some columns first, so that the cache holds columns the edit has to change.
          Vector column(x.rows());
          for (int r = 0; r < 4; ++r)
            q->column(std::uniform_int_distribution<Index>(0, x.rows() - 1)(engine), column);
          REQUIRE(q->applyEdit(edit));
          mirror(edit, x, y);
          requireSameEntries(*q, *build(provider, kernel, x, y));
        }
      }
    }
  }
}

TEST_CASE("SmoSolver: over an edited Q it reaches the rebuilt problem's alpha, b and objective",
          "[svm][edit]") {
  const Index d = 2;
  for (const Provider provider : {Provider::Precomputed, Provider::Cached}) {
    for (const KernelParams& kernel : {KernelParams::linear(), KernelParams::polynomial(0.5, 1, 2),
                                       KernelParams::rbf(1.5), KernelParams::sigmoid(0.3, -0.5)}) {
      INFO((provider == Provider::Precomputed ? "precomputed" : "cached")
           << ", " << kernelName(kernel));
      std::mt19937 engine(11);
      std::normal_distribution<double> normal(0.0, 1.0);
      Matrix x(40, d);
      Vector y(40);
      for (Index i = 0; i < 40; ++i) {
        x(i, 0) = normal(engine);
        x(i, 1) = normal(engine);
        y(i) = x(i, 0) * x(i, 1) + 0.3 * normal(engine) > 0 ? 1 : -1;
      }
      std::shared_ptr<QMatrix> q = build(provider, kernel, x, y);
      const double c = 2.0;
      for (int e = 0; e < 30; ++e) {
        const SampleEdit edit = randomEdit(engine, x.rows(), d);
        REQUIRE(q->applyEdit(edit));
        mirror(edit, x, y);
        if ((y.array() > 0).all() || (y.array() < 0).all()) continue;
        SmoOptions options;
        options.eps = 1e-6;
        SmoSolver edited(cSvcDual(q, y, c), options);
        const QMatrixOptions kind{kSmallCacheBytes, QColumnStorage::Double,
                                  provider == Provider::Precomputed};
        // The rebuilt provider of the same kind: the precomputed one needs a budget it fits in.
        QMatrixOptions rebuiltKind = kind;
        if (provider == Provider::Precomputed) rebuiltKind.cacheBytes = std::int64_t{1} << 30;
        SmoSolver rebuilt(cSvcDual(x, y, kernel, c, rebuiltKind), options);
        REQUIRE(edited.solve() == rebuilt.solve());
        INFO("edit " << e);
        REQUIRE(edited.iteration() == rebuilt.iteration());
        for (Index i = 0; i < y.size(); ++i)
          REQUIRE_THAT(edited.alpha()(i), WithinAbs(rebuilt.alpha()(i), 1e-9));
        REQUIRE_THAT(edited.rho(BiasRule::Libsvm), WithinAbs(rebuilt.rho(BiasRule::Libsvm), 1e-9));
        REQUIRE_THAT(edited.objective(), WithinAbs(rebuilt.objective(), 1e-9));
        // Identical entries give an identical path: the same bits, not only within 1e-9.
        CHECK(edited.alpha() == rebuilt.alpha());
      }
    }
  }
}

TEST_CASE("Q matrix: a provider that cannot apply an edit refuses it and stays as it was",
          "[svm][edit]") {
  Matrix x(4, 2);
  x << 0, 0, 1, 0, 0, 1, 1, 1;
  Vector y(4);
  y << 1, -1, 1, -1;
  const KernelParams kernel = KernelParams::rbf(0.5);
  SampleEdit move;
  move.kind = SampleEdit::Kind::Move;
  move.index = 2;
  move.point = Vector::Constant(2, 3.0);
  // A kernel matrix given whole has no samples to evaluate the kernel on again.
  PrecomputedQMatrix fromGram(Matrix::Identity(4, 4), DualVariableMap::classification(y));
  CHECK_FALSE(fromGram.applyEdit(move));
  CHECK(fromGram.diagonal() == Vector::Ones(4));
  // ε-SVR's 2N variables over N samples: an edit of one variable is not one sample's.
  PrecomputedQMatrix svr(kernel, x, DualVariableMap::regression(4), true);
  Vector before(8), after(8);
  svr.column(2, before);
  CHECK_FALSE(svr.applyEdit(move));
  svr.column(2, after);
  CHECK(before == after);
  // Built without keeping its samples.
  PrecomputedQMatrix kept(kernel, x, DualVariableMap::classification(y));
  CHECK_FALSE(kept.applyEdit(move));
  // A point with the wrong number of features.
  PrecomputedQMatrix q(kernel, x, DualVariableMap::classification(y), true);
  move.point = Vector::Constant(3, 1.0);
  CHECK_FALSE(q.applyEdit(move));
  // An index out of range.
  move.point = Vector::Constant(2, 1.0);
  move.index = 4;
  CHECK_FALSE(q.applyEdit(move));
}
