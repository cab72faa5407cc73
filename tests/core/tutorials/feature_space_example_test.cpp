// The kernel trick tutorial (tutorials/feature_space_example.hpp): the planes after 004's two
// maps, worked out by hand here, and 000's φ(x)·φ(z) = (x·z)² against a direct computation.
#include "tutorials/feature_space_example.hpp"
#include "tutorials/tutorials.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using kpg::Rational;

namespace {

double value(const kpg::Tutorial& t, const std::string& name) {
  const auto v = kpg::findValue(t, name);
  REQUIRE(v);
  return v->value;
}

std::string exact(const kpg::Tutorial& t, const std::string& name) {
  const auto v = kpg::findValue(t, name);
  REQUIRE(v);
  return v->exact;
}

}  // namespace

TEST_CASE("Feature-space tutorial: the notes' XOR and rings, planes by hand", "[tutorials]") {
  const kpg::Tutorial t = kpg::featureSpaceTutorial(kpg::featureSpaceNotesExample());
  REQUIRE(t.warnings.empty());
  REQUIRE(t.pages.size() == 4);
  CHECK(t.id == "feature-space");
  // XOR: no line (the hard-margin dual has no solution).
  CHECK(value(t, "separable_in_plane") == 0);
  // After (x, y, xy): (1, 1) and (−1, −1) (y = −1) go to xy = +1, the others to −1. By symmetry
  // (x ↦ −x) the widest plane has w₁ = w₂ = 0; canonical y(w₃·xy + b) = 1 on all four gives
  // w₃ = −1, b = 0, margin 1/‖w‖ = 1.
  CHECK(value(t, "product_separable") == 1);
  CHECK(exact(t, "product_w_1") == "0");
  CHECK(exact(t, "product_w_2") == "0");
  CHECK(exact(t, "product_w_3") == "-1");
  CHECK(exact(t, "product_b") == "0");
  CHECK(value(t, "product_margin") == Approx(1.0));
  // Rings after (x², y²): inner images (1, 0), (0, 1), (1, 1) (y = +1), outer (9, 0), (0, 9),
  // (4, 4). The closest pair of the two hulls is (1, 1)–(4, 4), so w ∝ −(1, 1) with
  // f(1, 1) = 1, f(4, 4) = −1: w = (−1/3, −1/3), b = 5/3, margin 3/√2 (half of |(3, 3)|).
  CHECK(value(t, "squares_separable") == 1);
  CHECK(exact(t, "squares_w_1") == "-1/3");
  CHECK(exact(t, "squares_w_2") == "-1/3");
  CHECK(exact(t, "squares_b") == "5/3");
  CHECK(value(t, "squares_margin") == Approx(3 / std::sqrt(2.0)).epsilon(1e-15));
  // 000's map: φ(xᵢ)·φ(xⱼ) with the √2s multiplied out equals (xᵢ·xⱼ)², computed here in doubles.
  const kpg::ExactPoints xor4 = kpg::featureSpaceNotesExample().points;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) {
      const std::string ij = std::to_string(i + 1) + std::to_string(j + 1);
      const double dot = xor4.x[i][0].toDouble() * xor4.x[j][0].toDouble() +
                         xor4.x[i][1].toDouble() * xor4.x[j][1].toDouble();
      CHECK(value(t, "k_" + ij) == dot * dot);
      CHECK(exact(t, "phi_dot_" + ij) == exact(t, "k_" + ij));
    }
}

TEST_CASE("Feature-space tutorial: on the student's points, and what it refuses", "[tutorials]") {
  // On separable points a line already works; the product map's plane still exists.
  const kpg::ExactPoints line = kpg::exactPoints({{0, 0}, {1, 0}, {3, 3}, {4, 3}}, {-1, -1, 1, 1});
  const auto t = kpg::deriveTutorial("feature-space", &line);
  REQUIRE(t);
  CHECK(value(*t, "separable_in_plane") == 1);
  CHECK(value(*t, "product_separable") == 1);
  // XOR on (x², y²): (1, 1) and (−1, 1) land on one point with opposite labels: no line there.
  const kpg::ExactPoints xor4 = kpg::featureSpaceNotesExample().points;
  const auto onXor = kpg::deriveTutorial("feature-space", &xor4);
  REQUIRE(onXor);
  CHECK(value(*onXor, "squares_separable") == 0);
  CHECK_FALSE(onXor->warnings.empty());
  // 3-D points cannot be lifted by maps of the plane.
  const kpg::ExactPoints three = kpg::exactPoints({{0, 0, 1}, {1, 0, 2}}, {-1, 1});
  const auto bad = kpg::deriveTutorial("feature-space", &three);
  REQUIRE(bad);
  CHECK(bad->pages.empty());
  CHECK(bad->warnings.front().find("2-D") != std::string::npos);
}
