#include "io/session_json.hpp"

#include "data/smo_step_json.hpp"
#include "io/schema.hpp"

#include <cmath>
#include <limits>

namespace kpg::app {
namespace {

using json::integer;
using json::num;
using json::put;
using json::str;

JsonValue kernelJson(const KernelParams& k) {
  JsonValue o = JsonValue::object();
  put(o, "type", str(kernelTypeName(k.type)));
  put(o, "gamma", num(k.gamma));
  put(o, "coef0", num(k.coef0));
  put(o, "degree", JsonValue::number(k.degree));
  return o;
}

std::string_view noticeKindName(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::Info:
      return "info";
    case NoticeKind::SolverReset:
      return "solver-reset";
    case NoticeKind::Warning:
      return "warning";
    case NoticeKind::Error:
      return "error";
  }
  return "";
}

// state().replay: null, or the replay under way (lab_state.hpp Replay).
JsonValue replayJson(const LabState& lab) {
  if (!lab.replay) return JsonValue::null();
  const Replay& r = *lab.replay;
  JsonValue o = JsonValue::object();
  put(o, "kind", str(replayKindName(r.kind)));
  put(o, "from", integer(r.from));
  put(o, "target", integer(r.target));
  put(o, "position", integer(lab.stepCount()));
  put(o, "done", integer(replayDone(lab)));
  put(o, "total", integer(replayTotal(lab)));
  return o;
}

}  // namespace

JsonValue sessionToJsonValue(const LabState& lab) {
  JsonValue o = JsonValue::object();
  put(o, "v", JsonValue::number(kSessionVersion));
  JsonValue points = JsonValue::array();
  points.items().reserve(static_cast<std::size_t>(lab.pointCount()));
  for (Index i = 0; i < lab.pointCount(); ++i) {
    JsonValue p = JsonValue::array();
    p.items() = {num(lab.data.points(i, 0)), num(lab.data.points(i, 1)), num(lab.data.labels(i))};
    points.items().push_back(std::move(p));
  }
  put(o, "points", std::move(points));
  put(o, "kernel", kernelJson(lab.params.kernel));
  put(o, "C", num(lab.params.c));
  put(o, "eps", num(lab.params.eps));
  put(o, "rule", str(selectionRuleName(lab.params.rule)));
  put(o, "bias", str(biasRuleName(lab.params.bias)));
  put(o, "maxSteps", integer(lab.params.maxSteps));
  // The step asked for: while a replay is under way (lab_state.hpp Replay), its target.
  put(o, "step", integer(sessionStep(lab)));
  put(o, "speed", num(lab.playback.stepsPerSecond));
  put(o, "preset", str(lab.presetName));
  put(o, "live", JsonValue::boolean(lab.live.on));
  JsonValue view = JsonValue::object();
  put(view, "xMin", num(lab.view.xMin));
  put(view, "xMax", num(lab.view.xMax));
  put(view, "yMin", num(lab.view.yMin));
  put(view, "yMax", num(lab.view.yMax));
  put(o, "view", std::move(view));
  return o;
}

std::string sessionToJson(const LabState& lab) {
  return writeJson(sessionToJsonValue(lab));
}

SessionParse parseSession(std::string_view text) {
  const JsonParse json = parseJson(text);
  if (!json.ok()) {
    SessionParse result;
    result.error =
        "not valid JSON at byte " + std::to_string(json.error.offset) + ": " + json.error.message;
    return result;
  }
  return parseSession(*json.value);
}

