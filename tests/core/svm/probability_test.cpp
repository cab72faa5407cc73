// Probability estimates (svm/probability.hpp): Platt's sigmoid fit on cases solved by hand, the
// pairwise coupling's invariants, and -b 1 training on seeded data (the comparison with the real
// svm-train -b 1 is tests/reference/probability_cli_test.cpp).

#include "svm/probability.hpp"

#include "svm/model_io.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace kpg;

namespace {

Vector values(std::initializer_list<double> list) {
  Vector v(static_cast<Index>(list.size()));
  Index i = 0;
  for (double x : list) v(i++) = x;
  return v;
}

// Seeded Gaussian blobs: `classes` centres on a circle of radius 2, labels 1..classes.
void blobs(int perClass, int classes, unsigned seed, Matrix& x, Vector& y) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  x.resize(perClass * classes, 2);
  y.resize(perClass * classes);
  for (int i = 0; i < perClass * classes; ++i) {
    const int k = i % classes;  // interleaved, so class order and input order differ
    const double angle = 2 * 3.14159265358979 * k / classes;
    x(i, 0) = 2 * std::cos(angle) + normal(engine);
    x(i, 1) = 2 * std::sin(angle) + normal(engine);
    y(i) = k + 1;
  }
}

}  // namespace

TEST_CASE("fitSigmoid: two points are fitted exactly to Platt's targets", "[svm][probability]") {
  // One sample per class: the targets are (1+1)/(1+2) = 2/3 and 1/(1+2) = 1/3, and two points
  // with two parameters are matched exactly: 1/(1 + exp(A·f + B)) = 2/3 at f = 2 and 1/3 at f = 0,
  // i.e. A·2 + B = −ln 2 and B = ln 2, so A = −ln 2.
  const SigmoidFit fit = fitSigmoid(values({2, 0}), values({+1, -1}));
  CHECK(fit.converged);
  CHECK_FALSE(fit.lineSearchFailed);
  CHECK(fit.iterations > 0);
  CHECK(fit.iterations < kSigmoidMaxIterations);
  CHECK(fit.a == Approx(-std::log(2.0)).margin(1e-4));
  CHECK(fit.b == Approx(std::log(2.0)).margin(1e-4));
  CHECK(sigmoidProbability(2, fit.a, fit.b) == Approx(2.0 / 3).margin(1e-5));
  CHECK(sigmoidProbability(0, fit.a, fit.b) == Approx(1.0 / 3).margin(1e-5));

  // Symmetric values: B = 0 by symmetry, A = −ln 2 again.
  const SigmoidFit symmetric = fitSigmoid(values({1, -1}), values({+1, -1}));
  CHECK(symmetric.converged);
  CHECK(symmetric.a == Approx(-std::log(2.0)).margin(1e-4));
  CHECK(symmetric.b == Approx(0).margin(1e-5));
}

