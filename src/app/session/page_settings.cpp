#include "session/page_settings.hpp"

#include "io/schema.hpp"
#include "session/action_json.hpp"

#include <algorithm>
#include <cctype>
#include <type_traits>

namespace kpg::app {
namespace {

constexpr std::string_view kLockNames[kLockedControlCount] = {"kernel", "C",      "gamma", "data",
                                                              "step",   "solver", "method"};
constexpr std::string_view kLockWhat[kLockedControlCount] = {
    "the kernel", "C", "γ", "the data", "stepping", "the solver's settings", "the method"};
constexpr std::string_view kPanelNames[kPanelCount] = {"controls",    "canvas", "pair",   "dual",
                                                       "convergence", "status", "toolbar"};

template <std::size_t N>
std::string joined(const std::string_view (&names)[N]) {
  std::string out;
  for (std::string_view name : names) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

// The actions of the other methods, the tutorials and the files that a lock covers (the lab's own
// go through lockTouchedBy on the parsed action).
struct NamedLock {
  std::string_view type;
  LockedControl control;
};
constexpr NamedLock kNamedLocks[] = {
    {"modeStep", LockedControl::Step},        {"modeStepBack", LockedControl::Step},
    {"modeSeek", LockedControl::Step},        {"modeRun", LockedControl::Step},
    {"modePlay", LockedControl::Step},        {"modeReset", LockedControl::Step},
    {"modePreset", LockedControl::Data},      {"importData", LockedControl::Data},
    {"chooseImport", LockedControl::Data},    {"choosePreview", LockedControl::Data},
    {"confirmImport", LockedControl::Data},   {"setMode", LockedControl::Method},
    {"setModeParams", LockedControl::Method}, {"setFeatureSpace", LockedControl::Method},
};

}  // namespace

bool Locks::any() const {
  return std::any_of(locked.begin(), locked.end(), [](bool b) { return b; });
}

std::string_view lockedControlName(LockedControl control) {
  return kLockNames[static_cast<std::size_t>(control)];
}

std::optional<LockedControl> lockedControlFromName(std::string_view name) {
  for (int k = 0; k < kLockedControlCount; ++k) {
    if (kLockNames[k] == name) return static_cast<LockedControl>(k);
  }
  if (name == "c") return LockedControl::C;  // the URL is often typed in lower case
  if (name == "γ") return LockedControl::Gamma;
  return std::nullopt;
}

std::string lockedControlNames() {
  return joined(kLockNames);
}

std::string lockReason(LockedControl control) {
  const std::string_view what = kLockWhat[static_cast<std::size_t>(control)];
  std::string text(what);
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (control == LockedControl::Gamma) text = "γ";
  return text + (what == "the data" || what == "the solver's settings" ? " are" : " is") +
         " locked on this page (lock=" + std::string(lockedControlName(control)) +
         " in its address or exercise)";
}

std::string_view panelName(Panel panel) {
  return kPanelNames[static_cast<std::size_t>(panel)];
}

std::optional<Panel> panelFromName(std::string_view name) {
  for (int k = 0; k < kPanelCount; ++k) {
    if (kPanelNames[k] == name) return static_cast<Panel>(k);
  }
  return std::nullopt;
}

std::string panelNames() {
  return joined(kPanelNames);
}

bool PageSettings::isDefault() const {
  return *this == PageSettings{};
}

bool PageSettings::operator==(const PageSettings& other) const {
  return locks == other.locks && shown == other.shown && embed == other.embed &&
         autorun == other.autorun;
}

std::optional<LockedControl> lockTouchedBy(const LabState& lab, const LabAction& any) {
  return std::visit(
      [&lab](const auto& a) -> std::optional<LockedControl> {
        using A = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<A, action::SetKernel>) {
          const KernelParams& now = lab.params.kernel;
          if (a.kernel.type != now.type || a.kernel.coef0 != now.coef0 ||
              a.kernel.degree != now.degree)
            return LockedControl::Kernel;
          if (a.kernel.gamma != now.gamma) return LockedControl::Gamma;
          return std::nullopt;
        } else if constexpr (std::is_same_v<A, action::SetC>) {
          return LockedControl::C;
        } else if constexpr (std::is_same_v<A, action::SetEps> ||
                             std::is_same_v<A, action::SetRule> ||
                             std::is_same_v<A, action::SetBiasRule> ||
                             std::is_same_v<A, action::SetMaxSteps>) {
          return LockedControl::Solver;
        } else if constexpr (std::is_same_v<A, action::Step> ||
                             std::is_same_v<A, action::StepBack> ||
                             std::is_same_v<A, action::Seek> || std::is_same_v<A, action::Run> ||
                             std::is_same_v<A, action::RunToConvergence> ||
                             std::is_same_v<A, action::Reset> ||
                             std::is_same_v<A, action::SetLive>) {
          // Live mode re-converges after every edit: stepping by another name.
          return LockedControl::Step;
        } else if constexpr (std::is_same_v<A, action::LoadPreset> ||
                             std::is_same_v<A, action::Generate> ||
                             std::is_same_v<A, action::AddPoint> ||
                             std::is_same_v<A, action::MovePoint> ||
                             std::is_same_v<A, action::DeletePoint> ||
                             std::is_same_v<A, action::SetLabel> ||
                             std::is_same_v<A, action::ClearPoints> ||
                             std::is_same_v<A, action::Undo> || std::is_same_v<A, action::Redo> ||
                             std::is_same_v<A, action::LoadSession>) {
          return LockedControl::Data;
        } else {
          // SetView, DismissNotice, Pause, SetSpeed, CancelReplay, EndDrag: how the student
          // looks at the problem, not the problem.
          return std::nullopt;
        }
      },
      any);
}

std::optional<std::string> lockedError(const Locks& locks, const LabState& lab,
                                       const LabAction& action) {
  if (!locks.any()) return std::nullopt;
  const std::optional<LockedControl> control = lockTouchedBy(lab, action);
  if (!control || !locks.has(*control)) return std::nullopt;
  return "locked: " + lockReason(*control) + "; nothing was changed";
}

std::optional<std::string> lockedActionError(const Locks& locks, const LabState& lab,
                                             const JsonValue& v) {
  if (!locks.any()) return std::nullopt;
  const JsonValue* type = v.find("type");
  if (!type || !type->isString()) return std::nullopt;
  const std::string& name = type->asString();
  const auto refuse = [&](LockedControl control) -> std::optional<std::string> {
    if (!locks.has(control)) return std::nullopt;
    return "$.type: \"" + name + "\" is refused: " + lockReason(control) + "; nothing was changed";
  };
  for (const NamedLock& entry : kNamedLocks) {
    if (entry.type == name) return refuse(entry.control);
  }
  if (name == "tutorialTryIt") {  // it loads the page's data, kernel and C into the lab
    for (LockedControl c :
         {LockedControl::Data, LockedControl::Kernel, LockedControl::C, LockedControl::Gamma}) {
      if (auto error = refuse(c)) return error;
    }
    return std::nullopt;
  }
  const ActionParse parsed = parseAction(v);
  if (!parsed.ok()) return std::nullopt;  // not a lab action, or malformed: its handler says why
  const std::optional<LockedControl> control = lockTouchedBy(lab, *parsed.action);
  if (!control) return std::nullopt;
  return refuse(*control);
}

JsonValue pageSettingsJson(const PageSettings& page) {
  JsonValue o = JsonValue::object();
  JsonValue locks = JsonValue::array();
  for (int k = 0; k < kLockedControlCount; ++k) {
    if (page.locks.locked[static_cast<std::size_t>(k)])
      locks.items().push_back(json::str(kLockNames[k]));
  }
  JsonValue panels = JsonValue::array();
  for (int k = 0; k < kPanelCount; ++k) {
    if (page.shown[static_cast<std::size_t>(k)])
      panels.items().push_back(json::str(kPanelNames[k]));
  }
  json::put(o, "locks", std::move(locks));
  json::put(o, "panels", std::move(panels));
  json::put(o, "embed", json::boolean(page.embed));
  json::put(o, "autorun", json::boolean(page.autorun));
  return o;
}

std::optional<PageSettings> readPageSettings(const JsonValue& v, const std::string& path,
                                             std::string& error) {
  SchemaReader r;
  PageSettings page;
  if (r.object(v, path, {"locks", "panels", "embed", "autorun"})) {
    if (const JsonValue* locks = v.find("locks");
        locks && r.array(*locks, path + ".locks", 0, kLockedControlCount)) {
      for (std::size_t k = 0; k < locks->items().size() && r.ok(); ++k) {
        const std::string at = path + ".locks[" + std::to_string(k) + "]";
        if (auto name = r.string(locks->items()[k], at, 16)) {
          const auto control = lockedControlFromName(*name);
          if (!control)
            r.fail(at, "unknown control " + jsonQuote(*name) + " (the controls are " +
                           lockedControlNames() + ")");
          else
            page.locks.set(*control);
        }
      }
    }
    if (const JsonValue* panels = v.find("panels");
        panels && r.array(*panels, path + ".panels", 0, kPanelCount)) {
      page.shown.fill(false);
      for (std::size_t k = 0; k < panels->items().size() && r.ok(); ++k) {
        const std::string at = path + ".panels[" + std::to_string(k) + "]";
        if (auto name = r.string(panels->items()[k], at, 16)) {
          const auto panel = panelFromName(*name);
          if (!panel)
            r.fail(at,
                   "unknown panel " + jsonQuote(*name) + " (the panels are " + panelNames() + ")");
          else
            page.shown[static_cast<std::size_t>(*panel)] = true;
        }
      }
      page.shown[static_cast<std::size_t>(Panel::Canvas)] = true;
    }
    for (const char* key : {"embed", "autorun"}) {
      if (const JsonValue* flag = v.find(key)) {
        if (!flag->isBool())
          r.fail(path + "." + key, "expected true or false");
        else
          (std::string_view(key) == "embed" ? page.embed : page.autorun) = flag->asBool();
      }
    }
  }
  if (!r.ok()) {
    error = r.error();
    return std::nullopt;
  }
  return page;
}

}  // namespace kpg::app