SessionParse parseSession(const JsonValue& value) {
  SessionParse result;
  SchemaReader r;
  action::LoadSession s;
  if (!value.isObject()) {
    result.error = "$: expected an object (a Kernel Playground session)";
    return result;
  }
  // The version first: a newer format is reported as such, not as a list of schema errors.
  const JsonValue* version = value.find("v");
  if (!version) {
    result.error = "$.v: missing (the session format version, 1)";
    return result;
  }
  if (!version->isNumber() || version->asNumber() != kSessionVersion) {
    result.error = "$.v: unsupported session version " + writeJson(*version).substr(0, 32) +
                   " (this app reads version 1)";
    return result;
  }
  if (!r.object(value, "$",
                {"v", "points", "kernel", "C", "eps", "rule", "bias", "maxSteps", "step", "speed",
                 "preset", "view", "live"})) {
    result.error = r.error();
    return result;
  }
  const JsonValue* points = r.required(value, "$", "points");
  if (points && r.array(*points, "$.points", 0, static_cast<std::size_t>(kMaxLabPoints))) {
    const auto n = static_cast<Index>(points->items().size());
    s.data.points.resize(n, 2);
    s.data.labels.resize(n);
    for (Index i = 0; i < n && r.ok(); ++i) {
      const std::string path = "$.points[" + std::to_string(i) + "]";
      const JsonValue& p = points->items()[static_cast<std::size_t>(i)];
      if (!r.array(p, path, 3, 3)) break;
      for (int d = 0; d < 2 && r.ok(); ++d) {
        if (auto v =
                r.number(p.items()[static_cast<std::size_t>(d)],
                         path + "[" + std::to_string(d) + "]", -kMaxCoordinate, kMaxCoordinate)) {
          s.data.points(i, d) = *v;
        }
      }
      if (!r.ok()) break;
      const JsonValue& label = p.items()[2];
      if (!label.isNumber() || (label.asNumber() != 1 && label.asNumber() != -1)) {
        r.fail(path + "[2]", "label must be 1 or -1");
        break;
      }
      s.data.labels(i) = label.asNumber();
    }
  }
  if (const JsonValue* k = r.required(value, "$", "kernel")) {
    if (auto kernel = r.kernel(*k, "$.kernel")) s.params.kernel = *kernel;
  }
  if (const JsonValue* c = r.required(value, "$", "C")) {
    if (auto cv = r.cValue(*c, "$.C")) s.params.c = *cv;
  }
  if (const JsonValue* eps = r.required(value, "$", "eps")) {
    if (auto v = r.parameter(*eps, "$.eps", ParamId::Eps)) s.params.eps = *v;
  }
  if (const JsonValue* rule = value.find("rule")) {
    if (auto name = r.string(*rule, "$.rule", 32)) {
      if (auto parsed = selectionRuleFromName(*name)) {
        s.params.rule = *parsed;
      } else {
        r.fail("$.rule", "must be \"first-order\" or \"second-order\"");
      }
    }
  }
  if (const JsonValue* bias = value.find("bias")) {
    if (auto name = r.string(*bias, "$.bias", 32)) {
      if (auto parsed = biasRuleFromName(*name)) {
        s.params.bias = *parsed;
      } else {
        r.fail("$.bias", "must be \"libsvm\" or \"average\"");
      }
    }
  }
  if (const JsonValue* m = value.find("maxSteps")) {
    if (auto v = r.parameter(*m, "$.maxSteps", ParamId::MaxSteps))
      s.params.maxSteps = static_cast<std::int64_t>(*v);
  }
  if (const JsonValue* step = value.find("step")) {
    if (auto v = r.integer(*step, "$.step", 0, s.params.maxSteps)) s.step = *v;
  }
  if (const JsonValue* speed = value.find("speed")) {
    if (auto v = r.parameter(*speed, "$.speed", ParamId::StepsPerSecond)) s.stepsPerSecond = *v;
  }
  if (const JsonValue* preset = value.find("preset")) {
    if (auto v = r.string(*preset, "$.preset", 64)) s.presetName = *v;
  }
  if (const JsonValue* live = value.find("live")) {
    if (!live->isBool()) {
      r.fail("$.live", "expected true or false");
    } else {
      s.live = live->asBool();
    }
  }
  if (const JsonValue* view = value.find("view")) {
    if (r.object(*view, "$.view", {"xMin", "xMax", "yMin", "yMax"})) {
      double* fields[] = {&s.view.xMin, &s.view.xMax, &s.view.yMin, &s.view.yMax};
      const char* names[] = {"xMin", "xMax", "yMin", "yMax"};
      for (int f = 0; f < 4 && r.ok(); ++f) {
        if (const JsonValue* v = r.required(*view, "$.view", names[f])) {
          if (auto x = r.number(*v, std::string("$.view.") + names[f], -1e7, 1e7)) *fields[f] = *x;
        }
      }
      if (r.ok() && !(s.view.xMax > s.view.xMin && s.view.yMax > s.view.yMin)) {
        r.fail("$.view", "xMax must exceed xMin and yMax must exceed yMin");
      }
    }
  } else if (r.ok()) {
    s.view = ViewWindow{};
    if (s.data.points.rows() > 0) {
      const double pad = 1;
      s.view =
          ViewWindow{s.data.points.col(0).minCoeff() - pad, s.data.points.col(0).maxCoeff() + pad,
                     s.data.points.col(1).minCoeff() - pad, s.data.points.col(1).maxCoeff() + pad};
    }
  }
  if (r.ok()) {
    // The lab's own checks, the same as for the UI (e.g. gamma ≤ 1e6, degree ≤ 20).
    if (auto error = validateParams(s.params)) {
      const std::string field = error->parameter == "c" ? "$.C"
                                : error->parameter == "eps" || error->parameter == "maxSteps"
                                    ? "$." + error->parameter
                                    : "$.kernel." + error->parameter;
      r.fail(field, error->message);
    }
  }
  if (!r.ok()) {
    result.error = r.error();
    return result;
  }
  result.session = std::move(s);
  return result;
}

