#include "fisher_discriminant/fisher_discriminant.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using kpg::testing::rows;
using kpg::testing::vec;

namespace {

// Two elongated, overlapping-in-x classes in 3-D (LDA must tilt away from m₁ − m₂), unequal sizes.
void twoClouds(Matrix& x, Vector& y) {
  const int n1 = 14, n2 = 9;
  x.resize(n1 + n2, 3);
  y.resize(n1 + n2);
  for (int i = 0; i < n1 + n2; ++i) {
    const bool first = i < n1;
    const double t = 0.71 * i;
    const double a = 2.5 * std::sin(1.9 * t), b = 0.4 * std::cos(3.7 * t),
                 c = 0.3 * std::sin(5.3 * t);
    x(i, 0) = (first ? 1.0 : -0.5) + a;
    x(i, 1) = (first ? 0.8 : 0.0) + 0.9 * a + b;
    x(i, 2) = c + (first ? 0.2 : -0.1);
    y(i) = first ? 1 : -1;
  }
}

double cosine(const Vector& a, const Vector& b) {
  return a.dot(b) / (a.norm() * b.norm());
}

}  // namespace

TEST_CASE("LinearDiscriminant: a 1-D example solved by hand", "[kfd]") {
  // Class 1 = {2, 4} (mean 3, scatter 1 + 1 = 2), class 2 = {0, −2} (mean −1, scatter 2).
  // W = 4, m₁ − m₂ = 4 → u = 1; t = (3 + (−1))/2 = 1; J(u) = 4²/4 = 4.
  LinearDiscriminant lda;
  REQUIRE(lda.compute(rows({{2}, {4}, {0}, {-2}}), vec({1, 1, -1, -1})).info() ==
          ComputeStatus::Success);
  CHECK(lda.direction()(0) == 1.0);
  CHECK(lda.threshold() == 1.0);
  CHECK(lda.rayleighQuotient() == 4.0);
  CHECK_FALSE(lda.regularized());
  CHECK(lda.predict(vec({1.5})) == 1.0);
  CHECK(lda.predict(vec({0.5})) == -1.0);
}

TEST_CASE("LinearDiscriminant: u solves W u = m1 − m2 and maximizes the Rayleigh quotient",
          "[kfd]") {
  Matrix x;
  Vector y;
  twoClouds(x, y);
  LinearDiscriminant lda;
  REQUIRE(lda.compute(x, y).info() == ComputeStatus::Success);
  const Vector residual =
      lda.withinScatter() * lda.direction() - (lda.positiveMean() - lda.negativeMean());
  CHECK(residual.norm() < 1e-10);
  const double best = lda.rayleighQuotient();
  for (int k = 0; k < 50; ++k) {
    const Vector v = Vector{{std::sin(1.0 * k), std::cos(2.3 * k), std::sin(0.7 * k + 1)}};
    CHECK(lda.rayleighQuotient(v) <= best * (1 + 1e-12));
  }
  // The mean difference itself is a worse direction here (the classes are elongated).
  CHECK(lda.rayleighQuotient(lda.positiveMean() - lda.negativeMean()) < 0.9 * best);
}

TEST_CASE("LinearDiscriminant: 004's covariance form has the same direction for equal sizes",
          "[kfd]") {
  const Matrix x = rows({{0, 0}, {1, 2}, {2, 1}, {4, 4}, {5, 3}, {6, 6}});
  const Vector y = vec({0, 0, 0, 1, 1, 1});
  LinearDiscriminant sum, covariance;
  sum.compute(x, y);
  covariance.compute(x, y, {WithinScatter::CovarianceSum, 0});
  CHECK_THAT(cosine(sum.direction(), covariance.direction()), WithinAbs(1.0, 1e-12));
  CHECK_THAT(covariance.direction().norm(), WithinRel(2 * sum.direction().norm(), 1e-12));
}

