#pragma once
// The lab's ModelView (lab_state.hpp): what the panels, window.kpg.state() and the shader read
// about the solver's current position, derived from it in one place after every action or slice
// of steps that moves the solver (lab_state.cpp).

#include "lab/lab_state.hpp"

#include <string>

namespace kpg::app {

// The status in words: why there is no solver, the replay's progress, or the solver's own end
// ("converged after 40 steps", the unbounded dual's sentence, …) or position ("paused at step 12").
std::string statusText(const LabState& lab);

// The status in a few words, for a bar too narrow for statusText (a phone): ready, running,
// paused, the solver's end (converged, iteration limit), or for a stop on invalid input the
// message's first clause ("the dual problem has no solution"), which says more than "invalid
// input"; the whole sentence stays in the pair panel.
std::string briefStatusText(const LabState& lab);

// The equality constraint Σ αᵢyᵢ = 0 as a student should read it: "Σ αᵢyᵢ = 0 (to rounding:
// 2.9e-15)" when the sum is zero up to the rounding of adding Σ αᵢ's worth of doubles (SMO keeps
// it exactly in exact arithmetic: each pair update moves αᵢyᵢ and αⱼyⱼ by opposite amounts), else
// the sum with "(should be 0)". A bare "−2.22e-16" read as a fault.
std::string equalityConstraintText(const ModelView& m);

// Recomputes lab.model from the current solver (or clears it when there is none) and bumps
// lab.modelRevision, so the field and the panels redraw.
void refreshModel(LabState& lab);

}  // namespace kpg::app