JsonValue stateToJsonValue(const LabState& lab) {
  JsonValue o = JsonValue::object();
  put(o, "session", sessionToJsonValue(lab));
  const ModelView& m = lab.model;
  JsonValue solver = JsonValue::object();
  put(solver, "valid", JsonValue::boolean(m.valid));
  put(solver, "problemError",
      lab.problemError ? str(lab.problemError->parameter + ": " + lab.problemError->message)
                       : JsonValue::null());
  put(solver, "status", str(m.valid ? smoStatusName(m.status) : "none"));
  put(solver, "statusText", str(m.statusText));
  put(solver, "running", JsonValue::boolean(lab.playback.running));
  put(solver, "step", integer(lab.stepCount()));
  put(solver, "furthest", integer(lab.history ? lab.history->furthest() : 0));
  if (m.valid) {
    const BinarySolutionView& v = m.solution;
    put(solver, "alpha", json::vec(v.alpha));
    put(solver, "bias", num(v.bias));
    put(solver, "rho", num(v.rho));
    put(solver, "alphaDotY", num(m.alphaDotY));
    put(solver, "alphaSum", num(v.alphaSum));
    put(solver, "dualObjective", num(v.dualObjective));
    put(solver, "primalObjective", num(v.primalObjective));
    put(solver, "dualityGap", num(v.dualityGap));
    put(solver, "violation", num(m.violation));
    put(solver, "supportVectors", integer(m.supportCount));
    put(solver, "freeSupportVectors", integer(m.freeCount));
    put(solver, "boundSupportVectors", integer(m.boundCount));
    put(solver, "trainingAccuracy", num(m.trainingAccuracy));
    put(solver, "undecided", integer(m.undecidedCount));
    put(solver, "wNormSquared", num(v.wNormSquared));
    put(solver, "w", v.w ? json::vec(*v.w) : JsonValue::null());
    put(solver, "margin", v.margin ? num(*v.margin) : JsonValue::null());
    JsonValue categories = JsonValue::array();
    for (SupportCategory c : v.categories)
      categories.items().push_back(str(supportCategoryName(c)));
    put(solver, "categories", std::move(categories));
    put(solver, "decision", json::vec(m.decision));
    put(solver, "slacks", json::vec(v.slacks));
    put(solver, "kktViolation", json::vec(m.kktViolation));
    const auto& last = lab.history->lastStep();
    put(solver, "lastStep", last ? smoStepJson(*last) : JsonValue::null());
  }
  put(o, "solver", std::move(solver));
  JsonValue notices = JsonValue::array();
  for (const Notice& n : lab.notices) {
    JsonValue item = JsonValue::object();
    put(item, "id", integer(static_cast<std::int64_t>(n.id)));
    put(item, "kind", str(noticeKindName(n.kind)));
    put(item, "text", str(n.text));
    notices.items().push_back(std::move(item));
  }
  put(o, "notices", std::move(notices));
  // What the Data list names (canvasDataName): "Two moons (edited)", "custom", a file, ….
  put(o, "dataName", str(canvasDataName(lab, labPresets())));
  put(o, "canUndo", JsonValue::boolean(!lab.undoStack.empty()));
  put(o, "canRedo", JsonValue::boolean(!lab.redoStack.empty()));
  put(o, "modelRevision", integer(static_cast<std::int64_t>(lab.modelRevision)));
  put(o, "problemRevision", integer(static_cast<std::int64_t>(lab.problemRevision)));
  put(o, "replay", replayJson(lab));
  // Live mode (lab_state.hpp LiveState): on/off, the updates the last warm start needed, whether
  // one is still re-converging, and the warm starts since the last cold start.
  put(o, "live", JsonValue::boolean(lab.live.on));
  put(o, "warmStartUpdates", integer(lab.live.warmStartUpdates));
  put(o, "livePending", JsonValue::boolean(lab.live.pending));
  put(o, "liveSegments", integer(lab.live.segments));
  return o;
}

std::string stateToJson(const LabState& lab) {
  return writeJson(stateToJsonValue(lab));
}

}  // namespace kpg::app
