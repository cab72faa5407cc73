#include "lab/model_view.hpp"

#include "data/number_text.hpp"
#include "svm/binary_solution.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace kpg::app {

std::string statusText(const LabState& lab) {
  if (!lab.history) return lab.problemError ? lab.problemError->message : "no data";
  if (lab.replay) return replayProgressText(lab);
  const SmoSolver& solver = lab.history->current();
  const std::string steps = std::to_string(solver.iteration());
  const std::string plural = solver.iteration() == 1 ? " step" : " steps";
  switch (solver.status()) {
    case SmoStatus::InvalidInput:
      return solver.message();
    case SmoStatus::Converged:
      if (lab.live.segments > 0) {
        // Live: this segment started from the previous α (lab_state.hpp LiveState).
        return "re-converged in " + steps + (solver.iteration() == 1 ? " update" : " updates") +
               " after " + lab.live.why + " (Live: warm start from the previous α)";
      }
      return "converged after " + steps + plural + " (m(α) − M(α) < eps)";
    case SmoStatus::CapReached:
      return "stopped at the step cap after " + steps + plural +
             ": not converged (try a smaller C or fewer, better-scaled points)";
    case SmoStatus::Running:
      break;
  }
  if (lab.playback.running) return "running, step " + steps;
  if (lab.live.pending) return "re-converging after " + lab.live.why + ": update " + steps;
  if (solver.iteration() == 0) return "ready at step 0: press Step or Run";
  return "paused at step " + steps;
}

std::string equalityConstraintText(const ModelView& m) {
  const double sum = m.alphaDotY;
  const double scale = std::max(1.0, m.solution.alpha.cwiseAbs().sum());
  if (std::abs(sum) <= 1e-9 * scale) {
    if (sum == 0) return "Σ αᵢyᵢ = 0";
    return "Σ αᵢyᵢ = 0 (to rounding: " + formatDisplay(std::abs(sum), 2) + ")";
  }
  return "Σ αᵢyᵢ = " + formatDisplay(sum, 4) + " (should be 0)";
}

std::string briefStatusText(const LabState& lab) {
  const SmoStatus status = lab.model.status;
  if (status == SmoStatus::InvalidInput) {
    const std::string& text = lab.model.statusText;
    const std::size_t clause = text.find(':');
    if (clause != std::string::npos && clause > 0 && clause <= 40) return text.substr(0, clause);
    return std::string(smoStatusName(status));
  }
  if (status != SmoStatus::Running) return std::string(smoStatusName(status));
  const bool moving = lab.playback.running || lab.replay || lab.live.pending;
  if (lab.stepCount() == 0 && !moving) return "ready";
  return moving ? "running" : "paused";
}

void refreshModel(LabState& lab) {
  ++lab.modelRevision;
  ModelView& m = lab.model;
  if (!lab.history) {
    ModelView none;
    none.statusText = statusText(lab);
    m = std::move(none);
    return;
  }
  const SmoSolver& solver = lab.history->current();
  m.valid = true;
  m.solution = describeBinarySolution(solver, lab.data.points, lab.params.kernel, lab.params.bias);
  const Vector& y = lab.data.labels;
  m.decision = trainingDecisionValues(y, solver.gradient(), m.solution.rho);
  m.kktViolation = kktViolations(y, m.decision, m.solution.categories);
  m.alphaDotY = m.solution.alpha.dot(y);
  m.violation = solver.violation();
  m.supportCount = m.freeCount = m.boundCount = 0;
  for (SupportCategory c : m.solution.categories) {
    if (c == SupportCategory::Free) ++m.freeCount;
    if (c == SupportCategory::Bound) ++m.boundCount;
  }
  m.supportCount = m.freeCount + m.boundCount;
  // A point with f(x) = 0 lies on the boundary: it is in neither class, so at
  // step 0 (α = 0, b = 0, f ≡ 0) no point counts as classified, not the class sign(0) picks.
  Index correct = 0;
  m.undecidedCount = 0;
  for (Index i = 0; i < y.size(); ++i) {
    if (m.decision(i) == 0) ++m.undecidedCount;
    if (m.decision(i) * y(i) > 0) ++correct;
  }
  m.trainingAccuracy =
      y.size() > 0 ? static_cast<double>(correct) / static_cast<double>(y.size()) : 0.0;
  m.status = solver.status();
  m.statusText = statusText(lab);
  m.model = binaryModel(solver, lab.data.points, lab.params.kernel, lab.params.bias);
}

}  // namespace kpg::app
