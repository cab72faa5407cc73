#include "data/toy_datasets.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;

TEST_CASE("PortableRandom: the engine is the standard's mt19937_64", "[data][toy]") {
  // [rand.predef]: the 10000th consecutive invocation of a default-constructed mt19937_64
  // produces 9981545732273789042; its default seed is 5489.
  PortableRandom random(5489u);
  std::uint64_t value = 0;
  for (int i = 0; i < 10000; ++i) value = random.bits();
  CHECK(value == 9981545732273789042ull);
}

TEST_CASE("PortableRandom: uniform is the top 53 bits of one engine output", "[data][toy]") {
  PortableRandom a(42);
  std::mt19937_64 engine(42);
  for (int i = 0; i < 100; ++i) {
    const double u = a.uniform();
    CHECK(u == std::ldexp(static_cast<double>(engine() >> 11), -53));
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
  }
}

TEST_CASE("PortableRandom: normals have mean 0 and variance 1", "[data][toy]") {
  PortableRandom random(7);
  const int n = 200000;
  double sum = 0, sumSquares = 0, beyondTwo = 0;
  for (int i = 0; i < n; ++i) {
    const double z = random.normal();
    sum += z;
    sumSquares += z * z;
    if (std::abs(z) > 2) ++beyondTwo;
  }
  const double mean = sum / n;
  // Standard errors: 1/√n ≈ 0.0022 for the mean, √(2/n) ≈ 0.0032 for the variance; 5σ bounds.
  CHECK(std::abs(mean) < 0.012);
  CHECK(std::abs(sumSquares / n - mean * mean - 1) < 0.016);
  // P(|Z| > 2) = 0.0455 (normal table); binomial standard error 0.00047.
  CHECK(std::abs(beyondTwo / n - 0.0455) < 0.0025);
}

TEST_CASE("portableLog, portableSin, portableCos: agree with libm to 2e-15", "[data][toy]") {
  for (double x : {1e-300, 1e-10, 0.001, 0.3, 0.5, 0.7071, 0.99999, 1.0, 1.5, 2.0, 10.0, 1e5}) {
    CHECK(portableLog(x) == Approx(std::log(x)).epsilon(2e-15).margin(1e-15));
  }
  for (int k = -40; k <= 80; ++k) {
    const double x = 0.1 * k;
    CHECK(portableSin(x) == Approx(std::sin(x)).margin(2e-15));
    CHECK(portableCos(x) == Approx(std::cos(x)).margin(2e-15));
  }
}

TEST_CASE("Toy datasets: the course's fixed sets", "[data][toy]") {
  const Dataset hand = makeToyDataset(ToyKind::HandSolved);
  REQUIRE(hand.size() == 3);
  Eigen::MatrixXd x(3, 2);
  x << 1, 3, 2, 1, 0, 1;  // course-notes 001 Question 7
  CHECK(hand.x == x);
  CHECK(hand.y == Eigen::Vector3d(1, 1, -1));

  const Dataset perceptron = makeToyDataset(ToyKind::Perceptron);
  x << 1, 2, 4, 1, 2, 2;  // course-notes 002
  CHECK(perceptron.x == x);
  CHECK(perceptron.y == Eigen::Vector3d(-1, 1, 1));
}

TEST_CASE("Toy datasets: noise-free moons and circles lie on their curves", "[data][toy]") {
  ToyOptions options{51, 0.0, 3};
  const Dataset moons = makeToyDataset(ToyKind::Moons, options);
  REQUIRE(moons.size() == 51);
  for (Eigen::Index i = 0; i < moons.size(); ++i) {
    const double a = moons.x(i, 0), b = moons.x(i, 1);
    if (moons.y(i) > 0) {  // outer: the upper unit half circle
      CHECK(a * a + b * b == Approx(1).margin(1e-14));
      CHECK(b >= -1e-15);
    } else {  // inner: centred at (1, 0.5), lower half
      CHECK((a - 1) * (a - 1) + (b - 0.5) * (b - 0.5) == Approx(1).margin(1e-14));
      CHECK(b <= 0.5 + 1e-15);
    }
  }
  CHECK((moons.y.array() > 0).count() == 26);  // ⌈51/2⌉ outer, as make_moons

  const Dataset circles = makeToyDataset(ToyKind::Circles, options);
  for (Eigen::Index i = 0; i < circles.size(); ++i) {
    const double r = std::hypot(circles.x(i, 0), circles.x(i, 1));
    CHECK(r == Approx(circles.y(i) > 0 ? 0.5 : 1.0).margin(1e-14));
  }
}

