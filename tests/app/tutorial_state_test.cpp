// The Tutorials panel's state (src/app/tutorials/tutorial_state.cpp): page numbers, the pages
// remembered per tutorial, and the errors of window.kpg's openTutorial.
#include "tutorials/tutorial_state.hpp"

#include "app_state.hpp"
#include "io/json.hpp"
#include "io/session_json.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"
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
  ModesState modes;
  addTutorialActions(router, t, lab, modes);
  CHECK(router.dispatchJson(R"({"type":"tutorialNext"})") == R"({"ok":true})");
  const JsonValue state = tutorialStateJson(t, lab);
  CHECK(state.find("page")->asNumber() == 2);
  CHECK(state.find("pageCount")->asNumber() == count);
}

namespace {

// The action's error, "" when it was done.
std::string dispatch(const ActionRouter& router, const std::string& json) {
  return router.dispatch(std::string_view(json)).error;
}

}  // namespace

// A tutorial page that concerns points shows them on the canvas, and the
// student's own lab comes back when the tutorial closes.
TEST_CASE("Tutorial: the canvas follows the page and the student's lab comes back",
          "[tutorials][follow]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  REQUIRE(dispatch(router, R"({"type":"preset","name":"moons"})") == "");
  REQUIRE(dispatch(router, R"({"type":"step","n":5})") == "");
  const std::string own = sessionToJson(app->lab);
  const Index ownPoints = app->lab.pointCount();
  CHECK(canvasDataName(app->lab, labPresets()) == "Two moons");

  // Soft margin, page 0: the notes' four points with C = ∞; the moons wait.
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"soft-margin","page":0})") == "");
  CHECK(app->lab.pointCount() == 4);
  CHECK(std::isinf(app->lab.params.c));
  CHECK(app->lab.stepCount() == 0);
  CHECK(canvasDataName(app->lab, labPresets()) == "tutorial: Hard and soft margin");
  CHECK(sessionToJson(studentLab(app->tutorial, app->lab)) == own);
  CHECK_THAT(canvasNote(app->tutorial, app->lab), Contains("yours (Two moons) come back"));
  const std::uint64_t tutorialRevision = app->lab.problemRevision;

  // Page 2 is C = 1 on the same points: the canvas follows.
  REQUIRE(dispatch(router, R"({"type":"tutorialNext"})") == "");
  REQUIRE(dispatch(router, R"({"type":"tutorialNext"})") == "");
  CHECK(app->lab.params.c == 1.0);
  CHECK(app->tutorial.source == TutorialSource::Notes);

  // Closing brings the moons back at step 5, with revisions beyond the tutorial's (the field and
  // the modes rebuild for them).
  REQUIRE(dispatch(router, R"({"type":"closeTutorial"})") == "");
  CHECK(app->lab.pointCount() == ownPoints);
  CHECK(sessionToJson(app->lab) == own);
  CHECK(app->lab.stepCount() == 5);
  CHECK(app->lab.problemRevision > tutorialRevision);
  CHECK_FALSE(app->tutorial.studentLab);

  // "my points" shows the student's points too; "notes" follows the page again.
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"soft-margin"})") == "");
  CHECK(app->lab.pointCount() == 4);
  REQUIRE(dispatch(router, R"({"type":"tutorialSource","source":"canvas"})") == "");
  CHECK(sessionToJson(app->lab) == own);
  REQUIRE(dispatch(router, R"({"type":"tutorialSource","source":"notes"})") == "");
  CHECK(app->lab.pointCount() == 4);
}

