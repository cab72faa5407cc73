// window.kpg's one router (io/action_router.hpp): parse once, dispatch on "type" through one
// table; an unknown type or a malformed action is refused with the JSON path of the fault and
// changes nothing (architecture review change 6, docs/bad-inputs.md W3).
#include "io/action_router.hpp"
#include "io/session_json.hpp"
#include "session/action_json.hpp"
#include "session/app_actions.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::app;

namespace {

// The lab's router plus an extra table, as js_bridge.cpp builds it with the modes and tutorials.
struct Fixture {
  LabState lab = makeLabState();
  ActionRouter router;
  int extraCalls = 0;
  Fixture() {
    addLabActions(router, lab);
    router.add("extraAction", [this](const JsonValue& v) {
      ++extraCalls;
      // The handler receives the parsed object, type included.
      CHECK(v.find("type")->asString() == "extraAction");
      return ActionReply::done(v.find("finish") != nullptr);
    });
  }
};

}  // namespace

TEST_CASE("Router: one table spans several owners; each name is registered once", "[app][router]") {
  Fixture f;
  CHECK(f.router.dispatchJson(R"({"type":"extraAction","finish":1})") ==
        R"({"ok":true,"done":true})");
  CHECK(f.router.dispatchJson(R"({"type":"extraAction"})") == R"({"ok":true,"done":false})");
  CHECK(f.extraCalls == 2);
  // A second registration of a name is refused and the first handler stays.
  CHECK_FALSE(f.router.add("step", [](const JsonValue&) { return ActionReply::failed("shadow"); }));
  CHECK(f.router.dispatchJson(R"({"type":"step"})").rfind(R"({"ok":true)", 0) == 0);
  CHECK(f.lab.stepCount() == 1);
  // Every lab action of README "window.kpg" is in the table.
  for (const char* name :
       {"preset",        "generate",    "setKernel",   "setC",      "setEps",
        "setRule",       "setBias",     "setMaxSteps", "step",      "stepBack",
        "seek",          "run",         "pause",       "setSpeed",  "runToConvergence",
        "cancelReplay",  "reset",       "addPoint",    "movePoint", "deletePoint",
        "setLabel",      "clearPoints", "undo",        "redo",      "setView",
        "dismissNotice", "loadSession", "setLive"}) {
    INFO(name);
    CHECK(f.router.has(name));
  }
  CHECK(f.router.types().size() == 29);
}

