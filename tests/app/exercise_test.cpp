// Exercises: the definition's JSON (read/write, faults with their JSON path), every
// built-in exercise solved with an answer this test derives from the core on its own path (never
// a stored answer), a wrong answer explained with the actual numbers, the actions and the link.
#include "data/number_text.hpp"
#include "exercises/exercise_state.hpp"
#include "io/session_json.hpp"
#include "kernels/gram_matrix.hpp"
#include "modes/featurespace/featurespace_mode.hpp"
#include "modes/mode_json.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"
#include "session/url_params.hpp"
#include "tutorials/tutorials.hpp"

#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <set>

using namespace kpg;
using namespace kpg::app;

namespace {

std::unique_ptr<AppState> opened(const Exercise& e) {
  auto app = std::make_unique<AppState>();
  REQUIRE_FALSE(openExercise(*app, e, true));
  for (int k = 0; k < 10000 && (app->lab.replay || app->lab.playback.running); ++k)
    advance(app->lab, 0.1, 100);
  return app;
}

JsonValue parsed(const std::string& text) {
  JsonParse p = parseJson(text);
  REQUIRE(p.ok());
  return *p.value;
}

// The converged SMO solution on the lab's problem: the lab's solver copied and solved by the
// core (SmoSolver::solve), not the checker's convergedCopy.
Vector solvedAlpha(const LabState& lab) {
  SmoSolver solver = lab.history->current();
  solver.solve();
  return solver.alpha();
}

std::string num(double x) {
  return formatDisplay(x, 6);
}

struct Answers {
  JsonValue right, wrong;
  std::string rightText;  // the number or the words the wrong answer's feedback must show
};

// Derives the right answer of `e` on `app` from the core, and a wrong one.
Answers derive(const Exercise& e, AppState& app) {
  const LabState& lab = app.lab;
  const ExerciseGoal& g = e.goal;
  Answers a;
  switch (g.kind) {
    case GoalKind::SmoPair: {
      SmoSolver s = lab.history->current();
      const SmoStep step = s.step();
      REQUIRE(step.updated);
      a.right = parsed("[" + std::to_string(step.j) + "," + std::to_string(step.i) + "]");
      // Wrong: i with a point that is not j.
      const Index other = (step.j + 1) % lab.pointCount() == step.i
                              ? (step.j + 2) % lab.pointCount()
                              : (step.j + 1) % lab.pointCount();
      a.wrong = parsed("[" + std::to_string(step.i) + "," + std::to_string(other) + "]");
      // The screen numbers points from 1; the answers are 0-based indices.
      a.rightText =
          "SMO picks (" + std::to_string(step.i + 1) + ", " + std::to_string(step.j + 1) + ")";
      break;
    }
    case GoalKind::AlphaAfterStep: {
      SmoSolver s = lab.history->current();
      s.step();
      const double alpha = s.alpha()(g.point);
      a.right = JsonValue::number(alpha);
      a.wrong = JsonValue::number(alpha + 0.5);
      a.rightText = num(alpha);
      break;
    }
    case GoalKind::SupportVectors: {
      Vector alpha;
      if (e.mode == Mode::FeatureSpace) {
        // The SVM on the lifted points, solved by the core from the view's own solver.
        ensureBuilt(app.modes, lab);
        REQUIRE(app.modes.featurespace.solver());
        SmoSolver s = *app.modes.featurespace.solver();
        s.solve();
        alpha = s.alpha();
      } else {
        alpha = solvedAlpha(lab);
      }
      JsonValue right = JsonValue::array(), wrong = JsonValue::array();
      std::string list;
      for (Index t = 0; t < alpha.size(); ++t) {
        if (alpha(t) > 0) {
          right.items().push_back(json::integer(t));
          list += (list.empty() ? "" : ", ") + std::to_string(t + 1);  // shown from 1
        } else {
          wrong.items().push_back(json::integer(t));  // every non-SV instead
        }
      }
      a.right = right;
      a.wrong = wrong;
      a.rightText = "support vectors (α > 0) are points " + list;
      break;
    }
    case GoalKind::ClassifyPoint: {
      const Vector alpha = solvedAlpha(lab);
      const double c = lab.params.c, x = alpha(g.point);
      // LIBSVM's categories: at the bound when α ≥ C (the solver clips exactly to C).
      const std::string word = x <= 0 ? "non-SV" : x >= c ? "bound" : "free";
      a.right = json::str(word);
      a.wrong = json::str(word == "bound" ? "free" : "bound");
      a.rightText = "is " + word;
      break;
    }
    case GoalKind::BoundSv: {
      // Right: drag point 0 onto the mean of the other class (deep on the wrong side, so
      // y f(x) < 1 and α = C at the optimum); wrong: the canvas as opened.
      a.wrong = JsonValue::null();
      a.right = JsonValue::null();
      a.rightText = "Point " + std::to_string(g.point + 1) + " is ";  // shown from 1
      break;
    }
    case GoalKind::FindParameter: {
      const bool isC = g.parameter == "C";
      const std::vector<double> grid =
          isC ? std::vector<double>{1000, 100, 10, 1, 0.3, 0.1, 0.05, 0.02, 0.01}
              : std::vector<double>{0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 50};
      std::optional<double> found, failing;
      for (double value : grid) {
        LabState trial = lab;
        if (isC) {
          REQUIRE_FALSE(apply(trial, action::SetC{value}, false));
        } else {
          KernelParams k = trial.params.kernel;
          k.gamma = value;
          REQUIRE_FALSE(apply(trial, action::SetKernel{k}, false));
        }
        const Vector alpha = solvedAlpha(trial);
        bool holds = false;
        if (g.property == "margin") {
          // ‖w‖² = αᵀQα from the core's Gram matrix: the margin 1/‖w‖.
          const Matrix k = gramMatrix(trial.params.kernel, trial.data.points);
          const Vector ya = alpha.cwiseProduct(trial.data.labels);
          holds = 1 / std::sqrt(ya.dot(k * ya)) >= g.atLeast;
        } else {
          const LabState done = convergedCopy(trial);
          holds = done.model.trainingAccuracy >= 1 &&
                  (alpha.array() > 0).count() <= g.maxSupportVectors;
        }
        if (holds && !found) found = value;
        if (!holds && !failing) failing = value;
      }
      REQUIRE(found);
      REQUIRE(failing);
      a.right = JsonValue::number(*found);
      a.wrong = JsonValue::number(*failing);
      a.rightText = (isC ? "With C = " : "With γ = ") + num(*failing);
      break;
    }
    case GoalKind::SeparatingMap: {
      // Opened on (x₁², x₂²), which sends (1, 1) and (−1, 1) to one point; (x₁, x₂, x₁x₂)
      // separates XOR by the plane x₁x₂ = 0 (004, example 1).
      a.wrong = JsonValue::null();
      a.right = json::str("product");
      a.rightText = "the same point";
      break;
    }
    case GoalKind::SeparatingPlane: {
      // Wrong: no plane of her own yet. Right (set before submitting, below): the SVM's plane.
      a.wrong = JsonValue::null();
      a.right = JsonValue::null();
      a.rightText = "Show your plane first";
      break;
    }
    case GoalKind::Numeric: {
      double value = 0;
      if (g.quantity == "tutorial") {
        value = findValue(*deriveTutorial(g.tutorial), g.value)->value;
      } else if (g.quantity == "gram") {
        const Matrix k = gramMatrix(lab.params.kernel, lab.data.points);
        value = k(g.i, g.j);
      } else if (g.quantity == "gramMinEigenvalue") {
        const Matrix k = gramMatrix(lab.params.kernel, lab.data.points);
        value = Eigen::SelfAdjointEigenSolver<Matrix>(k).eigenvalues()(0);
      } else if (g.quantity == "kpcaEigenvalue") {
        // K̃ = HKH, H = I − (1/N)11ᵀ (000 "Kernel PCA"), its eigenvalues in descending order.
        const Matrix k = gramMatrix(lab.params.kernel, lab.data.points);
        const Index n = k.rows();
        const Matrix h =
            Matrix::Identity(n, n) - Matrix::Constant(n, n, 1.0 / static_cast<double>(n));
        const Vector ev = Eigen::SelfAdjointEigenSolver<Matrix>(h * k * h).eigenvalues();
        value = ev(n - 1 - g.component);
      } else if (g.quantity == "svrSupportVectors") {
        ModesState m = app.modes;
        ensureBuilt(m, lab);
        for (int k = 0; k < 1000 && modeCanStep(m); ++k) (void)modeRunToEnd(m, lab, 1000);
        value = static_cast<double>((m.svr.coef.array() != 0).count());
      } else if (g.quantity == "kfdAlpha") {
        KernelFisherDiscriminant kfd;
        ModesState m = app.modes;
        ensureBuilt(m, lab);
        REQUIRE(m.kfd.ok());
        value = m.kfd.kfd.alpha()(g.i);
      } else {
        FAIL("no derivation for " << g.quantity);
      }
      a.right = JsonValue::number(value);
      a.wrong = JsonValue::number(value + 10 * g.tolerance + 1);
      a.rightText = num(value);
      break;
    }
  }
  return a;
}

}  // namespace

