#include "session/action_json.hpp"

#include "session/schema.hpp"
#include "session/session_json.hpp"

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
    return failed("not valid JSON at byte " + std::to_string(parsed.error.offset) + ": " +
                  parsed.error.message);
  }
  return parseAction(*parsed.value);
}

ActionParse parseAction(const JsonValue& v) {
  if (!v.isObject()) return failed("$: an action must be an object with a \"type\"");
  const JsonValue* typeValue = v.find("type");
  if (!typeValue || !typeValue->isString()) return failed("$.type: missing or not a string");
  const std::string& type = typeValue->asString();
  SchemaReader r;
  ActionParse result;
  auto done = [&](LabAction action) {
    if (r.ok()) {
      result.action = std::move(action);
    } else {
      result.error = r.error();
    }
    return result;
  };
  auto count = [&](const char* key) -> std::int64_t {
    const JsonValue* n = v.find(key);
    if (!n) return 1;
    return r.integer(*n, std::string("$.") + key, 1, kMaxMaxSteps).value_or(1);
  };
  auto need = [&](const char* key) -> const JsonValue& {
    static const JsonValue kNull;
    const JsonValue* x = r.required(v, "$", key);
    return x ? *x : kNull;
  };
  auto coordinate = [&](const char* key) {
    // Range errors for points are the lab's (W9 messages); here only the type.
    return r.number(need(key), std::string("$.") + key, -1e308, 1e308).value_or(0);
  };
  auto label = [&]() {
    const auto l = r.integer(need("label"), "$.label", -1, 1).value_or(0);
    if (r.ok() && l == 0) r.fail("$.label", "must be 1 or -1");
    return static_cast<int>(l);
  };
  auto index = [&]() {
    return static_cast<Index>(r.integer(need("index"), "$.index", 0, kMaxLabPoints).value_or(0));
  };

  if (type == "preset") {
    r.object(v, "$", {"type", "name"});
    return done(action::LoadPreset{r.string(need("name"), "$.name", 32).value_or("")});
  }
  if (type == "generate") {
    r.object(v, "$", {"type", "name", "count", "noise", "seed"});
    action::Generate g;
    g.name = r.string(need("name"), "$.name", 32).value_or("");
    if (const JsonValue* c = v.find("count"))
      g.count = static_cast<Index>(r.integer(*c, "$.count", 2, kMaxLabPoints).value_or(0));
    if (const JsonValue* n = v.find("noise")) g.noise = r.number(*n, "$.noise", 0, 10).value_or(0);
    if (const JsonValue* s = v.find("seed")) {
      g.seed = static_cast<std::uint64_t>(r.integer(*s, "$.seed", 0, 9007199254740991).value_or(0));
    }
    return done(g);
  }
  if (type == "setKernel") {
    r.object(v, "$", {"type", "kernel", "gamma", "coef0", "degree"});
    const auto k = r.kernelFields(v, "$", "kernel");
    return done(action::SetKernel{k.value_or(KernelParams{})});
  }
  if (type == "setC") {
    r.object(v, "$", {"type", "C"});
    return done(action::SetC{r.cValue(need("C"), "$.C").value_or(1)});
  }
  if (type == "setEps") {
    r.object(v, "$", {"type", "eps"});
    return done(action::SetEps{r.number(need("eps"), "$.eps", 1e-12, 10).value_or(1)});
  }
  if (type == "setRule" || type == "setBias") {
    r.object(v, "$", {"type", "rule"});
    const std::string name = r.string(need("rule"), "$.rule", 32).value_or("");
    if (type == "setRule") {
      const auto rule = selectionRuleFromName(name);
      if (r.ok() && !rule) r.fail("$.rule", "must be \"first-order\" or \"second-order\"");
      return done(action::SetRule{rule.value_or(SelectionRule::SecondOrder)});
    }
    const auto rule = biasRuleFromName(name);
    if (r.ok() && !rule) r.fail("$.rule", "must be \"libsvm\" or \"average\"");
    return done(action::SetBiasRule{rule.value_or(BiasRule::Libsvm)});
  }
  if (type == "setMaxSteps") {
    r.object(v, "$", {"type", "maxSteps"});
    return done(action::SetMaxSteps{
        r.integer(need("maxSteps"), "$.maxSteps", 1, kMaxMaxSteps).value_or(1)});
  }
  if (type == "step" || type == "stepBack") {
    r.object(v, "$", {"type", "n"});
    const std::int64_t n = count("n");
    if (type == "step") return done(action::Step{n});
    return done(action::StepBack{n});
  }
  if (type == "seek") {
    r.object(v, "$", {"type", "step"});
    return done(action::Seek{r.integer(need("step"), "$.step", 0, kMaxMaxSteps).value_or(0)});
  }
  if (type == "run" || type == "pause" || type == "reset" || type == "clearPoints" ||
      type == "undo" || type == "redo") {
    r.object(v, "$", {"type"});
    if (type == "run") return done(action::Run{});
    if (type == "pause") return done(action::Pause{});
    if (type == "reset") return done(action::Reset{});
    if (type == "clearPoints") return done(action::ClearPoints{});
    if (type == "undo") return done(action::Undo{});
    return done(action::Redo{});
  }
  if (type == "setSpeed") {
    r.object(v, "$", {"type", "stepsPerSecond"});
    return done(
        action::SetSpeed{r.number(need("stepsPerSecond"), "$.stepsPerSecond", 0, 1e6).value_or(0)});
  }
  if (type == "runToConvergence") {
    r.object(v, "$", {"type", "budgetMs"});
    action::RunToConvergence a;
    if (const JsonValue* b = v.find("budgetMs"))
      a.budgetMs = r.number(*b, "$.budgetMs", 0, 60000).value_or(0);
    return done(a);
  }
  if (type == "addPoint") {
    r.object(v, "$", {"type", "x", "y", "label"});
    action::AddPoint a;
    a.x = coordinate("x");
    a.y = coordinate("y");
    a.label = label();
    return done(a);
  }
  if (type == "movePoint") {
    r.object(v, "$", {"type", "index", "x", "y"});
    action::MovePoint a;
    a.index = index();
    a.x = coordinate("x");
    a.y = coordinate("y");
    return done(a);
  }
  if (type == "deletePoint") {
    r.object(v, "$", {"type", "index"});
    return done(action::DeletePoint{index()});
  }
  if (type == "setLabel") {
    r.object(v, "$", {"type", "index", "label"});
    action::SetLabel a;
    a.index = index();
    a.label = label();
    return done(a);
  }
  if (type == "setView") {
    r.object(v, "$", {"type", "xMin", "xMax", "yMin", "yMax"});
    ViewWindow w;
    w.xMin = r.number(need("xMin"), "$.xMin", -1e7, 1e7).value_or(0);
    w.xMax = r.number(need("xMax"), "$.xMax", -1e7, 1e7).value_or(0);
    w.yMin = r.number(need("yMin"), "$.yMin", -1e7, 1e7).value_or(0);
    w.yMax = r.number(need("yMax"), "$.yMax", -1e7, 1e7).value_or(0);
    return done(action::SetView{w});
  }
  if (type == "dismissNotice") {
    r.object(v, "$", {"type", "id"});
    std::uint64_t id = 0;
    if (const JsonValue* i = v.find("id")) {
      id = static_cast<std::uint64_t>(r.integer(*i, "$.id", 0, 9007199254740991).value_or(0));
    }
    return done(action::DismissNotice{id});
  }
  if (type == "loadSession") {
    r.object(v, "$", {"type", "session", "json"});
    if (!r.ok()) return done(action::Reset{});
    const JsonValue* object = v.find("session");
    const JsonValue* text = v.find("json");
    if ((object != nullptr) == (text != nullptr)) {
      return failed(
          "$: loadSession needs exactly one of \"session\" (an object) or \"json\" (a string)");
    }
    SessionParse session;
    if (object) {
      session = parseSession(*object);
      if (!session.ok()) {
        // Paths inside the session object: "$.session.points…".
        std::string e = session.error;
        if (e.rfind("$", 0) == 0) e = "$.session" + e.substr(1);
        return failed(e);
      }
    } else {
      if (!text->isString()) return failed("$.json: expected a string");
      session = parseSession(text->asString());
      if (!session.ok()) return failed("$.json: " + session.error);
    }
    return done(*session.session);
  }
  return failed("$.type: unknown action " + jsonQuote(type.substr(0, 64)));
}

std::string dispatchJson(LabState& lab, std::string_view json) {
  const ActionParse parsed = parseAction(json);
  std::string error;
  if (!parsed.ok()) {
    error = parsed.error;
  } else if (auto e = apply(lab, *parsed.action, false)) {
    error = *e;
  }
  if (!error.empty()) return "{\"ok\":false,\"error\":" + jsonQuote(error) + "}";
  std::string out = "{\"ok\":true";
  if (std::holds_alternative<action::RunToConvergence>(*parsed.action)) {
    out += lab.playback.untilConverged ? ",\"done\":false" : ",\"done\":true";
  }
  return out + "}";
}

}  // namespace kpg::app