TEST_CASE(
    "Tutorial: pages on the same data keep the student's steps; an edit makes the points theirs",
    "[tutorials][follow]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  REQUIRE(dispatch(router, R"({"type":"preset","name":"xor"})") == "");
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"hand-solved-svm","page":1})") == "");
  REQUIRE(app->lab.pointCount() == 3);
  REQUIRE(dispatch(router, R"({"type":"step","n":2})") == "");
  REQUIRE(dispatch(router, R"({"type":"tutorialNext"})") == "");
  CHECK(app->lab.stepCount() == 2);  // 001 Q7 on every page: the steps taken stay

  // The SMO anatomy's pages differ by step: page 3 shows the lab after three updates.
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"smo","page":3})") == "");
  CHECK(app->lab.stepCount() == 3);

  // Moving a shown point makes the points the student's: derived on the canvas, kept on close.
  REQUIRE(dispatch(router, R"({"type":"movePoint","index":2,"x":0,"y":0.5})") == "");
  CHECK(app->tutorial.source == TutorialSource::Canvas);
  CHECK_FALSE(app->tutorial.studentLab);
  CHECK(canvasDataName(app->lab, labPresets()) == "tutorial: Anatomy of SMO (003) (edited)");
  REQUIRE(dispatch(router, R"({"type":"closeTutorial"})") == "");
  CHECK(app->lab.pointCount() == 3);
  CHECK(app->lab.data.points(2, 1) == 0.5);
}

TEST_CASE("Tutorial: Try it on the perceptron tutorials opens the perceptron mode",
          "[tutorials][follow]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"perceptron","page":1})") == "");
  REQUIRE(dispatch(router, R"({"type":"tutorialTryIt"})") == "");
  CHECK(app->modes.mode == Mode::Perceptron);
  const PerceptronParams& p = app->modes.perceptron.params;
  CHECK_FALSE(p.kernelForm);
  CHECK(p.useStart);
  CHECK(p.startBeta[0] == 1);
  CHECK(p.startBeta[1] == -1);
  CHECK(p.startBias == -2);
  CHECK(p.learningRate == 0.25);
  // The mode steps 002's data from 002's start: x₁ (h = −3) and x₂ (h = 1) are right, x₃
  // (h = −2, y = +1) is the notes' mistake: β = (1, −1) + ¼·(2, 2) = (3/2, −1/2), β₀ = −7/4.
  REQUIRE(dispatch(router, R"({"type":"modeStep","n":3})") == "");
  const PerceptronStep* last = app->modes.perceptron.last();
  REQUIRE(last);
  CHECK(last->index == 2);
  CHECK(last->score == -2);
  CHECK(last->mistake);
  REQUIRE(last->betaAfter.size() == 2);
  CHECK(last->betaAfter[0] == 1.5);
  CHECK(last->betaAfter[1] == -0.5);
  CHECK(last->biasAfter == -1.75);
  // The points are the student's now: closing keeps them.
  REQUIRE(dispatch(router, R"({"type":"closeTutorial"})") == "");
  CHECK(app->lab.pointCount() == 3);

  // Opening a tutorial from the perceptron mode goes back to the SVM lab, where the panel is.
  REQUIRE(dispatch(router, R"({"type":"openTutorial","id":"kernel-perceptron","page":0})") == "");
  CHECK(app->modes.mode == Mode::Svm);
  REQUIRE(dispatch(router, R"({"type":"tutorialTryIt"})") == "");
  CHECK(app->modes.mode == Mode::Perceptron);
  CHECK(app->modes.perceptron.params.kernelForm);
  CHECK(app->lab.params.kernel.type == KernelType::Polynomial);
}

TEST_CASE("Data list: the name says what the canvas holds", "[lab][follow]") {
  LabState lab = makeLabState();
  CHECK(canvasDataName(lab, labPresets()) == "Hand-solved (notes 001, Q7)");
  // A parameter is not an edit of the points.
  REQUIRE_FALSE(apply(lab, action::SetC{2.0}, false));
  CHECK(canvasDataName(lab, labPresets()) == "Hand-solved (notes 001, Q7)");
  REQUIRE_FALSE(apply(lab, action::MovePoint{0, 0.5, 0.5}, false));
  CHECK(canvasDataName(lab, labPresets()) == "Hand-solved (notes 001, Q7) (edited)");
  REQUIRE_FALSE(apply(lab, action::Generate{"circles", 50, 0.1, 3}, false));
  CHECK(canvasDataName(lab, labPresets()) == "Circles");
  REQUIRE_FALSE(apply(lab, action::ClearPoints{}, false));
  REQUIRE_FALSE(apply(lab, action::AddPoint{1, 1, 1}, false));
  CHECK(canvasDataName(lab, labPresets()) == "custom (edited)");
  REQUIRE_FALSE(apply(lab, action::LoadPreset{"moons"}, false));
  CHECK(canvasDataName(lab, labPresets()) == "Two moons");
}
