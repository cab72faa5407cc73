#include "modes/mode_json.hpp"

#include "io/json.hpp"
#include "io/schema.hpp"

namespace kpg::app {
namespace {

// The one JSON writer and ∞ policy (data/json_writer.hpp): ±∞ as "inf"/"-inf", NaN as null.
using json::integer;
using json::put;
using json::str;

// Reads setModeParams for `mode` into `modes` through its row (on a copy: all or nothing).
std::string setParams(ModesState& modes, const LabState& lab, const JsonValue& v, Mode mode) {
  SchemaReader r;
  ModesState next = modes;
  const MethodSpec& spec = methodSpec(mode);
  const bool rebuild = spec.readParams(next, v, r);
  if (!r.ok()) return r.error();
  modes = std::move(next);
  if (rebuild) invalidateMode(modes, mode);
  ++modes.revision;
  ensureBuilt(modes, lab);
  return "";
}

// Each mode action: the parsed object in, the reply out; nothing changes when it refuses.
ActionReply setModeAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "mode"});
  const JsonValue* m = r.required(v, "$", "mode");
  const std::string name = m ? r.string(*m, "$.mode", 32).value_or("") : "";
  if (!r.ok()) return ActionReply::failed(r.error());
  const MethodSpec* spec = methodByName(name);
  if (!spec) return ActionReply::failed("$.mode: unknown mode " + jsonQuote(name));
  setMode(modes, lab, spec->mode);
  if (name == spec->alias && spec->selectAlias) {
    spec->selectAlias(modes);
    ensureBuilt(modes, lab);
  }
  return {};
}

ActionReply modeStepAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "n"});
  long long n = 1;
  if (const JsonValue* x = v.find("n")) n = r.integer(*x, "$.n", 1, 10000000).value_or(1);
  if (!r.ok()) return ActionReply::failed(r.error());
  if (auto e = modeStep(modes, lab, n)) return ActionReply::failed(*e);
  return {};
}

// {"type":"modeStepBack", "n":1} / {"type":"modeSeek", "step":s}: rewind (timeline/history.hpp).
template <bool Back>
ActionReply modeRewindAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", Back ? "n" : "step"});
  long long n = 1;
  if (Back) {
    if (const JsonValue* x = v.find("n")) n = r.integer(*x, "$.n", 1, 10000000).value_or(1);
  } else if (const JsonValue* x = r.required(v, "$", "step")) {
    n = r.integer(*x, "$.step", 0, 9007199254740991LL).value_or(0);
  }
  if (!r.ok()) return ActionReply::failed(r.error());
  if (auto e = Back ? modeStepBack(modes, lab, n) : modeSeek(modes, lab, n))
    return ActionReply::failed(*e);
  return {};
}

ActionReply modeRunAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "budgetMs"});
  double budget = 2000;
  if (const JsonValue* x = v.find("budgetMs"))
    budget = r.number(*x, "$.budgetMs", 0, 60000).value_or(0);
  if (!r.ok()) return ActionReply::failed(r.error());
  (void)modeRunToEnd(modes, lab, budget);
  return ActionReply::done(modeFinished(modes));
}

template <int Which>  // 0 play, 1 pause, 2 reset
ActionReply modePlaybackAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type"});
  if (!r.ok()) return ActionReply::failed(r.error());
  if (Which == 2)
    modeReset(modes, lab);
  else
    modes.playback.running = Which == 0 && modeCanStep(modes);
  return {};
}

// The animated Run's speed, by the parameter table's row for steps per second (the lab's too).
ActionReply setModeSpeedAction(ModesState& modes, LabState&, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "stepsPerSecond"});
  double speed = modes.playback.stepsPerSecond;
  if (const JsonValue* x = r.required(v, "$", "stepsPerSecond"))
    speed = r.parameter(*x, "$.stepsPerSecond", ParamId::StepsPerSecond).value_or(speed);
  if (!r.ok()) return ActionReply::failed(r.error());
  modes.playback.stepsPerSecond = speed;
  return {};
}

ActionReply modePresetAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "name", "count", "noise", "seed"});
  const JsonValue* nm = r.required(v, "$", "name");
  const std::string name = nm ? r.string(*nm, "$.name", 32).value_or("") : "";
  long long count = 40, seed = 1;
  double noise = 0.15;
  if (const JsonValue* x = v.find("count"))
    count = static_cast<long long>(r.parameter(*x, "$.count", ParamId::GenerateCount).value_or(40));
  if (const JsonValue* x = v.find("seed"))
    seed = r.integer(*x, "$.seed", 0, 9007199254740991LL).value_or(1);
  if (const JsonValue* x = v.find("noise"))
    noise = r.parameter(*x, "$.noise", ParamId::GenerateNoise).value_or(0);
  if (!r.ok()) return ActionReply::failed(r.error());
  if (name != "sine") return ActionReply::failed("$.name: the mode presets are: \"sine\"");
  if (auto e = loadSinePreset(lab, static_cast<Index>(count), noise,
                              static_cast<std::uint64_t>(seed), false))
    return ActionReply::failed(*e);
  ensureBuilt(modes, lab);
  return {};
}