TEST_CASE("Exercises: at least 12 built-in ones, in the notes' order, each round-trips as JSON",
          "[app][exercise]") {
  const std::vector<Exercise>& all = builtinExercises();
  REQUIRE(all.size() >= 12);
  std::set<GoalKind> kinds;
  std::string previous = "000";
  for (const Exercise& e : all) {
    INFO(e.id);
    kinds.insert(e.goal.kind);
    const std::string text = writeJson(exerciseJson(e));
    const ExerciseParse back = readExercise(text);
    REQUIRE(back.ok());
    CHECK(writeJson(exerciseJson(*back.exercise)) == text);
    CHECK(e.title.size() > 5);
    CHECK(e.prompt.size() > 20);
    CHECK(e.hints.size() >= 2);
  }
  CHECK(kinds.size() == 9);  // every goal kind is used
  // The notes' order: kernels (000) … SMO (003) … KFD (004) last.
  CHECK(all.front().section.rfind("000", 0) == 0);
  CHECK(all.back().section.rfind("004", 0) == 0);
}

TEST_CASE(
    "Exercises: every built-in one is solved by the core's answer, and a wrong answer is "
    "explained with the numbers",
    "[app][exercise]") {
  for (const Exercise& e : builtinExercises()) {
    INFO(e.id);
    auto app = opened(e);
    CHECK(app->page.locks == e.locks);
    Answers a = derive(e, *app);
    // Wrong first: not solved, and the feedback shows the right number or reason.
    const Verdict wrong = submitExerciseAnswer(*app, a.wrong);
    REQUIRE(wrong.error.empty());
    CHECK_FALSE(wrong.solved);
    INFO(wrong.feedback);
    CHECK(wrong.feedback.find(a.rightText) != std::string::npos);
    CHECK(app->exercise.status == ExerciseStatus::Failed);
    // The feedback is about the state as it is, until the canvas or her plane changes.
    CHECK(exerciseFeedbackCurrent(*app));
    ensureBuilt(app->modes, app->lab);  // a frame's rebuild is no change of hers
    CHECK(exerciseFeedbackCurrent(*app));
    if (e.goal.kind == GoalKind::BoundSv) {
      // Drag point 0 onto the other class's mean (the lab's own action; data is not locked here).
      const LabState& lab = app->lab;
      const double y0 = lab.data.labels(0);
      double x = 0, y = 0, count = 0;
      for (Index t = 0; t < lab.pointCount(); ++t) {
        if (lab.data.labels(t) != y0) {
          x += lab.data.points(t, 0);
          y += lab.data.points(t, 1);
          count += 1;
        }
      }
      REQUIRE_FALSE(
          lockedError(app->page.locks, app->lab, action::MovePoint{0, x / count, y / count}));
      REQUIRE_FALSE(apply(app->lab, action::MovePoint{0, x / count, y / count}, false));
      // The core: α₀ = C at the optimum of the moved problem.
      CHECK(solvedAlpha(app->lab)(0) == app->lab.params.c);
    }
    if (e.goal.kind == GoalKind::SeparatingPlane) {
      // Her plane set to the SVM's own, w·φ + b = 0 as n·φ = offset with n = w/‖w‖, through
      // setModeParams as the sliders send it.
      SmoSolver s = *app->modes.featurespace.solver();
      s.solve();
      const FeatureSpacePlane svm = featureSpacePlane(
          app->modes.featurespace.map, app->lab.data.points, s, app->lab.params.bias);
      const double norm = svm.w.norm();
      REQUIRE(norm > 0);
      const Eigen::Vector3d n = svm.w / norm;
      JsonValue plane = JsonValue::object();
      json::put(plane, "azimuth", json::num(std::atan2(n(1), n(0)) * 180 / kPi));
      json::put(plane, "elevation", json::num(std::asin(n(2)) * 180 / kPi));
      json::put(plane, "offset", json::num(-svm.bias / norm));
      JsonValue action = JsonValue::object();
      json::put(action, "type", json::str("setModeParams"));
      json::put(action, "plane", std::move(plane));
      REQUIRE(runModeAction(app->modes, app->lab, action).ok());
    }
    if (e.goal.kind == GoalKind::BoundSv || e.goal.kind == GoalKind::SeparatingPlane)
      CHECK_FALSE(exerciseFeedbackCurrent(*app));  // moved a point, or set her plane
    const Verdict right = submitExerciseAnswer(*app, a.right);
    REQUIRE(right.error.empty());
    INFO(right.feedback);
    CHECK(right.solved);
    CHECK(app->exercise.status == ExerciseStatus::Solved);
    CHECK(app->exercise.attempts == 2);
    CHECK(app->exercise.progress[e.id].solved);
  }
}

