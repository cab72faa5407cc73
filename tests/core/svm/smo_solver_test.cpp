#include "svm/smo_solver.hpp"
#include "svm/svm_train.hpp"

#include "data/toy_datasets.hpp"
#include "kernels/gram_matrix.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <limits>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// 001 Question 7.
void handSolvedData(Matrix& x, Vector& y) {
  x.resize(3, 2);
  x << 1, 3, 2, 1, 0, 1;
  y.resize(3);
  y << 1, 1, -1;
}

void randomBlobs(int n, std::uint32_t seed, Matrix& x, Vector& y) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  x.resize(n, 2);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    const double label = i % 2 == 0 ? 1.0 : -1.0;
    x(i, 0) = normal(engine) + 0.8 * label;
    x(i, 1) = normal(engine) - 0.5 * label;
    y(i) = label;
  }
}

}  // namespace

TEST_CASE("SmoSolver: hand-solved example reaches alpha = (1/4, 3/8, 5/8)", "[svm]") {
  Matrix x;
  Vector y;
  handSolvedData(x, y);
  SmoOptions options;
  options.eps = 1e-12;
  const SelectionRule rule = GENERATE(SelectionRule::FirstOrder, SelectionRule::SecondOrder);
  options.rule = rule;
  SmoSolver solver(cSvcDual(x, y, KernelParams::linear(), kInf), options);

  int updates = 0;
  while (solver.status() == SmoStatus::Running) {
    const SmoStep s = solver.step();
    if (!s.updated) break;
    ++updates;
    // Every step stays feasible and never increases f.
    CHECK(std::abs(solver.alpha().dot(y)) <= 1e-12);
    CHECK((solver.alpha().array() >= 0).all());
    CHECK(s.objectiveAfter <= s.objectiveBefore + 1e-12);
    // A step is taken only while α is not optimal: m(α) − M(α) ≥ eps before it.
    CHECK(s.violation >= options.eps);
    CHECK(s.lower <= s.step);
    CHECK(s.step <= s.upper);
    REQUIRE(updates < 1000);
  }
  CHECK(solver.status() == SmoStatus::Converged);
  CHECK(solver.violation() < options.eps);
  CHECK_THAT(solver.alpha()(0), WithinAbs(0.25, 1e-9));
  CHECK_THAT(solver.alpha()(1), WithinAbs(0.375, 1e-9));
  CHECK_THAT(solver.alpha()(2), WithinAbs(0.625, 1e-9));

  const BinarySolutionView view = describeBinarySolution(solver, x, KernelParams::linear());
  REQUIRE(view.w.has_value());
  CHECK_THAT((*view.w)(0), WithinAbs(1.0, 1e-9));
  CHECK_THAT((*view.w)(1), WithinAbs(0.5, 1e-9));
  // The notes' threshold t = 3/2 in ⟨w, x⟩ − t, so b = −3/2.
  CHECK_THAT(view.bias, WithinAbs(-1.5, 1e-9));
  CHECK_THAT(*view.margin, WithinAbs(2.0 / std::sqrt(5.0), 1e-9));
  // 004: ‖w‖² = Σα at the hard-margin optimum (= 5/4 here).
  CHECK_THAT(view.w->squaredNorm(), WithinAbs(view.alphaSum, 1e-9));
  CHECK_THAT(view.alphaSum, WithinAbs(1.25, 1e-9));
  // All three are free support vectors on the margin, no slack, zero duality gap.
  for (SupportCategory c : view.categories) CHECK(c == SupportCategory::Free);
  CHECK(view.slacks.maxCoeff() <= 1e-9);
  CHECK_THAT(view.primalObjective, WithinAbs(0.625, 1e-9));
  CHECK_THAT(view.dualObjective, WithinAbs(0.625, 1e-9));
  CHECK_THAT(view.dualityGap, WithinAbs(0.0, 1e-9));
  // The notes' bias rule agrees here: every SV is free.
  const BinarySolutionView notes = describeBinarySolution(solver, x, KernelParams::linear(),
                                                          BiasRule::AverageOverSupportVectors);
  CHECK_THAT(notes.bias, WithinAbs(-1.5, 1e-9));
}