TEST_CASE("Toy datasets: xor labels follow the sign of x1*x2 without noise", "[data][toy]") {
  const Dataset data = makeToyDataset(ToyKind::Xor, {40, 0.0, 1});
  REQUIRE(data.size() == 40);
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    CHECK(data.y(i) == (data.x(i, 0) * data.x(i, 1) > 0 ? 1.0 : -1.0));
  }
}

TEST_CASE("Toy datasets: separable sets are separated by the stated line for any seed",
          "[data][toy]") {
  for (std::uint64_t seed : {1u, 2u, 3u, 99u}) {
    const Dataset data = makeToyDataset(ToyKind::Separable, {60, 1.5, seed});
    REQUIRE(data.size() == 60);
    for (Eigen::Index i = 0; i < data.size(); ++i) {
      CHECK(data.y(i) * (data.x(i, 0) + 0.5 * data.x(i, 1)) / std::sqrt(1.25) >= 0.25);
    }
  }
}

TEST_CASE("Toy datasets: blobs with noise 1 overlap (some points nearer the other centre)",
          "[data][toy]") {
  const Dataset data = makeToyDataset(ToyKind::Blobs, presetOptions(ToyKind::Blobs));
  REQUIRE(data.size() == 100);
  int wrongSide = 0;
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    if (data.y(i) * (data.x(i, 0) + data.x(i, 1)) < 0) ++wrongSide;
  }
  // Each point is on the wrong side of x1 + x2 = 0 with probability Φ(−√2) ≈ 0.079.
  CHECK(wrongSide > 0);
  CHECK(wrongSide < 25);
}

TEST_CASE("Toy datasets: the same seed gives the same points, another seed others", "[data][toy]") {
  for (ToyKind kind : allToyKinds()) {
    if (!isGenerated(kind)) continue;
    const ToyOptions options = presetOptions(kind);
    const Dataset a = makeToyDataset(kind, options);
    const Dataset b = makeToyDataset(kind, options);
    CHECK(a.x == b.x);
    CHECK(a.y == b.y);
    ToyOptions other = options;
    other.seed = options.seed + 1;
    CHECK(makeToyDataset(kind, other).x != a.x);
    CHECK((a.y.array() == 1).count() > 0);
    CHECK((a.y.array() == -1).count() > 0);
    CHECK(a.y.cwiseAbs().minCoeff() == 1);
  }
}

TEST_CASE("Toy datasets: names round trip and bad options are rejected", "[data][toy]") {
  for (ToyKind kind : allToyKinds()) CHECK(toyKindFromName(toyKindName(kind)) == kind);
  CHECK_FALSE(toyKindFromName("spiral"));
  CHECK(validateToyOptions(ToyKind::Moons, {1, 0.1, 1}));
  CHECK(validateToyOptions(ToyKind::Moons, {100001, 0.1, 1}));
  CHECK(validateToyOptions(ToyKind::Moons, {10, std::nan(""), 1}));
  CHECK(validateToyOptions(ToyKind::Moons, {10, -0.1, 1}));
  CHECK(validateToyOptions(ToyKind::Moons, {10, HUGE_VAL, 1}));
  CHECK_FALSE(validateToyOptions(ToyKind::HandSolved, {0, 0, 0}));
  CHECK(makeToyDataset(ToyKind::Moons, {1, 0.1, 1}).size() == 0);
}