TEST_CASE("Exercises: the notes' numbers are the answers of the hand-solved ones",
          "[app][exercise]") {
  // 001 Question 7 by hand: α₁ = 1/4, margin 2/√5 (tests/core/tutorials check the derivation).
  auto alpha = opened(*findBuiltinExercise("hand-solved-alpha"));
  CHECK(submitExerciseAnswer(*alpha, JsonValue::number(0.25)).solved);
  auto margin = opened(*findBuiltinExercise("hand-solved-margin"));
  CHECK(submitExerciseAnswer(*margin, JsonValue::number(2 / std::sqrt(5.0))).solved);
  const Verdict wrong = submitExerciseAnswer(*margin, JsonValue::number(0.5));
  CHECK(wrong.feedback == "Not 0.5: margin = 2/√5 (≈ 0.894427) in the worked example " +
                              deriveTutorial("hand-solved-svm")->title +
                              " (course-notes 001, Question 7) (accepted within ±0.001).");
}

TEST_CASE("Exercises: a malformed definition is refused with its JSON path and changes nothing",
          "[app][exercise]") {
  const Exercise& base = *findBuiltinExercise("smo-first-pair");
  const std::string good = writeJson(exerciseJson(base));
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK(readExercise(with(R"("kind":"smoPair")", R"("kind":"guess")")).error ==
        "$.goal.kind: unknown goal \"guess\" (the goals are smoPair, alphaAfterStep, "
        "supportVectors, boundSv, findParameter, classifyPoint, numeric, separatingMap, "
        "separatingPlane)");
  CHECK(readExercise(with(R"("kind":"smoPair")", R"("kind":"classifyPoint","point":9)")).error ==
        "$.goal.point: point 9 does not exist (the session has 3 points, numbered from 0)");
  CHECK(readExercise(with(R"("locks":["kernel","C")", R"("locks":["kernel","steps")")).error ==
        "$.locks[1]: unknown control \"steps\" (the controls are kernel, C, gamma, data, step, "
        "solver, method)");
  CHECK(readExercise(with(R"("hints":[)", R"("hints":[3,)")).error ==
        "$.hints[0]: expected a string");
  CHECK(readExercise(with(R"("v":1)", R"("v":7)")).error.rfind("$.session.v: ", 0) == 0);
  CHECK(readExercise(with(R"("id":"smo-first-pair")", R"("id":"a b")")).error.rfind("$.id: ", 0) ==
        0);
  CHECK(readExercise(
            with(R"("kind":"smoPair")",
                 R"("kind":"numeric","quantity":"tutorial","tutorial":"smo","value":"nope")"))
            .error == "$.goal.value: the tutorial \"smo\" has no value \"nope\"");
  CHECK(readExercise("{").error.rfind("$: not valid JSON at byte", 0) == 0);

  // Through window.kpg: refused with the path under $.exercise; state() unchanged.
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  const std::string before = writeJson(appStateJson(*app));
  const std::string bad = with(R"("kind":"smoPair")", R"("kind":"classifyPoint","point":9)");
  const ActionReply reply =
      router.dispatch(std::string_view(R"({"type":"openExercise","exercise":)" + bad + "}"));
  CHECK(reply.error ==
        "$.exercise.goal.point: point 9 does not exist (the session has 3 points, "
        "numbered from 0)");
  CHECK(writeJson(appStateJson(*app)) == before);
  CHECK(router.dispatch(std::string_view(R"({"type":"openExercise","id":"nope"})")).error ==
        "$.id: unknown exercise \"nope\" (kpg.exercises() lists them)");
  CHECK(router.dispatch(std::string_view(R"({"type":"submitAnswer","answer":1})")).error ==
        "$.type: no exercise is open (openExercise first)");
  CHECK(writeJson(appStateJson(*app)) == before);
}