TEST_CASE("SmoSolver: hand-solved example through trainSvm with a hard margin", "[svm]") {
  Matrix x;
  Vector y;
  handSolvedData(x, y);
  SvmParams params;
  params.kernel = KernelParams::linear();
  params.hardMargin = true;
  params.eps = 1e-12;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  CHECK(r.converged());
  CHECK(r.model.labels == std::vector<int>{1, -1});
  CHECK(r.model.supportCounts == std::vector<int>{2, 1});
  CHECK_THAT(r.model.rho(0), WithinAbs(1.5, 1e-9));
  CHECK_THAT(r.model.coefficients(0, 0), WithinAbs(0.25, 1e-9));
  CHECK_THAT(r.model.coefficients(0, 1), WithinAbs(0.375, 1e-9));
  CHECK_THAT(r.model.coefficients(0, 2), WithinAbs(-0.625, 1e-9));
  // f(x) = x1 + x2/2 − 3/2 at a new point.
  Vector p(2);
  p << 2, 2;
  CHECK_THAT(decisionValues(r.model, p)(0), WithinAbs(1.5, 1e-9));
  CHECK(predict(r.model, p) == 1.0);
}

TEST_CASE("SmoSolver: XOR is separable with (1 + x.y)^2, alpha = 1/8 and f(x) = x1 x2", "[svm]") {
  // 001 "XOR", 004: with the degree-2 polynomial kernel the hard-margin dual is symmetric in the
  // four points; Σ_j y_i y_j K_ij = 9 + 1 − 1 − 1 = 8, so f(α) = 16a² − 4a, a = 1/8, and
  // f(x) = (1/8) Σ y_i (1 + x_i·x)² = x1 x2.
  Matrix x(4, 2);
  x << 1, 1, -1, -1, -1, 1, 1, -1;
  Vector y(4);
  y << 1, 1, -1, -1;
  SvmParams params;
  params.kernel = KernelParams::polynomial(1, 1, 2);
  params.hardMargin = true;
  params.eps = 1e-12;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  CHECK(r.converged());
  CHECK(r.model.supportVectorCount() == 4);
  for (Index s = 0; s < 4; ++s)
    CHECK_THAT(std::abs(r.model.coefficients(0, s)), WithinAbs(0.125, 1e-9));
  CHECK_THAT(r.model.rho(0), WithinAbs(0.0, 1e-9));
  for (Index i = 0; i < 4; ++i) CHECK(predict(r.model, Vector(x.row(i).transpose())) == y(i));
  Vector p(2);
  p << 0.5, -3;
  CHECK_THAT(decisionValues(r.model, p)(0), WithinAbs(-1.5, 1e-9));

  // Linear: no hyperplane separates XOR, so the soft-margin fit misclassifies some point.
  params.kernel = KernelParams::linear();
  params.hardMargin = false;
  params.c = 1;
  const SvmTrainResult linear = trainSvm(x, y, params);
  REQUIRE(linear.ok());
  int correct = 0;
  for (Index i = 0; i < 4; ++i)
    if (predict(linear.model, Vector(x.row(i).transpose())) == y(i)) ++correct;
  CHECK(correct < 4);
}

TEST_CASE("SmoSolver: hard margin with a non-PSD kernel stops on the unbounded dual, α finite",
          "[svm]") {
  // The hand-solved points with sigmoid γ = 0.5, C = ∞ (the lab's start page after choosing
  // sigmoid): η = K₁₁ + K₃₃ − 2K₁₃ = tanh 5 + tanh 0.5 − 2 tanh 1.5 ≈ −0.35 < 0 for a pair of
  // opposite labels, so along that pair's line the dual ½αᵀQα − eᵀα is concave with no upper
  // bound on t: it has no minimum. SMO must say so instead of growing α until G overflows.
  Matrix x;
  Vector y;
  handSolvedData(x, y);
  const KernelParams sigmoid = KernelParams::sigmoid(0.5, 0.0);
  SmoSolver solver(cSvcDual(x, y, sigmoid, kInf), SmoOptions{});
  SmoStep last;
  while (solver.status() == SmoStatus::Running) {
    last = solver.step();
    REQUIRE(solver.iteration() < 100);
  }
  CHECK(solver.status() == SmoStatus::InvalidInput);
  CHECK(solver.message() == kUnboundedDualMessage);
  CHECK(solver.alpha().allFinite());
  CHECK(solver.gradient().allFinite());
  CHECK(last.tauUsed);
  CHECK(last.eta <= 0);
  CHECK(!last.updated);
  // The claim, checked on the problem itself: along the stopping pair's direction d (α_i + y_i t,
  // α_j − y_j t) the objective keeps falling, without bound.
  const Matrix q = (y * y.transpose()).cwiseProduct(gramMatrix(sigmoid, x));
  Vector d = Vector::Zero(3);
  d(last.i) = y(last.i);
  d(last.j) = -y(last.j);
  if (last.unclippedStep < 0) d = -d;
  const auto f = [&](double t) {
    const Vector a = solver.alpha() + t * d;
    return 0.5 * a.dot(q * a) - a.sum();
  };
  CHECK(f(10) < f(0));
  CHECK(f(1000) < f(10) - 100);
  CHECK((solver.alpha() + 1000 * d).minCoeff() >= 0);  // still feasible: the box has no top
  CHECK(std::abs((solver.alpha() + 1000 * d).dot(y)) < 1e-9);

  // The same points with a finite C: τ's step ends at the box, and SMO converges.
  SmoSolver bounded(cSvcDual(x, y, sigmoid, 10.0), SmoOptions{});
  CHECK(bounded.solve() == SmoStatus::Converged);
  CHECK(bounded.alpha().allFinite());
}

