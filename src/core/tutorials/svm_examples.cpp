#include "tutorials/svm_examples.hpp"

#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_train.hpp"
#include "tutorials/formula_text.hpp"
#include "tutorials/hand_solved_svm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kpg {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string num(double value) {
  if (std::isinf(value)) return value > 0 ? "∞" : "−∞";
  std::string text = formatDecimal(std::abs(value) < 1e-12 ? 0.0 : value);
  if (!text.empty() && text[0] == '-') text = "−" + text.substr(1);
  return text;
}

std::string doubles(const Vector& v) {
  std::string text = "(";
  for (Index i = 0; i < v.size(); ++i) text += (i ? ", " : "") + num(v(i));
  return text + ")";
}

std::string cText(double c) {
  return num(c);
}

// "a − b" with a negative b in parentheses: "1 − (−1)".
std::string minus(double a, double b) {
  return num(a) + " − " + (b < 0 ? "(" + num(b) + ")" : num(b));
}

// Display only: solver round-off below 1e-8 shown as 0 (the values keep the raw doubles).
std::string shown(double value) {
  return num(std::abs(value) < 1e-8 ? 0.0 : value);
}

// 003's box for the signed coefficient βᵢ = yᵢαᵢ.
double lowerSigned(double y, double c) {
  return std::min(0.0, c * y);
}
double upperSigned(double y, double c) {
  return std::max(0.0, c * y);
}

}  // namespace