TEST_CASE("Exercises: window.kpg actions, locks, state().exercise, progress and the link",
          "[app][exercise]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  REQUIRE(
      router.dispatch(std::string_view(R"({"type":"openExercise","id":"smo-first-pair"})")).ok());
  // The exercise's locks hold: stepping would give the answer away.
  CHECK(router.dispatch(std::string_view(R"({"type":"step"})")).error.find("Stepping is locked") !=
        std::string::npos);
  // A malformed answer counts no attempt.
  CHECK(router.dispatch(std::string_view(R"({"type":"submitAnswer","answer":[1]})")).error ==
        "$.answer: expected two point indices, e.g. [1, 3]");
  CHECK(app->exercise.attempts == 0);
  REQUIRE(router.dispatch(std::string_view(R"({"type":"exerciseHint"})")).ok());
  JsonValue state = exerciseStateJson(*app);
  CHECK(state.find("status")->asString() == "open");
  CHECK(state.find("hints")->items().size() == 1);
  CHECK(state.find("goal")->find("kind")->asString() == "smoPair");

  // The link opens exactly this exercise in another app.
  const std::string hash = exerciseShareHash(*app);
  const AppLinkParse link = parseAppShareHash(hash);
  REQUIRE(link.ok());
  auto other = std::make_unique<AppState>();
  REQUIRE_FALSE(applyAppLink(*other, *link.link));
  REQUIRE(other->exercise.open);
  CHECK(other->exercise.open->id == "smo-first-pair");
  CHECK(other->page.locks == app->page.locks);
  CHECK(writeJson(exerciseJson(*other->exercise.open)) ==
        writeJson(exerciseJson(*app->exercise.open)));

  // An instructor's own exercise (a whole definition) travels in the link too.
  Exercise own = *findBuiltinExercise("smo-first-pair");
  own.id = "my-pair";
  own.title = "My own pair question";
  own.hints = {"Look at y."};
  JsonValue action = JsonValue::object();
  json::put(action, "type", json::str("openExercise"));
  json::put(action, "exercise", exerciseJson(own));
  REQUIRE(router.dispatch(action).ok());
  const AppLinkParse ownLink = parseAppShareHash(exerciseShareHash(*app));
  REQUIRE(ownLink.ok());
  auto third = std::make_unique<AppState>();
  REQUIRE_FALSE(applyAppLink(*third, *ownLink.link));
  CHECK(writeJson(exerciseJson(*third->exercise.open)) == writeJson(exerciseJson(own)));

  // Closing gives the page its own locks back.
  REQUIRE(router.dispatch(std::string_view(R"({"type":"closeExercise"})")).ok());
  CHECK_FALSE(app->page.locks.any());
  CHECK(exerciseStateJson(*app).isNull());

  // Progress: kept per id, read back, reset.
  app->exercise.progress["smo-first-pair"] = {true, 3};
  const JsonValue progress = exerciseProgressJson(app->exercise);
  ExerciseSession fresh;
  REQUIRE_FALSE(readExerciseProgress(fresh, progress));
  CHECK(fresh.progress["smo-first-pair"].solved);
  CHECK(fresh.progress["smo-first-pair"].attempts == 3);
  CHECK(readExerciseProgress(fresh, parsed(R"({"a":{"solved":"yes"}})")) ==
        std::optional<std::string>("$.a.solved: expected true or false"));
  CHECK(fresh.progress.size() == 1);  // unchanged by the refused read
  const JsonValue list = exerciseListJson(*app);
  CHECK(list.items().size() == builtinExercises().size());
  REQUIRE(router.dispatch(std::string_view(R"({"type":"resetExerciseProgress"})")).ok());
  CHECK(app->exercise.progress.empty());

  // The address parameter exercise=<id>.
  auto fromUrl = std::make_unique<AppState>();
  CHECK(applyUrlParams(*fromUrl, parseUrlParams("exercise=hand-solved-alpha")).empty());
  REQUIRE(fromUrl->exercise.open);
  CHECK(fromUrl->exercise.open->id == "hand-solved-alpha");
}

