// The ν duals (dual_problem.hpp) through the one SMO engine: their constraints, the per-sign
// selection and bias, and the theorems that tie them to C-SVC (Chang & Lin 2001) and to the
// precomputed kernel.

#include "svm/model_from_solver.hpp"
#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

// Two overlapping Gaussian clouds, ±1 labels, seeded.
void clouds(Index n, unsigned seed, Matrix& x, Vector& y) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 0.8);
  x.resize(n, 2);
  y.resize(n);
  for (Index i = 0; i < n; ++i) {
    y(i) = i % 3 == 0 ? -1 : 1;
    x(i, 0) = y(i) + normal(engine);
    x(i, 1) = 0.5 * y(i) + normal(engine);
  }
}

double signSum(const Vector& alpha, const Vector& y, double sign) {
  double sum = 0;
  for (Index i = 0; i < alpha.size(); ++i)
    if (y(i) == sign) sum += alpha(i);
  return sum;
}

}  // namespace

TEST_CASE("nuSvcDual: LIBSVM's start puts nu*l/2 in each sign, at most 1 a variable", "[svm][nu]") {
  const Vector y = (Vector(7) << 1, -1, 1, 1, -1, -1, 1).finished();
  const DualProblem d = nuSvcDual(Matrix::Identity(7, 7), y, KernelParams::linear(), 0.5);
  CHECK(d.fixedSumPerSign);
  CHECK_THAT(signSum(d.alpha0, y, 1), WithinAbs(1.75, 1e-15));
  CHECK_THAT(signSum(d.alpha0, y, -1), WithinAbs(1.75, 1e-15));
  // In input order: the first positives at 1, the next at the rest.
  CHECK(d.alpha0(0) == 1);
  CHECK(d.alpha0(2) == 0.75);
  CHECK(d.alpha0(3) == 0);
  CHECK(d.linear.isZero());
  CHECK((d.upper.array() == 1).all());
}

TEST_CASE("SmoSolver: a nu dual keeps each sign's sum and ends with every sign optimal",
          "[svm][nu]") {
  Matrix x;
  Vector y;
  clouds(40, 3, x, y);
  for (const bool shrinking : {false, true}) {
    SmoOptions options;
    options.eps = 1e-6;
    options.shrinking = shrinking;
    SmoSolver solver(nuSvcDual(x, y, KernelParams::rbf(0.5), 0.4), options);
    REQUIRE(solver.solve() == RunStatus::Converged);
    const Vector& a = solver.alpha();
    CHECK_THAT(signSum(a, y, 1), WithinAbs(0.4 * 40 / 2, 1e-10));
    CHECK_THAT(signSum(a, y, -1), WithinAbs(0.4 * 40 / 2, 1e-10));
    // Each sign's own m − M, recomputed from α and G.
    const SignedGaps gaps = optimalityGapPerSign(
        {y, a, solver.problem().lower, solver.problem().upper, solver.gradient()}, a.size());
    CHECK(gaps.positive.violation() < 1e-6);
    CHECK(gaps.negative.violation() < 1e-6);
    // Every step paired two variables of one sign.
    SmoSolver again(nuSvcDual(x, y, KernelParams::rbf(0.5), 0.4), options);
    for (int s = 0; s < 20; ++s) {
      const SmoStep step = again.step();
      if (!step.updated) break;
      CHECK(y(step.i) == y(step.j));
    }
  }
}

TEST_CASE("nuBias: rho and r from the free variables of each sign (Solver_NU::calculate_rho)",
          "[svm][nu]") {
  // Signs + + − −; variable 0 free with G = 0.5, 1 at the bound; 2 free with G = −1.5, 3 at 0.
  const Vector y = (Vector(4) << 1, 1, -1, -1).finished();
  const Vector alpha = (Vector(4) << 0.5, 1, 0.25, 0).finished();
  const Vector lower = Vector::Zero(4);
  const Vector upper = Vector::Ones(4);
  const Vector g = (Vector(4) << 0.5, 0.125, -1.5, 7).finished();
  const NuBias b = nuBias(y, alpha, lower, upper, g);
  CHECK(b.rho == (0.5 - -1.5) / 2);
  CHECK(b.r == (0.5 + -1.5) / 2);
  // No free variable in a sign: the middle of what its bounds allow.
  const Vector bounded = (Vector(4) << 1, 0, 0.25, 0).finished();
  const Vector g2 = (Vector(4) << -1, 3, -1.5, 7).finished();  // + : max G at B = −1, min at A = 3
  CHECK(nuBias(y, bounded, lower, upper, g2).rho == (1.0 - -1.5) / 2);
}