TEST_CASE("SmoSolver: a non-PSD sigmoid kernel still terminates, using the tau substitute",
          "[svm]") {
  // tanh(x·x' − 1) has K_ii = tanh(‖x_i‖² − 1) < 0 for points inside the unit disc, so the Gram
  // matrix has a negative eigenvalue (non-PSD), and η = K_ii + K_jj − 2K_ij can be ≤ 0.
  Matrix x(6, 2);
  x << 0, 0, 0.1, 0, 0, 0.2, 0.3, 0.3, -0.2, 0.1, 0.1, -0.3;
  Vector y(6);
  y << 1, -1, 1, -1, 1, -1;
  const KernelParams sigmoid = KernelParams::sigmoid(1.0, -1.0);
  const Matrix k = gramMatrix(sigmoid, x);
  Eigen::SelfAdjointEigenSolver<Matrix> eig(k);
  REQUIRE(eig.eigenvalues()(0) < -0.1);

  SmoSolver solver(cSvcDual(x, y, sigmoid, 1.0), SmoOptions{});
  while (solver.status() == SmoStatus::Running) {
    const SmoStep s = solver.step();
    if (s.updated) {
      CHECK(s.objectiveAfter <= s.objectiveBefore + 1e-12);
      // τ replaces η exactly when η ≤ 0 (Fan, Chen & Lin 2005 §4).
      CHECK(s.tauUsed == (s.eta <= 0));
    }
    REQUIRE(solver.iteration() < 100000);
  }
  CHECK(solver.status() == SmoStatus::Converged);
  CHECK(solver.alpha().allFinite());
  CHECK(std::abs(solver.alpha().dot(y)) < 1e-12);

  // Where tanh is concave (large x·x'), η < 0 for nearby points: (2,0) and (2.1,0) give
  // tanh(3) + tanh(3.41) − 2 tanh(3.2) ≈ −4.8e-4. With two points the first pair is forced.
  Matrix near(2, 2);
  near << 2, 0, 2.1, 0;
  Vector yy(2);
  yy << 1, -1;
  SmoSolver pair(cSvcDual(near, yy, sigmoid, 1.0), SmoOptions{});
  const SmoStep first = pair.step();
  REQUIRE(first.updated);
  CHECK(first.eta < 0);
  CHECK(first.tauUsed);
  CHECK(first.step == first.upper);  // the τ step runs to the end of the segment
  CHECK(pair.alpha()(0) == 1.0);     // = C
  CHECK(pair.solve() == SmoStatus::Converged);
}

TEST_CASE("SmoSolver: identical points with conflicting labels put every alpha at C (G4)",
          "[svm][bad-input]") {
  // K is constant, so f(α) = ½·K·(yᵀα)² − Σα = −Σα on the constraint: the minimum is α = C.
  Matrix x = Matrix::Constant(4, 2, 0.7);
  Vector y(4);
  y << 1, -1, 1, -1;
  for (const KernelParams& k : {KernelParams::linear(), KernelParams::rbf(0.5)}) {
    SvmParams params;
    params.kernel = k;
    params.c = 2.0;
    const SvmTrainResult r = trainSvm(x, y, params);
    REQUIRE(r.ok());
    CHECK(r.converged());
    REQUIRE(r.model.supportVectorCount() == 4);
    for (Index s = 0; s < 4; ++s) CHECK(std::abs(r.model.coefficients(0, s)) == 2.0);
    CHECK(r.model.rho.allFinite());
    Vector a(2), b(2);
    a << 0.7, 0.7;
    b << -5, 3;
    CHECK(decisionValues(r.model, a).allFinite());
    CHECK(predict(r.model, a) == predict(r.model, b));
    REQUIRE(!r.warnings.empty());
    CHECK(r.warnings.back() == "identical inputs with different labels");
  }
}