TEST_CASE("Exercises: instructor mode makes one on the canvas as it is; it round-trips its link",
          "[app][exercise]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  // The teacher sets up the canvas with the lab's own actions (Live off: a "next pair" question
  // needs a solver that is not re-converged after every edit) ...
  REQUIRE(router.dispatch(std::string_view(R"({"type":"setLive","on":false})")).ok());
  REQUIRE(router.dispatch(std::string_view(R"({"type":"preset","name":"blobs"})")).ok());
  REQUIRE(router.dispatch(std::string_view(R"({"type":"setC","C":1})")).ok());
  REQUIRE(router.dispatch(std::string_view(R"({"type":"step","n":3})")).ok());
  const std::string canvas = sessionToJson(app->lab);
  // ... and describes the exercise without a session: it is made on that canvas.
  REQUIRE(router
              .dispatch(std::string_view(
                  R"({"type":"openExercise","exercise":{"id":"teacher-1","title":"Next pair",)"
                  R"("section":"003","prompt":"Which pair comes next?","hints":["Look at I_up."],)"
                  R"("locks":["kernel","C","data","step"],"goal":{"kind":"smoPair"}}})"))
              .ok());
  REQUIRE(app->exercise.open);
  CHECK(writeJson(app->exercise.open->session) == canvas);
  CHECK(app->exercise.open->mode == Mode::Svm);
  CHECK(app->page.locks.has(LockedControl::Step));
  // Its link opens exactly it in another app: the same definition, the same canvas.
  const AppLinkParse link = parseAppShareHash(exerciseShareHash(*app));
  REQUIRE(link.ok());
  auto student = std::make_unique<AppState>();
  REQUIRE_FALSE(applyAppLink(*student, *link.link));
  for (int k = 0; k < 1000 && student->lab.replay; ++k) advance(student->lab, 0.1, 100);
  REQUIRE(student->exercise.open);
  CHECK(writeJson(exerciseJson(*student->exercise.open)) ==
        writeJson(exerciseJson(*app->exercise.open)));
  CHECK(sessionToJson(student->lab) == canvas);
  // And the student's answer is checked there: the pair SMO takes from step 3.
  SmoSolver solver = student->lab.history->current();
  const SmoStep next = solver.step();
  REQUIRE(next.updated);
  CHECK(submitExerciseAnswer(
            *student, parsed("[" + std::to_string(next.i) + "," + std::to_string(next.j) + "]"))
            .solved);
}

