// The parameter table (params/parameter_table.hpp): one range per parameter. Every row is set at
// its bounds through the UI path (the typed field's reader, parseTypedValue over controlRange,
// then what the control does with the value) and through window.kpg (the router's JSON), and the
// two must give the same state; just outside, the typed field clamps to the same bound and the
// JSON is refused with the state unchanged.
#include "params/parameter_table.hpp"

#include "data/number_text.hpp"
#include "io/action_router.hpp"
#include "io/json.hpp"
#include "io/session_json.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_state.hpp"
#include "session/action_json.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <set>
#include <string>

using namespace kpg;
using namespace kpg::app;

namespace {

// How a row reaches the state both ways: the control's action (UI) and window.kpg's JSON.
struct LabRoute {
  ParamId id;
  std::function<void(LabState&)> setUp;
  std::function<std::optional<std::string>(LabState&, double)> ui;  // what the control does
  std::function<std::string(double)> json;                          // window.kpg's action
  std::function<double(const LabState&)> read;
};

KernelParams kernelOf(KernelType type) {
  KernelParams k;
  k.type = type;
  k.gamma = 0.5;
  k.coef0 = 1;
  k.degree = 2;
  return k;
}

std::string num(double v) {
  return formatExact(v);
}

// A kernel parameter's route: the control edits one field of the lab's kernel and sends
// setKernel; window.kpg sends setKernel with the kernel's other fields as they were.
LabRoute kernelRoute(ParamId id, KernelType type, double KernelParams::*field) {
  const char* name = type == KernelType::Rbf ? "rbf" : "polynomial";
  return {id,
          [type](LabState& lab) { REQUIRE_FALSE(apply(lab, action::SetKernel{kernelOf(type)})); },
          [field](LabState& lab, double v) {
            KernelParams k = lab.params.kernel;
            k.*field = v;
            return apply(lab, action::SetKernel{k});
          },
          [id, name](double v) {
            const KernelParams k = kernelOf(KernelType::Rbf);
            std::string json = std::string(R"({"type":"setKernel","kernel":")") + name + '"';
            for (const auto& [key, value] :
                 {std::pair{ParamId::Gamma, k.gamma}, std::pair{ParamId::Coef0, k.coef0}}) {
              json += std::string(",\"") + parameter(key).key + "\":" + num(key == id ? v : value);
            }
            return json + R"(,"degree":)" + std::to_string(k.degree) + "}";
          },
          [field](const LabState& lab) { return lab.params.kernel.*field; }};
}

std::vector<LabRoute> labRoutes() {
  const auto none = [](LabState&) {};
  return {
      kernelRoute(ParamId::Gamma, KernelType::Rbf, &KernelParams::gamma),
      kernelRoute(ParamId::Coef0, KernelType::Polynomial, &KernelParams::coef0),
      // The degree is an int: its route is written out.
      {ParamId::Degree,
       [](LabState& lab) {
         REQUIRE_FALSE(apply(lab, action::SetKernel{kernelOf(KernelType::Polynomial)}));
       },
       [](LabState& lab, double v) {
         KernelParams k = lab.params.kernel;
         k.degree = static_cast<int>(v);
         return apply(lab, action::SetKernel{k});
       },
       [](double v) {
         return R"({"type":"setKernel","kernel":"polynomial","gamma":0.5,"coef0":1,"degree":)" +
                num(v) + "}";
       },
       [](const LabState& lab) { return static_cast<double>(lab.params.kernel.degree); }},
      {ParamId::C, none, [](LabState& lab, double v) { return apply(lab, action::SetC{v}); },
       [](double v) { return R"({"type":"setC","C":)" + num(v) + "}"; },
       [](const LabState& lab) { return lab.params.c; }},
      {ParamId::Eps, none, [](LabState& lab, double v) { return apply(lab, action::SetEps{v}); },
       [](double v) { return R"({"type":"setEps","eps":)" + num(v) + "}"; },
       [](const LabState& lab) { return lab.params.eps; }},
      {ParamId::MaxSteps, none,
       [](LabState& lab, double v) {
         return apply(lab, action::SetMaxSteps{static_cast<std::int64_t>(v)});
       },
       [](double v) { return R"({"type":"setMaxSteps","maxSteps":)" + num(v) + "}"; },
       [](const LabState& lab) { return static_cast<double>(lab.params.maxSteps); }},
      {ParamId::StepsPerSecond, none,
       [](LabState& lab, double v) { return apply(lab, action::SetSpeed{v}); },
       [](double v) { return R"({"type":"setSpeed","stepsPerSecond":)" + num(v) + "}"; },
       [](const LabState& lab) { return lab.playback.stepsPerSecond; }},
      {ParamId::GenerateCount, none,
       [](LabState& lab, double v) {
         return apply(lab, action::Generate{"moons", static_cast<Index>(v), 0.1, 7});
       },
       [](double v) {
         return R"({"type":"generate","name":"moons","noise":0.1,"seed":7,"count":)" + num(v) + "}";
       },
       [](const LabState& lab) { return static_cast<double>(lab.data.points.rows()); }},
      {ParamId::GenerateNoise, none,
       [](LabState& lab, double v) {
         return apply(lab, action::Generate{"moons", 40, v, 7});
       },
       [](double v) {
         return R"({"type":"generate","name":"moons","count":40,"seed":7,"noise":)" + num(v) + "}";
       },
       // The noise is not kept; the points it made are compared whole below (sessionToJson).
       [](const LabState& lab) { return static_cast<double>(lab.data.points.rows()); }},
  };
}

// What the typed field makes of `value` (its text as formatExact writes it): accepted as
// `expected`, clamped or not.
void checkTyped(ParamId id, double value, bool clamped, double expected) {
  const TypedValue typed = parseTypedValue(controlRange(id), num(value));
  REQUIRE(typed.ok);
  CHECK(typed.clamped == clamped);
  CHECK(typed.value == expected);
}

// state().mode without its revision, a counter of redraws that differs by how many rebuilds
// led to the same state.
std::string withoutRevision(const JsonValue& mode) {
  const std::string text = writeJson(mode);
  const std::size_t at = text.find(R"("revision":)");
  REQUIRE(at != std::string::npos);
  const std::size_t end = text.find(',', at);
  return text.substr(0, at) + text.substr(end + 1);
}

// A value just outside [min, max] on each side (none below a minimum of 0 for counts).
std::vector<std::pair<double, double>> outside(const ParameterSpec& p) {
  const double below = p.integer ? p.min - 1 : p.min > 0 ? p.min / 2 : p.min - 1;
  const double above = p.integer ? p.max + 1 : p.max * 2;
  return {{below, p.min}, {above, p.max}};
}

}  // namespace

