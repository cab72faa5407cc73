#include "session/action_json.hpp"

#include "io/action_router.hpp"
#include "io/schema.hpp"
#include "io/session_json.hpp"

namespace kpg::app {
namespace {

ActionParse failed(std::string error) {
  ActionParse result;
  result.error = std::move(error);
  return result;
}

}  // namespace

ActionParse parseAction(std::string_view json) {
  const JsonParse parsed = parseJson(json);
  if (!parsed.ok()) {
    return failed("$: not valid JSON at byte " + std::to_string(parsed.error.offset) + ": " +
                  parsed.error.message);
  }
  return parseAction(*parsed.value);
}

namespace {

// One action's fields, read with the JSON paths of their errors ("$.n: ...").
struct Fields {
  const JsonValue& v;
  SchemaReader r;

  bool keys(std::initializer_list<std::string_view> allowed) { return r.object(v, "$", allowed); }
  const JsonValue& need(const char* key) {
    static const JsonValue kNull;
    const JsonValue* x = r.required(v, "$", key);
    return x ? *x : kNull;
  }
  std::string path(const char* key) const { return std::string("$.") + key; }
  // A step count: 1 when omitted.
  std::int64_t count(const char* key) {
    const JsonValue* n = v.find(key);
    if (!n) return 1;
    return r.integer(*n, path(key), 1, kMaxMaxSteps).value_or(1);
  }
  double coordinate(const char* key) {
    // Range errors for points are the lab's (W9 messages); here only the type.
    return r.number(need(key), path(key), -1e308, 1e308).value_or(0);
  }
  int label() {
    const auto l = r.integer(need("label"), "$.label", -1, 1).value_or(0);
    if (r.ok() && l == 0) r.fail("$.label", "must be 1 or -1");
    return static_cast<int>(l);
  }
  Index index() {
    return static_cast<Index>(r.integer(need("index"), "$.index", 0, kMaxLabPoints).value_or(0));
  }
  std::string name(const char* key, std::size_t maxLength = 32) {
    return r.string(need(key), path(key), maxLength).value_or("");
  }
};

using Parser = LabAction (*)(Fields&);

LabAction preset(Fields& f) {
  f.keys({"type", "name"});
  return action::LoadPreset{f.name("name")};
}
LabAction generate(Fields& f) {
  f.keys({"type", "name", "count", "noise", "seed"});
  action::Generate g;
  g.name = f.name("name");
  if (const JsonValue* c = f.v.find("count"))
    g.count = static_cast<Index>(f.r.parameter(*c, "$.count", ParamId::GenerateCount).value_or(0));
  if (const JsonValue* n = f.v.find("noise"))
    g.noise = f.r.parameter(*n, "$.noise", ParamId::GenerateNoise).value_or(0);
  if (const JsonValue* s = f.v.find("seed")) {
    g.seed = static_cast<std::uint64_t>(f.r.integer(*s, "$.seed", 0, 9007199254740991).value_or(0));
  }
  return g;
}
LabAction setKernel(Fields& f) {
  f.keys({"type", "kernel", "gamma", "coef0", "degree"});
  return action::SetKernel{f.r.kernelFields(f.v, "$", "kernel").value_or(KernelParams{})};
}
LabAction setC(Fields& f) {
  f.keys({"type", "C"});
  return action::SetC{f.r.cValue(f.need("C"), "$.C").value_or(1)};
}
LabAction setEps(Fields& f) {
  f.keys({"type", "eps"});
  return action::SetEps{f.r.parameter(f.need("eps"), "$.eps", ParamId::Eps).value_or(1)};
}
LabAction setRule(Fields& f) {
  f.keys({"type", "rule"});
  const auto rule = selectionRuleFromName(f.name("rule"));
  if (f.r.ok() && !rule) f.r.fail("$.rule", "must be \"first-order\" or \"second-order\"");
  return action::SetRule{rule.value_or(SelectionRule::SecondOrder)};
}
LabAction setBias(Fields& f) {
  f.keys({"type", "rule"});
  const auto rule = biasRuleFromName(f.name("rule"));
  if (f.r.ok() && !rule) f.r.fail("$.rule", "must be \"libsvm\" or \"average\"");
  return action::SetBiasRule{rule.value_or(BiasRule::Libsvm)};
}
LabAction setMaxSteps(Fields& f) {
  f.keys({"type", "maxSteps"});
  return action::SetMaxSteps{static_cast<std::int64_t>(
      f.r.parameter(f.need("maxSteps"), "$.maxSteps", ParamId::MaxSteps).value_or(1))};
}
LabAction step(Fields& f) {
  f.keys({"type", "n"});
  return action::Step{f.count("n")};
}
LabAction stepBack(Fields& f) {
  f.keys({"type", "n"});
  return action::StepBack{f.count("n")};
}
LabAction seek(Fields& f) {
  f.keys({"type", "step"});
  return action::Seek{f.r.integer(f.need("step"), "$.step", 0, kMaxMaxSteps).value_or(0)};
}
template <class Action>
LabAction bare(Fields& f) {
  f.keys({"type"});
  return Action{};
}
LabAction setSpeed(Fields& f) {
  f.keys({"type", "stepsPerSecond"});
  return action::SetSpeed{
      f.r.parameter(f.need("stepsPerSecond"), "$.stepsPerSecond", ParamId::StepsPerSecond)
          .value_or(0)};
}
LabAction runToConvergence(Fields& f) {
  f.keys({"type", "budgetMs"});
  action::RunToConvergence a;
  if (const JsonValue* b = f.v.find("budgetMs"))
    a.budgetMs = f.r.number(*b, "$.budgetMs", 0, 60000).value_or(0);
  return a;
}
LabAction addPoint(Fields& f) {
  f.keys({"type", "x", "y", "label"});
  action::AddPoint a;
  a.x = f.coordinate("x");
  a.y = f.coordinate("y");
  a.label = f.label();
  return a;
}
LabAction movePoint(Fields& f) {
  f.keys({"type", "index", "x", "y"});
  action::MovePoint a;
  a.index = f.index();
  a.x = f.coordinate("x");
  a.y = f.coordinate("y");
  return a;
}
LabAction deletePoint(Fields& f) {
  f.keys({"type", "index"});
  return action::DeletePoint{f.index()};
}
LabAction setLabel(Fields& f) {
  f.keys({"type", "index", "label"});
  action::SetLabel a;
  a.index = f.index();
  a.label = f.label();
  return a;
}
LabAction setView(Fields& f) {
  f.keys({"type", "xMin", "xMax", "yMin", "yMax"});
  ViewWindow w;
  w.xMin = f.r.number(f.need("xMin"), "$.xMin", -1e7, 1e7).value_or(0);
  w.xMax = f.r.number(f.need("xMax"), "$.xMax", -1e7, 1e7).value_or(0);
  w.yMin = f.r.number(f.need("yMin"), "$.yMin", -1e7, 1e7).value_or(0);
  w.yMax = f.r.number(f.need("yMax"), "$.yMax", -1e7, 1e7).value_or(0);
  return action::SetView{w};
}
LabAction dismissNotice(Fields& f) {
  f.keys({"type", "id"});
  std::uint64_t id = 0;
  if (const JsonValue* i = f.v.find("id")) {
    id = static_cast<std::uint64_t>(f.r.integer(*i, "$.id", 0, 9007199254740991).value_or(0));
  }
  return action::DismissNotice{id};
}
LabAction setLive(Fields& f) {
  f.keys({"type", "on"});
  const JsonValue& on = f.need("on");
  if (f.r.ok() && !on.isBool()) f.r.fail("$.on", "expected true or false");
  return action::SetLive{f.r.ok() && on.asBool()};
}
LabAction loadSession(Fields& f) {
  if (!f.keys({"type", "session", "json"})) return action::Reset{};
  const JsonValue* object = f.v.find("session");
  const JsonValue* text = f.v.find("json");
  if ((object != nullptr) == (text != nullptr)) {
    f.r.fail("$",
             "loadSession needs exactly one of \"session\" (an object) or \"json\" (a string)");
    return action::Reset{};
  }
  SessionParse session;
  if (object) {
    session = parseSession(*object);
    if (!session.ok()) {
      // Paths inside the session object: "$.points[3][2]: …" → "$.session.points[3][2]: …".
      const std::string& e = session.error;
      const std::size_t colon = e.find(": ");
      if (e.rfind("$", 0) == 0 && colon != std::string::npos) {
        f.r.fail("$.session" + e.substr(1, colon - 1), e.substr(colon + 2));
      } else {
        f.r.fail("$.session", e);
      }
      return action::Reset{};
    }
  } else {
    if (!text->isString()) {
      f.r.fail("$.json", "expected a string");
      return action::Reset{};
    }
    session = parseSession(text->asString());
    if (!session.ok()) {
      f.r.fail("$.json", session.error);
      return action::Reset{};
    }
  }
  return *session.session;
}

// The lab's actions: the one table of their names (README "window.kpg", action_json.hpp).
struct LabActionEntry {
  const char* type;
  Parser parse;
};
constexpr LabActionEntry kLabActions[] = {
    {"preset", preset},
    {"generate", generate},
    {"setKernel", setKernel},
    {"setC", setC},
    {"setEps", setEps},
    {"setRule", setRule},
    {"setBias", setBias},
    {"setMaxSteps", setMaxSteps},
    {"step", step},
    {"stepBack", stepBack},
    {"seek", seek},
    {"run", bare<action::Run>},
    {"pause", bare<action::Pause>},
    {"setSpeed", setSpeed},
    {"runToConvergence", runToConvergence},
    {"cancelReplay", bare<action::CancelReplay>},
    {"reset", bare<action::Reset>},
    {"addPoint", addPoint},
    {"movePoint", movePoint},
    {"deletePoint", deletePoint},
    {"setLabel", setLabel},
    {"clearPoints", bare<action::ClearPoints>},
    {"undo", bare<action::Undo>},
    {"redo", bare<action::Redo>},
    {"setView", setView},
    {"dismissNotice", dismissNotice},
    {"loadSession", loadSession},
    {"setLive", setLive},
};

ActionParse parseWith(Parser parse, const JsonValue& v) {
  Fields fields{v, {}};
  LabAction action = parse(fields);
  if (!fields.r.ok()) return failed(fields.r.error());
  ActionParse result;
  result.action = std::move(action);
  return result;
}

// The JSON path of a field the lab refused (apply() speaks of parameters: "c: C must be …").
std::string faultPath(const LabAction& action, const std::string& error) {
  static const std::pair<std::string_view, std::string_view> kParameters[] = {
      {"c: ", "$.C"},          {"eps: ", "$.eps"},     {"maxSteps: ", "$.maxSteps"},
      {"gamma: ", "$.gamma"},  {"coef0: ", "$.coef0"}, {"degree: ", "$.degree"},
      {"kernel: ", "$.kernel"}};
  const bool session = std::holds_alternative<action::LoadSession>(action);
  for (const auto& [prefix, path] : kParameters) {
    if (error.rfind(prefix, 0) == 0) {
      const std::string field(path.substr(1));
      if (!session) return std::string(path) + ": " + error.substr(prefix.size());
      return "$.session" +
             (field == ".gamma" || field == ".coef0" || field == ".degree" ? ".kernel" + field
                                                                           : field) +
             ": " + error.substr(prefix.size());
    }
  }
  if (error.rfind("no point with index", 0) == 0) return "$.index: " + error;
  if (std::holds_alternative<action::Seek>(action)) return "$.step: " + error;
  if (std::holds_alternative<action::LoadPreset>(action) ||
      (std::holds_alternative<action::Generate>(action) && error.rfind("unknown", 0) == 0)) {
    return "$.name: " + error;
  }
  return "$: " + error;
}

// Applies a parsed lab action; {"done": false} when it goes on over the next frames (Run to
// convergence, a replay).
ActionReply applyLabAction(LabState& lab, const LabAction& action) {
  if (auto error = apply(lab, action, false)) return ActionReply::failed(faultPath(action, *error));
  const bool continues = std::holds_alternative<action::RunToConvergence>(action)
                             ? lab.playback.untilConverged
                             : lab.replay.has_value();
  if (std::holds_alternative<action::RunToConvergence>(action) ||
      std::holds_alternative<action::Step>(action) ||
      std::holds_alternative<action::StepBack>(action) ||
      std::holds_alternative<action::Seek>(action) ||
      std::holds_alternative<action::LoadSession>(action)) {
    return ActionReply::done(!continues);
  }
  return ActionReply{};
}

}  // namespace

ActionParse parseAction(const JsonValue& v) {
  if (!v.isObject()) return failed("$: an action must be an object with a \"type\"");
  const JsonValue* typeValue = v.find("type");
  if (!typeValue || !typeValue->isString()) return failed("$.type: missing or not a string");
  for (const LabActionEntry& entry : kLabActions) {
    if (typeValue->asString() == entry.type) return parseWith(entry.parse, v);
  }
  return failed("$.type: unknown action " + jsonQuote(typeValue->asString().substr(0, 64)));
}

void addLabActions(ActionRouter& router, LabState& lab) {
  for (const LabActionEntry& entry : kLabActions) {
    const Parser parse = entry.parse;
    router.add(entry.type, [&lab, parse](const JsonValue& v) {
      const ActionParse parsed = parseWith(parse, v);
      if (!parsed.ok()) return ActionReply::failed(parsed.error);
      return applyLabAction(lab, *parsed.action);
    });
  }
}

std::string dispatchJson(LabState& lab, std::string_view json) {
  ActionRouter router;
  addLabActions(router, lab);
  return router.dispatchJson(json);
}

}  // namespace kpg::app