TEST_CASE("Router: refused actions name the JSON path of the fault and change nothing",
          "[app][router]") {
  Fixture f;
  f.router.dispatchJson(R"({"type":"preset","name":"moons"})");
  f.router.dispatchJson(R"({"type":"step","n":7})");
  const std::string before = stateToJson(f.lab);
  const std::string session = sessionToJson(f.lab);
  struct Case {
    const char* action;
    const char* errorStart;
  };
  const std::vector<Case> cases = {
      {R"({"type":"bogus"})", R"($.type: unknown action "bogus")"},
      {R"({"type":"<img src=x onerror=1>"})", R"($.type: unknown action "<img src=x onerror=1>")"},
      {R"({"n":3})", "$.type: missing"},
      {R"({"type":3})", "$.type: expected a string"},
      {R"([1,2])", "$: an action must be an object"},
      {R"("step")", "$: an action must be an object"},
      {R"({"type":"step",)", "$: not valid JSON at byte 15"},
      {R"({"type":"step","type":"run"})", "$: not valid JSON at byte 15: duplicate key"},
      {R"({"type":"step","n":NaN})", "$: not valid JSON at byte 19: NaN and Infinity"},
      {R"({"type":"step","n":1e400})", "$: not valid JSON at byte 19: number out of range"},
      {R"({"type":"step","n":0})", "$.n: "},
      {R"({"type":"step","n":-5})", "$.n: "},
      {R"({"type":"step","n":9223372036854775808})", "$.n: "},
      {R"({"type":"step","n":1.5})", "$.n: "},
      {R"({"type":"step","n":"3"})", "$.n: "},
      {R"({"type":"step","extra":1})", R"($: unknown key "extra")"},
      {R"({"type":"seek","step":100000})", "$.step: step 100000 is outside the recorded range"},
      {R"({"type":"setC","C":"big"})", "$.C: "},
      {R"({"type":"setC","C":1e300})", "$.C: C must be between 1e-6 and 1e6"},
      {R"({"type":"setKernel","kernel":"polynomial","degree":50})", "$.degree: "},
      {R"({"type":"deletePoint","index":4999})", "$.index: no point with index 4999"},
      {R"({"type":"preset","name":"nope"})", "$.name: unknown preset 'nope'"},
      {R"({"type":"undo","n":1})", R"($: unknown key "n")"},
      {R"({"type":"setKernel","kernel":"rbf","gamma":-1})", "$.gamma: "},
      {R"({"type":"addPoint","x":1,"y":2,"label":0})", "$.label: must be 1 or -1"},
      {R"({"type":"addPoint","x":1,"label":1})", "$.y: missing"},
      {R"({"type":"deletePoint","index":100000})", "$.index: "},
      {R"({"type":"setView","xMin":0,"xMax":1,"yMin":0,"yMax":"1"})", "$.yMax: expected a number"},
      {R"({"type":"loadSession"})", "$: loadSession needs exactly one of"},
      {R"({"type":"loadSession","json":"{]"})", "$.json: not valid JSON at byte 1"},
      {R"({"type":"loadSession","session":{"v":2}})", "$.session.v: unsupported session version 2"},
      {R"({"type":"loadSession","session":{"v":1,"points":[[0,0,3]],"kernel":{"type":"linear"},"C":1,"eps":0.001}})",
       "$.session.points[0][2]: label must be 1 or -1"},
      {R"({"type":"loadSession","session":[]})", "$.session: expected an object"},
  };
  for (const Case& c : cases) {
    INFO(c.action);
    const ActionReply reply = f.router.dispatch(std::string_view(c.action));
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error.rfind(c.errorStart, 0) == 0);
    INFO(reply.error);
    CHECK(writeJson(replyJson(reply)) == R"({"ok":false,"error":)" + jsonQuote(reply.error) + "}");
    CHECK(stateToJson(f.lab) == before);
    CHECK(sessionToJson(f.lab) == session);
  }
  CHECK(f.extraCalls == 0);
}

TEST_CASE("Router: 64 levels of nesting are read, 65 refused before any handler", "[app][router]") {
  Fixture f;
  const std::string before = stateToJson(f.lab);
  std::string deep = R"({"type":"extraAction","x":)";
  for (int k = 0; k < 70; ++k) deep += "[";
  for (int k = 0; k < 70; ++k) deep += "]";
  deep += "}";
  const ActionReply reply = f.router.dispatch(std::string_view(deep));
  REQUIRE_FALSE(reply.ok());
  CHECK(reply.error.find("nesting deeper than 64 levels") != std::string::npos);
  CHECK(f.extraCalls == 0);
  CHECK(stateToJson(f.lab) == before);
}

