// vector_exp.hpp: exp over arrays for the kernel cache, against the C library's exp.

#include "kernels/vector_exp.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace kpg;

namespace {

// Distance in units in the last place between two positive finite doubles.
double ulpDistance(double a, double b) {
  if (a == b) return 0;
  const double ulp =
      std::nextafter(std::max(a, b), std::numeric_limits<double>::infinity()) - std::max(a, b);
  return std::abs(a - b) / ulp;
}

}  // namespace

TEST_CASE("vectorExp: within 2 ulp of std::exp and of the rounded exact value, RBF's range",
          "[kernels]") {
  // −γ‖x − x'‖² spans everything from 0 to hundreds in practice: a million arguments uniform
  // in [−40, 0], and a sweep of [−708, 709] (the normal results) in steps that hit every
  // reduction interval n many times.
  std::mt19937 engine(3);
  std::uniform_real_distribution<double> uniform(-40.0, 0.0);
  std::vector<double> x(1000000);
  for (double& v : x) v = uniform(engine);
  for (int k = 0; k < 141700; ++k) x.push_back(-708.0 + k * 0.01);
  std::vector<double> out(x.size());
  vectorExp(x.data(), static_cast<Eigen::Index>(x.size()), out.data());
  double worst = 0;
  double worstRounded = 0;
  for (std::size_t a = 0; a < x.size(); ++a) {
    worst = std::max(worst, ulpDistance(out[a], std::exp(x[a])));
    // The header's promise is against the correctly rounded value: expl in long double (11 or
    // more extra bits), rounded to double, is that value but in rare near-halfway cases. Every
    // 7th argument: quad-precision expl is software under wasm.
    if (a % 7 == 0) {
      const double rounded = static_cast<double>(std::exp(static_cast<long double>(x[a])));
      worstRounded = std::max(worstRounded, ulpDistance(out[a], rounded));
    }
  }
  CHECK(worst <= 2.0);
  CHECK(worstRounded <= 2.0);
}

TEST_CASE("vectorExp: exact at 0, the limits, subnormals, infinities and NaN", "[kernels]") {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> x{0.0,   -0.0, 1.0,  -1.0,  -745.0, -740.0, -730.0, -708.5,
                              -746., -1e6, -inf, 709.5, 710.0,  1e6,    inf,    nan};
  std::vector<double> out(x.size());
  vectorExp(x.data(), static_cast<Eigen::Index>(x.size()), out.data());
  CHECK(out[0] == 1.0);
  CHECK(out[1] == 1.0);
  CHECK(ulpDistance(out[2], std::exp(1.0)) <= 1.0);
  CHECK(ulpDistance(out[3], std::exp(-1.0)) <= 1.0);
  // Subnormal results: rounded once, so within one unit of the smallest subnormal's scale.
  for (std::size_t a = 4; a <= 7; ++a) {
    INFO(x[a]);
    CHECK(std::abs(out[a] - std::exp(x[a])) <= std::abs(std::exp(x[a])) * 1e-15 + 5e-324);
  }
  CHECK(out[8] == 0.0);
  CHECK(out[9] == 0.0);
  CHECK(out[10] == 0.0);
  CHECK(ulpDistance(out[11], std::exp(709.5)) <= 2.0);
  CHECK(out[12] == inf);
  CHECK(out[13] == inf);
  CHECK(out[14] == inf);
  CHECK(std::isnan(out[15]));
  // In place, and any count (the vector loop's tail).
  for (Eigen::Index count = 0; count < 11; ++count) {
    std::vector<double> v(static_cast<std::size_t>(count));
    for (Eigen::Index a = 0; a < count; ++a)
      v[static_cast<std::size_t>(a)] = -0.37 * static_cast<double>(a);
    vectorExp(v.data(), count, v.data());
    for (Eigen::Index a = 0; a < count; ++a)
      CHECK(ulpDistance(v[static_cast<std::size_t>(a)], std::exp(-0.37 * static_cast<double>(a))) <=
            2.0);
  }
}

TEST_CASE("vectorExp: the clone this CPU runs gives the baseline build's bits", "[kernels]") {
  // vectorExp runs the AVX-512, AVX2 or SSE2 clone that this CPU has; vectorExpBaseline is the
  // same body built for SSE2 only. Equal bits mean no fused multiply-add and the same operations
  // at every width: what keeps the model the same on every instruction set. Also each entry
  // alone (the loop's scalar tail) against the vector body.
  std::mt19937_64 engine(29);
  std::uniform_real_distribution<double> argument(-60.0, 5.0);
  std::vector<double> x(4099);
  for (double& v : x) v = argument(engine);
  x[17] = -745.0;  // a subnormal result
  const auto count = static_cast<Eigen::Index>(x.size());
  std::vector<double> fast(x.size());
  std::vector<double> baseline(x.size());
  vectorExp(x.data(), count, fast.data());
  vectorExpBaseline(x.data(), count, baseline.data());
  std::size_t differing = 0;
  std::size_t differingAlone = 0;
  for (std::size_t a = 0; a < x.size(); ++a) {
    differing += fast[a] == baseline[a] ? 0 : 1;
    double alone = 0;
    vectorExp(&x[a], 1, &alone);
    differingAlone += alone == fast[a] ? 0 : 1;
  }
  CHECK(differing == 0);
  CHECK(differingAlone == 0);
}
