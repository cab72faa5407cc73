// kernelColumn / kernelRow (kernel_block.hpp) against the scalar reference kernelValue
// (course-notes 000 "Examples of kernels", 004), for all four kernels.

#include "kernels/kernel_block.hpp"

#include "kernels/gram_matrix.hpp"
#include "svm/q_columns.hpp"
#include "svm/q_matrix.hpp"
#include "svm/sparse_kernel.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

using namespace kpg;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

Matrix randomSamples(Index n, Index d, std::uint32_t seed, double scale) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<double> uniform(-scale, scale);
  Matrix x(n, d);
  for (Index i = 0; i < n; ++i)
    for (Index c = 0; c < d; ++c) x(i, c) = uniform(engine);
  return x;
}

// |routine − reference| allowed for one entry: a few ulps of the result, plus what the inputs'
// rounding can move it. For the dot-product kernels the dot product's own rounding (d·ε·Σ|a_k b_k|,
// Higham 2002 §3.1) passes through the map with its derivative; for RBF the norms form adds
// ε·(‖a‖² + ‖b‖²) to the squared distance, multiplied by γ·k in the result.
double allowedError(const KernelParams& p, const Vector& a, const Vector& b, double k) {
  const double d = static_cast<double>(a.size());
  const double absDot = a.cwiseAbs().dot(b.cwiseAbs());
  switch (p.type) {
    case KernelType::Linear:
      return 2 * d * kEps * absDot;
    case KernelType::Polynomial: {
      const double base = p.gamma * a.dot(b) + p.coef0;
      const double derivative = p.degree * std::abs(std::pow(base, p.degree - 1)) * p.gamma;
      return 4 * kEps * std::abs(k) + 2 * d * kEps * absDot * derivative + 4 * kEps * std::abs(k);
    }
    case KernelType::Rbf:
      return 4 * kEps * k + 4 * kEps * p.gamma * (a.squaredNorm() + b.squaredNorm()) * k;
    case KernelType::Sigmoid:
      return 4 * kEps + 2 * d * kEps * absDot * p.gamma;
  }
  return 0;
}

}  // namespace

TEST_CASE("Kernel block: every column equals kernelValue within its rounding, four kernels",
          "[kernels]") {
  const KernelParams kernels[] = {KernelParams::linear(), KernelParams::polynomial(0.5, 1.0, 3),
                                  KernelParams::rbf(0.7), KernelParams::sigmoid(0.2, -0.3)};
  for (const Index d : {Index{2}, Index{20}}) {
    const Matrix x = randomSamples(60, d, static_cast<std::uint32_t>(d), 1.5);
    const KernelSamples<double> samples(x);
    Vector column(60);
    for (const KernelParams& p : kernels) {
      double worstRelative = 0;
      for (Index b = 0; b < 60; b += 7) {
        kernelColumn(p, samples, b, 60, column.data());
        for (Index a = 0; a < 60; ++a) {
          const Vector xa = x.row(a).transpose(), xb = x.row(b).transpose();
          const double reference = kernelValue(p, xa, xb);
          INFO(kernelTypeName(p.type) << " d = " << d << " a = " << a << " b = " << b);
          CHECK(std::abs(column(a) - reference) <= allowedError(p, xa, xb, reference));
          if (p.type == KernelType::Rbf)
            worstRelative = std::max(worstRelative, std::abs(column(a) / reference - 1));
        }
      }
      // RBF, where the formula changed (norms form): relative difference ≤ a few ε·γ·(‖x_a‖² +
      // ‖x_b‖²), about 1e-15 for d = 2 and 1.4e-14 for d = 20 here (‖x‖² up to 45, γ = 0.7).
      // The other three share the reference's formula and differ only in the dot product's
      // rounding, bounded per entry above (a relative bound means nothing where k crosses 0).
      const double largestNorm = x.rowwise().squaredNorm().maxCoeff();
      INFO(kernelTypeName(p.type) << " d = " << d << " worst relative " << worstRelative);
      CHECK(worstRelative <= 4 * kEps * (1 + p.gamma * 2 * largestNorm));
      if (d == 2 && p.type == KernelType::Rbf) CHECK(worstRelative <= 2e-15);
    }
  }
}

