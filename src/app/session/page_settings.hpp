#pragma once
// What a course page decides about the app it embeds: which controls are locked, which panels are
// shown, the compact layout for an iframe about 600 px wide, and whether the solver runs to
// convergence by itself after every change. Read from the URL (session/url_params.hpp), carried by
// share links (session/app_link.hpp "page"), set by an exercise (exercises/), and enforced twice:
//   - the UI draws a locked control disabled, with a tooltip saying why (panels/lock_ui.hpp), and
//     dispatchUi refuses a locked action (a keyboard shortcut, a click on the canvas);
//   - window.kpg.dispatch's router refuses it with `locked: …` and changes nothing
//     (session/app_actions.cpp installs lockedActionError as the router's guard).
// The app itself (opening an exercise, a share link, the start-up URL) is not subject to locks:
// they say what the student may change.

#include "io/json.hpp"
#include "lab/lab_state.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

// The lockable controls. Names (URL `lock=`, links, state().page.locks): "kernel" (the kernel's
// type, r and p), "C", "gamma" (γ), "data" (every edit of the points: clicks, presets,
// generator, imports, undo), "step" (Step, Step back, Run, the scrubber, Reset, and the other
// methods' stepping), "solver" (eps, the pair rule, the bias rule, the step cap), "method" (the
// method selector and the other methods' parameters).
enum class LockedControl { Kernel, C, Gamma, Data, Step, Solver, Method };
constexpr int kLockedControlCount = 7;

struct Locks {
  std::array<bool, kLockedControlCount> locked{};
  bool has(LockedControl control) const { return locked[static_cast<std::size_t>(control)]; }
  void set(LockedControl control, bool on = true) {
    locked[static_cast<std::size_t>(control)] = on;
  }
  bool any() const;
  bool operator==(const Locks& other) const { return locked == other.locked; }
};

std::string_view lockedControlName(LockedControl control);
std::optional<LockedControl> lockedControlFromName(std::string_view name);
// "kernel, C, gamma, data, step, solver, method"
std::string lockedControlNames();
// The tooltip and the error's reason: "C is locked on this page (lock=C in its address)".
std::string lockReason(LockedControl control);

// The panels (URL `panels=`): the canvas is always shown.
enum class Panel { Controls, Canvas, Pair, Dual, Convergence, Status, Toolbar };
constexpr int kPanelCount = 7;
std::string_view panelName(Panel panel);
std::optional<Panel> panelFromName(std::string_view name);
std::string panelNames();

struct PageSettings {
  Locks locks;
  std::array<bool, kPanelCount> shown{true, true, true, true, true, true, true};
  bool embed = false;    // the compact layout (panels/embed_layout.cpp) for an iframe ≥ 600 px
  bool autorun = false;  // after every change the solver runs to convergence by itself

  bool showsPanel(Panel panel) const { return shown[static_cast<std::size_t>(panel)]; }
  bool isDefault() const;
  bool operator==(const PageSettings& other) const;
};

// The lock a lab action touches, given the lab it would change (a setKernel that changes only γ
// touches Gamma; one changing the type, r or p touches Kernel). nullopt: not lockable (the view,
// notices, Pause, the speed).
std::optional<LockedControl> lockTouchedBy(const LabState& lab, const LabAction& action);
// "locked: C is locked on this page (…); …" when `action` touches a locked control, else nothing.
std::optional<std::string> lockedError(const Locks& locks, const LabState& lab,
                                       const LabAction& action);
// The router's check for any window.kpg action (its parsed JSON, "type" present): the lab's
// actions through lockTouchedBy, the other methods', the tutorials' Try it and the file actions by
// name. A malformed lab action passes (its handler reports the fault with its path).
std::optional<std::string> lockedActionError(const Locks& locks, const LabState& lab,
                                             const JsonValue& action);

// As JSON: {"locks": ["C", "data"], "panels": ["canvas", …], "embed": true, "autorun": true} (the
// link's "page" member and state().page; panels lists the shown ones).
JsonValue pageSettingsJson(const PageSettings& page);
// Reads the object above, every member optional (a missing "panels" shows them all); the error
// names the JSON path under `path` ("$.page.locks[1]: unknown control \"foo\" (…)").
std::optional<PageSettings> readPageSettings(const JsonValue& v, const std::string& path,
                                             std::string& error);

}  // namespace kpg::app