TEST_CASE("SmoSolver: two points of different classes give the margin bisector (G3)",
          "[svm][bad-input]") {
  // x1 = (1,2) (+1), x2 = (3,4) (−1): w = 2(x1 − x2)/‖x1 − x2‖² = (−1/2, −1/2),
  // b = 1 − w·x1 = 5/2, α = ‖w‖²/2 = 1/4 each, f = 0 on the bisector through (2,3).
  Matrix x(2, 2);
  x << 1, 2, 3, 4;
  Vector y(2);
  y << 1, -1;
  SvmParams params;
  params.kernel = KernelParams::linear();
  params.c = 1.0;
  params.eps = 1e-12;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  CHECK_THAT(r.model.rho(0), WithinAbs(-2.5, 1e-12));
  CHECK_THAT(r.model.coefficients(0, 0), WithinAbs(0.25, 1e-12));
  CHECK_THAT(r.model.coefficients(0, 1), WithinAbs(-0.25, 1e-12));
  Vector mid(2), onLine(2);
  mid << 2, 3;
  onLine << 0, 5;  // also on x1 + x2 = 5
  CHECK_THAT(decisionValues(r.model, mid)(0), WithinAbs(0.0, 1e-12));
  CHECK_THAT(decisionValues(r.model, onLine)(0), WithinAbs(0.0, 1e-12));
}

TEST_CASE("SmoSolver: many exact duplicates leave the hard-margin hyperplane unchanged (G5)",
          "[svm][bad-input]") {
  // Repeating a point repeats its constraint y_i f(x_i) ≥ 1, so (w, b) of 001 Question 7 stay;
  // the α of a repeated point is shared among its copies.
  Matrix x0;
  Vector y0;
  handSolvedData(x0, y0);
  const int copies0 = 20, copies2 = 50;
  Matrix x(1 + copies0 + copies2, 2);
  Vector y(x.rows());
  Index r = 0;
  for (int k = 0; k < copies0; ++k, ++r) {
    x.row(r) = x0.row(0);
    y(r) = 1;
  }
  x.row(r) = x0.row(1);
  y(r++) = 1;
  for (int k = 0; k < copies2; ++k, ++r) {
    x.row(r) = x0.row(2);
    y(r) = -1;
  }
  SmoOptions options;
  options.eps = 1e-12;
  SmoSolver solver(cSvcDual(x, y, KernelParams::linear(), kInf), options);
  CHECK(solver.solve() == SmoStatus::Converged);
  const BinarySolutionView view = describeBinarySolution(solver, x, KernelParams::linear());
  CHECK_THAT((*view.w)(0), WithinAbs(1.0, 1e-9));
  CHECK_THAT((*view.w)(1), WithinAbs(0.5, 1e-9));
  CHECK_THAT(view.bias, WithinAbs(-1.5, 1e-9));
  CHECK_THAT(solver.alpha().head(copies0).sum(), WithinAbs(0.25, 1e-9));
  CHECK_THAT(solver.alpha()(copies0), WithinAbs(0.375, 1e-9));
  CHECK_THAT(solver.alpha().tail(copies2).sum(), WithinAbs(0.625, 1e-9));
}

TEST_CASE("SmoSolver: huge C on overlapping data stops at the iteration cap and says so (P2)",
          "[svm][bad-input]") {
  Matrix x;
  Vector y;
  randomBlobs(40, 7, x, y);
  SvmParams params;
  params.kernel = KernelParams::linear();
  params.c = 1e12;
  params.maxIterations = 50;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  REQUIRE(r.subproblems.size() == 1);
  CHECK(r.subproblems[0].status == SmoStatus::CapReached);
  CHECK(r.subproblems[0].iterations == 50);
  CHECK_FALSE(r.converged());
  REQUIRE_FALSE(r.warnings.empty());
  CHECK(r.warnings[0].find("iteration limit") != std::string::npos);
}

