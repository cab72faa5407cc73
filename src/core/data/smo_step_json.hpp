#pragma once
// The one JSON form of an SMO step record (svm/smo_solver.hpp SmoStep): the same fields in the
// same order, numbers by the one policy of json_writer.hpp (±∞ as "inf"/"-inf", NaN as null).
// Two spellings of the keys, because two published formats carry it and both stay as they are
// for their users:
//   - Camel: window.kpg.state().solver.lastStep (README "window.kpg"): mAlpha, bigMAlpha, …
//   - Snake: `kpg trace` JSON Lines (README "kpg trace"): m_alpha, M_alpha, … — see
//     smoTraceStepJson for the whole line.

#include "data/json_writer.hpp"
#include "svm/smo_solver.hpp"

namespace kpg {

enum class JsonKeyStyle { Camel, Snake };

// {"updated", "iteration", "status", "i", "j", "mAlpha", "bigMAlpha", "violation", "gradientI",
//  "gradientJ", "secondOrderGain", "eta", "tauUsed", "lower", "upper", "unclippedStep", "step",
//  "alphaIBefore", "alphaIAfter", "alphaJBefore", "alphaJAfter", "objectiveBefore",
//  "objectiveAfter"} (Snake: updated, iteration, status, i, j, m_alpha, M_alpha, violation,
//  gradient_i, gradient_j, second_order_gain, eta, tau_used, lower, upper, unclipped_step, step,
//  alpha_i_before, alpha_i_after, alpha_j_before, alpha_j_after, objective_before,
//  objective_after).
JsonValue smoStepJson(const SmoStep& step, JsonKeyStyle keys = JsonKeyStyle::Camel);

// One step line of `kpg trace`: {"type":"step","subproblem":k, <the Snake fields, with
// "sample_i"/"sample_j" (the data rows of i and j) after "j">}.
JsonValue smoTraceStepJson(int subproblem, const SmoStep& step, Index sampleI, Index sampleJ);

}  // namespace kpg
