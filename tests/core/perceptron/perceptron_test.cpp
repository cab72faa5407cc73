#include "perceptron/perceptron.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace kpg;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using kpg::testing::rows;
using kpg::testing::vec;

namespace {

// XOR as in course-notes 001 ("Extend the dual perceptron to learn the XOR function"): (1, 1) and
// (−1, −1) negative, (−1, 1) and (1, −1) positive.
const Matrix kXor = rows({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}});
const Vector kXorLabels = vec({-1, -1, 1, 1});

}  // namespace

TEST_CASE("Perceptron: reproduces course-notes 002's worked example step by step", "[perceptron]") {
  // 002 "Perceptron: Example": X = [[1,2],[4,1],[2,2]], y = (−1, 1, 1), β = (1, −1), β₀ = −2,
  // learning rate 1/4, mistake test y·h(x) < 0. The notes write "+ 1/4 · x₂" in the update but
  // plug in x₃ = (2, 2), the point that was misclassified; the numbers below use x₃.
  PerceptronOptions options;
  options.learningRate = 0.25;
  options.rule = MistakeRule::NegativeMargin;
  options.order = VisitOrder::Fixed;
  Perceptron p(rows({{1, 2}, {4, 1}, {2, 2}}), vec({-1, 1, 1}), options, vec({1, -1}), -2.0);
  REQUIRE(p.status() == RunStatus::Running);

  // First pass: scores −3, 1, −2; only x₃ is misclassified.
  const PerceptronStep s1 = p.step();
  CHECK(s1.index == 0);
  CHECK(s1.score == -3.0);
  CHECK_FALSE(s1.mistake);
  const PerceptronStep s2 = p.step();
  CHECK(s2.index == 1);
  CHECK(s2.score == 1.0);
  CHECK_FALSE(s2.mistake);
  const PerceptronStep s3 = p.step();
  CHECK(s3.index == 2);
  CHECK(s3.score == -2.0);
  CHECK(s3.mistake);
  CHECK(s3.betaBefore == vec({1, -1}));
  CHECK(s3.biasBefore == -2.0);
  CHECK(s3.betaAfter == vec({1.5, -0.5}));
  CHECK(s3.biasAfter == -1.75);
  CHECK(s3.epochEnded);
  CHECK(p.status() == RunStatus::Running);

  // Second pass: −1.25, 3.75, 0.25; all correct, so the algorithm stops.
  const double expected[] = {-1.25, 3.75, 0.25};
  for (int i = 0; i < 3; ++i) {
    const PerceptronStep s = p.step();
    CHECK(s.epoch == 1);
    CHECK(s.score == expected[i]);
    CHECK_FALSE(s.mistake);
  }
  CHECK(p.status() == RunStatus::Converged);
  CHECK(p.beta() == vec({1.5, -0.5}));
  CHECK(p.bias() == -1.75);
  CHECK(p.mistakes() == 1);
  // A finished perceptron's step() changes nothing.
  const PerceptronStep after = p.step();
  CHECK(after.index == -1);
  CHECK(after.stepsDone == 6);
  CHECK(after.statusAfter == RunStatus::Converged);
  CHECK(p.visits() == 6);
  // Regression: finished at an epoch's end, nextIndex() read one past the visiting order.
  CHECK(p.nextIndex() == -1);
  // The run's bookkeeping in the notes' terms: one update, at x₃, in the first epoch only.
  CHECK(p.mistakesPerSample() == std::vector<long long>{0, 0, 1});
  CHECK(p.mistakesPerEpoch() == std::vector<int>{1, 0});
}