TEST_CASE("SmoSolver: first- and second-order selection reach the same optimum", "[svm]") {
  Matrix x;
  Vector y;
  randomBlobs(60, 11, x, y);
  const KernelParams kernel = KernelParams::rbf(0.5);
  SmoOptions first;
  first.eps = 1e-10;
  first.rule = SelectionRule::FirstOrder;
  SmoOptions second = first;
  second.rule = SelectionRule::SecondOrder;
  SmoSolver a(cSvcDual(x, y, kernel, 1.0), first);
  SmoSolver b(cSvcDual(x, y, kernel, 1.0), second);
  CHECK(a.solve() == SmoStatus::Converged);
  CHECK(b.solve() == SmoStatus::Converged);
  CHECK_THAT(a.objective(), WithinRel(b.objective(), 1e-9));
  // The RBF Gram matrix of distinct points is positive definite: α is unique.
  CHECK((a.alpha() - b.alpha()).cwiseAbs().maxCoeff() < 1e-6);
  // WSS3 needs fewer steps than the maximal violating pair (Fan, Chen & Lin 2005).
  CHECK(b.iteration() < a.iteration());
}

TEST_CASE("SmoSolver: a copy taken mid-run continues exactly like the original", "[svm]") {
  Matrix x;
  Vector y;
  randomBlobs(50, 3, x, y);
  SmoSolver original(cSvcDual(x, y, KernelParams::rbf(1.0), 10.0), SmoOptions{});
  original.run(15);
  SmoSolver copy = original;
  for (int s = 0; s < 25; ++s) {
    const SmoStep a = original.step();
    const SmoStep b = copy.step();
    CHECK(a.i == b.i);
    CHECK(a.j == b.j);
    CHECK(a.alphaIAfter == b.alphaIAfter);
  }
  CHECK(original.iteration() == copy.iteration());
  CHECK(original.alpha() == copy.alpha());
  CHECK(original.gradient() == copy.gradient());
  CHECK(original.status() == copy.status());
}

TEST_CASE("SmoSolver: run(n) is a loop over step()", "[svm]") {
  Matrix x;
  Vector y;
  randomBlobs(30, 5, x, y);
  SmoSolver a(cSvcDual(x, y, KernelParams::rbf(1.0), 1.0), SmoOptions{});
  SmoSolver b = a;
  a.run(12);
  for (int s = 0; s < 12; ++s) b.step();
  CHECK(a.alpha() == b.alpha());
  CHECK(a.iteration() == 12);
}

TEST_CASE("SmoSolver: the default iteration cap is LIBSVM's max(10^7, 100 n)", "[svm]") {
  Matrix x;
  Vector y;
  randomBlobs(10, 1, x, y);
  SmoSolver solver(cSvcDual(x, y, KernelParams::linear(), 1.0), SmoOptions{});
  CHECK(solver.maxIterations() == 10000000);
  CHECK(solver.status() == SmoStatus::Running);
}

namespace {

// Each preset of data/toy_datasets with a kernel that makes SMO work on it; eps is tiny so that
// the runs last (the hand-solved and separable sets converge early, the others run to the cap).
SmoSolver presetSolver(ToyKind kind, SelectionRule rule, std::int64_t cap) {
  const Dataset data = makeToyDataset(kind, {200, 0.3, 9});
  const bool linear = kind == ToyKind::HandSolved || kind == ToyKind::Perceptron ||
                      kind == ToyKind::Separable || kind == ToyKind::Blobs;
  SmoOptions options;
  options.eps = 1e-14;
  options.rule = rule;
  options.maxIterations = cap;
  return SmoSolver(cSvcDual(data.x, data.y, linear ? KernelParams::linear() : KernelParams::rbf(2),
                            linear && kind != ToyKind::Blobs ? kInf : 10.0),
                   options);
}

}  // namespace

TEST_CASE("SmoSolver: run(n) equals n calls of step() bit for bit on every preset", "[svm]") {
  // The teaching step (full record) and run() (no record) are one template (architecture
  // review change 1): same α, same G, same status after 10⁴ steps.
  const ToyKind kind =
      GENERATE(ToyKind::HandSolved, ToyKind::Perceptron, ToyKind::Xor, ToyKind::Moons,
               ToyKind::Circles, ToyKind::Blobs, ToyKind::Separable);
  const SelectionRule rule = GENERATE(SelectionRule::FirstOrder, SelectionRule::SecondOrder);
  INFO("preset " << toyKindName(kind));
  const std::int64_t steps = 10000;
  SmoSolver fast = presetSolver(kind, rule, 2 * steps);
  SmoSolver teaching = fast;
  fast.run(steps);
  for (std::int64_t s = 0; s < steps; ++s) teaching.step();
  REQUIRE(teaching.iteration() == fast.iteration());
  CHECK(teaching.status() == fast.status());
  CHECK(teaching.alpha() == fast.alpha());  // exact, not approximate
  CHECK(teaching.gradient() == fast.gradient());
  CHECK(teaching.violation() == fast.violation());
}