TEST_CASE("Parameter table: one row per id, slider spans inside the ranges, help for each",
          "[app][params]") {
  const auto& table = parameterTable();
  std::set<std::pair<std::string, std::string>> seen;
  for (std::size_t k = 0; k < table.size(); ++k) {
    const ParameterSpec& p = table[k];
    INFO(p.key);
    CHECK(static_cast<std::size_t>(p.id) == k);
    CHECK(p.min < p.max);
    CHECK(p.sliderMin >= p.min);
    CHECK(p.sliderMax <= p.max);
    CHECK(p.sliderMin < p.sliderMax);
    if (p.logarithmic) CHECK(p.sliderMin > 0);
    CHECK(std::string(p.help).size() > 20);
    CHECK(std::string(p.label).size() > 0);
    // The slider's rungs are values the range accepts, ends included.
    const std::vector<double> ladder = sliderLadder(controlRange(p.id));
    REQUIRE(ladder.size() >= 2);
    CHECK(ladder.front() == p.sliderMin);
    CHECK(ladder.back() == p.sliderMax);
    for (double rung : ladder) CHECK_FALSE(checkParameter(p.id, rung));
  }
  CHECK(rangeWords(parameter(ParamId::C)) == "between 1e-6 and 1e6, or inf (the hard margin)");
  CHECK(rangeWords(parameter(ParamId::Degree)) == "a whole number between 1 and 20");
  CHECK(checkParameter(ParamId::Gamma, 2e6)->message ==
        "γ (gamma) must be between 0 and 1e6; got 2e+06");
  CHECK_FALSE(checkParameter(ParamId::C, INFINITY));
  CHECK(checkParameter(ParamId::Eps, INFINITY));
  CHECK(checkParameter(ParamId::Degree, 2.5));
  CHECK(checkParameter(ParamId::Gamma, NAN));
}

TEST_CASE("Parameter table: the lab's parameters at their bounds, through the UI and window.kpg",
          "[app][params]") {
  for (const LabRoute& route : labRoutes()) {
    const ParameterSpec& p = parameter(route.id);
    for (const double bound : {p.min, p.max}) {
      INFO(p.key << " = " << num(bound));
      // The typed field takes the bound as it is.
      checkTyped(route.id, bound, false, bound);
      LabState viaUi = makeLabState();
      route.setUp(viaUi);
      const auto uiError = route.ui(viaUi, bound);
      CHECK_FALSE(uiError);
      LabState viaJson = makeLabState();
      route.setUp(viaJson);
      ActionRouter router;
      addLabActions(router, viaJson);
      const ActionReply reply = router.dispatch(std::string_view(route.json(bound)));
      CHECK(reply.error == "");
      CHECK(route.read(viaUi) == route.read(viaJson));
      CHECK(sessionToJson(viaUi) == sessionToJson(viaJson));
    }
    for (const auto& [value, bound] : outside(p)) {
      INFO(p.key << " = " << num(value) << " (outside)");
      // The typed field clamps to the bound the JSON refuses beyond.
      checkTyped(route.id, value, true, bound);
      LabState lab = makeLabState();
      route.setUp(lab);
      const std::string before = sessionToJson(lab);
      ActionRouter router;
      addLabActions(router, lab);
      const ActionReply reply = router.dispatch(std::string_view(route.json(value)));
      CHECK_FALSE(reply.ok());
      CHECK(sessionToJson(lab) == before);
      // The action itself (what a control would send with the raw value) is refused too, with
      // the row's range in its words.
      const auto direct = route.ui(lab, value);
      REQUIRE(direct);
      CHECK_THAT(*direct, Catch::Matchers::Contains(rangeWords(p)));
      CHECK(sessionToJson(lab) == before);
    }
  }
}