TEST_CASE("Perceptron: run(n) and solve() share step()'s vocabulary on 002's example",
          "[perceptron]") {
  // run_status.hpp: run returns the visits made, records count stepsDone from 1, solve() runs on
  // from where run stopped and reaches 002's β = (1.5, −0.5), β₀ = −1.75 after 6 visits.
  PerceptronOptions options;
  options.learningRate = 0.25;
  options.rule = MistakeRule::NegativeMargin;
  Perceptron p(rows({{1, 2}, {4, 1}, {2, 2}}), vec({-1, 1, 1}), options, vec({1, -1}), -2.0);
  Perceptron copy = p;
  CHECK(p.step().stepsDone == 1);
  CHECK(p.run(2) == 2);
  CHECK(p.stepsDone() == 3);
  CHECK(p.status() == RunStatus::Running);
  CHECK(p.solve() == RunStatus::Converged);
  CHECK(p.stepsDone() == 6);
  CHECK(p.run(10) == 0);
  CHECK(p.beta() == vec({1.5, -0.5}));
  CHECK(p.bias() == -1.75);
  // The copy taken at step 0 continues exactly as the original did (what the app's History needs).
  CHECK(copy.run(100) == 6);
  CHECK(copy.beta() == p.beta());
  CHECK(copy.bias() == p.bias());
}

TEST_CASE("Perceptron: the two mistake rules differ exactly on the boundary", "[perceptron]") {
  // From β = 0 every score is 0: 001's rule (≤ 0) updates, 002's rule (< 0) accepts the point.
  const Matrix x = rows({{1, 0}, {-1, 0}});
  const Vector y = vec({1, -1});
  PerceptronOptions options;
  options.rule = MistakeRule::NonPositiveMargin;
  Perceptron strict(x, y, options);
  CHECK(strict.step().mistake);
  options.rule = MistakeRule::NegativeMargin;
  Perceptron lenient(x, y, options);
  CHECK_FALSE(lenient.step().mistake);
  CHECK(lenient.solve() == RunStatus::Converged);  // trivially, with β = 0
}

TEST_CASE("KernelPerceptron: separates XOR with (1 + x·y)^2 as in course-notes 001",
          "[perceptron]") {
  PerceptronOptions options;
  options.useBias = false;  // 001's algorithm exactly
  KernelPerceptron p(kXor, kXorLabels, KernelParams::polynomial(1, 1, 2), options);
  REQUIRE(p.status() == RunStatus::Running);
  CHECK(p.solve() == RunStatus::Converged);
  for (Eigen::Index i = 0; i < kXor.rows(); ++i) {
    CHECK(p.predict(kXor.row(i).transpose()) == kXorLabels(i));
    CHECK(kXorLabels(i) * p.decisionValue(kXor.row(i).transpose()) > 0.0);
  }
  // α are mistake counts: non-negative integers, at least one per class.
  CHECK(p.alpha().minCoeff() >= 0.0);
  CHECK(p.alpha().sum() == static_cast<double>(p.mistakes()));
}

TEST_CASE("KernelPerceptron: the linear kernel does not converge on XOR (G13)", "[perceptron]") {
  PerceptronOptions options;
  options.maxEpochs = 50;
  KernelPerceptron p(kXor, kXorLabels, KernelParams::linear(), options);
  CHECK(p.solve() == RunStatus::CapReached);
  CHECK(p.epoch() == 49);
  CHECK_THAT(p.message(), Contains("did not converge (data not separable?)"));
  CHECK(perceptronStatusText(p.status()) == "did not converge (data not separable?)");
  CHECK(p.alpha().allFinite());
}

TEST_CASE("KernelPerceptron: with the linear kernel it retraces the primal perceptron",
          "[perceptron]") {
  // w = Σ αᵢ yᵢ xᵢ (001): with η = 1, a bias on both, and the same order, every score and every
  // update coincide.
  const Matrix x = rows({{2, 1}, {0, 3}, {-1, -1}, {1, -2}, {3, 3}, {-2, 1}});
  const Vector y = vec({1, -1, -1, 1, 1, -1});
  PerceptronOptions options;
  options.order = VisitOrder::SeededShuffle;
  options.seed = 7;
  Perceptron primal(x, y, options);
  KernelPerceptron dual(x, y, KernelParams::linear(), options);
  for (int k = 0; k < 60 && !primal.finished(); ++k) {
    const PerceptronStep a = primal.step();
    const PerceptronStep b = dual.step();
    REQUIRE(a.index == b.index);
    CHECK_THAT(a.score, WithinAbs(b.score, 1e-12));
    CHECK(a.mistake == b.mistake);
  }
  CHECK(primal.status() == dual.status());
  const Vector w = x.transpose() * dual.alpha().cwiseProduct(y);
  CHECK((w - primal.beta()).norm() < 1e-12);
  CHECK(dual.bias() == primal.bias());
}

