// The lab's steps in words, for the screen reader's live region outside the canvas: everything the
// canvas shows of a step is also said, in the notes' vocabulary, with the points numbered from 1 as
// the notes number them.
#pragma once

#include "lab/lab_state.hpp"

#include <string>

namespace kpg::app {

// "step 12: pair 3 and 7, α₃ 0 → 0.25, α₇ 0 → 0.25, clipped at C" for the step the lab shows;
// "step 0: no pair update yet" at step 0; the solver's stop ("converged: m(α) − M(α) = 8e-10 ≤
// eps") when the last step ended the run; the problem's error when there is no solver.
std::string stepAnnouncement(const LabState& lab);

// Why a step's t was clipped, in words: "clipped at C" when an α reached C, "clipped at 0" when
// one reached 0, "" when the step was the unclipped minimiser (pair_update.hpp).
std::string clipWords(const SmoStep& step, double c);

// Where a point lies for its class, from yᵢ·f(xᵢ) (notes 001, the soft margin: y·f ≥ 1 outside or
// on the margin, 0 < y·f < 1 inside it, y·f < 0 misclassified): "on the margin" within
// `tolerance` of 1 (a free SV at convergence is there to the solver's eps), "on the boundary"
// within it of 0, else "outside the margin", "inside the margin, right side" or "wrong side of
// the boundary".
const char* marginPositionWords(double yf, double tolerance);

}  // namespace kpg::app