TEST_CASE("trainSvm: nu-SVC is the C-SVC with C = 1/r (Chang & Lin 2001)", "[svm][nu]") {
  Matrix x;
  Vector y;
  clouds(60, 5, x, y);
  SvmParams nu;
  nu.type = SvmType::NuSvc;
  nu.kernel = KernelParams::rbf(0.5);
  nu.nu = 0.3;
  nu.eps = 1e-9;
  const SvmTrainResult a = trainSvm(x, y, nu);
  REQUIRE(a.converged());
  const double r = a.subproblems[0].r;
  REQUIRE(r > 0);
  SvmParams c = nu;
  c.type = SvmType::CSvc;
  c.c = 1 / r;
  const SvmTrainResult b = trainSvm(x, y, c);
  REQUIRE(b.converged());
  CHECK_THAT(a.model.rho(0), WithinAbs(b.model.rho(0), 1e-6));
  // The coefficients α y / r are C-SVC's α y, so the support vectors are the same.
  CHECK(a.model.supportVectorCount() == b.model.supportVectorCount());
  const Vector probe = (Vector(2) << 0.3, -0.2).finished();
  CHECK_THAT(decisionValues(a.model, probe)(0), WithinAbs(decisionValues(b.model, probe)(0), 1e-6));
}

TEST_CASE("trainSvm: a precomputed Gram matrix gives the model of its kernel", "[svm][nu]") {
  Matrix x;
  Vector y;
  clouds(30, 8, x, y);
  const KernelParams rbf = KernelParams::rbf(0.5);
  // Rows 0:i then k(x_i, x_j) at index j (zero-based columns, svm_model.hpp).
  Matrix rows(30, 31);
  for (Index i = 0; i < 30; ++i) {
    rows(i, 0) = static_cast<double>(i + 1);
    for (Index j = 0; j < 30; ++j)
      rows(i, j + 1) = kernelValue(rbf, x.row(i).transpose(), x.row(j).transpose());
  }
  for (const SvmType type :
       {SvmType::CSvc, SvmType::NuSvc, SvmType::OneClass, SvmType::EpsilonSvr, SvmType::NuSvr}) {
    INFO("svm_type " << static_cast<int>(type));
    SvmParams params;
    params.type = type;
    params.kernel = rbf;
    params.eps = 1e-9;
    params.nu = 0.5;
    const SvmTrainResult direct = trainSvm(x, y, params);
    params.precomputedKernel = true;
    const SvmTrainResult precomputed = trainSvm(rows, y, params);
    REQUIRE(direct.ok());
    REQUIRE(precomputed.ok());
    CHECK(precomputed.model.precomputedKernel);
    CHECK(precomputed.model.supportVectors.cols() == 1);
    CHECK(precomputed.model.supportVectorCount() == direct.model.supportVectorCount());
    CHECK_THAT(precomputed.model.rho(0), WithinAbs(direct.model.rho(0), 1e-9));
    // A test row: its kernel values against the training samples, at their serial numbers.
    for (Index i = 0; i < 30; i += 7) {
      const Vector direct_value = decisionValues(direct.model, x.row(i).transpose());
      const Vector from_row = decisionValues(precomputed.model, rows.row(i).transpose());
      // The same optimum to eps (nu-SVR: 1e-9 apart, its path tips on the rounding of k).
      CHECK_THAT(from_row(0), WithinAbs(direct_value(0), 1e-7));
    }
  }
}

TEST_CASE("trainSvm: nu out of (0, 1], an infeasible nu and bad serial numbers are refused",
          "[svm][nu][bad-input]") {
  Matrix x;
  Vector y;
  clouds(30, 2, x, y);  // 10 negatives, 20 positives: nu ≤ 2·10/30
  SvmParams params;
  params.type = SvmType::NuSvc;
  params.nu = 0.7;
  SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->parameter == "nu");
  CHECK_THAT(r.error->message, Catch::Contains("specified nu is infeasible"));
  params.nu = 0.6;  // 0.6·30/2 = 9 ≤ 10
  CHECK(trainSvm(x, y, params).ok());
  for (const double bad : {0.0, -0.5, 1.5, std::nan("")}) {
    params.nu = bad;
    r = trainSvm(x, y, params);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->parameter == "nu");
  }
  params = SvmParams{};
  params.precomputedKernel = true;
  Matrix rows = Matrix::Ones(3, 4);
  rows(1, 0) = 4;  // beyond the last kernel index 3
  r = trainSvm(rows, (Vector(3) << 1, -1, 1).finished(), params);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->parameter == "data");
  CHECK_THAT(r.error->message, Catch::Contains("sample 2: serial number 0:4 is out of range"));
}
