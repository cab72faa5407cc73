// Goal checking (exercise.hpp): every verdict is computed from the core's state — the lab's SMO
// solver stepped on a copy, the solution at convergence (describeBinarySolution through the lab's
// ModelView), kernelValue, mercerCheck, the tutorials' exact derivations, the other methods' core
// objects — and every wrong answer is explained with those numbers.
#include "exercises/exercise.hpp"
#include "modes/featurespace/featurespace_mode.hpp"
#include "params/param_input.hpp"  // pointNumber: points numbered from 1 on screen

#include "data/number_text.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/mercer.hpp"
#include "svm/working_set.hpp"
#include "tutorials/tutorials.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace kpg::app {
namespace {

std::string num(double x) {
  return formatDisplay(x, 6);
}

Verdict malformed(std::string error) {
  Verdict v;
  v.error = "$.answer: " + std::move(error);
  return v;
}

Verdict judged(bool solved, std::string feedback) {
  Verdict v;
  v.solved = solved;
  v.feedback = std::move(feedback);
  return v;
}

// The answer as point indices (0-based, each < n, no repeats).
std::optional<std::vector<int>> indices(const JsonValue& answer, Index n, std::string& error) {
  if (!answer.isArray()) {
    error = "expected a list of point indices, e.g. [1, 3]";
    return std::nullopt;
  }
  std::vector<int> out;
  for (const JsonValue& x : answer.items()) {
    if (!x.isNumber() || x.asNumber() != std::floor(x.asNumber()) || x.asNumber() < 0 ||
        x.asNumber() >= static_cast<double>(n)) {
      error = "each item must be a point index from 0 to " + std::to_string(n - 1);
      return std::nullopt;
    }
    const int i = static_cast<int>(x.asNumber());
    if (std::find(out.begin(), out.end(), i) != out.end()) {
      error = "point index " + std::to_string(i) + " is listed twice";
      return std::nullopt;
    }
    out.push_back(i);
  }
  return out;
}

std::optional<double> number(const JsonValue& answer, std::string& error) {
  if (!answer.isNumber()) {
    error = "expected a number";
    return std::nullopt;
  }
  return answer.asNumber();
}

std::string pointList(const std::vector<int>& points) {
  if (points.empty()) return "none";
  std::string out;
  for (int p : points) out += (out.empty() ? "" : ", ") + std::to_string(pointNumber(p));
  return out;
}

std::string categoryWord(SupportCategory c) {
  return c == SupportCategory::Free ? "free" : c == SupportCategory::Bound ? "bound" : "non-SV";
}

// Why SMO picks (i, j) now: −y_t ∇f(α)_t over I_up and I_low (003 "SMO algo" step 2).
std::string pairReason(const LabState& lab, const SmoSolver& solver, const SmoStep& step) {
  const Vector& alpha = solver.alpha();
  const Vector& g = solver.gradient();
  const Vector& y = lab.data.labels;
  const double c = lab.params.c;
  std::string up, low;
  int tied = 0;  // points of I_up reaching m(α)
  const Index shown = std::min<Index>(y.size(), 12);
  for (Index t = 0; t < y.size(); ++t) {
    const double value = -y(t) * g(t);
    const std::string item = "point " + std::to_string(pointNumber(t)) + " → " + num(value);
    if (inUpSet(y(t), alpha(t), 0, c)) {
      if (value == step.mAlpha) ++tied;
      if (t < shown) up += (up.empty() ? "" : ", ") + item;
    }
    if (inLowSet(y(t), alpha(t), 0, c) && t < shown) low += (low.empty() ? "" : ", ") + item;
  }
  std::string text = "i = " + std::to_string(pointNumber(step.i)) +
                     " because m(α) = max over I_up of −y_t∇f(α)_t = " + num(step.mAlpha) +
                     " is reached there (−y_t∇f(α)_t on I_up: " + up + ")";
  if (tied > 1) text += ", a tie that SMO breaks toward the last index, as LIBSVM does";
  if (lab.params.rule == SelectionRule::SecondOrder) {
    text += "; j = " + std::to_string(pointNumber(step.j)) +
            " because among the points of I_low with −y_t∇f(α)_t < m(α) it gives the largest "
            "objective decrease b²/a = " +
            num(-step.secondOrderGain) + " (WSS3; −y_t∇f(α)_t on I_low: " + low + ")";
  } else {
    text += "; j = " + std::to_string(pointNumber(step.j)) +
            " because M(α) = min over I_low = " + num(step.bigMAlpha) +
            " is reached there (−y_t∇f(α)_t on I_low: " + low + ")";
  }
  return text + ".";
}

Verdict checkSmoPair(const LabState& lab, const JsonValue& answer) {
  std::string error;
  const auto pair = indices(answer, lab.pointCount(), error);
  if (!pair) return malformed(error);
  if (pair->size() != 2) return malformed("expected two point indices, e.g. [1, 3]");
  if (!lab.history)
    return judged(false, "There is no solver on the canvas: " +
                             (lab.problemError ? lab.problemError->message : ""));
  SmoSolver solver = lab.history->current();
  if (solver.status() != SmoStatus::Running)
    return judged(false, "The solver has stopped: there is no next pair.");
  const SmoSolver before = solver;
  const SmoStep step = solver.step();
  const std::set<int> picked{static_cast<int>(step.i), static_cast<int>(step.j)};
  const std::set<int> given(pair->begin(), pair->end());
  const std::string reason = pairReason(lab, before, step);
  if (picked == given)
    return judged(true, "Right: SMO updates (" + std::to_string(pointNumber(step.i)) + ", " +
                            std::to_string(pointNumber(step.j)) + "). " + reason);
  return judged(false, "SMO picks (" + std::to_string(pointNumber(step.i)) + ", " +
                           std::to_string(pointNumber(step.j)) + "), not (" +
                           std::to_string(pointNumber((*pair)[0])) + ", " +
                           std::to_string(pointNumber((*pair)[1])) + "): " + reason);
}

Verdict checkAlphaAfterStep(const LabState& lab, const ExerciseGoal& goal,
                            const JsonValue& answer) {
  std::string error;
  const auto value = number(answer, error);
  if (!value) return malformed(error);
  if (!lab.history) return judged(false, "There is no solver on the canvas.");
  SmoSolver solver = lab.history->current();
  if (solver.status() != SmoStatus::Running)
    return judged(false, "The solver has stopped: α does not change any more.");
  const double alphaBefore = solver.alpha()(goal.point);
  const SmoStep step = solver.step();
  const double expected = solver.alpha()(goal.point);
  const std::string p = std::to_string(pointNumber(goal.point));
  std::string why;
  if (step.i != goal.point && step.j != goal.point) {
    why = "SMO updates only the pair (" + std::to_string(pointNumber(step.i)) + ", " +
          std::to_string(pointNumber(step.j)) + "), so α" + p + " stays " + num(alphaBefore) + ".";
  } else {
    const bool isI = step.i == goal.point;
    why = "The pair is (" + std::to_string(pointNumber(step.i)) + ", " +
          std::to_string(pointNumber(step.j)) +
          "); the unclipped step is λ = " + num(step.unclippedStep) + " (η = " + num(step.eta) +
          "), clipped to [L, H] = [" + num(step.lower) + ", " + num(step.upper) + "] gives " +
          num(step.step) + ", so α" + p + " = " + num(isI ? step.alphaIBefore : step.alphaJBefore) +
          " → " + num(isI ? step.alphaIAfter : step.alphaJAfter) + ".";
  }
  if (std::abs(*value - expected) <= goal.tolerance)
    return judged(true, "Right: α" + p + " = " + num(expected) + " after the step. " + why);
  return judged(
      false, "α" + p + " after the step is " + num(expected) + ", not " + num(*value) + ". " + why);
}

// The support vectors of the converged SVM: the lab's, or in the feature space the SVM trained
// on the lifted points (the one the 3-D view draws).
Verdict checkSupportVectors(const LabState& lab, const ModesState& modes, Mode mode,
                            const JsonValue& answer) {
  std::string error;
  const auto given = indices(answer, lab.pointCount(), error);
  if (!given) return malformed(error);
  Vector alpha, yf;
  if (mode == Mode::FeatureSpace) {
    const FeaturespaceMode& m = modes.featurespace;
    const FeatureSpaceSolution done = convergedFeatureSpace(m, lab);
    if (!done.valid)
      return judged(false, m.error.empty() ? "There is no SVM in the feature space." : m.error);
    alpha = done.alpha;
    yf = m.y.cwiseProduct(done.value);
  } else {
    const LabState done = convergedCopy(lab);
    if (!done.model.valid) return judged(false, "There is no solver on the canvas.");
    alpha = done.model.solution.alpha;
    yf.resize(alpha.size());
    for (Index t = 0; t < alpha.size(); ++t) yf(t) = done.data.labels(t) * done.model.decision(t);
  }
  const char* f = mode == Mode::FeatureSpace ? "y(w·φ(x) + b)" : "y f(x)";
  std::vector<int> svs;
  for (Index t = 0; t < alpha.size(); ++t)
    if (alpha(t) > 0) svs.push_back(static_cast<int>(t));
  std::vector<int> sorted = *given;
  std::sort(sorted.begin(), sorted.end());
  if (sorted == svs)
    return judged(true, "Right: the support vectors are points " + pointList(svs) +
                            " (α > 0); every other point has α = 0.");
  std::string text =
      "At convergence the support vectors (α > 0) are points " + pointList(svs) + ".";
  for (int p : sorted) {
    if (alpha(p) <= 0)
      text += " Point " + std::to_string(pointNumber(p)) + " has α = 0 (" + f + " = " + num(yf(p)) +
              " > 1: beyond its margin).";
  }
  for (int p : svs) {
    if (std::find(sorted.begin(), sorted.end(), p) == sorted.end())
      text += " Point " + std::to_string(pointNumber(p)) + " is missing: α = " + num(alpha(p)) +
              ", " + f + " = " + num(yf(p)) + ".";
  }
  return judged(false, text);
}

// Which map lifts the classes to where a plane separates them (the hard-margin test on φ(xᵢ)):
// the answer's map, and all four for the feedback.
Verdict checkSeparatingMap(const LabState& lab, const ModesState& modes, const JsonValue& answer) {
  FeatureSpaceView chosen = modes.featurespace.view;
  if (answer.isString()) {
    const auto view = featureSpaceViewFromName(answer.asString());
    if (!view || *view == FeatureSpaceView::Kpca)
      return malformed(
          "expected a map: \"quadratic\", \"product\", \"squares\" or "
          "\"paraboloid\" (null: the map shown now)");
    chosen = *view;
  } else if (!answer.isNull()) {
    return malformed("expected a map's name, e.g. \"product\", or null for the map shown now");
  }
  if (chosen == FeatureSpaceView::Kpca)
    return judged(false, "Kernel PCA's coordinates are not one of the notes' maps: choose a map.");
  const auto title = [](FeatureSpaceView v) {
    return describe(FeatureMap{featureSpaceMapKind(v), 1.0});
  };

  std::string separating, not_;
  MapSeparation mine;
  for (FeatureSpaceView v : {FeatureSpaceView::Quadratic, FeatureSpaceView::Product,
                             FeatureSpaceView::Squares, FeatureSpaceView::Paraboloid}) {
    const MapSeparation s = featureSpaceSeparates(v, lab);
    if (v == chosen) mine = s;
    (s.separable ? separating : not_) += (s.separable ? separating : not_).empty() ? "" : "; ";
    (s.separable ? separating : not_) += title(v);
  }
  const std::string all = " Separating: " + (separating.empty() ? "none" : separating) +
                          ". Not separating: " + (not_.empty() ? "none" : not_) + ".";
  if (mine.separable)
    return judged(true, "Right: after " + title(chosen) +
                            " a plane has every point of one class on one side (the hard-margin "
                            "SVM on φ(xᵢ) has a solution)." +
                            all);
  return judged(false, "No: after " + title(chosen) + " no plane separates the classes (" +
                           mine.reason + ")." + all);
}

// The student's own plane against the lifted points, and its margin against the SVM's 1/‖w‖.
Verdict checkSeparatingPlane(const LabState& lab, const ModesState& modes) {
  const FeaturespaceMode& m = modes.featurespace;
  if (!m.studentPlane.shown)
    return judged(false, "Show your plane first (\"my plane\" under the 3-D view), then tilt it.");
  const PlaneScore score = scoreStudentPlane(m);
  if (!score.valid)
    return judged(false, m.error.empty() ? "There are no lifted points to separate." : m.error);
  const FeatureSpaceSolution svm = convergedFeatureSpace(m, lab);
  const double norm = svm.valid ? svm.plane.w.norm() : 0;
  const std::string svmMargin =
      norm > 0 ? " The SVM's plane has margin 1/‖w‖ = " + num(1 / norm) + "." : "";
  const std::size_t n = static_cast<std::size_t>(m.y.size());
  if (score.wrong.empty()) {
    std::string share;
    if (norm > 0)
      share = " Yours reaches " +
              std::to_string(static_cast<int>(std::lround(100 * score.margin * norm))) +
              " % of it: the SVM's is the widest any plane can have.";
    return judged(true, "Your plane separates all " + std::to_string(n) +
                            " lifted points. Its margin, the distance to the nearest point, is " +
                            num(score.margin) + "." + svmMargin + share);
  }
  std::vector<int> wrong(score.wrong.begin(), score.wrong.end());
  return judged(false, std::to_string(wrong.size()) + " of " + std::to_string(n) +
                           " points are on the wrong side of your plane, or on it: points " +
                           pointList(wrong) +
                           ". Tilt it (drag in the view with \"drag turns my "
                           "plane\" on) or move it along its normal." +
                           svmMargin);
}

Verdict checkClassify(const LabState& lab, const ExerciseGoal& goal, const JsonValue& answer) {
  if (!answer.isString() || (answer.asString() != "free" && answer.asString() != "bound" &&
                             answer.asString() != "non-SV"))
    return malformed("write \"free\", \"bound\" or \"non-SV\"");
  const LabState done = convergedCopy(lab);
  if (!done.model.valid) return judged(false, "There is no solver on the canvas.");
  const int p = goal.point;
  const double alpha = done.model.solution.alpha(p);
  const SupportCategory c = done.model.solution.categories[static_cast<std::size_t>(p)];
  const std::string word = categoryWord(c);
  const double c0 = done.params.c;
  const std::string numbers = "α" + std::to_string(pointNumber(p)) + " = " + num(alpha) +
                              " with C = " + (std::isinf(c0) ? std::string("∞") : num(c0)) +
                              ", y f(x) = " + num(done.data.labels(p) * done.model.decision(p)) +
                              ", ξ = " + num(done.model.solution.slacks(p));
  const std::string rule =
      c == SupportCategory::Free    ? "0 < α < C: a free SV, on its margin (y f(x) = 1)"
      : c == SupportCategory::Bound ? "α = C: a bound SV, inside its margin or misclassified"
                                    : "α = 0: not a support vector, beyond its margin";
  if (answer.asString() == word) return judged(true, "Right: " + numbers + ", so " + rule + ".");
  return judged(false, "Point " + std::to_string(pointNumber(p)) + " is " + word + ", not " +
                           answer.asString() + ": " + numbers + ", so " + rule + ".");
}

Verdict checkBoundSv(const LabState& lab, const ExerciseGoal& goal) {
  const LabState done = convergedCopy(lab);
  if (!done.model.valid)
    return judged(false, "There is no solver on the canvas: " +
                             (lab.problemError ? lab.problemError->message : std::string()));
  const int p = goal.point;
  if (p >= done.pointCount())
    return judged(false, "Point " + std::to_string(pointNumber(p)) + " was deleted.");
  const SupportCategory c = done.model.solution.categories[static_cast<std::size_t>(p)];
  const double alpha = done.model.solution.alpha(p);
  const double margin = done.data.labels(p) * done.model.decision(p);
  const std::string numbers = "α" + std::to_string(pointNumber(p)) + " = " + num(alpha) +
                              " (C = " + num(done.params.c) + "), y f(x) = " + num(margin);
  if (c == SupportCategory::Bound)
    return judged(true, "Right: point " + std::to_string(pointNumber(p)) +
                            " is a bound SV: " + numbers + ", inside its margin.");
  return judged(false, "Point " + std::to_string(pointNumber(p)) + " is " + categoryWord(c) + ": " +
                           numbers +
                           ". A bound SV has α = C, which needs y f(x) < 1 at the optimum: move it "
                           "into the margin band or across the boundary.");
}

Verdict checkFindParameter(const LabState& lab, const ExerciseGoal& goal, const JsonValue& answer) {
  const bool isC = goal.parameter == "C";
  double value = isC ? lab.params.c : lab.params.kernel.gamma;
  if (!answer.isNull()) {
    std::string error;
    const auto given = number(answer, error);
    if (!given) return malformed(error + " (or null for the lab's current value)");
    value = *given;
  }
  LabState trial = lab;
  std::optional<std::string> refused;
  if (isC) {
    refused = apply(trial, action::SetC{value}, false);
  } else {
    KernelParams kernel = trial.params.kernel;
    kernel.gamma = value;
    refused = apply(trial, action::SetKernel{kernel}, false);
  }
  if (refused) return malformed(*refused);
  const LabState done = convergedCopy(trial);
  if (!done.model.valid) return judged(false, "There is no solver on the canvas.");
  const std::string name = (isC ? "C = " : "γ = ") + num(value);
  if (goal.property == "margin") {
    const double margin = done.model.solution.margin.value_or(0);
    const std::string numbers = "With " + name + " the margin 1/‖w‖ is " + num(margin);
    if (margin >= goal.atLeast)
      return judged(true, "Right: " + numbers + " ≥ " + num(goal.atLeast) + ".");
    return judged(false, numbers + ", below " + num(goal.atLeast) +
                             " (‖w‖ = " + num(1 / std::max(margin, 1e-300)) +
                             "). A smaller C pays less for slack and lets ‖w‖ shrink.");
  }
  const double accuracy = done.model.trainingAccuracy;
  const auto svs = static_cast<int>(done.model.supportCount);
  const std::string numbers = "With " + name + " the training accuracy is " + num(100 * accuracy) +
                              " % with " + std::to_string(svs) + " support vectors";
  if (accuracy >= 1 && svs <= goal.maxSupportVectors)
    return judged(true, "Right: " + numbers + ".");
  if (accuracy < 1)
    return judged(false, numbers + ": not every point is classified correctly. " +
                             (isC ? "A larger C" : "A larger γ (a narrower kernel)") +
                             " follows the training points more closely.");
  return judged(false, numbers + ", more than " + std::to_string(goal.maxSupportVectors) + ". " +
                           (isC ? "" : "A very large γ makes every point a support vector; ") +
                           "look for a value that separates with fewer.");
}

// The value a numeric goal asks for, with the sentence saying where it comes from.
std::optional<std::pair<double, std::string>> numericValue(const ExerciseGoal& goal,
                                                           const LabState& lab,
                                                           const ModesState& modes) {
  const std::string& q = goal.quantity;
  if (q == "tutorial") {
    const std::optional<Tutorial> t = deriveTutorial(goal.tutorial);
    const auto v = t ? findValue(*t, goal.value) : std::nullopt;
    if (!v) return std::nullopt;
    return std::pair{v->value, goal.value + " = " + (v->exact.empty() ? num(v->value) : v->exact) +
                                   " (≈ " + num(v->value) + ") in the worked example " + t->title +
                                   " (" + t->source + ")"};
  }
  if (q == "gram") {
    const auto xi = lab.data.points.row(goal.i);
    const auto xj = lab.data.points.row(goal.j);
    const double k = kernelValue(lab.params.kernel, xi.transpose(), xj.transpose());
    return std::pair{k, "k(x" + std::to_string(pointNumber(goal.i)) + ", x" +
                            std::to_string(pointNumber(goal.j)) +
                            ") = " + describe(lab.params.kernel) + " at x" +
                            std::to_string(pointNumber(goal.i)) + " = (" + num(xi(0)) + ", " +
                            num(xi(1)) + "), x" + std::to_string(pointNumber(goal.j)) + " = (" +
                            num(xj(0)) + ", " + num(xj(1)) + ") is " + num(k)};
  }
  if (q == "gramMinEigenvalue") {
    const MercerReport report = mercerCheck(gramMatrix(lab.params.kernel, lab.data.points));
    std::string all;
    for (Index k = 0; k < report.eigenvalues.size(); ++k)
      all += (k ? ", " : "") + num(report.eigenvalues(k));
    return std::pair{report.eigenvalues(0),
                     "the Gram matrix's eigenvalues are " + all + "; the smallest is " +
                         num(report.eigenvalues(0)) + ", so K is " +
                         (report.positiveSemidefinite ? "" : "not ") + "positive semi-definite"};
  }
  if (q == "bias" || q == "margin" || q == "w1" || q == "w2") {
    const LabState done = convergedCopy(lab);
    if (!done.model.valid) return std::nullopt;
    const BinarySolutionView& s = done.model.solution;
    if (q == "bias") return std::pair{s.bias, "b = −ρ = " + num(s.bias) + " at convergence"};
    if (q == "margin") {
      if (!s.margin) return std::nullopt;
      return std::pair{*s.margin, "1/‖w‖ = 1/√(Σα_i) = " + num(*s.margin) +
                                      " (‖w‖² = " + num(s.wNormSquared) + ") at convergence"};
    }
    if (!s.w) return std::nullopt;
    const int k = q == "w1" ? 0 : 1;
    return std::pair{(*s.w)(k), "w = Σ α_i y_i x_i = (" + num((*s.w)(0)) + ", " + num((*s.w)(1)) +
                                    ") at convergence"};
  }
  ModesState m = modes;
  if (q == "kpcaEigenvalue") {
    setMode(m, lab, Mode::Kpca);
    ensureBuilt(m, lab);
    const Vector& ev = m.kpca.pca.eigenvalues();
    if (goal.component >= ev.size()) return std::nullopt;
    std::string all;
    for (Index k = 0; k < std::min<Index>(ev.size(), 4); ++k) all += (k ? ", " : "") + num(ev(k));
    return std::pair{ev(goal.component), "the centred Gram matrix HKH has the eigenvalues " + all +
                                             " …; λ" + std::to_string(goal.component + 1) + " = " +
                                             num(ev(goal.component))};
  }
  if (q == "svrSupportVectors") {
    setMode(m, lab, Mode::Svr);
    ensureBuilt(m, lab);
    for (int k = 0; k < 1000 && modeCanStep(m); ++k) (void)modeRunToEnd(m, lab, 1000);
    ensureBuilt(m, lab);
    return std::pair{static_cast<double>(m.svr.supportCount),
                     "at convergence (C = " + num(m.svr.c) + ", ε = " + num(m.svr.epsilon) + ") " +
                         std::to_string(m.svr.supportCount) +
                         " points have αᵢ − αᵢ* ≠ 0: those on or outside the ε-tube"};
  }
  if (q == "kfdAlpha") {
    setMode(m, lab, Mode::Kfd);
    m.kfd.kernelForm = true;
    ensureBuilt(m, lab);
    if (!m.kfd.ok() || goal.i >= m.kfd.kfd.alpha().size()) return std::nullopt;
    return std::pair{m.kfd.kfd.alpha()(goal.i),
                     "α = (N + μI)⁻¹(M₁ − M₂) with μ = " + num(m.kfd.mu) + " gives α" +
                         std::to_string(pointNumber(goal.i)) + " = " +
                         num(m.kfd.kfd.alpha()(goal.i))};
  }
  return std::nullopt;
}

Verdict checkNumeric(const ExerciseGoal& goal, const LabState& lab, const ModesState& modes,
                     const JsonValue& answer) {
  std::string error;
  const auto given = number(answer, error);
  if (!given) return malformed(error);
  const auto value = numericValue(goal, lab, modes);
  if (!value)
    return judged(false, "The value cannot be computed on the canvas as it is now (" +
                             goal.quantity + "): reopen the exercise.");
  if (std::abs(*given - value->first) <= goal.tolerance)
    return judged(true, "Right: " + value->second + ".");
  return judged(false, "Not " + num(*given) + ": " + value->second + " (accepted within ±" +
                           num(goal.tolerance) + ").");
}

}  // namespace

