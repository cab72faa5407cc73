#pragma once
// The row's stepping (modes/method.hpp) for a method held in a History (timeline/history.hpp).
// `Access` names the method's history and what follows a move:
//   template <class Modes, class F> static bool with(Modes& modes, F&& f);
//       calls f(history) on the method's current History and returns true, or returns false
//       when nothing is built (the perceptron has one History per form);
//   static void afterMove(ModesState& modes, const LabState& lab);
//       after any move along the path: the plots' value of a step reached for the first time,
//       the model of the current state.

#include "modes/mode_state.hpp"

namespace kpg::app {

template <class Access>
constexpr MethodStepping steppingOf() {
  return MethodStepping{
      [](ModesState& modes, const LabState& lab) {
        bool moved = false;
        Access::with(modes, [&moved](auto& history) { moved = history.stepForward().has_value(); });
        if (moved) Access::afterMove(modes, lab);
        return moved;
      },
      [](ModesState& modes, const LabState& lab, std::int64_t step) {
        if (Access::with(modes, [step](auto& history) { history.seek(step); }))
          Access::afterMove(modes, lab);
      },
      [](const ModesState& modes) {
        std::int64_t s = 0;
        Access::with(modes, [&s](const auto& history) { s = history.position(); });
        return s;
      },
      [](const ModesState& modes) {
        std::int64_t s = 0;
        Access::with(modes, [&s](const auto& history) { s = history.furthest(); });
        return s;
      },
      [](const ModesState& modes) {
        bool can = false;
        Access::with(modes, [&can](const auto& history) { can = history.canStepForward(); });
        return can;
      },
  };
}

}  // namespace kpg::app