TEST_CASE("KernelFisherDiscriminant: the linear kernel with mu -> 0 gives LDA's direction",
          "[kfd]") {
  Matrix x;
  Vector y;
  twoClouds(x, y);
  LinearDiscriminant lda;
  REQUIRE(lda.compute(x, y).info() == ComputeStatus::Success);
  double previousAngle = 1;
  for (double mu : {1e-1, 1e-4, 1e-8}) {
    KernelFisherDiscriminant kfd;
    REQUIRE(kfd.compute(x, y, KernelParams::linear(), {mu}).info() == ComputeStatus::Success);
    const Vector w = x.transpose() * kfd.alpha();  // w = Σ αᵢ xᵢ
    const double angle = std::acos(std::min(1.0, cosine(w, lda.direction())));
    CHECK(angle <= previousAngle);
    previousAngle = angle;
    // Projections agree with wᵀx, and the threshold is the midpoint of the projected means.
    CHECK_THAT(kfd.projection(x.row(3).transpose()), WithinRel(w.dot(x.row(3)), 1e-9));
    CHECK_THAT(kfd.threshold(),
               WithinRel(0.5 * (kfd.positiveProjectedMean() + kfd.negativeProjectedMean()), 1e-12));
  }
  CHECK(previousAngle < 1e-6);
}

TEST_CASE("KernelFisherDiscriminant: an RBF kernel separates classes with equal means", "[kfd]") {
  // A cross: both classes have mean (0, 0), so LDA has no direction at all, but in the RBF
  // feature space the class means differ.
  const Matrix x = rows({{1, 0}, {-1, 0}, {2, 0}, {-2, 0}, {0, 1}, {0, -1}, {0, 2}, {0, -2}});
  const Vector y = vec({1, 1, 1, 1, 2, 2, 2, 2});
  LinearDiscriminant lda;
  CHECK(lda.compute(x, y).info() == ComputeStatus::NoSeparation);
  CHECK_THAT(lda.message(), Contains("class means coincide"));
  KernelFisherDiscriminant kfd;
  REQUIRE(kfd.compute(x, y, KernelParams::rbf(1.0), {1e-3}).info() == ComputeStatus::Success);
  CHECK(kfd.positiveProjectedMean() > kfd.negativeProjectedMean());
  for (Eigen::Index i = 0; i < x.rows(); ++i) CHECK(kfd.predict(x.row(i).transpose()) == y(i));
  CHECK(kfd.rayleighQuotient() > 0);
}

TEST_CASE("Fisher: singular within-class scatter is regularized, never NaN (G12, G3)", "[kfd]") {
  // Two samples, one per class: W = 0 and N = 0.
  const Matrix x = rows({{1, 0}, {2, 1}});
  const Vector y = vec({1, -1});
  LinearDiscriminant lda;
  REQUIRE(lda.compute(x, y).info() == ComputeStatus::Success);
  CHECK(lda.regularized());
  CHECK(lda.ridgeUsed() == 1.0);
  CHECK_THAT(lda.message(), Contains("singular"));
  // u ∝ m₁ − m₂ and the threshold at the midpoint: the perpendicular bisector of the two samples.
  CHECK_THAT(cosine(lda.direction(), vec({-1, -1})), WithinAbs(1.0, 1e-15));
  CHECK_THAT(lda.decisionValue(vec({1.5, 0.5})), WithinAbs(0.0, 1e-15));
  CHECK_THAT(lda.decisionValue(vec({0.5, 1.5})), WithinAbs(0.0, 1e-15));  // also on the bisector
  CHECK(lda.predict(x.row(0).transpose()) == 1.0);
  CHECK(lda.predict(x.row(1).transpose()) == -1.0);
  CHECK(std::isfinite(lda.rayleighQuotient()));

  KernelFisherDiscriminant kfd;
  REQUIRE(kfd.compute(x, y, KernelParams::rbf(0.5), {0.0}).info() == ComputeStatus::Success);
  CHECK(kfd.autoRegularized());
  CHECK(kfd.muUsed() == 1.0);
  CHECK(kfd.alpha().allFinite());
  CHECK(kfd.predict(x.row(0).transpose()) == 1.0);
  CHECK(kfd.predict(x.row(1).transpose()) == -1.0);

  // n < d: 3 samples in 5-D: W has rank ≤ 1.
  Matrix wide = Matrix::Zero(3, 5);
  wide << 1, 2, 0, 0, 1, 2, 2, 1, 0, 0, -1, 0, 0, 3, 0;
  LinearDiscriminant ldaWide;
  REQUIRE(ldaWide.compute(wide, vec({1, 1, -1})).info() == ComputeStatus::Success);
  CHECK(ldaWide.regularized());
  CHECK(ldaWide.direction().allFinite());
}