TEST_CASE("fitSigmoid: the stationary point of the cross-entropy is reached",
          "[svm][probability]") {
  // Overlapping decision values: at the returned A, B both partial derivatives
  // Σ f_i (t_i − p_i) and Σ (t_i − p_i) are below sigmoid_train's tolerance.
  std::mt19937 engine(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Index n = 200;
  Vector f(n), y(n);
  double positives = 0;
  for (Index i = 0; i < n; ++i) {
    y(i) = i % 3 == 0 ? -1 : 1;
    f(i) = y(i) + 1.5 * normal(engine);
    if (y(i) > 0) ++positives;
  }
  const SigmoidFit fit = fitSigmoid(f, y);
  REQUIRE(fit.converged);
  CHECK(fit.a < 0);  // larger decision values mean the positive class
  const double hi = (positives + 1) / (positives + 2);
  const double lo = 1 / (n - positives + 2);
  double gA = 0, gB = 0;
  for (Index i = 0; i < n; ++i) {
    const double t = y(i) > 0 ? hi : lo;
    const double p = sigmoidProbability(f(i), fit.a, fit.b);
    gA += f(i) * (t - p);
    gB += t - p;
  }
  CHECK(std::abs(gA) < kSigmoidGradientTolerance);
  CHECK(std::abs(gB) < kSigmoidGradientTolerance);
}

TEST_CASE("sigmoidProbability: both forms agree and never overflow", "[svm][probability]") {
  CHECK(sigmoidProbability(0, 1, 0) == 0.5);
  CHECK(sigmoidProbability(1e6, -1, 0) == 1.0);
  CHECK(sigmoidProbability(-1e6, -1, 0) == 0.0);
  for (double z : {-30.0, -2.5, -1e-9, 1e-9, 0.7, 40.0})
    CHECK(sigmoidProbability(z, 1, 0) == Approx(1 / (1 + std::exp(z))).epsilon(1e-12));
}

TEST_CASE("coupleProbabilities: probabilities in [0, 1] summing to 1, consistent r recovered",
          "[svm][probability]") {
  std::mt19937 engine(11);
  std::uniform_real_distribution<double> uniform(0.02, 0.98);
  for (int k = 2; k <= 7; ++k) {
    for (int trial = 0; trial < 20; ++trial) {
      INFO("k = " << k << ", trial " << trial);
      Matrix r = Matrix::Zero(k, k);
      for (int i = 0; i < k; ++i) {
        for (int j = i + 1; j < k; ++j) {
          r(i, j) = uniform(engine);
          r(j, i) = 1 - r(i, j);
        }
      }
      const CoupledProbabilities c = coupleProbabilities(r);
      CHECK(c.converged);
      CHECK(c.iterations <= std::max(100, k));
      CHECK(c.p.sum() == Approx(1.0).epsilon(1e-12));
      CHECK(c.p.minCoeff() >= 0.0);
      CHECK(c.p.maxCoeff() <= 1.0);
    }
    // Pairwise probabilities that come from one distribution q (r_ij = q_i / (q_i + q_j)) are
    // coupled back to q, up to the method's stopping tolerance 0.005/k on Qp − pᵀQp.
    Vector q = Vector::LinSpaced(k, 1.0, static_cast<double>(k));
    q /= q.sum();
    Matrix r = Matrix::Zero(k, k);
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j)
        if (i != j) r(i, j) = q(i) / (q(i) + q(j));
    const CoupledProbabilities c = coupleProbabilities(r);
    CHECK(c.converged);
    CHECK((c.p - q).cwiseAbs().maxCoeff() < 0.02);
  }
}

TEST_CASE("predictProbability: two classes give the sigmoid, more sum to 1 and pick the argmax",
          "[svm][probability]") {
  Matrix x;
  Vector y;
  blobs(30, 2, 3, x, y);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  params.probability = true;
  const SvmTrainResult binary = trainSvm(x, y, params);
  REQUIRE(binary.ok());
  REQUIRE(hasProbabilityModel(binary.model));
  REQUIRE(binary.probability.size() == 1);
  CHECK(binary.probability[0].sigmoid.converged);
  CHECK(binary.model.probA(0) < 0);  // larger decision values, more likely the first class
  for (Index i = 0; i < x.rows(); ++i) {
    const Vector dv = decisionValues(binary.model, Vector(x.row(i).transpose()));
    const ProbabilityPrediction p = predictProbability(binary.model, dv);
    const double s =
        std::min(std::max(sigmoidProbability(dv(0), binary.model.probA(0), binary.model.probB(0)),
                          kMinPairProbability),
                 1 - kMinPairProbability);
    CHECK(p.probabilities.size() == 2);
    CHECK(p.probabilities.sum() == Approx(1.0).epsilon(1e-12));
    // Two classes: exactly the clipped sigmoid and its complement.
    CHECK(p.probabilities(0) == s);
    CHECK(p.probabilities(1) == 1 - s);
    CHECK(p.label == binary.model.labels[p.probabilities(0) > p.probabilities(1) ? 0 : 1]);
  }

  blobs(25, 4, 5, x, y);
  const SvmTrainResult multi = trainSvm(x, y, params);
  REQUIRE(multi.ok());
  REQUIRE(multi.model.probA.size() == 6);
  REQUIRE(multi.model.probB.size() == 6);
  for (Index i = 0; i < x.rows(); ++i) {
    const Vector dv = decisionValues(multi.model, Vector(x.row(i).transpose()));
    const ProbabilityPrediction p = predictProbability(multi.model, dv);
    CHECK(p.converged);
    REQUIRE(p.probabilities.size() == 4);
    CHECK(p.probabilities.sum() == Approx(1.0).epsilon(1e-12));
    CHECK(p.probabilities.minCoeff() >= 0);
    CHECK(p.probabilities.maxCoeff() <= 1);
    Index best = 0;
    p.probabilities.maxCoeff(&best);
    CHECK(p.label == multi.model.labels[static_cast<std::size_t>(best)]);
  }
}