TEST_CASE("Kernel block: the self entry equals the diagonal, and is exactly 1 for RBF",
          "[kernels]") {
  const Matrix x = randomSamples(25, 5, 3, 10.0);
  for (const KernelParams& p : {KernelParams::rbf(0.01), KernelParams::polynomial(0.1, 1.0, 2)}) {
    const KernelSamples<double> samples(x);
    Vector diagonal(25), column(25);
    kernelDiagonal(p, samples, diagonal.data());
    for (Index b = 0; b < 25; ++b) {
      kernelColumn(p, samples, b, 25, column.data());
      CHECK(column(b) == diagonal(b));
      if (p.type == KernelType::Rbf) CHECK(column(b) == 1.0);
    }
  }
}

TEST_CASE("Kernel block: near-duplicate points clamp the squared distance at 0", "[kernels]") {
  // x_1 differs from x_0 by one ulp in a coordinate of size 1e3: ‖x_0‖² + ‖x_1‖² − 2 x_0·x_1
  // cancels to a few ulps of 2e6, of either sign; the true distance² is ~1e-26.
  Matrix x(3, 2);
  x << 1000.0, -700.0, std::nextafter(1000.0, 2000.0), -700.0, 1000.0, std::nextafter(-700.0, 0.0);
  const KernelParams p = KernelParams::rbf(1e6);  // a large γ magnifies any negative distance
  const KernelSamples<double> samples(x);
  Vector column(3);
  for (Index b = 0; b < 3; ++b) {
    kernelColumn(p, samples, b, 3, column.data());
    for (Index a = 0; a < 3; ++a) {
      CHECK(column(a) <= 1.0);  // without the clamp, exp(+γ·|cancellation|) > 1
      // The reference computes (x_a − x_b)² exactly here: 1 − k ≈ γ·1e-26.
      const double reference = kernelValue(p, x.row(a).transpose(), x.row(b).transpose());
      CHECK(std::abs(column(a) - reference) <= 4 * kEps * p.gamma * 2 * x.row(a).squaredNorm());
    }
  }
}

TEST_CASE("Kernel block: a prefix of rows, and a query row, are the same numbers", "[kernels]") {
  const Matrix x = randomSamples(40, 3, 4, 1.0);
  const KernelParams p = KernelParams::rbf(0.5);
  const KernelSamples<double> samples(x);
  Vector full(40), prefix = Vector::Constant(40, -7.0);
  kernelColumn(p, samples, 30, 40, full.data());
  kernelColumn(p, samples, 30, 12, prefix.data());
  CHECK(prefix.head(12) == full.head(12));
  CHECK(prefix(12) == -7.0);  // nothing written past the prefix
  const Vector query = x.row(30).transpose();
  const Vector row = kernelRow(p, samples, query);
  for (Index a = 0; a < 40; ++a) CHECK(std::abs(row(a) - full(a)) <= 8 * kEps);
}

TEST_CASE("Kernel block: float columns are the double ones to single precision", "[kernels]") {
  // Data in [−1, 1] as svm-scale leaves them: the float norms form loses ~ε_f·(‖a‖² + ‖b‖²)·γ.
  const Matrix x = randomSamples(50, 20, 5, 1.0);
  const KernelSamples<double> samplesDouble(x);
  const KernelSamples<float> samplesFloat(x);
  for (const KernelParams& p : {KernelParams::linear(), KernelParams::polynomial(0.05, 1.0, 3),
                                KernelParams::rbf(0.05), KernelParams::sigmoid(0.05, 0.1)}) {
    Vector k(50);
    Eigen::VectorXf kf(50);
    for (Index b : {0, 17, 49}) {
      kernelColumn(p, samplesDouble, b, 50, k.data());
      kernelColumn(p, samplesFloat, b, 50, kf.data());
      const double scale = std::max(1.0, k.cwiseAbs().maxCoeff());
      INFO(kernelTypeName(p.type));
      CHECK((kf.cast<double>() - k).cwiseAbs().maxCoeff() <= 2e-6 * scale);
    }
  }
}