TEST_CASE("Fisher: degenerate inputs are refused with specific messages", "[kfd]") {
  LinearDiscriminant lda;
  KernelFisherDiscriminant kfd;
  lda.compute(rows({{1, 2}, {3, 4}}), vec({3, 3}));
  CHECK(lda.info() == ComputeStatus::InvalidInput);
  CHECK_THAT(lda.message(), Contains("need >= 2 classes, got 1 (label '3')"));
  kfd.compute(rows({{1, 2}}), vec({1}), KernelParams::rbf(1));
  CHECK_THAT(kfd.message(), Contains("need >= 2 classes, got 1 (label '1')"));
  kfd.compute(Matrix(0, 3), Vector(0), KernelParams::rbf(1));
  CHECK_THAT(kfd.message(), Contains("no samples"));
  kfd.compute(rows({{1}, {2}, {3}}), vec({1, 2, 3}), KernelParams::rbf(1));
  CHECK_THAT(kfd.message(), Contains("two-class"));
  kfd.compute(rows({{1}, {2}}), vec({1, 2}), KernelParams::rbf(1), {-1.0});
  CHECK_THAT(kfd.message(), Contains("mu must be"));
  KfdOptions tight;
  tight.gramBudgetBytes = 500;  // 6² · 8 bytes · 3 matrices = 864
  kfd.compute(rows({{1}, {2}, {3}, {4}, {5}, {6}}), vec({1, 2, 1, 2, 1, 2}), KernelParams::rbf(1),
              tight);
  CHECK(kfd.info() == ComputeStatus::OverBudget);
  CHECK_THAT(kfd.message(), Contains("needs") && Contains("budget"));
  // Identical samples with different labels: the means coincide in every feature space.
  kfd.compute(rows({{1, 1}, {1, 1}}), vec({1, 2}), KernelParams::rbf(1));
  CHECK(kfd.info() == ComputeStatus::NoSeparation);
}

TEST_CASE("fewestErrorsThreshold: the cut with the fewest training errors, nearest the midpoint",
          "[kfd]") {
  // Separable: −2, −1 | 1, 3 → the cut halfway between −1 and 1, no errors.
  CHECK(fewestErrorsThreshold(vec({-2, -1, 1, 3}), vec({-1, -1, 1, 1}), 5.0) == 0.0);
  // Projections −3 (−), −1 (+), 0.5 (−), 2 (+): counting by hand, cuts at −2 and at 1.25 both make
  // one error, every other cut two; the tie goes to the cut nearer the preferred value.
  const Vector p = vec({0.5, -3, 2, -1});
  const Vector s = vec({-1, -1, 1, 1});
  CHECK(fewestErrorsThreshold(p, s, 0.0) == 1.25);
  CHECK(fewestErrorsThreshold(p, s, -1.9) == -2.0);
}

TEST_CASE(
    "KernelFisherDiscriminant: the fewest-errors threshold beats the midpoint on unbalanced "
    "classes",
    "[kfd]") {
  // 1-D, linear kernel: nine negatives spread over [−4, 0], one positive at 1. The projected
  // class means sit at −2·α and 1·α, so the midpoint puts t at −0.5·α and calls the negatives
  // above −0.5 positive; any cut in (0, 1) separates the classes.
  Matrix x(10, 1);
  Vector y(10);
  for (int i = 0; i < 9; ++i) {
    x(i, 0) = -4.0 + 0.5 * i;
    y(i) = -1;
  }
  x(9, 0) = 1;
  y(9) = 1;
  const auto trainingErrors = [&](FisherThreshold rule) {
    KfdOptions options;
    options.threshold = rule;
    KernelFisherDiscriminant kfd;
    kfd.compute(x, y, KernelParams::linear(), options);
    REQUIRE(kfd.info() == ComputeStatus::Success);
    int errors = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i) errors += kfd.predict(x.row(i).transpose()) != y(i);
    return errors;
  };
  CHECK(trainingErrors(FisherThreshold::MidpointOfMeans) == 1);  // the negative at 0
  CHECK(trainingErrors(FisherThreshold::FewestTrainingErrors) == 0);
}
