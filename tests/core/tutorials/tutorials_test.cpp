#include "tutorials/tutorials.hpp"

#include <catch2/catch.hpp>

#include <set>

using kpg::findValue;

namespace {

// Two points on the x-axis, −1 at the origin and +1 at (2, 0): the maximum-margin line is x = 1,
// so w = (1, 0), b = −1, both α = 1/2 (w = α₂·(2, 0)), margin 1/‖w‖ = 1.
kpg::ExactPoints twoPoints() {
  return kpg::exactPoints({{0, 0}, {2, 0}}, {-1, 1});
}

std::string exactValue(const kpg::Tutorial& t, const char* name) {
  const auto v = findValue(t, name);
  return v ? v->exact : std::string("(missing ") + name + ")";
}

}  // namespace

TEST_CASE("Tutorial catalogue: eight examples with unique ids, titles and sources", "[tutorials]") {
  // Deriving each on the notes' data without warnings is tutorial_test.cpp's job.
  const auto& catalogue = kpg::tutorialCatalogue();
  REQUIRE(catalogue.size() == 8);
  std::set<std::string> ids;
  for (const auto& info : catalogue) {
    INFO(info.id);
    CHECK(ids.insert(info.id).second);  // ids are unique
    CHECK_FALSE(info.summary.empty());
    CHECK_FALSE(info.dataUse.empty());
    const auto t = kpg::deriveTutorial(info.id);
    REQUIRE(t);
    CHECK(t->id == info.id);
    CHECK_FALSE(t->title.empty());
    CHECK_FALSE(t->source.empty());
  }
  CHECK_FALSE(kpg::deriveTutorial(""));
}

TEST_CASE("Tutorial catalogue: without points, the notes' numbers", "[tutorials]") {
  const auto svm = kpg::deriveTutorial("hand-solved-svm");
  REQUIRE(svm);
  CHECK(exactValue(*svm, "alpha_1") == "1/4");
  CHECK(exactValue(*svm, "alpha_3") == "5/8");
  CHECK(exactValue(*svm, "margin") == "2/√5");
  // 002's perceptron: the update at x₃ = (2, 2) with η = 1/4 gives β₀ = −2 + 1/4 = −7/4.
  const auto perceptron = kpg::deriveTutorial("perceptron");
  REQUIRE(perceptron);
  CHECK(exactValue(*perceptron, "beta_0") == "-7/4");
}

TEST_CASE("Tutorial catalogue: the student's points replace the notes' data", "[tutorials]") {
  const kpg::ExactPoints points = twoPoints();
  const auto svm = kpg::deriveTutorial("hand-solved-svm", &points);
  REQUIRE(svm);
  CHECK(exactValue(*svm, "alpha_1") == "1/2");
  CHECK(exactValue(*svm, "alpha_2") == "1/2");
  CHECK(exactValue(*svm, "margin") == "1");

  // Geometry: the hyperplane becomes the points' maximum-margin one and the point is x₁ = (0, 0):
  // normal (1, 0), score w·x₁ + b = −1, signed distance −1/‖w‖ = −1.
  const auto geometry = kpg::deriveTutorial("geometry", &points);
  REQUIRE(geometry);
  CHECK(exactValue(*geometry, "normal_1") == "1");
  CHECK(exactValue(*geometry, "normal_2") == "0");
  CHECK(exactValue(*geometry, "score") == "-1");
  CHECK(exactValue(*geometry, "signed_distance") == "-1");

  // The perceptron outside 2-D starts from β = 0, β₀ = 0 (the notes' start is 2-D): every initial
  // score is 0.
  const kpg::ExactPoints inSpace = kpg::exactPoints({{1, 0, 0}, {0, 1, 0}}, {1, -1});
  const auto perceptron = kpg::deriveTutorial("perceptron", &inSpace);
  REQUIRE(perceptron);
  CHECK(exactValue(*perceptron, "score_1") == "0");
  CHECK(exactValue(*perceptron, "score_2") == "0");

  for (const char* id : {"kernel-perceptron", "mercer", "smo", "soft-margin"}) {
    INFO(id);
    const auto t = kpg::deriveTutorial(id, &points);
    REQUIRE(t);
    CHECK(t->id == id);
  }
}
