#include "session/action_json.hpp"
#include "io/session_json.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using namespace kpg::app;

namespace {

std::string run(LabState& lab, const std::string& json) {
  return dispatchJson(lab, json);
}

bool ok(const std::string& result) {
  return result.rfind("{\"ok\":true", 0) == 0;
}

}  // namespace

TEST_CASE("Actions JSON: every action type is dispatched", "[app][actions]") {
  LabState lab = makeLabState();
  CHECK(ok(run(lab, R"({"type":"setLive","on":false})")));  // edits reset to step 0
  CHECK_FALSE(lab.live.on);
  CHECK(ok(run(lab, R"({"type":"preset","name":"perceptron"})")));
  CHECK(lab.data.points(1, 0) == 4);
  CHECK(ok(run(lab, R"({"type":"generate","name":"xor","count":12,"noise":0.1,"seed":3})")));
  CHECK(lab.pointCount() == 12);
  CHECK(ok(run(lab, R"({"type":"setKernel","kernel":"rbf","gamma":0.5})")));
  CHECK(lab.params.kernel == KernelParams::rbf(0.5));
  CHECK(
      ok(run(lab, R"({"type":"setKernel","kernel":"polynomial","gamma":1,"coef0":1,"degree":2})")));
  CHECK(lab.params.kernel == KernelParams::polynomial(1, 1, 2));
  CHECK(ok(run(lab, R"({"type":"setC","C":10})")));
  CHECK(lab.params.c == 10);
  CHECK(ok(run(lab, R"({"type":"setC","C":"inf"})")));
  CHECK(lab.params.hardMargin());
  CHECK(ok(run(lab, R"({"type":"setC","C":5})")));
  CHECK(ok(run(lab, R"({"type":"setEps","eps":0.0001})")));
  CHECK(lab.params.eps == 1e-4);
  CHECK(ok(run(lab, R"({"type":"setRule","rule":"first-order"})")));
  CHECK(lab.params.rule == SelectionRule::FirstOrder);
  CHECK(ok(run(lab, R"({"type":"setBias","rule":"average"})")));
  CHECK(lab.params.bias == BiasRule::AverageOverSupportVectors);
  CHECK(ok(run(lab, R"({"type":"setMaxSteps","maxSteps":500})")));
  CHECK(lab.params.maxSteps == 500);
  CHECK(ok(run(lab, R"({"type":"step","n":3})")));
  CHECK(lab.stepCount() == 3);
  CHECK(ok(run(lab, R"({"type":"step"})")));
  CHECK(lab.stepCount() == 4);
  CHECK(ok(run(lab, R"({"type":"stepBack","n":2})")));
  CHECK(lab.stepCount() == 2);
  CHECK(ok(run(lab, R"({"type":"seek","step":3})")));
  CHECK(lab.stepCount() == 3);
  CHECK(ok(run(lab, R"({"type":"setSpeed","stepsPerSecond":20})")));
  CHECK(lab.playback.stepsPerSecond == 20);
  CHECK(ok(run(lab, R"({"type":"run"})")));
  CHECK(lab.playback.running);
  CHECK(ok(run(lab, R"({"type":"pause"})")));
  CHECK_FALSE(lab.playback.running);
  CHECK(run(lab, R"({"type":"runToConvergence","budgetMs":5000})") == R"({"ok":true,"done":true})");
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK(ok(run(lab, R"({"type":"reset"})")));
  CHECK(lab.stepCount() == 0);
  CHECK(ok(run(lab, R"({"type":"addPoint","x":0.5,"y":-0.5,"label":-1})")));
  CHECK(lab.pointCount() == 13);
  CHECK(lab.data.labels(12) == -1);
  CHECK(ok(run(lab, R"({"type":"movePoint","index":12,"x":2,"y":2})")));
  CHECK(lab.data.points(12, 0) == 2);
  CHECK(ok(run(lab, R"({"type":"setLabel","index":12,"label":1})")));
  CHECK(lab.data.labels(12) == 1);
  CHECK(ok(run(lab, R"({"type":"deletePoint","index":12})")));
  CHECK(lab.pointCount() == 12);
  CHECK(ok(run(lab, R"({"type":"undo"})")));
  CHECK(lab.pointCount() == 13);
  CHECK(ok(run(lab, R"({"type":"redo"})")));
  CHECK(lab.pointCount() == 12);
  CHECK(ok(run(lab, R"({"type":"clearPoints"})")));
  CHECK(lab.pointCount() == 0);
  CHECK(ok(run(lab, R"({"type":"setView","xMin":-3,"xMax":3,"yMin":-2,"yMax":2})")));
  CHECK(lab.view.xMin == -3);
  const std::uint64_t id = postNotice(lab, NoticeKind::Info, "hello");
  CHECK(ok(run(lab, R"({"type":"dismissNotice","id":)" + std::to_string(id) + "}")));
  CHECK(lab.notices.empty());
  CHECK(ok(run(lab, R"({"type":"dismissNotice"})")));
  const std::string session = sessionToJson(makeLabState());
  CHECK(ok(run(lab, R"({"type":"loadSession","session":)" + session + "}")));
  CHECK(lab.pointCount() == 3);
  CHECK(ok(run(lab, R"({"type":"loadSession","json":)" + jsonQuote(session) + "}")));
}