TEST_CASE("-b 1 training: deterministic, the model unchanged, probA/probB round-trip the file",
          "[svm][probability]") {
  Matrix x;
  Vector y;
  blobs(20, 3, 9, x, y);
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  const SvmTrainResult plain = trainSvm(x, y, params);
  params.probability = true;
  const SvmTrainResult first = trainSvm(x, y, params);
  const SvmTrainResult second = trainSvm(x, y, params);
  REQUIRE(plain.ok());
  REQUIRE(first.ok());
  // The probability fit does not change the model itself (svm_train trains the pair after it).
  CHECK(first.model.rho == plain.model.rho);
  CHECK(first.model.coefficients == plain.model.coefficients);
  CHECK(plain.model.probA.size() == 0);
  // LIBSVM's rand() sequence restarts with every training: the same folds, the same numbers.
  CHECK(first.model.probA == second.model.probA);
  CHECK(first.model.probB == second.model.probB);
  const std::string text = writeModel(first.model);
  CHECK(text.find("\nprobA ") != std::string::npos);
  const auto read = readModel(text, "p.model");
  REQUIRE(read.ok());
  CHECK(read.value.probA == first.model.probA);
  CHECK(read.value.probB == first.model.probB);
  CHECK(writeModel(read.value) == text);
}

TEST_CASE("-b 1 training: a fold left with one class gets LIBSVM's fixed decision values",
          "[svm][probability]") {
  // Six samples of class 1 and one of class 2: the internal folds hold 1 or 2 samples, so the
  // fold holding the single class-2 sample trains on class 1 only.
  Matrix x(7, 1);
  Vector y(7);
  for (int i = 0; i < 6; ++i) {
    x(i, 0) = i * 0.1;
    y(i) = 1;
  }
  x(6, 0) = 3;
  y(6) = 2;
  SvmParams params;
  params.kernel = KernelParams::rbf(1);
  params.probability = true;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  REQUIRE(r.probability.size() == 1);
  CHECK_FALSE(r.probability[0].oneClassFolds.empty());
  CHECK(r.probability[0].positiveCount == 6);
  CHECK(std::isfinite(r.model.probA(0)));
  CHECK(std::isfinite(r.model.probB(0)));
}

TEST_CASE("-b 1 SVR: sigma is the mean absolute cross-validation residual", "[svm][probability]") {
  // y = x exactly, with a linear kernel: every residual stays within about the tube ε, so σ is
  // positive and at most ε plus the solver's tolerance; no residual is an outlier.
  const Index n = 40;
  Matrix x(n, 1);
  Vector y(n);
  for (Index i = 0; i < n; ++i) {
    x(i, 0) = static_cast<double>(i) / n;
    y(i) = x(i, 0);
  }
  SvmParams params;
  params.type = SvmType::EpsilonSvr;
  params.kernel = KernelParams::linear();
  params.c = 100;
  params.epsilon = 0.05;
  params.probability = true;
  const SvmTrainResult r = trainSvm(x, y, params);
  REQUIRE(r.ok());
  REQUIRE(r.model.probA.size() == 1);
  CHECK(r.model.probB.size() == 0);
  CHECK(r.probability[0].folds == 5);
  CHECK(r.probability[0].outliers == 0);
  CHECK(r.model.probA(0) > 0);
  CHECK(r.model.probA(0) < 0.06);
  CHECK(hasProbabilityModel(r.model));

  // Fewer than 5 samples: leave-one-out, as svm_cross_validation.
  const SvmTrainResult tiny = trainSvm(x.topRows(3), y.head(3), params);
  REQUIRE(tiny.ok());
  CHECK(tiny.probability[0].folds == 3);
}