ActionReply setModeParamsAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  Mode mode = modes.mode;
  if (const JsonValue* m = v.find("mode")) {
    const std::string name = m->isString() ? m->asString() : "";
    const auto parsedMode = modeFromName(name);
    if (!parsedMode) return ActionReply::failed("$.mode: unknown mode");
    mode = *parsedMode;
  }
  const std::string e = setParams(modes, lab, v, mode);
  if (!e.empty()) return ActionReply::failed(e);
  return {};
}

using ModeAction = ActionReply (*)(ModesState&, LabState&, const JsonValue&);
struct ModeActionEntry {
  const char* type;
  ModeAction run;
};
// The canvas modes' actions (mode_json.hpp): add a name here to add one.
constexpr ModeActionEntry kModeActions[] = {
    {"setMode", setModeAction},
    {"modeStep", modeStepAction},
    {"modeStepBack", modeRewindAction<true>},
    {"modeSeek", modeRewindAction<false>},
    {"setModeSpeed", setModeSpeedAction},
    {"modeRun", modeRunAction},
    {"modePlay", modePlaybackAction<0>},
    {"modePause", modePlaybackAction<1>},
    {"modeReset", modePlaybackAction<2>},
    {"modePreset", modePresetAction},
    {"setModeParams", setModeParamsAction},
};

}  // namespace

JsonValue modeParamsJson(const ModesState& modes, Mode mode) {
  const MethodSpec& spec = methodSpec(mode);
  if (!spec.writeParams) return JsonValue::null();
  JsonValue o = JsonValue::object();
  spec.writeParams(o, modes);
  return o;
}

std::optional<std::string> checkModeParams(Mode mode, const JsonValue& params,
                                           std::string_view path) {
  SchemaReader outer, check;
  if (!params.isObject()) {
    outer.fail(std::string(path), "must be an object of the method's parameters");
    return outer.error();
  }
  ModesState scratch;
  methodSpec(mode).readParams(scratch, params, check);
  if (check.ok()) return std::nullopt;
  outer.failWithin(std::string(path), check);
  return outer.error();
}

std::optional<std::string> applyModeParams(ModesState& modes, const LabState& lab, Mode mode,
                                           const JsonValue& params, std::string_view path) {
  if (!params.isObject())
    return std::string(path) + ": must be an object of the method's parameters";
  const std::string e = setParams(modes, lab, params, mode);
  if (e.empty()) return std::nullopt;
  // The reader's paths start at "$" (the action); here the object sits at `path`.
  return e.rfind('$', 0) == 0 ? std::string(path) + e.substr(1) : std::string(path) + ": " + e;
}

ActionReply runModeAction(ModesState& modes, LabState& lab, const JsonValue& action) {
  const JsonValue* type = action.find("type");
  if (!type || !type->isString()) return ActionReply::failed("$.type: not a mode action");
  for (const ModeActionEntry& entry : kModeActions)
    if (type->asString() == entry.type) return entry.run(modes, lab, action);
  for (int k = 0; k < kModeCount; ++k) {
    const MethodAction* own = methodSpec(static_cast<Mode>(k)).actions;
    for (; own && own->type; ++own)
      if (type->asString() == own->type) return own->run(modes, lab, action);
  }
  return ActionReply::failed("$.type: not a mode action");
}

void addModeActions(ActionRouter& router, ModesState& modes, LabState& lab) {
  for (const ModeActionEntry& entry : kModeActions) {
    const ModeAction run = entry.run;
    router.add(entry.type, [&modes, &lab, run](const JsonValue& v) { return run(modes, lab, v); });
  }
  for (int k = 0; k < kModeCount; ++k) {
    for (const MethodAction* own = methodSpec(static_cast<Mode>(k)).actions; own && own->type;
         ++own) {
      const auto run = own->run;
      router.add(own->type, [&modes, &lab, run](const JsonValue& v) { return run(modes, lab, v); });
    }
  }
}

JsonValue modeStateJson(ModesState& modes, const LabState& lab) {
  ensureBuilt(modes, lab);
  JsonValue o = JsonValue::object();
  put(o, "name", str(modeName(modes.mode)));
  put(o, "statusText", str(modeStatusText(modes)));
  put(o, "running", JsonValue::boolean(modes.playback.running));
  put(o, "finished", JsonValue::boolean(modeFinished(modes)));
  put(o, "position", integer(modePosition(modes)));  // the step shown (modeSeek, modeStepBack)
  put(o, "furthest", integer(modeFurthest(modes)));
  put(o, "revision", integer(static_cast<long long>(modes.revision)));
  const MethodSpec& spec = methodSpec(modes.mode);
  if (spec.writeState) spec.writeState(o, modes, lab);
  return o;
}

}  // namespace kpg::app
