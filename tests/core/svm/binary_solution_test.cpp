// binary_solution.hpp: f(x_i) from G, the per-point KKT check (Platt 1998 eq. (12); course-notes
// 000) for every category, the duality gap (weak duality for any feasible α, → 0 at the optimum).

#include "svm/binary_solution.hpp"

#include "svm/model_from_solver.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

void overlappingBlobs(int n, std::uint32_t seed, Matrix& x, Vector& y) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  x.resize(n, 2);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    y(i) = i % 2 == 0 ? 1.0 : -1.0;
    x(i, 0) = normal(engine) + 0.7 * y(i);
    x(i, 1) = normal(engine);
  }
}

}  // namespace

TEST_CASE("Binary solution: f(x_i) from G equals the model's decision values", "[svm]") {
  Matrix x;
  Vector y;
  overlappingBlobs(30, 4, x, y);
  const KernelParams kernel = KernelParams::rbf(0.7);
  SmoSolver solver(cSvcDual(x, y, kernel, 1.0));
  solver.run(25);  // any α: the identity holds at every step, not only at the optimum
  const double rho = solver.rho(BiasRule::Libsvm);
  const Vector fromGradient = trainingDecisionValues(y, solver.gradient(), rho);
  const SvmModel model = binaryModel(solver, x, kernel);
  for (Index i = 0; i < x.rows(); ++i) {
    CHECK_THAT(fromGradient(i),
               WithinAbs(decisionValues(model, Vector(x.row(i).transpose()))(0), 1e-12));
  }
}

TEST_CASE("Binary solution: KKT violations of non-support, free and bound points", "[svm]") {
  // y = +1 everywhere, so y f = f. Each category's condition (000 "non separable case"):
  Vector y = Vector::Ones(6);
  Vector f(6);
  f << 1.5, 0.4, 1.0, 0.7, 1.2, 0.2;
  const std::vector<SupportCategory> categories{
      SupportCategory::NotSupport,  // y f ≥ 1 holds: 0
      SupportCategory::NotSupport,  // y f = 0.4 < 1: violated by 0.6
      SupportCategory::Free,        // y f = 1: 0
      SupportCategory::Free,        // |0.7 − 1| = 0.3
      SupportCategory::Bound,       // y f = 1.2 > 1: violated by 0.2
      SupportCategory::Bound,       // y f ≤ 1 holds (inside the margin): 0
  };
  const Vector v = kktViolations(y, f, categories);
  CHECK(v(0) == 0.0);
  CHECK_THAT(v(1), WithinAbs(0.6, 1e-15));
  CHECK(v(2) == 0.0);
  CHECK_THAT(v(3), WithinAbs(0.3, 1e-15));
  CHECK_THAT(v(4), WithinAbs(0.2, 1e-15));
  CHECK(v(5) == 0.0);
  // A negative label flips the sign of f: y f = −(−1.5) = 1.5 for a non-support point.
  Vector negative = Vector::Constant(1, -1.0);
  CHECK(kktViolations(negative, Vector::Constant(1, -1.5), {SupportCategory::NotSupport})(0) ==
        0.0);
}

TEST_CASE("Binary solution: at a soft-margin optimum every category meets its KKT condition",
          "[svm]") {
  Matrix x;
  Vector y;
  overlappingBlobs(60, 8, x, y);
  SmoOptions options;
  options.eps = 1e-9;
  SmoSolver solver(cSvcDual(x, y, KernelParams::linear(), 0.5), options);
  REQUIRE(solver.solve() == RunStatus::Converged);
  const BinarySolutionView view = describeBinarySolution(solver, x, KernelParams::linear());
  const Vector f = trainingDecisionValues(y, solver.gradient(), view.rho);
  const Vector v = kktViolations(y, f, view.categories);
  int counts[3] = {0, 0, 0};
  for (SupportCategory c : view.categories) ++counts[static_cast<int>(c)];
  // Overlapping classes at C = 0.5: all three kinds occur, so each branch is exercised.
  CHECK(counts[0] > 0);
  CHECK(counts[1] > 0);
  CHECK(counts[2] > 0);
  CHECK(v.maxCoeff() < 1e-6);
  CHECK(supportCategoryName(SupportCategory::Bound) == "bound");
}

TEST_CASE("Binary solution: weak duality P >= D for random feasible alpha; the gap closes",
          "[svm]") {
  Matrix x;
  Vector y;
  overlappingBlobs(40, 21, x, y);
  const double c = 2.0;
  std::mt19937 engine(5);
  std::uniform_real_distribution<double> unit(0.0, c);
  for (int trial = 0; trial < 50; ++trial) {
    // Feasible: 0 ≤ α ≤ C and yᵀα = 0 (pairs of opposite labels share a value).
    DualProblem problem = cSvcDual(x, y, KernelParams::rbf(0.5), c);
    for (Index i = 0; i + 1 < y.size(); i += 2) {
      const double a = trial % 5 == 0 ? 0.0 : unit(engine);
      problem.alpha0(i) = a;
      problem.alpha0(i + 1) = a;
    }
    const SmoSolver solver(std::move(problem));
    REQUIRE(solver.status() != RunStatus::InvalidInput);
    for (BiasRule rule : {BiasRule::Libsvm, BiasRule::AverageOverSupportVectors}) {
      const DualityGap d = dualityGap(solver, rule);
      CHECK(d.primal >= d.dual - 1e-9);
    }
  }
  SmoOptions options;
  options.eps = 1e-3;
  SmoSolver solver(cSvcDual(x, y, KernelParams::rbf(0.5), c), options);
  const double start = dualityGap(solver, BiasRule::Libsvm).gap;
  solver.solve();
  const double loose = dualityGap(solver, BiasRule::Libsvm).gap;
  options.eps = 1e-10;
  SmoSolver tight(cSvcDual(x, y, KernelParams::rbf(0.5), c), options);
  tight.solve();
  const double end = dualityGap(tight, BiasRule::Libsvm).gap;
  CHECK(loose < start);
  CHECK(end < loose);
  CHECK(end < 1e-6 * std::max(1.0, std::abs(tight.objective())));
}