TEST_CASE("Router: the application's table spans the lab, the modes and the tutorials",
          "[app][router]") {
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  for (const char* name : {"step", "cancelReplay", "loadSession", "setMode", "modeStep",
                           "modeStepBack", "modeSeek", "modeRun", "modePreset", "setModeParams",
                           "openTutorial", "tutorialNext", "closeTutorial", "tutorialTryIt"}) {
    INFO(name);
    CHECK(router.has(name));
  }
  // 28 lab actions (setLive included), 11 mode actions (setModeSpeed included), 2 of the
  // feature space's own (setFeatureSpace, featureSpaceCamera), 6 tutorial actions, 7 file actions
  // (importData, chooseImport, choosePreview, confirmImport, cancelImport, exportData,
  // exportModel: session/file_actions.hpp), 5 exercise
  // actions (openExercise, submitAnswer, exerciseHint, closeExercise, resetExerciseProgress:
  // exercises/exercise_state.hpp), showClassRegions (session/class_regions.hpp), each registered
  // once.
  CHECK(router.types().size() == 60);

  // The mode Run's speed goes through the parameter table's steps/s row, as the lab's does.
  CHECK(router.dispatchJson(R"({"type":"setModeSpeed","stepsPerSecond":12.5})") ==
        R"({"ok":true})");
  CHECK(app->modes.playback.stepsPerSecond == 12.5);
  const std::string tooFast =
      router.dispatchJson(R"({"type":"setModeSpeed","stepsPerSecond":2e6})");
  CHECK(tooFast.find("$.stepsPerSecond") != std::string::npos);
  CHECK(app->modes.playback.stepsPerSecond == 12.5);

  // Handlers act on the application state that state() reports.
  REQUIRE(router.dispatchJson(R"({"type":"preset","name":"perceptron"})") == R"({"ok":true})");
  REQUIRE(router.dispatchJson(R"({"type":"setMode","mode":"perceptron"})") == R"({"ok":true})");
  REQUIRE(router.dispatchJson(R"({"type":"modeStep","n":2})") == R"({"ok":true})");
  const std::string before = writeJson(appStateJson(*app));
  CHECK(before.find(R"("name":"perceptron")") != std::string::npos);
  // A refused mode rewind, a refused tutorial page and an unknown mode change nothing anywhere.
  for (const char* refused :
       {R"({"type":"modeSeek"})", R"({"type":"modeStepBack","n":0})",
        R"({"type":"openTutorial","id":"nope"})", R"({"type":"setMode","mode":"svm2"})"}) {
    INFO(refused);
    CHECK(router.dispatchJson(refused).rfind(R"({"ok":false,"error":"$)", 0) == 0);
    CHECK(writeJson(appStateJson(*app)) == before);
  }
}

TEST_CASE("Router: an imported session brings the open tutorial up to date at once",
          "[app][router]") {
  // With a tutorial open on the notes' data, importing a session used to leave the tutorial's
  // derived state (source, data note, try-it) stale until the next dispatch, so that a refused
  // action then changed state(): the property every refusal must keep.
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  REQUIRE(router.dispatchJson(R"({"type":"openTutorial","id":"kernel-perceptron","page":0})")
              .rfind(R"({"ok":true)", 0) == 0);
  // A student's own ten points, saved elsewhere.
  LabState source = makeLabState();
  for (int k = 0; k < 10; ++k) {
    const int label = k % 2 == 0 ? 1 : -1;
    REQUIRE_FALSE(app::apply(source, LabAction{action::AddPoint{0.1 * k, 0.5 * label, label}}));
  }
  const std::string saved = sessionToJson(source);

  const ActionReply reply = importSessionInto(*app, saved, "import session file");
  REQUIRE(reply.ok());
  const std::string imported = writeJson(appStateJson(*app));
  // What any later action would derive is there already: a refused action changes nothing.
  const std::string refused = router.dispatchJson(R"({"type":"dismissNotice","C":-1})");
  CHECK(refused.rfind(R"({"ok":false)", 0) == 0);
  CHECK(writeJson(appStateJson(*app)) == imported);
  // And the tutorial an accepted action leaves is the one the import showed.
  const auto tutorialOf = [&app] { return writeJson(*appStateJson(*app).find("tutorial")); };
  const std::string tutorial = tutorialOf();
  CHECK(tutorial.find(R"("source":"canvas")") != std::string::npos);
  REQUIRE(router.dispatchJson(R"({"type":"pause"})").rfind(R"({"ok":true)", 0) == 0);
  CHECK(tutorialOf() == tutorial);

  // A refused import (not a session) posts its notice and changes nothing else.
  const std::size_t notices = app->lab.notices.size();
  const ActionReply bad = importSessionInto(*app, "{\"v\":", "import session file");
  CHECK_FALSE(bad.ok());
  CHECK(app->lab.notices.size() == notices + 1);
  CHECK(app->lab.notices.back().text.rfind("could not import session file: ", 0) == 0);
}
