#include "lab/step_words.hpp"

#include "data/number_text.hpp"
#include "tutorials/tutorial.hpp"

#include <cmath>

namespace kpg::app {

namespace {

std::string alphaName(Index index) {
  return "α" + kpg::subscript(static_cast<int>(index) + 1);  // the notes number from 1
}

std::string value(double x) {
  return formatDisplay(x, 4);
}

// One α's change: "α₃ 0 → 0.25".
std::string change(Index index, double before, double after) {
  return alphaName(index) + " " + value(before) + " → " + value(after);
}

}  // namespace

std::string clipWords(const SmoStep& step, double c) {
  // The step t was cut to the segment [lower, upper] (pair_update.hpp): one α reached a bound.
  if (!step.updated || step.step == step.unclippedStep) return "";
  const auto atC = [c](double a) { return std::isfinite(c) && a == c; };
  if (atC(step.alphaIAfter) || atC(step.alphaJAfter)) return "clipped at C";
  if (step.alphaIAfter == 0 || step.alphaJAfter == 0) return "clipped at 0";
  return "clipped";
}

std::string stepAnnouncement(const LabState& lab) {
  if (lab.problemError) return lab.problemError->message;
  if (!lab.model.valid) return "no solver";
  const std::string head = "step " + std::to_string(lab.stepCount());
  std::string text;
  const std::optional<SmoStep>* last = lab.history ? &lab.history->lastStep() : nullptr;
  if (lab.stepCount() == 0 || last == nullptr || !last->has_value()) {
    text = head + ": no pair update yet";
  } else {
    const SmoStep& s = **last;
    if (s.updated) {
      text = head + ": pair " + std::to_string(s.i + 1) + " and " + std::to_string(s.j + 1) + ", " +
             change(s.i, s.alphaIBefore, s.alphaIAfter) + ", " +
             change(s.j, s.alphaJBefore, s.alphaJAfter);
      const std::string clip = clipWords(s, lab.params.c);
      if (!clip.empty()) text += ", " + clip;
    } else {
      text = head + ": no update";
    }
  }
  if (lab.model.status == SmoStatus::Converged) {
    text += "; converged: m(α) − M(α) = " + value(lab.model.violation) + " ≤ eps " +
            value(lab.params.eps);
  } else if (lab.model.status == SmoStatus::CapReached) {
    text += "; stopped at the step cap without converging";
  }
  return text;
}

const char* marginPositionWords(double yf, double tolerance) {
  if (std::abs(yf - 1) <= tolerance) return "on the margin";
  if (std::abs(yf) <= tolerance) return "on the boundary";
  if (yf > 1) return "outside the margin";
  if (yf > 0) return "inside the margin, right side";
  return "wrong side of the boundary";
}

}  // namespace kpg::app
