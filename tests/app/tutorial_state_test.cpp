// The Tutorials panel's state (src/app/tutorials/tutorial_state.cpp): page numbers, the pages
// remembered per tutorial, and the errors of window.kpg's openTutorial.
#include "tutorials/tutorial_state.hpp"

#include "session/json.hpp"
#include "tutorials/tutorials.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::Contains;

TEST_CASE("Tutorial state: page counts follow the core's derivations", "[tutorials]") {
  const LabState lab = makeLabState();
  TutorialState t;
  REQUIRE_FALSE(openTutorial(t, lab, "perceptron", std::nullopt));
  const auto perceptron = deriveTutorial("perceptron");
  REQUIRE(perceptron);
  CHECK(tutorialPageCount(t) == static_cast<int>(perceptron->pages.size()));
  // The hand-solved SVM has one page more than the core derives: the same problem solved by SMO
  // on the canvas.
  REQUIRE_FALSE(openTutorial(t, lab, "hand-solved-svm", std::nullopt));
  const auto handSolved = deriveTutorial("hand-solved-svm");
  REQUIRE(handSolved);
  CHECK(tutorialPageCount(t) == static_cast<int>(handSolved->pages.size()) + 1);
}

TEST_CASE("Tutorial state: Next and Back stay within the pages, which each tutorial remembers",
          "[tutorials]") {
  const LabState lab = makeLabState();
  TutorialState t;
  REQUIRE_FALSE(openTutorial(t, lab, "perceptron", 1));
  CHECK(t.page() == 1);
  tutorialNext(t);
  CHECK(t.page() == 2);
  tutorialBack(t);
  tutorialBack(t);
  tutorialBack(t);
  CHECK(t.page() == 0);
  const int last = tutorialPageCount(t) - 1;
  setTutorialPage(t, last + 5);
  CHECK(t.page() == last);
  tutorialNext(t);
  CHECK(t.page() == last);
  // Another tutorial starts at its own page; coming back shows the page left.
  REQUIRE_FALSE(openTutorial(t, lab, "hand-solved-svm", std::nullopt));
  CHECK(t.page() == 0);
  REQUIRE_FALSE(openTutorial(t, lab, "perceptron", std::nullopt));
  CHECK(t.page() == last);
  closeTutorial(t);
  CHECK_FALSE(t.open);
  CHECK(t.page() == last);
}

TEST_CASE("Tutorial state: a page out of range or an unknown id changes nothing", "[tutorials]") {
  LabState lab = makeLabState();
  TutorialState t;
  REQUIRE_FALSE(openTutorial(t, lab, "perceptron", 1));
  const int count = tutorialPageCount(t);
  const auto out = openTutorial(t, lab, "perceptron", count);
  REQUIRE(out);
  CHECK_THAT(*out, Contains("has pages 0 to " + std::to_string(count - 1)));
  CHECK(t.page() == 1);
  const auto unknown = openTutorial(t, lab, "no-such", std::nullopt);
  REQUIRE(unknown);
  CHECK_THAT(*unknown, Contains("unknown tutorial 'no-such'"));
  CHECK(t.id == "perceptron");
  // window.kpg reports the same page numbers as the state.
  ActionRouter router;
  addTutorialActions(router, t, lab);
  CHECK(router.dispatchJson(R"({"type":"tutorialNext"})") == R"({"ok":true})");
  const JsonValue state = tutorialStateJson(t, lab);
  CHECK(state.find("page")->asNumber() == 2);
  CHECK(state.find("pageCount")->asNumber() == count);
}