TEST_CASE("Exercises: closing one gives the student's Live setting back", "[app][exercise]") {
  // Every built-in exercise sets Live as its question needs; closing restores hers, on or off.
  for (const bool liveBefore : {true, false}) {
    for (const Exercise& e : builtinExercises()) {
      INFO(e.id << ", Live " << liveBefore);
      auto app = std::make_unique<AppState>();
      REQUIRE_FALSE(apply(app->lab, action::SetLive{liveBefore}, false));
      REQUIRE_FALSE(openExercise(*app, e, true));
      closeExercise(*app);
      CHECK(app->lab.live.on == liveBefore);
      CHECK_FALSE(app->page.locks.any());
    }
  }
  // Opened from another exercise: the Live of before the first is the one given back.
  auto app = std::make_unique<AppState>();
  REQUIRE_FALSE(apply(app->lab, action::SetLive{true}, false));
  REQUIRE_FALSE(openExercise(*app, *findBuiltinExercise("smo-first-pair"), true));
  const bool inExercise = app->lab.live.on;
  REQUIRE_FALSE(openExercise(*app, *findBuiltinExercise("hand-solved-alpha"), true));
  closeExercise(*app);
  CHECK(app->lab.live.on);
  CHECK_FALSE(inExercise);  // the pair question steps one update at a time: Live off
}