Tutorial smoTutorial(const ExactPoints& points, const SmoExampleOptions& options) {
  Tutorial tutorial;
  tutorial.id = "smo";
  tutorial.title = "Anatomy of SMO: one pair at a time";
  tutorial.source = "course-notes 003, SMO algo; 000, SVM optimization";
  const std::string problemText = checkBinaryPoints(points);
  if (!problemText.empty()) {
    tutorial.warnings.push_back(problemText);
    return tutorial;
  }
  const double c = options.c < 0 ? kInfinity : options.c;
  const HandSvmResult exact = solveHandSvm(points);
  if (std::isinf(c) && exact.status == HandSvmStatus::NotSeparable) {
    tutorial.warnings.push_back(
        "The points are not linearly separable: the hard-margin dual is "
        "unbounded. Choose a finite C.");
    return tutorial;
  }
  const Dataset data = toDataset(points);
  const KernelParams kernel = KernelParams::linear();
  const Matrix k = data.x * data.x.transpose();
  const Vector& y = data.y;
  const Index n = data.x.rows();
  SmoOptions smoOptions;
  smoOptions.rule = options.rule;
  smoOptions.eps = options.eps;
  smoOptions.maxIterations = 10000;
  SmoSolver solver(cSvcDual(data.x, y, kernel, c), smoOptions);
  const auto signedGradient = [&](const Vector& gradient) {  // g = −y∘G
    return Vector(-y.cwiseProduct(gradient));
  };
  {
    TutorialPage page;
    page.title = "The problem SMO solves";
    page.paragraphs = {
        "Course-notes 003 writes the dual with signed coefficients βᵢ = yᵢαᵢ: maximise "
        "D(β) = Σ βᵢyᵢ − ½ Σ βᵢβⱼkᵢⱼ subject to Σ βᵢ = 0 and Aᵢ ≤ βᵢ ≤ Bᵢ, Aᵢ = min(0, Cyᵢ), "
        "Bᵢ = max(0, Cyᵢ). Σ βᵢ = 0 is Σ αᵢyᵢ = 0 of the other notes.",
        "SMO changes two coefficients at a time, βᵢ += λ and βⱼ −= λ, which keeps Σ βᵢ = 0. It "
        "starts from β = 0, where the gradient is gᵢ = yᵢ − Σⱼ βⱼkᵢⱼ = yᵢ.",
        "Here: linear kernel, C = " + cText(c) + ", the pair chosen as " +
            (options.rule == SelectionRule::FirstOrder
                 ? "the maximal violating pair (largest gᵢ that may grow, smallest gⱼ that may "
                   "shrink)."
                 : "LIBSVM's second-order rule (Fan, Chen & Lin 2005)."),
    };
    std::string kText = "[";
    for (Index r = 0; r < n; ++r) {
      kText += r ? ", [" : "[";
      for (Index col = 0; col < n; ++col) kText += (col ? ", " : "") + num(k(r, col));
      kText += "]";
    }
    page.formulas.push_back({"k = " + kText + "]", "kᵢⱼ = xᵢ·xⱼ"});
    page.formulas.push_back({"g = " + doubles(signedGradient(solver.gradient())), "at β = 0"});
    tutorial.pages.push_back(page);
  }
  int shown = 0;
  bool formulasAgree = true;
  while (solver.status() == SmoStatus::Running) {
    const Vector gBefore = signedGradient(solver.gradient());
    const Vector alphaBefore = solver.alpha();
    const SmoStep step = solver.step();
    if (!step.updated) break;
    const Index i = step.i, j = step.j;
    const double gi = gBefore(i), gj = gBefore(j);
    const double eta = k(i, i) + k(j, j) - 2 * k(i, j);
    const double betaI = y(i) * alphaBefore(i), betaJ = y(j) * alphaBefore(j);
    // 003's λ: the unconstrained step, cut by the box of βᵢ (upwards) and βⱼ (downwards).
    const double lambda =
        courseLambda(gi, gj, eta, betaI, upperSigned(y(i), c), betaJ, lowerSigned(y(j), c));
    Vector gPredicted = gBefore;
    for (Index s = 0; s < n; ++s) gPredicted(s) -= lambda * (k(i, s) - k(j, s));
    const Vector gAfter = signedGradient(solver.gradient());
    const double scale = std::max(1.0, gAfter.cwiseAbs().maxCoeff());
    const bool agrees = std::abs(lambda - step.step) <= 1e-9 * std::max(1.0, std::abs(lambda)) &&
                        (gPredicted - gAfter).cwiseAbs().maxCoeff() <= 1e-9 * scale;
    formulasAgree = formulasAgree && agrees;
    if (shown >= options.maxPages) continue;
    ++shown;
    const std::string prefix = "step_" + std::to_string(step.iteration) + "_";
    const std::string xi = formula::point(static_cast<std::size_t>(i));
    const std::string xj = formula::point(static_cast<std::size_t>(j));
    TutorialPage page;
    page.title = "Step " + std::to_string(step.iteration) + ": the pair (" + xi + ", " + xj + ")";
    page.paragraphs = {
        "The most violating pair: g" + subscript(static_cast<int>(i + 1)) + " = " + num(gi) +
            " is the largest g whose β may still grow, g" + subscript(static_cast<int>(j + 1)) +
            " = " + num(gj) + " the smallest whose β may still shrink. Their gap m(α) − M(α) = " +
            num(step.violation) + " > 0, so α is not optimal yet.",
    };
    page.formulas.push_back({"kᵢᵢ + kⱼⱼ − 2kᵢⱼ = " + num(k(i, i)) + " + " + num(k(j, j)) + " − 2·" +
                                 num(k(i, j)) + " = " + num(eta),
                             "‖xᵢ − xⱼ‖²"});
    page.formulas.push_back({"λ = min{(" + minus(gi, gj) + ")/" + num(eta) + ", " +
                                 minus(upperSigned(y(i), c), betaI) + ", " +
                                 minus(betaJ, lowerSigned(y(j), c)) + "} = " + num(lambda),
                             lambda < (gi - gj) / eta ? "clipped by the box" : "unclipped"});
    page.formulas.push_back({"α" + subscript(static_cast<int>(i + 1)) + ": " +
                                 num(step.alphaIBefore) + " → " + num(step.alphaIAfter) + ",  α" +
                                 subscript(static_cast<int>(j + 1)) + ": " +
                                 num(step.alphaJBefore) + " → " + num(step.alphaJAfter),
                             "αᵢ = yᵢβᵢ"});
    page.formulas.push_back({"g ← g − λ(kᵢ· − kⱼ·) = " + doubles(gPredicted),
                             agrees ? "the solver's gradient agrees" : "DIFFERS from the solver"});
    page.formulas.push_back({"D: " + num(-step.objectiveBefore) + " → " + num(-step.objectiveAfter),
                             "the dual increases"});
    page.values.push_back(namedValue(prefix + "i", Rational(static_cast<std::int64_t>(i + 1))));
    page.values.push_back(namedValue(prefix + "j", Rational(static_cast<std::int64_t>(j + 1))));
    page.values.push_back(namedDouble(prefix + "lambda", lambda));
    page.values.push_back(namedDouble(prefix + "solver_step", step.step));
    page.values.push_back(namedDouble(prefix + "violation", step.violation));
    page.values.push_back(namedDouble(prefix + "dual_objective", -step.objectiveAfter));
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    const BinarySolutionView view = describeBinarySolution(solver, data.x, kernel);
    page.title = solver.status() == SmoStatus::Converged ? "Converged" : "Stopped";
    page.paragraphs = {std::to_string(solver.iteration()) +
                       " pair updates; m(α) − M(α) = " + num(solver.violation()) +
                       (solver.status() == SmoStatus::Converged ? " < ε = " + num(options.eps) + "."
                                                                : ": the iteration cap was hit.")};
    if (solver.iteration() > options.maxPages) {
      page.paragraphs.push_back("(The first " + std::to_string(options.maxPages) +
                                " steps are shown.)");
    }
    page.formulas.push_back({"α = " + doubles(view.alpha), ""});
    if (view.w)
      page.formulas.push_back({"w = " + doubles(*view.w) + ",  b = " + num(view.bias), ""});
    if (view.margin) page.formulas.push_back({"1/‖w‖ = " + num(*view.margin), ""});
    for (Index t = 0; t < n; ++t) {
      page.values.push_back(namedDouble("alpha_" + std::to_string(t + 1), view.alpha(t)));
    }
    page.values.push_back(namedDouble("b", view.bias));
    page.values.push_back(namedValue("iterations", Rational(solver.iteration())));
    page.values.push_back(namedValue("formulas_agree", Rational(formulasAgree ? 1 : 0)));
    if (std::isinf(c) && exact.hasSolution) {
      double difference = 0;
      for (Index t = 0; t < n; ++t) {
        difference =
            std::max(difference,
                     std::abs(view.alpha(t) - exact.alpha[static_cast<std::size_t>(t)].toDouble()));
      }
      page.paragraphs.push_back("The hand-solved tutorial's exact α is " +
                                formatVector(exact.alpha) + "; SMO is within " + num(difference) +
                                " of it.");
      page.values.push_back(namedDouble("difference_to_exact", difference));
    }
    if (!formulasAgree) {
      tutorial.warnings.push_back("003's update formulas disagreed with the solver on some step.");
    }
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

ExactPoints softMarginExampleData() {
  return exactPoints({{1, 3}, {2, 1}, {0, 1}, {1, 1}}, {1, 1, -1, -1});
}

namespace {

TutorialPage solutionPage(const ExactPoints& points, const Dataset& data, double c,
                          const std::string& prefix, BinarySolutionView* out) {
  const KernelParams kernel = KernelParams::linear();
  SmoOptions options;
  options.eps = 1e-9;
  options.maxIterations = 100000;
  SmoSolver solver(cSvcDual(data.x, data.y, kernel, c), options);
  solver.solve();
  const BinarySolutionView view = describeBinarySolution(solver, data.x, kernel);
  TutorialPage page;
  page.title = std::isinf(c) ? "Hard margin (C = ∞)" : "Soft margin, C = " + num(c);
  for (Index i = 0; i < view.alpha.size(); ++i) {
    const auto category = view.categories[static_cast<std::size_t>(i)];
    const char* where = category == SupportCategory::NotSupport ? "α = 0: beyond the margin"
                        : category == SupportCategory::Free
                            ? "0 < α < C: on the margin"
                            : "α = C: inside the margin or wrong side";
    page.formulas.push_back({formula::point(static_cast<std::size_t>(i)) +
                                 ": α = " + shown(view.alpha(i)) + ", ξ = " + shown(view.slacks(i)),
                             where});
    page.values.push_back(namedDouble(prefix + "alpha_" + std::to_string(i + 1), view.alpha(i)));
    page.values.push_back(namedDouble(prefix + "slack_" + std::to_string(i + 1), view.slacks(i)));
  }
  if (view.w) page.formulas.push_back({"w = " + doubles(*view.w) + ",  b = " + num(view.bias), ""});
  if (view.margin) page.formulas.push_back({"margin 1/‖w‖ = " + num(*view.margin), ""});
  page.formulas.push_back({"primal ½‖w‖² + CΣξ = " + num(view.primalObjective) + ",  dual = " +
                               num(view.dualObjective) + ",  gap = " + shown(view.dualityGap),
                           ""});
  page.values.push_back(namedDouble(prefix + "b", view.bias));
  if (view.margin) page.values.push_back(namedDouble(prefix + "margin", *view.margin));
  page.values.push_back(namedDouble(prefix + "primal", view.primalObjective));
  page.values.push_back(namedDouble(prefix + "dual", view.dualObjective));
  page.values.push_back(
      namedValue(prefix + "converged", Rational(solver.status() == SmoStatus::Converged ? 1 : 0)));
  (void)points;
  if (out) *out = view;
  return page;
}

}  // namespace

Tutorial softMarginTutorial(const ExactPoints& points, const std::vector<double>& cValues) {
  Tutorial tutorial;
  tutorial.id = "soft-margin";
  tutorial.title = "Hard and soft margin: what C trades";
  tutorial.source = "course-notes 000 and 004, the non-separable case";
  const std::string problemText = checkBinaryPoints(points);
  if (!problemText.empty()) {
    tutorial.warnings.push_back(problemText);
    return tutorial;
  }
  const Dataset data = toDataset(points);
  const HandSvmResult exact = solveHandSvm(points);
  if (exact.status == HandSvmStatus::NotSeparable) {
    TutorialPage page;
    page.title = "Hard margin (C = ∞): no solution";
    page.paragraphs = {
        "The classes are not linearly separable, so no w satisfies every "
        "yᵢ(w·xᵢ + b) ≥ 1: the hard-margin problem is infeasible (its dual is "
        "unbounded). Slack variables ξᵢ ≥ 0 relax it to yᵢ(w·xᵢ + b) ≥ 1 − ξᵢ at a "
        "cost CΣξᵢ."};
    tutorial.pages.push_back(page);
  } else {
    TutorialPage page = solutionPage(points, data, kInfinity, "hard_", nullptr);
    page.paragraphs = {
        "Hard margin: minimise ½‖w‖² subject to yᵢ(w·xᵢ + b) ≥ 1; the dual is max Σαᵢ − "
        "½ΣΣαᵢαⱼyᵢyⱼxᵢ·xⱼ with Σαᵢyᵢ = 0 and αᵢ ≥ 0 (no upper bound). Every ξ is 0."};
    page.notesCorrection =
        "course-notes 004 prints the dual's equality constraint as Σαᵢ = 0; with αᵢ ≥ 0 that would "
        "force every α to 0. It is Σαᵢyᵢ = 0 (003 writes Σαᵢ = 0 too, but its αᵢ are signed, "
        "= yᵢαᵢ here).";
    tutorial.pages.push_back(page);
  }
  TutorialPage summary;
  summary.title = "What C changes";
  summary.paragraphs = {
      "Soft margin: minimise ½‖w‖² + CΣξᵢ subject to yᵢ(w·xᵢ + b) ≥ 1 − ξᵢ, ξᵢ ≥ 0. The dual is "
      "the "
      "hard-margin one with 0 ≤ αᵢ ≤ C. A smaller C buys a wider margin with more slack."};
  for (const double c : cValues) {
    if (!(c > 0) || std::isinf(c)) continue;
    BinarySolutionView view;
    const std::string prefix = "c_" + formatDecimal(c) + "_";
    TutorialPage page = solutionPage(points, data, c, prefix, &view);
    page.paragraphs = {"With C = " + num(c) +
                       " the α are capped at C; points with α = C pay slack."};
    tutorial.pages.push_back(page);
    int supportVectors = 0;
    for (const auto category : view.categories)
      supportVectors += category != SupportCategory::NotSupport;
    summary.formulas.push_back(
        {"C = " + num(c) + ": margin " + (view.margin ? num(*view.margin) : "—") + ", Σξ = " +
             shown(view.slacks.sum()) + ", " + std::to_string(supportVectors) + " support vectors",
         ""});
  }
  tutorial.pages.push_back(summary);
  return tutorial;
}

}  // namespace kpg