TEST_CASE(
    "Parameter table: the methods' parameters at their bounds, through the UI and "
    "setModeParams",
    "[app][params]") {
  struct ModeRoute {
    ParamId id;
    Mode mode;
    const char* modeName;
    std::function<void(ModesState&, double)> ui;  // what the screen writes before rebuilding
    std::function<double(const ModesState&)> read;
  };
  const std::vector<ModeRoute> routes = {
      {ParamId::PerceptronLearningRate, Mode::Perceptron, "perceptron",
       [](ModesState& m, double v) { m.perceptron.params.learningRate = v; },
       [](const ModesState& m) { return m.perceptron.params.learningRate; }},
      {ParamId::PerceptronMaxEpochs, Mode::Perceptron, "perceptron",
       [](ModesState& m, double v) { m.perceptron.params.maxEpochs = static_cast<int>(v); },
       [](const ModesState& m) { return static_cast<double>(m.perceptron.params.maxEpochs); }},
      {ParamId::KnnK, Mode::Knn, "knn",
       [](ModesState& m, double v) { m.knn.k = static_cast<int>(v); },
       [](const ModesState& m) { return static_cast<double>(m.knn.k); }},
      {ParamId::KmeansK, Mode::Kmeans, "kmeans",
       [](ModesState& m, double v) { m.kmeans.k = static_cast<int>(v); },
       [](const ModesState& m) { return static_cast<double>(m.kmeans.k); }},
      {ParamId::KmeansMaxIterations, Mode::Kmeans, "kmeans",
       [](ModesState& m, double v) { m.kmeans.maxIterations = static_cast<int>(v); },
       [](const ModesState& m) { return static_cast<double>(m.kmeans.maxIterations); }},
      {ParamId::KfdMu, Mode::Kfd, "kfd", [](ModesState& m, double v) { m.kfd.mu = v; },
       [](const ModesState& m) { return m.kfd.mu; }},
      {ParamId::SvrC, Mode::Svr, "svr", [](ModesState& m, double v) { m.svr.c = v; },
       [](const ModesState& m) { return m.svr.c; }},
      {ParamId::SvrEpsilon, Mode::Svr, "svr", [](ModesState& m, double v) { m.svr.epsilon = v; },
       [](const ModesState& m) { return m.svr.epsilon; }},
      {ParamId::SvrEps, Mode::Svr, "svr", [](ModesState& m, double v) { m.svr.eps = v; },
       [](const ModesState& m) { return m.svr.eps; }},
  };
  std::set<ParamId> covered;
  for (const LabRoute& r : labRoutes()) covered.insert(r.id);
  for (const ModeRoute& r : routes) covered.insert(r.id);
  CHECK(covered.size() == parameterTable().size());  // every row is tried both ways

  LabState lab = makeLabState();
  REQUIRE_FALSE(apply(lab, action::Generate{"blobs", 24, 0.2, 5}));
  for (const ModeRoute& route : routes) {
    const ParameterSpec& p = parameter(route.id);
    const auto json = [&](double v) {
      return std::string(R"({"type":"setModeParams","mode":")") + route.modeName + R"(",")" +
             p.key + R"(":)" + num(v) + "}";
    };
    for (const double bound : {p.min, p.max}) {
      INFO(p.key << " = " << num(bound) << " in " << route.modeName);
      checkTyped(route.id, bound, false, bound);
      ModesState viaUi;
      setMode(viaUi, lab, route.mode);
      route.ui(viaUi, bound);
      invalidateMode(viaUi, route.mode);
      ensureBuilt(viaUi, lab);
      ModesState viaJson;
      setMode(viaJson, lab, route.mode);
      ActionRouter router;
      addModeActions(router, viaJson, lab);
      CHECK(router.dispatchJson(json(bound)) == R"({"ok":true})");
      ensureBuilt(viaJson, lab);
      CHECK(route.read(viaUi) == bound);
      CHECK(route.read(viaJson) == bound);
      CHECK(withoutRevision(modeStateJson(viaUi, lab)) ==
            withoutRevision(modeStateJson(viaJson, lab)));
    }
    for (const auto& [value, bound] : outside(p)) {
      INFO(p.key << " = " << num(value) << " (outside) in " << route.modeName);
      checkTyped(route.id, value, true, bound);
      ModesState modes;
      setMode(modes, lab, route.mode);
      const double before = route.read(modes);
      ActionRouter router;
      addModeActions(router, modes, lab);
      CHECK(router.dispatchJson(json(value)).rfind(R"({"ok":false)", 0) == 0);
      CHECK(route.read(modes) == before);
    }
  }
}