TEST_CASE("Perceptron: the seeded order is a fresh permutation per epoch and repeatable",
          "[perceptron]") {
  const Matrix x = rows({{1, 0}, {2, 0}, {3, 0}, {-1, 0}, {-2, 0}, {-3, 0}, {0.5, 0}});
  const Vector y = vec({1, 1, 1, -1, -1, -1, 1});
  PerceptronOptions options;
  options.order = VisitOrder::SeededShuffle;
  options.seed = 42;
  options.rule = MistakeRule::NegativeMargin;  // nothing is a mistake from β = 0: full epochs
  Perceptron a(x, y, options);
  Perceptron b(x, y, options);
  std::set<Eigen::Index> seen;
  for (int i = 0; i < 7; ++i) {
    const auto sa = a.step();
    CHECK(sa.index == b.step().index);
    seen.insert(sa.index);
  }
  CHECK(seen.size() == 7);
  CHECK(a.status() == RunStatus::Converged);
}

TEST_CASE("Perceptron: degenerate inputs are refused with specific messages", "[perceptron]") {
  PerceptronOptions options;
  SECTION("G1: no samples") {
    Perceptron p(Matrix(0, 2), Vector(0), options);
    CHECK(p.status() == RunStatus::InvalidInput);
    CHECK_THAT(p.message(), Contains("no samples"));
    CHECK(p.step().index == -1);
  }
  SECTION("G1: no features") {
    KernelPerceptron p(Matrix(3, 0), vec({1, -1, 1}), KernelParams::linear(), options);
    CHECK_THAT(p.message(), Contains("0 features"));
  }
  SECTION("G2/G3: one class, or a single sample") {
    Perceptron p(rows({{1, 2}, {3, 4}}), vec({5, 5}), options);
    CHECK_THAT(p.message(), Contains("need >= 2 classes, got 1 (label '5')"));
    KernelPerceptron single(rows({{1, 2}}), vec({1}), KernelParams::rbf(1), options);
    CHECK_THAT(single.message(), Contains("need >= 2 classes, got 1"));
  }
  SECTION("three labels") {
    Perceptron p(rows({{1}, {2}, {3}}), vec({0, 1, 2}), options);
    CHECK_THAT(p.message(), Contains("third label '2'"));
  }
  SECTION("non-finite values and bad options") {
    Perceptron p(rows({{1, NAN}, {3, 4}}), vec({1, -1}), options);
    CHECK_THAT(p.message(), Contains("non-finite value at sample 1, feature 2"));
    options.learningRate = 0;
    Perceptron q(rows({{1, 2}, {3, 4}}), vec({1, -1}), options);
    CHECK_THAT(q.message(), Contains("learning rate"));
  }
  SECTION("R1: a Gram matrix over the budget is refused before allocation") {
    options.gramBudgetBytes = 100;
    KernelPerceptron p(kXor, kXorLabels, KernelParams::linear(), options);
    CHECK_THAT(p.message(), Contains("needs") && Contains("budget"));
  }
}

TEST_CASE("Perceptron: two samples of different classes (G3) converge to a separator",
          "[perceptron]") {
  // Labels {0, 1} map to −1/+1 (smaller label negative).
  const Matrix x = rows({{0, 0}, {2, 1}});
  PerceptronOptions options;
  Perceptron p(x, vec({0, 1}), options);
  CHECK(p.solve() == RunStatus::Converged);
  CHECK(p.predict(x.row(0).transpose()) == 0.0);
  CHECK(p.predict(x.row(1).transpose()) == 1.0);
  CHECK(p.labels().negativeLabel == 0.0);
}