LabState convergedCopy(const LabState& lab) {
  LabState copy = lab;
  if (!copy.history) return copy;
  (void)apply(copy, action::RunToConvergence{60000}, false);
  for (int k = 0; k < 1000 && (copy.playback.running || copy.replay); ++k)
    advance(copy, 1.0, 60000);
  return copy;
}

Verdict checkAnswer(const Exercise& exercise, const LabState& lab, const ModesState& modes,
                    const JsonValue& answer) {
  const ExerciseGoal& goal = exercise.goal;
  switch (goal.kind) {
    case GoalKind::SmoPair:
      return checkSmoPair(lab, answer);
    case GoalKind::AlphaAfterStep:
      return checkAlphaAfterStep(lab, goal, answer);
    case GoalKind::SupportVectors:
      return checkSupportVectors(lab, modes, exercise.mode, answer);
    case GoalKind::BoundSv:
      return checkBoundSv(lab, goal);
    case GoalKind::FindParameter:
      return checkFindParameter(lab, goal, answer);
    case GoalKind::ClassifyPoint:
      return checkClassify(lab, goal, answer);
    case GoalKind::Numeric:
      return checkNumeric(goal, lab, modes, answer);
    case GoalKind::SeparatingMap:
      return checkSeparatingMap(lab, modes, answer);
    case GoalKind::SeparatingPlane:
      return checkSeparatingPlane(lab, modes);
  }
  return malformed("unknown goal");
}

}  // namespace kpg::app