TEST_CASE("Actions JSON: bad actions are errors naming the field", "[app][actions]") {
  LabState lab = makeLabState();
  const std::string before = sessionToJson(lab);
  const std::pair<const char*, const char*> cases[] = {
      {"[1]", "an action must be an object"},
      {R"({"n":1})", "$.type: missing"},
      {R"({"type":"explode"})", "$.type: unknown action \"explode\""},
      {R"({"type":"step","n":0})", "$.n: must be between"},
      {R"({"type":"step","n":"3"})", "$.n: expected a number"},
      {R"({"type":"step","count":3})", "$: unknown key \"count\""},
      {R"({"type":"setC","C":0})", "C must be between"},
      {R"({"type":"setC","C":1e400})", "out of range"},
      {R"({"type":"setC"})", "$.C: missing"},
      {R"({"type":"setKernel","kernel":"rbf","gamma":"big"})", "$.gamma: expected a number"},
      {R"({"type":"setKernel","kernel":"magic"})", "$.kernel: unknown kernel"},
      {R"({"type":"addPoint","x":1,"y":2})", "$.label: missing"},
      {R"({"type":"addPoint","x":1,"y":2,"label":0})", "$.label: must be 1 or -1"},
      {R"({"type":"addPoint","x":1e7,"y":2,"label":1})", "within ±1e6"},
      {R"({"type":"deletePoint","index":99})", "no point with index 99"},
      {R"({"type":"preset","name":"<img src=x onerror=alert(1)>"})",
       "unknown preset '<img src=x onerror=alert(1)>'"},
      {R"({"type":"loadSession"})", "exactly one of"},
      {R"({"type":"loadSession","session":{"v":1}})", "$.session.points: missing"},
      {R"({"type":"step","n":1,"n":2})", "duplicate key"},
  };
  for (const auto& [json, message] : cases) {
    INFO(json);
    const std::string result = run(lab, json);
    CHECK(result.rfind("{\"ok\":false,\"error\":", 0) == 0);
    const JsonParse parsed = parseJson(result);
    REQUIRE(parsed.ok());
    CHECK(parsed.value->find("error")->asString().find(message) != std::string::npos);
    CHECK(sessionToJson(lab) == before);
  }
  CHECK(lab.notices.empty());  // dispatch returns errors to the caller
}

TEST_CASE("State JSON: carries alpha, bias, the step record and counts", "[app][actions]") {
  LabState lab = makeLabState();
  REQUIRE(ok(run(lab, R"({"type":"step","n":1})")));
  const JsonParse state = parseJson(stateToJson(lab));
  REQUIRE(state.ok());
  const JsonValue& solver = *state.value->find("solver");
  CHECK(solver.find("step")->asNumber() == 1);
  CHECK(solver.find("alpha")->items().size() == 3);
  const JsonValue& last = *solver.find("lastStep");
  for (const char* key : {"updated",     "iteration",       "status",          "i",
                          "j",           "mAlpha",          "bigMAlpha",       "violation",
                          "gradientI",   "gradientJ",       "secondOrderGain", "eta",
                          "tauUsed",     "lower",           "upper",           "unclippedStep",
                          "step",        "alphaIBefore",    "alphaIAfter",     "alphaJBefore",
                          "alphaJAfter", "objectiveBefore", "objectiveAfter"}) {
    INFO(key);
    CHECK(last.find(key) != nullptr);
  }
  CHECK(last.find("iteration")->asNumber() == 1);
  // Hard margin: the upper end of the feasible segment may be +∞, written "inf".
  REQUIRE(ok(run(lab, R"({"type":"runToConvergence"})")));
  const JsonParse done = parseJson(stateToJson(lab));
  REQUIRE(done.ok());
  const JsonValue& s = *done.value->find("solver");
  CHECK(s.find("status")->asString() == "converged");
  CHECK(s.find("bias")->asNumber() == Approx(-1.5).margin(1e-9));
  CHECK(s.find("supportVectors")->asNumber() == 3);
  CHECK(done.value->find("session")->find("C")->asString() == "inf");
}
