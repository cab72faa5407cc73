#include "perceptron/sample_checks.hpp"

#include "data/number_text.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace kpg;
using Catch::Matchers::Contains;
using kpg::testing::rows;
using kpg::testing::vec;

TEST_CASE("checkSamples: G1 and D4 are refused with the sample and feature named", "[perceptron]") {
  CHECK_FALSE(checkSamples(rows({{1, 2}, {3, 4}}), "kernel PCA"));
  const auto empty = checkSamples(Matrix(0, 2), "kernel PCA");
  REQUIRE(empty);
  CHECK_THAT(*empty, Contains("kernel PCA: no samples"));
  const auto noFeatures = checkSamples(Matrix(3, 0), "k-NN");
  REQUIRE(noFeatures);
  CHECK_THAT(*noFeatures, Contains("0 features"));
  Matrix x = rows({{1, 2}, {3, 4}, {5, 6}});
  x(2, 1) = std::numeric_limits<double>::quiet_NaN();
  const auto nan = checkSamples(x, "perceptron");
  REQUIRE(nan);
  // 1-based, as a person counts rows of a file.
  CHECK_THAT(*nan, Contains("sample 3, feature 2"));
}

TEST_CASE("twoClassLabels: the smaller label becomes -1 and the larger +1", "[perceptron]") {
  const TwoClassResult zeroOne = twoClassLabels(vec({1, 0, 0, 1}), 4, "perceptron");
  REQUIRE(zeroOne.labels);
  CHECK(zeroOne.labels->negativeLabel == 0.0);
  CHECK(zeroOne.labels->positiveLabel == 1.0);
  CHECK(zeroOne.labels->sign == vec({1, -1, -1, 1}));
  // ±1 keeps its meaning.
  const TwoClassResult signs = twoClassLabels(vec({-1, 1, 1}), 3, "perceptron");
  REQUIRE(signs.labels);
  CHECK(signs.labels->sign == vec({-1, 1, 1}));
  // Labels 7 and 3: 3 is the negative class.
  const TwoClassResult other = twoClassLabels(vec({7, 3}), 2, "LDA");
  REQUIRE(other.labels);
  CHECK(other.labels->sign == vec({1, -1}));
}

TEST_CASE("twoClassLabels: G2, a third label, a size mismatch and D4 are errors", "[perceptron]") {
  const TwoClassResult one = twoClassLabels(vec({2, 2, 2}), 3, "perceptron");
  CHECK_FALSE(one.labels);
  CHECK_THAT(one.error, Contains("need >= 2 classes, got 1 (label '2')"));
  const TwoClassResult three = twoClassLabels(vec({1, -1, 0.5}), 3, "perceptron");
  CHECK_FALSE(three.labels);
  CHECK_THAT(three.error, Contains("third label '0.5'"));
  const TwoClassResult size = twoClassLabels(vec({1, -1}), 3, "k-NN");
  CHECK_FALSE(size.labels);
  CHECK_THAT(size.error, Contains("2 labels for 3 samples"));
  const TwoClassResult inf =
      twoClassLabels(vec({1, std::numeric_limits<double>::infinity()}), 2, "perceptron");
  CHECK_FALSE(inf.labels);
  CHECK_THAT(inf.error, Contains("non-finite label at sample 2"));
}

TEST_CASE("nextRandom is SplitMix64: the reference sequence from state 0", "[perceptron]") {
  // Steele, Lea & Flood (2014); the first outputs of the reference implementation (Vigna's
  // splitmix64.c) seeded with 0.
  std::uint64_t state = 0;
  CHECK(nextRandom(state) == 0xE220A8397B1DCDAFull);
  CHECK(nextRandom(state) == 0x6E789E6AA1B965F4ull);
  CHECK(nextRandom(state) == 0x06C45D188009454Full);
  // A copied state continues identically (the algorithms' snapshots rely on it).
  std::uint64_t copy = state;
  CHECK(nextRandom(copy) == nextRandom(state));
  // nextUniform lies in [0, 1) and uses the top 53 bits.
  std::uint64_t u = 0;
  const double first = nextUniform(u);
  CHECK(first >= 0.0);
  CHECK(first < 1.0);
  CHECK(first == static_cast<double>(0xE220A8397B1DCDAFull >> 11) * 0x1.0p-53);
}

TEST_CASE("messages quote numbers with formatExact, messages' numbers without trailing noise",
          "[perceptron]") {
  CHECK(formatExact(1.0) == "1");
  CHECK(formatExact(0.5) == "0.5");
  CHECK(formatExact(-2.25) == "-2.25");
  CHECK(formatExact(0.1) == "0.1");
}
