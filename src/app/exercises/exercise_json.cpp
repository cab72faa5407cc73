// Exercise definitions as JSON (exercise.hpp): read with every fault's JSON path, written back in
// the same form (read → write → read gives the same exercise).
#include "exercises/exercise.hpp"

#include "io/schema.hpp"
#include "io/session_json.hpp"
#include "modes/mode_json.hpp"
#include "tutorials/tutorials.hpp"

#include <algorithm>
#include <cctype>

namespace kpg::app {
namespace {

constexpr std::string_view kGoalNames[] = {"smoPair", "alphaAfterStep", "supportVectors",
                                           "boundSv", "findParameter",  "classifyPoint",
                                           "numeric", "separatingMap",  "separatingPlane"};

bool isId(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// The session reader's paths start at its own root: "$.points[3]" becomes "$.session.points[3]".
std::string underSession(const std::string& error) {
  if (error.rfind("$", 0) == 0) return "$.session" + error.substr(1);
  return "$.session: " + error;
}

void readGoal(SchemaReader& r, const JsonValue& g, Exercise& e, Index points) {
  const std::string at = "$.goal";
  if (!r.object(g, at,
                {"kind", "point", "i", "j", "component", "tolerance", "parameter", "property",
                 "atLeast", "maxSupportVectors", "quantity", "tutorial", "value"}))
    return;
  ExerciseGoal& goal = e.goal;
  const JsonValue* kind = r.required(g, at, "kind");
  if (!kind) return;
  const auto name = r.string(*kind, at + ".kind", 32);
  if (!name) return;
  const auto parsed = goalKindFromName(*name);
  if (!parsed) {
    r.fail(at + ".kind",
           "unknown goal " + jsonQuote(*name) + " (the goals are " + goalKindNames() + ")");
    return;
  }
  goal.kind = *parsed;
  const auto pointIndex = [&](const char* key, int& out, bool required) {
    const JsonValue* v = required ? r.required(g, at, key) : g.find(key);
    if (!v) return;
    if (auto n = r.integer(*v, at + "." + key, 0, 1000000)) {
      if (*n >= points) {
        r.fail(at + "." + key, "point " + std::to_string(*n) + " does not exist (the session has " +
                                   std::to_string(points) + " points, numbered from 0)");
      } else {
        out = static_cast<int>(*n);
      }
    }
  };
  if (const JsonValue* t = g.find("tolerance")) {
    if (auto x = r.number(*t, at + ".tolerance", 1e-12, 1e6)) goal.tolerance = *x;
  }
  switch (goal.kind) {
    case GoalKind::AlphaAfterStep:
    case GoalKind::BoundSv:
    case GoalKind::ClassifyPoint:
      pointIndex("point", goal.point, true);
      break;
    case GoalKind::FindParameter: {
      if (const JsonValue* p = r.required(g, at, "parameter")) {
        if (auto s = r.string(*p, at + ".parameter", 16)) {
          if (*s != "C" && *s != "gamma")
            r.fail(at + ".parameter", "write \"C\" or \"gamma\", not " + jsonQuote(*s));
          goal.parameter = *s;
        }
      }
      if (const JsonValue* p = r.required(g, at, "property")) {
        if (auto s = r.string(*p, at + ".property", 16)) {
          goal.property = *s;
          if (*s == "margin") {
            if (const JsonValue* m = r.required(g, at, "atLeast"))
              goal.atLeast = r.number(*m, at + ".atLeast", 0, 1e6).value_or(0);
          } else if (*s == "separates") {
            if (const JsonValue* m = r.required(g, at, "maxSupportVectors"))
              goal.maxSupportVectors = static_cast<int>(
                  r.integer(*m, at + ".maxSupportVectors", 1, kMaxLabPoints).value_or(1));
          } else {
            r.fail(at + ".property", "write \"margin\" or \"separates\", not " + jsonQuote(*s));
          }
        }
      }
      break;
    }
    case GoalKind::Numeric: {
      const JsonValue* q = r.required(g, at, "quantity");
      const auto quantity = q ? r.string(*q, at + ".quantity", 32) : std::nullopt;
      if (!quantity) break;
      goal.quantity = *quantity;
      if (std::find(std::begin(kExerciseQuantities), std::end(kExerciseQuantities), *quantity) ==
          std::end(kExerciseQuantities)) {
        std::string names;
        for (std::string_view n : kExerciseQuantities)
          names += (names.empty() ? "" : ", ") + std::string(n);
        r.fail(at + ".quantity",
               "unknown quantity " + jsonQuote(*quantity) + " (the quantities are " + names + ")");
        break;
      }
      if (*quantity == "tutorial") {
        const JsonValue* t = r.required(g, at, "tutorial");
        const JsonValue* v = t ? r.required(g, at, "value") : nullptr;
        const auto id = t ? r.string(*t, at + ".tutorial", 64) : std::nullopt;
        const auto value = v ? r.string(*v, at + ".value", 64) : std::nullopt;
        if (!id || !value) break;
        goal.tutorial = *id;
        goal.value = *value;
        const std::optional<Tutorial> derived = deriveTutorial(*id);
        if (!derived) {
          r.fail(at + ".tutorial", "unknown tutorial " + jsonQuote(*id));
        } else if (!findValue(*derived, *value)) {
          r.fail(at + ".value",
                 "the tutorial " + jsonQuote(*id) + " has no value " + jsonQuote(*value));
        }
      } else if (*quantity == "gram") {
        pointIndex("i", goal.i, true);
        pointIndex("j", goal.j, true);
      } else if (*quantity == "kfdAlpha") {
        pointIndex("i", goal.i, true);
      } else if (*quantity == "kpcaEigenvalue") {
        if (const JsonValue* c = r.required(g, at, "component"))
          goal.component = static_cast<int>(
              r.integer(*c, at + ".component", 0, kMaxPcaComponents - 1).value_or(0));
      }
      break;
    }
    case GoalKind::SmoPair:
    case GoalKind::SupportVectors:
    case GoalKind::SeparatingMap:
    case GoalKind::SeparatingPlane:
      break;
  }
}

}  // namespace

std::string_view goalKindName(GoalKind kind) {
  return kGoalNames[static_cast<std::size_t>(kind)];
}

std::optional<GoalKind> goalKindFromName(std::string_view name) {
  for (std::size_t k = 0; k < std::size(kGoalNames); ++k) {
    if (kGoalNames[k] == name) return static_cast<GoalKind>(k);
  }
  return std::nullopt;
}

std::string goalKindNames() {
  std::string out;
  for (std::string_view n : kGoalNames) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

ExerciseParse readExercise(const JsonValue& v) {
  ExerciseParse result;
  SchemaReader r;
  Exercise e;
  if (!r.object(v, "$",
                {"id", "title", "section", "prompt", "hints", "session", "mode", "modeParams",
                 "locks", "goal"})) {
    result.error = r.error();
    return result;
  }
  const auto text = [&](const char* key, std::string& out, std::size_t max) {
    if (const JsonValue* x = r.required(v, "$", key)) {
      if (auto s = r.string(*x, std::string("$.") + key, max)) out = *s;
    }
  };
  text("id", e.id, 64);
  if (r.ok() && !isId(e.id))
    r.fail("$.id", "use letters, digits, '-' and '_' only, e.g. \"smo-first-pair\"");
  text("title", e.title, 200);
  text("section", e.section, 200);
  text("prompt", e.prompt, kMaxExerciseText);
  if (const JsonValue* hints = v.find("hints");
      hints && r.array(*hints, "$.hints", 0, kMaxExerciseHints)) {
    for (std::size_t k = 0; k < hints->items().size() && r.ok(); ++k) {
      if (auto s =
              r.string(hints->items()[k], "$.hints[" + std::to_string(k) + "]", kMaxExerciseText))
        e.hints.push_back(*s);
    }
  }
  if (const JsonValue* mode = v.find("mode")) {
    if (auto name = r.string(*mode, "$.mode", 32)) {
      if (auto m = modeFromName(*name))
        e.mode = *m;
      else
        r.fail("$.mode", "unknown method " + jsonQuote(*name));
    }
  }
  if (const JsonValue* params = v.find("modeParams"); params && r.ok() && !params->isNull()) {
    // Read as setModeParams reads them, on a scratch copy: the exercise opens with them or is
    // refused here, with the member's path.
    if (auto error = checkModeParams(e.mode, *params, "$.modeParams")) {
      const std::size_t colon = error->find(": ");
      r.fail(error->substr(0, colon), error->substr(colon + 2));
    } else {
      e.modeParams = *params;
    }
  }
  if (const JsonValue* locks = v.find("locks");
      locks && r.array(*locks, "$.locks", 0, kLockedControlCount)) {
    for (std::size_t k = 0; k < locks->items().size() && r.ok(); ++k) {
      const std::string at = "$.locks[" + std::to_string(k) + "]";
      if (auto name = r.string(locks->items()[k], at, 16)) {
        if (auto control = lockedControlFromName(*name))
          e.locks.set(*control);
        else
          r.fail(at, "unknown control " + jsonQuote(*name) + " (the controls are " +
                         lockedControlNames() + ")");
      }
    }
  }
  if (!r.ok()) {
    result.error = r.error();
    return result;
  }
  const JsonValue* session = r.required(v, "$", "session");
  if (!session) {
    result.error = r.error();
    return result;
  }
  SessionParse parsed = parseSession(*session);
  if (!parsed.ok()) {
    result.error = underSession(parsed.error);
    return result;
  }
  e.session = *session;
  e.setUp = std::move(*parsed.session);
  if (const JsonValue* goal = r.required(v, "$", "goal"))
    readGoal(r, *goal, e, e.setUp.data.points.rows());
  if (!r.ok()) {
    result.error = r.error();
    return result;
  }
  // Which goals each method answers: the feature space's own two, its SVM's support vectors,
  // and the numeric goals everywhere.
  const GoalKind kind = e.goal.kind;
  const bool featureGoal = kind == GoalKind::SeparatingMap || kind == GoalKind::SeparatingPlane;
  if (featureGoal && e.mode != Mode::FeatureSpace) {
    result.error = "$.goal.kind: " + std::string(goalKindName(kind)) +
                   " is about the feature space: use \"mode\": \"featurespace\"";
    return result;
  }
  if (e.mode != Mode::Svm && kind != GoalKind::Numeric && !featureGoal &&
      !(kind == GoalKind::SupportVectors && e.mode == Mode::FeatureSpace)) {
    result.error = "$.goal.kind: " + std::string(goalKindName(kind)) +
                   " is about the SVM lab; with \"mode\": \"" + std::string(modeName(e.mode)) +
                   "\" use a numeric goal";
    return result;
  }
  result.exercise = std::move(e);
  return result;
}

const char* const kExerciseQuantities[kExerciseQuantityCount] = {
    "tutorial", "gram",           "gramMinEigenvalue", "bias",    "margin", "w1",
    "w2",       "kpcaEigenvalue", "svrSupportVectors", "kfdAlpha"};

ExerciseParse readExercise(std::string_view json) {
  const JsonParse parsed = parseJson(json);
  if (!parsed.ok()) {
    ExerciseParse result;
    result.error = "$: not valid JSON at byte " + std::to_string(parsed.error.offset) + ": " +
                   parsed.error.message;
    return result;
  }
  return readExercise(*parsed.value);
}

JsonValue exerciseJson(const Exercise& e) {
  using json::put;
  using json::str;
  JsonValue o = JsonValue::object();
  put(o, "id", str(e.id));
  put(o, "title", str(e.title));
  put(o, "section", str(e.section));
  put(o, "prompt", str(e.prompt));
  JsonValue hints = JsonValue::array();
  for (const std::string& h : e.hints) hints.items().push_back(str(h));
  put(o, "hints", std::move(hints));
  put(o, "session", e.session);
  put(o, "mode", str(modeName(e.mode)));
  if (!e.modeParams.isNull()) put(o, "modeParams", e.modeParams);
  PageSettings page;
  page.locks = e.locks;
  put(o, "locks", *pageSettingsJson(page).find("locks"));
  JsonValue g = JsonValue::object();
  const ExerciseGoal& goal = e.goal;
  put(g, "kind", str(goalKindName(goal.kind)));
  switch (goal.kind) {
    case GoalKind::AlphaAfterStep:
      put(g, "point", json::integer(goal.point));
      put(g, "tolerance", json::num(goal.tolerance));
      break;
    case GoalKind::BoundSv:
    case GoalKind::ClassifyPoint:
      put(g, "point", json::integer(goal.point));
      break;
    case GoalKind::FindParameter:
      put(g, "parameter", str(goal.parameter));
      put(g, "property", str(goal.property));
      if (goal.property == "margin") put(g, "atLeast", json::num(goal.atLeast));
      if (goal.property == "separates")
        put(g, "maxSupportVectors", json::integer(goal.maxSupportVectors));
      break;
    case GoalKind::Numeric:
      put(g, "quantity", str(goal.quantity));
      if (goal.quantity == "tutorial") {
        put(g, "tutorial", str(goal.tutorial));
        put(g, "value", str(goal.value));
      }
      if (goal.quantity == "gram" || goal.quantity == "kfdAlpha")
        put(g, "i", json::integer(goal.i));
      if (goal.quantity == "gram") put(g, "j", json::integer(goal.j));
      if (goal.quantity == "kpcaEigenvalue") put(g, "component", json::integer(goal.component));
      put(g, "tolerance", json::num(goal.tolerance));
      break;
    case GoalKind::SmoPair:
    case GoalKind::SupportVectors:
    case GoalKind::SeparatingMap:
    case GoalKind::SeparatingPlane:
      break;
  }
  put(o, "goal", std::move(g));
  return o;
}

}  // namespace kpg::app
