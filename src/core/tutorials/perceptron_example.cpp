#include "tutorials/perceptron_example.hpp"

#include "tutorials/formula_text.hpp"

namespace kpg {

PerceptronExampleInput perceptronNotesExample() {
  PerceptronExampleInput input;
  input.points = exactPoints({{1, 2}, {4, 1}, {2, 2}}, {-1, 1, 1});
  input.beta = {Rational(1), Rational(-1)};
  input.beta0 = Rational(-2);
  input.learningRate = Rational(1, 4);
  return input;
}

namespace {

RationalVector scores(const ExactPoints& points, const RationalVector& beta,
                      const Rational& beta0) {
  RationalVector h;
  for (const auto& x : points.x) h.push_back(dot(beta, x) + beta0);
  return h;
}

bool isMistake(int y, const Rational& score) {
  return (Rational(y) * score).sign() <= 0;
}

}  // namespace

PerceptronExampleResult runPerceptronExample(const PerceptronExampleInput& input,
                                             std::size_t maxPasses) {
  PerceptronExampleResult result;
  result.error = checkBinaryPoints(input.points);
  if (result.error.empty() && input.beta.size() != input.points.dimension()) {
    result.error = "β has " + std::to_string(input.beta.size()) +
                   " coordinates but the points have " + std::to_string(input.points.dimension());
  }
  if (result.error.empty() && input.learningRate.sign() <= 0) {
    result.error = "the learning rate must be positive";
  }
  if (!result.error.empty()) return result;
  RationalVector beta = input.beta;
  Rational beta0 = input.beta0;
  result.initialScores = scores(input.points, beta, beta0);
  for (std::size_t pass = 0; pass < maxPasses && !result.converged; ++pass) {
    bool mistake = false;
    for (std::size_t i = 0; i < input.points.size(); ++i) {
      const RationalVector before = scores(input.points, beta, beta0);
      if (!isMistake(input.points.y[i], before[i])) continue;
      mistake = true;
      PerceptronExampleUpdate update;
      update.pass = pass;
      update.index = i;
      update.scoresBefore = before;
      update.betaBefore = beta;
      update.beta0Before = beta0;
      const Rational step = input.learningRate * Rational(input.points.y[i]);
      beta = beta + step * input.points.x[i];
      beta0 += step;
      update.betaAfter = beta;
      update.beta0After = beta0;
      update.scoresAfter = scores(input.points, beta, beta0);
      result.updates.push_back(update);
    }
    result.passes = pass + 1;
    result.converged = !mistake;
  }
  result.beta = beta;
  result.beta0 = beta0;
  result.finalScores = scores(input.points, beta, beta0);
  return result;
}

namespace {

constexpr std::size_t kMaxUpdatePages = 8;

std::vector<FormulaLine> scoreLines(const ExactPoints& points, const RationalVector& beta,
                                    const Rational& beta0, const RationalVector& h) {
  std::vector<FormulaLine> lines;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const bool wrong = isMistake(points.y[i], h[i]);
    lines.push_back({"⟨β, " + formula::point(i) + "⟩ + β₀ = " + formula::vector(beta) + "·" +
                         formula::vector(points.x[i]) + " " +
                         (beta0.sign() < 0 ? "− " + (-beta0).toString() : "+ " + beta0.toString()) +
                         " = " + formula::number(h[i]),
                     std::string("y") + subscript(static_cast<int>(i + 1)) + " = " +
                         (points.y[i] > 0 ? "+1" : "−1") +
                         (wrong ? ": misclassified" : ": correct")});
  }
  return lines;
}

}  // namespace