TEST_CASE("F2/P3: the first non-finite kernel value is found, named and worded once",
          "[kernels][bad-input]") {
  // Polynomial of degree 100 (the largest validate() accepts) with γ·x·x' = 1e15·9: overflows.
  Matrix x(3, 1);
  x << 1, 2, 3;
  const KernelParams p = KernelParams::polynomial(1e15, 0, 100);
  REQUIRE_FALSE(validate(p).has_value());
  const KernelSamples<double> samples(x);
  Matrix k(3, 3);
  for (Index b = 0; b < 3; ++b) kernelColumn(p, samples, b, 3, k.col(b).data());
  const auto entry = firstNonFiniteEntry(k);
  REQUIRE(entry.has_value());
  CHECK(entry->row == 0);  // (1e15·1)^100 = 1e1500 already
  CHECK(entry->col == 0);
  CHECK(std::isinf(entry->value));
  const auto error = checkKernelFinite(k, "method");
  REQUIRE(error.has_value());
  CHECK(error->rfind("method: " + std::string(kKernelOverflowMessage), 0) == 0);
  CHECK(error->find("k(x_1, x_1)") != std::string::npos);
  Matrix fine = Matrix::Identity(3, 3);
  CHECK_FALSE(firstNonFiniteEntry(fine).has_value());
  fine(2, 1) = std::numeric_limits<double>::quiet_NaN();
  CHECK(firstNonFiniteEntry(fine)->row == 2);
  CHECK(firstNonFiniteEntry(fine)->col == 1);
}