TEST_CASE("SmoSolver: the status is settled at the update that reaches it", "[svm]") {
  Matrix x;
  Vector y;
  randomBlobs(40, 13, x, y);
  SECTION("Converged on the last update, not one call later") {
    SmoOptions options;
    options.eps = 1e-6;
    SmoSolver solver(cSvcDual(x, y, KernelParams::rbf(1.0), 10.0), options);
    SmoStep last;
    while (solver.status() == SmoStatus::Running) {
      last = solver.step();
      REQUIRE(last.updated);
      if (last.status == SmoStatus::Running) CHECK(solver.violation() >= options.eps);
    }
    CHECK(last.status == SmoStatus::Converged);
    CHECK(last.iteration == solver.iteration());
    CHECK(solver.violation() < options.eps);
    // Nothing left to do: the next call updates nothing and says why.
    const SmoStep after = solver.step();
    CHECK_FALSE(after.updated);
    CHECK(after.status == SmoStatus::Converged);
    CHECK(after.violation == solver.violation());
    CHECK(after.iteration == last.iteration);
  }
  SECTION("CapReached on the update that reaches the cap") {
    SmoOptions options;
    options.eps = 1e-12;
    options.maxIterations = 7;
    SmoSolver solver(cSvcDual(x, y, KernelParams::rbf(1.0), 10.0), options);
    for (int s = 1; s <= 7; ++s) {
      const SmoStep r = solver.step();
      REQUIRE(r.updated);
      CHECK(r.status == (s < 7 ? SmoStatus::Running : SmoStatus::CapReached));
    }
    CHECK(smoStatusName(solver.status()) == "iteration limit");
    CHECK(solver.run(5) == SmoStatus::CapReached);
    CHECK(solver.iteration() == 7);
  }
  SECTION("an optimal start is Converged before any step") {
    SmoOptions options;
    options.eps = 10;  // m(α) − M(α) = 2 at α = 0 for C-SVC
    const SmoSolver solver(cSvcDual(x, y, KernelParams::rbf(1.0), 10.0), options);
    CHECK(solver.status() == SmoStatus::Converged);
    CHECK(solver.violation() == 2.0);
  }
}

TEST_CASE("SmoSolver: an invalid problem reports InvalidInput with a message", "[svm][bad-input]") {
  Matrix x;
  Vector y;
  randomBlobs(6, 2, x, y);
  DualProblem problem = cSvcDual(x, y, KernelParams::linear(), 1.0);
  problem.y(3) = 2.0;
  SmoSolver solver(std::move(problem));
  CHECK(solver.status() == SmoStatus::InvalidInput);
  CHECK(smoStatusName(solver.status()) == "invalid input");
  CHECK_THAT(solver.message(), Catch::Contains("y_i must be +1 or -1"));
  const SmoStep s = solver.step();
  CHECK_FALSE(s.updated);
  CHECK(s.status == SmoStatus::InvalidInput);
  CHECK(solver.solve() == SmoStatus::InvalidInput);
  CHECK(solver.iteration() == 0);
}

TEST_CASE("SmoSolver: non-finite kernel values stop the solve with InvalidInput (F2)",
          "[svm][bad-input]") {
  // (x·x' − 1e200)³ with x = ±1e100: the diagonal (1e200 − 1e200)³ = 0 is finite, the off-diagonal
  // (−2e200)³ is −∞. Only the column used by the first update shows it, through G.
  Matrix x(2, 1);
  x << 1e100, -1e100;
  Vector y(2);
  y << 1, -1;
  const KernelParams kernel = KernelParams::polynomial(1.0, -1e200, 3);
  const std::int64_t cacheBytes = GENERATE(std::int64_t{100} << 20, std::int64_t{16});
  QMatrixOptions q;
  q.cacheBytes = cacheBytes;  // precomputed, then the LRU-cached provider
  SmoSolver solver(cSvcDual(x, y, kernel, 1.0, q));
  REQUIRE(solver.problem().q->diagonal().allFinite());
  CHECK(solver.status() == SmoStatus::Running);
  CHECK(solver.solve() == SmoStatus::InvalidInput);
  CHECK(solver.message() == kKernelOverflowMessage);
  CHECK(solver.iteration() == 1);
}