Tutorial perceptronTutorial(const PerceptronExampleInput& input) {
  Tutorial tutorial;
  tutorial.id = "perceptron";
  tutorial.title = "The perceptron, one update by hand";
  tutorial.source = "course-notes 002, Perceptron: Example";
  const PerceptronExampleResult r = runPerceptronExample(input);
  if (!r.error.empty()) {
    tutorial.warnings.push_back(r.error);
    return tutorial;
  }
  const bool notesData = input.points.x == perceptronNotesExample().points.x &&
                         input.points.y == perceptronNotesExample().points.y &&
                         input.beta == perceptronNotesExample().beta &&
                         input.beta0 == perceptronNotesExample().beta0 &&
                         input.learningRate == perceptronNotesExample().learningRate;
  {
    TutorialPage page;
    page.title = "The data and the starting hyperplane";
    page.paragraphs = {
        "The perceptron classifies by the sign of h(x) = ⟨β, x⟩ + β₀. A point is misclassified "
        "when "
        "yᵢh(xᵢ) ≤ 0; then β ← β + η yᵢxᵢ and β₀ ← β₀ + η yᵢ, with learning rate η.",
        "The points are visited in order; the run stops after a pass without a mistake. (002's "
        "pseudo-code tests yh < 0; 001 and 000 use ≤ 0. They differ only for a point exactly on "
        "the line, which ≤ 0 counts as a mistake.)",
    };
    for (std::size_t i = 0; i < input.points.size(); ++i) {
      page.formulas.push_back({formula::point(i) + " = " + formula::vector(input.points.x[i]) +
                                   ",  y" + subscript(static_cast<int>(i + 1)) + " = " +
                                   (input.points.y[i] > 0 ? "+1" : "−1"),
                               ""});
    }
    page.formulas.push_back({"β = " + formula::vector(input.beta) +
                                 ",  β₀ = " + formula::number(input.beta0) +
                                 ",  η = " + formula::number(input.learningRate),
                             ""});
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "Check every point";
    page.paragraphs = {"The score of each point under the starting hyperplane:"};
    page.formulas = scoreLines(input.points, input.beta, input.beta0, r.initialScores);
    for (std::size_t i = 0; i < r.initialScores.size(); ++i) {
      page.values.push_back(namedValue("score_" + std::to_string(i + 1), r.initialScores[i]));
    }
    tutorial.pages.push_back(page);
  }
  for (std::size_t u = 0; u < r.updates.size() && u < kMaxUpdatePages; ++u) {
    const PerceptronExampleUpdate& update = r.updates[u];
    const std::size_t i = update.index;
    const int y = input.points.y[i];
    const std::string suffix = r.updates.size() == 1 ? "" : "_" + std::to_string(u + 1);
    TutorialPage page;
    page.title = "Update at " + formula::point(i) +
                 (r.updates.size() == 1 ? "" : " (pass " + std::to_string(update.pass + 1) + ")");
    page.paragraphs = {
        formula::point(i) + " has y = " + (y > 0 ? "+1" : "−1") + " but score " +
        formula::number(update.scoresBefore[i]) + ", so y·h ≤ 0: update with η·y = " +
        formula::number(input.learningRate * Rational(y)) + ". The update, then the new scores:"};
    page.formulas.push_back({"β ← " + formula::vector(update.betaBefore) + (y > 0 ? " + " : " − ") +
                                 formula::number(input.learningRate) + "·" +
                                 formula::vector(input.points.x[i]) + " = " +
                                 formula::vector(update.betaAfter),
                             ""});
    page.formulas.push_back({"β₀ ← " + formula::number(update.beta0Before) +
                                 (y > 0 ? " + " : " − ") + formula::number(input.learningRate) +
                                 " = " + formula::number(update.beta0After),
                             ""});
    for (const auto& line :
         scoreLines(input.points, update.betaAfter, update.beta0After, update.scoresAfter)) {
      page.formulas.push_back(line);
    }
    for (std::size_t j = 0; j < update.betaAfter.size(); ++j) {
      page.values.push_back(
          namedValue("beta_" + std::to_string(j + 1) + suffix, update.betaAfter[j]));
    }
    page.values.push_back(namedValue("beta_0" + suffix, update.beta0After));
    for (std::size_t j = 0; j < update.scoresAfter.size(); ++j) {
      page.values.push_back(
          namedValue("new_score_" + std::to_string(j + 1) + suffix, update.scoresAfter[j]));
    }
    if (notesData && u == 0) {
      page.notesCorrection =
          "course-notes 002 writes β + ¼·x₂ but then uses x₃'s values (2, 2): the update is at x₃, "
          "the misclassified point, and it is β + η·y₃·x₃ with y₃ = +1.";
    }
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = r.converged ? "All points correct: the algorithm stops" : "No convergence";
    if (r.converged) {
      page.paragraphs = {"After " + std::to_string(r.updates.size()) + " update" +
                         (r.updates.size() == 1 ? "" : "s") + ", a full pass makes no mistake (" +
                         std::to_string(r.passes) + " pass" + (r.passes == 1 ? "" : "es") + ")."};
    } else {
      page.paragraphs = {"Still misclassifying after " + std::to_string(r.passes) +
                         " passes: the data may not be linearly separable (002: the algorithm "
                         "does not converge then)."};
      tutorial.warnings.push_back("The perceptron did not converge on these points.");
    }
    page.formulas.push_back(
        {"β = " + formula::vector(r.beta) + ",  β₀ = " + formula::number(r.beta0), ""});
    for (std::size_t j = 0; j < r.beta.size(); ++j) {
      page.values.push_back(namedValue("final_beta_" + std::to_string(j + 1), r.beta[j]));
    }
    page.values.push_back(namedValue("final_beta_0", r.beta0));
    page.values.push_back(
        namedValue("updates", Rational(static_cast<std::int64_t>(r.updates.size()))));
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