TEST_CASE("RBF: identical rows give k = 1 exactly on every path, at any scale (G4, G5)",
          "[kernels][rbf-identical]") {
  // k(x, x') = exp(−γ‖x − x'‖²) is 1 for x' = x however large x is. The norms form
  // ‖x‖² + ‖x'‖² − 2x·x' gets 0 only when the three sums are the same bits: rows of unscaled data
  // (entries ~1e10, ‖x‖² ~1e21) summed in different orders gave 2.6e5, and at γ = 2⁻¹⁶
  // k = e⁻⁴ = 0.018 instead of 1. Every row below has an identical twin; γ is chosen so that a
  // cancellation of one ulp of ‖x‖² would show (γ·ε·‖x‖² ≈ 1e-4 or more).
  const Matrix repro = (Matrix(1, 5) << -23183411673.45559, -5332323068.847256, 3036199989.621008,
                        7137000513.474697, 14053601237.427202)
                           .finished();
  struct Scale {
    Index d;
    double magnitude;
  };
  // d = 5 is the repro's; 130 passes Eigen's blocking of long rows; 1 and 2 the short ones.
  for (const Scale s : {Scale{5, 1e10}, Scale{1, 1e10}, Scale{2, 3e7}, Scale{20, 1e10},
                        Scale{130, 1e8}, Scale{7, 1e-3}}) {
    CAPTURE(s.d, s.magnitude);
    const Index distinct = 9;
    Matrix x(2 * distinct + 3, s.d);
    x.topRows(distinct) =
        randomSamples(distinct, s.d, static_cast<std::uint32_t>(s.d), s.magnitude);
    x.middleRows(distinct, distinct) = x.topRows(distinct);  // each row twice
    x.bottomRows(3) = x.topRows(3);                          // the first three, three times
    if (s.d == 5) x.row(0) = x.row(distinct) = x.row(2 * distinct) = repro;
    const Index n = x.rows();
    const auto twins = [&](Index a, Index b) { return x.row(a) == x.row(b); };
    const double typicalNorm = x.rowwise().squaredNorm().mean();
    const KernelParams p = KernelParams::rbf(1e12 / typicalNorm);
    CAPTURE(p.gamma);

    // Scalar reference, dense and sparse.
    const SparseRows sparse = SparseRows::fromDense(x);
    for (Index a = 0; a < n; ++a) {
      for (Index b = 0; b < n; ++b) {
        if (!twins(a, b)) continue;
        CHECK(kernelValue(p, x.row(a).transpose(), x.row(b).transpose()) == 1.0);
        CHECK(kernelValue(p, sparse.row(a), sparse.row(b)) == 1.0);
      }
    }
    // Columns: double and float, whole, a range that starts past row 0 and the solver cache's
    // form; a query row equal to a sample; the dense and the sparse Gram matrices.
    const KernelSamples<double> samples(x);
    const KernelSamples<float> samplesFloat(x);
    const Matrix gram = gramMatrix(p, x);
    const Matrix sparseGram = gramMatrix(p, sparse);
    Vector column(n), range(n), cache(n), row(n);
    Eigen::VectorXf columnFloat(n);
    for (Index b = 0; b < n; ++b) {
      kernelColumn(p, samples, b, n, column.data());
      kernelColumn(p, samplesFloat, b, n, columnFloat.data());
      kernelColumnRange(p, samples, b, 4, n, range.data());
      kernelColumnRangeForCache(p, samples, b, 3, n, cache.data());
      kernelRow(p, samples, x.row(b).transpose(), row.data());
      for (Index a = 0; a < n; ++a) {
        if (!twins(a, b)) continue;
        CAPTURE(a, b);
        CHECK(column(a) == 1.0);
        CHECK(columnFloat(a) == 1.0f);
        if (a >= 4) CHECK(range(a - 4) == 1.0);
        if (a >= 3) CHECK(cache(a - 3) == 1.0);
        CHECK(row(a) == 1.0);
        CHECK(gram(a, b) == 1.0);
        CHECK(sparseGram(a, b) == 1.0);
      }
    }
    // The SVM's Q (s_a s_b k_ab): precomputed, cached in double and float, over sparse rows, and
    // the solver's float column cache, whose rows a shrinking solver swaps.
    Vector signs(n);
    for (Index a = 0; a < n; ++a) signs(a) = a % 2 == 0 ? 1.0 : -1.0;
    const DualVariableMap map = DualVariableMap::classification(signs);
    const PrecomputedQMatrix precomputed(p, x, map);
    const CachedQMatrix cachedDouble(p, x, map, 1 << 20, QColumnStorage::Double);
    const CachedQMatrix cachedFloat(p, x, map, 1 << 20, QColumnStorage::Float);
    const CachedQMatrix cachedSparse(p, sparse, map, 1 << 20, QColumnStorage::Double);
    QColumnCache solverCache(p, samples, signs, 1 << 20);
    solverCache.swapPositions(0, n - 1);  // position 0 now holds sample n − 1, and back
    std::vector<Index> sampleAt(static_cast<std::size_t>(n));
    for (Index a = 0; a < n; ++a) sampleAt[static_cast<std::size_t>(a)] = a;
    std::swap(sampleAt.front(), sampleAt.back());
    for (Index b = 0; b < n; ++b) {
      for (const QMatrix* q : std::initializer_list<const QMatrix*>{&precomputed, &cachedDouble,
                                                                    &cachedFloat, &cachedSparse}) {
        q->column(b, column);
        for (Index a = 0; a < n; ++a)
          if (twins(a, b)) CHECK(column(a) == signs(a) * signs(b));
      }
      const float* solverColumn = solverCache.column(b, n);
      const Index sb = sampleAt[static_cast<std::size_t>(b)];
      for (Index a = 0; a < n; ++a) {
        const Index sa = sampleAt[static_cast<std::size_t>(a)];
        if (twins(sa, sb)) CHECK(solverColumn[a] == static_cast<float>(signs(sa) * signs(sb)));
      }
    }
  }
}
