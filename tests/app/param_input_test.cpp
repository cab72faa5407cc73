// Setting numbers on screen: the slider's ladder of nice values, typed
// values refused or clamped with the range in the message (never NaN: docs/bad-inputs.md W15), and
// the points numbered from 1 as course-notes 001 Q7 numbers α₁, α₂, α₃.

#include "params/param_input.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinRel;

namespace {
const ParamRange kGamma{"γ", 1e-3, 1e3, true};
const ParamRange kNoise{"noise", 0, 1, false, 0.05};
const ParamRange kCount{"N", 4, 5000, false, 1, true};
}  // namespace

TEST_CASE("Log ladder: ten nice rungs a decade, equal ratios, the ends included", "[params]") {
  const std::vector<double> ladder = sliderLadder(kGamma);
  // 6 decades × 10 rungs + the top end 1000.
  REQUIRE(ladder.size() == 61);
  CHECK(ladder.front() == 1e-3);
  CHECK(ladder.back() == 1e3);
  for (std::size_t k = 1; k < ladder.size(); ++k) {
    const double ratio = ladder[k] / ladder[k - 1];
    CHECK(ratio >= 1.19);  // a rung moves the value by 19–34 %
    CHECK(ratio <= 1.34);
  }
  // The values a course asks for are on the ladder: γ = 0.5, 1, 2, 100.
  for (double v : {0.5, 1.0, 2.0, 100.0}) {
    const int k = ladderPosition(ladder, kGamma, v);
    CHECK_THAT(ladder[static_cast<std::size_t>(k)], WithinRel(v, 1e-12));
  }
  // A value between rungs goes to the nearest in ratio: 0.7 is ×1.14 below 0.8, ×1.17 above 0.6.
  CHECK_THAT(ladder[static_cast<std::size_t>(ladderPosition(ladder, kGamma, 0.7))],
             WithinRel(0.8, 1e-12));
  CHECK(ladder[static_cast<std::size_t>(ladderPosition(ladder, kGamma, 1e9))] == 1e3);
}

TEST_CASE("Linear ladder: fixed steps without rounding noise", "[params]") {
  const std::vector<double> ladder = sliderLadder(kNoise);
  REQUIRE(ladder.size() == 21);
  CHECK(ladder[6] == 0.3);  // not 0.30000000000000004
  CHECK(ladder.back() == 1.0);
  const std::vector<double> whole = sliderLadder(ParamRange{"p", 1, 8, false, 1, true});
  CHECK(whole == std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8});
  // An integer log ladder (the epoch cap) has no repeated rungs.
  const std::vector<double> epochs = sliderLadder(ParamRange{"epochs", 1, 1000, true, 1, true});
  for (std::size_t k = 1; k < epochs.size(); ++k) CHECK(epochs[k] > epochs[k - 1]);
  CHECK(epochs[1] == 2);
}

TEST_CASE("Typed values: read, clamped into the range with a message, or refused (W15)",
          "[params]") {
  SECTION("in range") {
    const TypedValue t = parseTypedValue(kGamma, " 0.5 ");
    CHECK(t.ok);
    CHECK_FALSE(t.clamped);
    CHECK(t.value == 0.5);
    CHECK(t.message.empty());
  }
  SECTION("above the range: clamped, the message names the range") {
    const TypedValue t = parseTypedValue(kGamma, "5000");
    CHECK(t.ok);
    CHECK(t.clamped);
    CHECK(t.value == 1000);
    CHECK(t.message == "γ = 5000 is outside 0.001 to 1000: set to 1000");
  }
  SECTION("below the range") {
    const TypedValue t = parseTypedValue(kGamma, "1e-9");
    CHECK(t.value == 1e-3);
    CHECK_THAT(t.message, Contains("outside 0.001 to 1000"));
  }
  SECTION("not a number: refused, never NaN") {
    for (const char* text : {"abc", "nan", "inf", "", "1e400", "0x1p3", "--1"}) {
      const TypedValue t = parseTypedValue(kGamma, text);
      CHECK_FALSE(t.ok);
      CHECK_FALSE(std::isnan(t.value));
      CHECK_THAT(t.message, Contains("is not a number: γ takes a number from 0.001 to 1000"));
    }
    CHECK_THAT(parseTypedValue(kGamma, "0,5").message, Contains("0.5, not 0,5"));
  }
  SECTION("a whole number where one is needed") {
    CHECK(parseTypedValue(kCount, "250").value == 250);
    const TypedValue t = parseTypedValue(kCount, "12.5");
    CHECK_FALSE(t.ok);
    CHECK(t.message == "N = 12.5 is not whole: N takes a whole number from 4 to 5000");
    CHECK(parseTypedValue(kCount, "100000").value == 5000);
  }
}

TEST_CASE("Points are numbered from 1 on screen, as notes 001 Q7 numbers α₁, α₂, α₃", "[params]") {
  CHECK(pointNumber(0) == 1);
  CHECK(pointNumber(2) == 3);
}
