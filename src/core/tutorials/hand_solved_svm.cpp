#include "tutorials/hand_solved_svm.hpp"

#include "tutorials/formula_text.hpp"

namespace kpg {

ExactPoints handSolvedSvmNotesData() {
  return exactPoints({{1, 3}, {2, 1}, {0, 1}}, {1, 1, -1});
}

namespace {

bool sameData(const ExactPoints& a, const ExactPoints& b) {
  if (a.size() != b.size() || a.y != b.y) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a.x[i].size() != b.x[i].size()) return false;
    for (std::size_t j = 0; j < a.x[i].size(); ++j) {
      if (!a.x[i][j].isExact() || a.x[i][j] != b.x[i][j]) return false;
    }
  }
  return true;
}

// w = Σ αᵢ yᵢ xᵢ
RationalVector weightVector(const ExactPoints& points, const RationalVector& alpha) {
  RationalVector w(points.dimension(), Rational(0));
  for (std::size_t i = 0; i < points.size(); ++i) {
    w = w + (alpha[i] * Rational(points.y[i])) * points.x[i];
  }
  return w;
}

bool isNonNegative(const Rational& v) {
  // Inexact values: tolerate rounding around 0.
  return v.isExact() ? v.sign() >= 0 : v.toDouble() >= -1e-9;
}

bool atLeastOne(const Rational& v) {
  return v.isExact() ? v >= Rational(1) : v.toDouble() >= 1.0 - 1e-9;
}

// KKT system of the equality-constrained problem on the support set S:
//   Σ_{j∈S} Qᵢⱼ αⱼ + yᵢ b = 1 (i ∈ S),  Σ_{j∈S} yⱼ αⱼ = 0.
// Row i says yᵢ(w·xᵢ + b) = 1: point i on its margin. Accepts when α_S ≥ 0 and every other
// point satisfies yᵢ(w·xᵢ + b) ≥ 1, which are the KKT conditions of the full problem.
bool trySupportSet(const ExactPoints& points, const RationalMatrix& q,
                   const std::vector<std::size_t>& set, HandSvmResult& result) {
  const std::size_t k = set.size();
  RationalMatrix a(k + 1, RationalVector(k + 1, Rational(0)));
  RationalVector rhs(k + 1, Rational(1));
  for (std::size_t r = 0; r < k; ++r) {
    for (std::size_t c = 0; c < k; ++c) a[r][c] = q[set[r]][set[c]];
    a[r][k] = Rational(points.y[set[r]]);
    a[k][r] = Rational(points.y[set[r]]);
  }
  rhs[k] = Rational(0);
  const LinearSolution solution = solveLinearSystem(a, rhs);
  if (solution.status != SolveStatus::Unique) return false;
  RationalVector alpha(points.size(), Rational(0));
  for (std::size_t r = 0; r < k; ++r) {
    if (!isNonNegative(solution.x[r])) return false;
    alpha[set[r]] = solution.x[r];
  }
  const RationalVector w = weightVector(points, alpha);
  const Rational b = solution.x[k];
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!atLeastOne(Rational(points.y[i]) * (dot(w, points.x[i]) + b))) return false;
  }
  result.alpha = alpha;
  result.w = w;
  result.bias = b;
  return true;
}

bool searchSupportSets(const ExactPoints& points, const RationalMatrix& q, HandSvmResult& result) {
  const std::size_t n = points.size();
  for (std::size_t size = 2; size <= n; ++size) {
    // Subsets of `size` indices in lexicographic order.
    std::vector<std::size_t> set(size);
    for (std::size_t i = 0; i < size; ++i) set[i] = i;
    while (true) {
      bool positive = false, negative = false;
      for (std::size_t i : set) (points.y[i] > 0 ? positive : negative) = true;
      if (positive && negative && trySupportSet(points, q, set, result)) return true;
      std::size_t i = size;
      while (i > 0 && set[i - 1] == n - size + i - 1) --i;
      if (i == 0) break;
      ++set[i - 1];
      for (std::size_t j = i; j < size; ++j) set[j] = set[j - 1] + 1;
    }
  }
  return false;
}

void finishSolution(const ExactPoints& points, HandSvmResult& result) {
  result.hasSolution = true;
  result.supportVectors.clear();
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (result.alpha[i].sign() > 0 &&
        (result.alpha[i].isExact() || result.alpha[i].toDouble() > 1e-12)) {
      result.supportVectors.push_back(i);
    }
  }
  result.threshold = -result.bias;
  result.normSquared = dot(result.w, result.w);
  result.norm = sqrtOf(result.normSquared);
  result.margin = result.norm.reciprocal();
  result.marginWidth = Rational(2) * result.margin;
  result.exact = allExact(result.alpha) && allExact(result.w) && result.bias.isExact();
}

}  // namespace

HandSvmResult solveHandSvm(const ExactPoints& points) {
  HandSvmResult result;
  result.message = checkBinaryPoints(points);
  if (!result.message.empty()) return result;
  const std::size_t n = points.size();

  // Step 1: Q = X′X′ᵀ with X′ = diag(y)·X, the "Gram matrix of the labelled data".
  result.labelledGram.assign(n, RationalVector(n, Rational(0)));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      result.labelledGram[i][j] =
          Rational(points.y[i] * points.y[j]) * dot(points.x[i], points.x[j]);
    }
  }
  const RationalMatrix& q = result.labelledGram;

  // Step 3: αₙ = −yₙ Σ_{i<n} yᵢαᵢ (yₙ² = 1), so α = Eβ with E = [I; cᵀ], cᵢ = −yₙyᵢ.
  const std::size_t m = n - 1;
  result.eliminated.resize(m);
  for (std::size_t i = 0; i < m; ++i)
    result.eliminated[i] = Rational(-points.y[n - 1] * points.y[i]);
  const auto column = [&](std::size_t k) {  // column k of E
    RationalVector e(n, Rational(0));
    e[k] = Rational(1);
    e[n - 1] = result.eliminated[k];
    return e;
  };
  // R = EᵀQE, e = Eᵀ1: ½βᵀRβ − eᵀβ is the objective after the substitution.
  result.reducedHessian.assign(m, RationalVector(m, Rational(0)));
  result.reducedLinear.assign(m, Rational(0));
  for (std::size_t a = 0; a < m; ++a) {
    const RationalVector ea = column(a);
    RationalVector qea(n, Rational(0));
    for (std::size_t i = 0; i < n; ++i) qea[i] = dot(q[i], ea);
    for (std::size_t b = 0; b < m; ++b) result.reducedHessian[b][a] = dot(column(b), qea);
    result.reducedLinear[a] = Rational(1) + result.eliminated[a];
  }

  // Step 4: ∇ = Rβ − e = 0.
  const LinearSolution reduced = solveLinearSystem(result.reducedHessian, result.reducedLinear);
  bool allOnMarginValid = false;
  if (reduced.status == SolveStatus::Unique) {
    result.alphaAllOnMargin = reduced.x;
    Rational last(0);
    for (std::size_t i = 0; i < m; ++i) last += result.eliminated[i] * reduced.x[i];
    result.alphaAllOnMargin.push_back(last);
    for (std::size_t i = 0; i < n; ++i) {
      if (!isNonNegative(result.alphaAllOnMargin[i])) result.negativeAlpha.push_back(i);
    }
    allOnMarginValid = result.negativeAlpha.empty();
    result.status = allOnMarginValid ? HandSvmStatus::AllOnMargin : HandSvmStatus::NegativeAlpha;
  } else {
    result.status = reduced.status == SolveStatus::Underdetermined ? HandSvmStatus::NotUnique
                                                                   : HandSvmStatus::NotAllOnMargin;
  }

  if (allOnMarginValid) {
    result.alpha = result.alphaAllOnMargin;
    result.w = weightVector(points, result.alpha);
    // Every point is on its margin: b = yᵢ − w·xᵢ for any i; take the last.
    result.bias = Rational(points.y[n - 1]) - dot(result.w, points.x[n - 1]);
    finishSolution(points, result);
    return result;
  }
  if (n > kMaxExactSearchPoints) {
    if (result.status != HandSvmStatus::NotUnique) result.status = HandSvmStatus::TooManyPoints;
    return result;
  }
  if (searchSupportSets(points, q, result)) {
    finishSolution(points, result);
  } else {
    result.status = HandSvmStatus::NotSeparable;
  }
  return result;
}

namespace {

std::string indexList(const std::vector<std::size_t>& indices, std::string (*name)(std::size_t)) {
  std::string text;
  for (std::size_t k = 0; k < indices.size(); ++k) {
    text += (k == 0 ? "" : (k + 1 == indices.size() ? " and " : ", ")) + name(indices[k]);
  }
  return text;
}

// formula::linear starts a negative first term with "−"; continuing an expression it needs a
// space: "½(…) −2α₁" → "½(…) − 2α₁".
std::string continuation(const std::string& text) {
  if (text.rfind("−", 0) == 0) return "− " + text.substr(std::string("−").size());
  return "+ " + text;
}

std::string quadraticForm(const RationalMatrix& h, const RationalVector& linear) {
  // ½βᵀHβ − lᵀβ written out: ½(Σ Hᵢᵢβᵢ² + Σ_{i<j} 2Hᵢⱼβᵢβⱼ) − Σ lᵢβᵢ.
  std::vector<std::pair<Rational, std::string>> quadratic, linearTerms;
  for (std::size_t i = 0; i < h.size(); ++i) {
    quadratic.emplace_back(h[i][i], formula::alpha(i) + "²");
    for (std::size_t j = i + 1; j < h.size(); ++j) {
      quadratic.emplace_back(Rational(2) * h[i][j], formula::alpha(i) + formula::alpha(j));
    }
  }
  for (std::size_t i = 0; i < linear.size(); ++i)
    linearTerms.emplace_back(-linear[i], formula::alpha(i));
  std::string text = "½(" + formula::linear(quadratic) + ")";
  const std::string rest = formula::linear(linearTerms);
  if (rest != "0") text += " " + continuation(rest);
  return text;
}

std::string statusWarning(const HandSvmResult& r) {
  switch (r.status) {
    case HandSvmStatus::AllOnMargin:
      return "";
    case HandSvmStatus::NegativeAlpha:
      return "The notes' method (every point on the margin) does not apply to these points: it "
             "gives " +
             indexList(r.negativeAlpha, formula::alpha) + " < 0, so " +
             indexList(r.negativeAlpha, formula::point) +
             (r.negativeAlpha.size() == 1 ? " is not a support vector"
                                          : " are not support vectors") +
             ". The optimum is found with α = 0 there.";
    case HandSvmStatus::NotUnique:
      return "The points cannot be solved for a unique α with all of them on the margin (the "
             "equations are dependent, e.g. more than d + 1 points on the margins).";
    case HandSvmStatus::NotAllOnMargin:
      return "No hyperplane puts all of these points exactly on the margins, so the notes' method "
             "does not apply; the true support vectors are found instead.";
    case HandSvmStatus::NotSeparable:
      return "The classes are not linearly separable: the hard-margin SVM has no solution (use the "
             "soft margin, C < ∞).";
    case HandSvmStatus::TooManyPoints:
      return "The notes' method does not apply to these points and the exact search for the "
             "support vectors is limited to " +
             std::to_string(kMaxExactSearchPoints) + " points.";
    case HandSvmStatus::InvalidData:
      return r.message;
  }
  return "";
}

}  // namespace

Tutorial handSolvedSvmTutorial(const ExactPoints& points) {
  Tutorial tutorial;
  tutorial.id = "hand-solved-svm";
  tutorial.title = "A hard-margin SVM solved by hand";
  tutorial.source = "course-notes 001, Question 7";
  const HandSvmResult r = solveHandSvm(points);
  const std::string warning = statusWarning(r);
  if (!warning.empty()) tutorial.warnings.push_back(warning);
  if (r.status == HandSvmStatus::InvalidData) return tutorial;
  const bool notesData = sameData(points, handSolvedSvmNotesData());
  const std::size_t n = points.size();
  const std::size_t m = n - 1;
  if (!allExact(r.labelledGram)) {
    tutorial.warnings.push_back(
        "Some coordinates are not exact decimals; numbers marked ≈ are computed in double "
        "precision.");
  }

  {  // 1. Gram matrix of the labelled data
    TutorialPage page;
    page.title = "The Gram matrix of the labelled data";
    page.paragraphs = {
        "Multiply each point by its label: x′ᵢ = yᵢxᵢ. The dual only needs the dot products of "
        "these "
        "labelled points, Qᵢⱼ = yᵢyⱼ xᵢ·xⱼ, i.e. the matrix X′X′ᵀ.",
    };
    for (std::size_t i = 0; i < n; ++i) {
      page.formulas.push_back({"x′" + subscript(static_cast<int>(i + 1)) + " = " +
                                   (points.y[i] > 0 ? "+" : "−") + formula::vector(points.x[i]) +
                                   " = " + formula::vector(Rational(points.y[i]) * points.x[i]),
                               ""});
    }
    page.formulas.push_back({"X′X′ᵀ = " + formatMatrix(r.labelledGram), ""});
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        page.values.push_back(
            namedValue("Q_" + std::to_string(i + 1) + std::to_string(j + 1), r.labelledGram[i][j]));
      }
    }
    tutorial.pages.push_back(page);
  }

  {  // 2. The dual objective
    TutorialPage page;
    page.title = "The expression to minimise (the dual)";
    page.paragraphs = {
        "We minimise L(α) = ½ Σᵢ Σⱼ αᵢαⱼQᵢⱼ − Σᵢ αᵢ subject to Σᵢ αᵢyᵢ = 0 and αᵢ ≥ 0. This is the "
        "same problem as maximising Σᵢ αᵢ − ½ Σᵢ Σⱼ αᵢαⱼQᵢⱼ: one is the other with the sign "
        "flipped.",
        "Written out with the Gram matrix:",
    };
    RationalVector ones(n, Rational(1));
    page.formulas.push_back({"L(α) = " + quadraticForm(r.labelledGram, ones), "minimise"});
    std::vector<std::pair<Rational, std::string>> constraint;
    for (std::size_t i = 0; i < n; ++i)
      constraint.emplace_back(Rational(points.y[i]), formula::alpha(i));
    page.formulas.push_back({formula::linear(constraint) + " = 0", "Σᵢ αᵢyᵢ = 0"});
    page.formulas.push_back({"αᵢ ≥ 0 for i = 1, …, " + std::to_string(n), ""});
    page.notesCorrection =
        "course-notes 001 writes \"arg min −½ΣΣ αᵢαⱼ yᵢyⱼ xᵢ·xⱼ + Σαᵢ\", which is the objective to "
        "MAXIMISE (its minimum is −∞). Minimise ½ΣΣ αᵢαⱼQᵢⱼ − Σαᵢ, as here, or maximise the notes' "
        "expression; the later steps of the notes do the latter (they set its derivatives to "
        "zero).";
    tutorial.pages.push_back(page);
  }

  {  // 3. Eliminate the last multiplier
    TutorialPage page;
    page.title = "Use the constraint to remove " + formula::alpha(m);
    std::vector<std::pair<Rational, std::string>> rhs;
    for (std::size_t i = 0; i < m; ++i) rhs.emplace_back(r.eliminated[i], formula::alpha(i));
    page.paragraphs = {
        "With yₙ² = 1, Σᵢ αᵢyᵢ = 0 gives αₙ = −yₙ(α₁y₁ + … + αₙ₋₁yₙ₋₁). Substituting it leaves a "
        "quadratic "
        "in " +
            std::to_string(m) + " unknown" + (m == 1 ? "" : "s") +
            " with no constraint except αᵢ ≥ 0, "
            "which the hand method sets aside: it assumes every point is a support vector (αᵢ > "
            "0).",
    };
    page.formulas.push_back({formula::alpha(m) + " = " + formula::linear(rhs), "from Σᵢ αᵢyᵢ = 0"});
    page.formulas.push_back({"L = " + quadraticForm(r.reducedHessian, r.reducedLinear), ""});
    for (std::size_t i = 0; i < m; ++i) {
      page.values.push_back(namedValue("elimination_" + std::to_string(i + 1), r.eliminated[i]));
    }
    for (std::size_t i = 0; i < m; ++i) {
      for (std::size_t j = 0; j < m; ++j) {
        page.values.push_back(namedValue("R_" + std::to_string(i + 1) + std::to_string(j + 1),
                                         r.reducedHessian[i][j]));
      }
      page.values.push_back(namedValue("e_" + std::to_string(i + 1), r.reducedLinear[i]));
    }
    if (notesData) {
      page.notesCorrection =
          "course-notes 001 prints the reduced objective as −½(5α₁² + 4α₁α₂ + 3α₂²) + 2α₁ + 2α₂. "
          "The α₂² coefficient is 4, not 3: 5α₂² − 2α₂(α₁ + α₂) + (α₁ + α₂)² contributes "
          "5 − 2 + 1 = 4, and the notes' own next step, ∂/∂α₂ = −2α₁ − 4α₂ + 2, needs 4α₂².";
    }
    tutorial.pages.push_back(page);
  }

  {  // 4. Partial derivatives, solve
    TutorialPage page;
    page.title = "Set the partial derivatives to zero and solve";
    page.paragraphs = {
        "Each partial derivative of the reduced objective must vanish at the minimum:"};
    for (std::size_t k = 0; k < m; ++k) {
      std::vector<std::pair<Rational, std::string>> terms;
      for (std::size_t j = 0; j < m; ++j)
        terms.emplace_back(r.reducedHessian[k][j], formula::alpha(j));
      terms.emplace_back(-r.reducedLinear[k], "");
      page.formulas.push_back(
          {"∂L/∂" + formula::alpha(k) + " = " + formula::linear(terms) + " = 0", ""});
    }
    if (!r.alphaAllOnMargin.empty()) {
      page.paragraphs.push_back("Solving this linear system exactly gives, with " +
                                formula::alpha(m) + " from step 3:");
      for (std::size_t i = 0; i < n; ++i) {
        page.formulas.push_back(
            {formula::alpha(i) + " = " + formula::number(r.alphaAllOnMargin[i]), ""});
        page.values.push_back(namedValue(
            (r.status == HandSvmStatus::AllOnMargin ? "alpha_" : "alpha_all_on_margin_") +
                std::to_string(i + 1),
            r.alphaAllOnMargin[i]));
      }
      if (!r.negativeAlpha.empty()) {
        page.paragraphs.push_back(
            "But " + indexList(r.negativeAlpha, formula::alpha) +
            " < 0, which the dual forbids (αᵢ ≥ 0). The assumption that every point lies on the "
            "margin is wrong here: at the optimum " +
            indexList(r.negativeAlpha, formula::point) +
            (r.negativeAlpha.size() == 1 ? " lies" : " lie") +
            " beyond the margin, with α = 0. Dropping such points and solving again:");
      }
    } else {
      page.paragraphs.push_back(
          r.status == HandSvmStatus::NotUnique
              ? "These equations are dependent: infinitely many α solve them, so the hand method "
                "cannot pick one. The true support vectors are found below."
              : "These equations have no solution: the points cannot all lie on the margins.");
    }
    if (r.status != HandSvmStatus::AllOnMargin && r.hasSolution) {
      std::string names = indexList(r.supportVectors, formula::point);
      page.paragraphs.push_back("The optimum has support vectors " + names +
                                " (yᵢ(w·xᵢ + b) = 1, αᵢ > 0); every other point has αᵢ = 0.");
      for (std::size_t i = 0; i < n; ++i) {
        page.formulas.push_back(
            {formula::alpha(i) + " = " + formula::number(r.alpha[i]), "optimum"});
        page.values.push_back(namedValue("alpha_" + std::to_string(i + 1), r.alpha[i]));
      }
    }
    if (notesData) {
      page.notesCorrection =
          "The notes' derivatives (−5α₁ − 2α₂ + 2, −2α₁ − 4α₂ + 2) are those of the maximised "
          "objective, the negatives of the ones here; the solution is the same.";
    }
    tutorial.pages.push_back(page);
  }

  if (!r.hasSolution) {
    TutorialPage page;
    page.title = "No hard-margin solution";
    page.paragraphs = {warning};
    tutorial.pages.push_back(page);
    return tutorial;
  }

  {  // 5. w
    TutorialPage page;
    page.title = "Solve for w";
    page.paragraphs = {"At the optimum ∂Λ/∂w = 0 gives w = Σᵢ αᵢyᵢxᵢ:"};
    std::vector<std::pair<Rational, std::string>> terms;
    for (std::size_t i = 0; i < n; ++i) {
      terms.emplace_back(r.alpha[i] * Rational(points.y[i]), formula::vector(points.x[i]));
    }
    page.formulas.push_back({"w = " + formula::linear(terms), ""});
    page.formulas.push_back({"  = " + formula::vector(r.w), ""});
    for (std::size_t j = 0; j < r.w.size(); ++j) {
      page.values.push_back(namedValue("w_" + std::to_string(j + 1), r.w[j]));
    }
    if (notesData) {
      page.notesCorrection =
          "course-notes 001 first writes w = ¼x₁ + ⅜x₂ + ⅝x₃, dropping y₃ = −1; the next line has "
          "the right sign, −⅝(0, 1).";
    }
    tutorial.pages.push_back(page);
  }

  {  // 6. t
    TutorialPage page;
    page.title = "Solve for t (the intercept)";
    page.paragraphs = {
        "The notes write the classifier as f(x) = w·x − t. Every support vector satisfies "
        "yₛ(w·xₛ − t) = 1, so t = w·xₛ − yₛ. Each support vector gives the same t:"};
    for (std::size_t s : r.supportVectors) {
      const Rational wx = dot(r.w, points.x[s]);
      page.formulas.push_back(
          {formula::point(s) + ": " + (points.y[s] > 0 ? "" : "−") + "(" + formula::number(wx) +
               " − t) = 1  ⇒  t = " + formula::number(wx - Rational(points.y[s])),
           ""});
    }
    page.paragraphs.push_back(
        "In the f(x) = w·x + b form of course-notes 002–004 the bias is b = −t.");
    page.values.push_back(namedValue("t", r.threshold));
    page.values.push_back(namedValue("b", r.bias));
    tutorial.pages.push_back(page);
  }

  {  // 7. margin
    TutorialPage page;
    page.title = "Solve for the margin";
    page.paragraphs = {
        "The notes' margin m is the distance from the separating line to the closest points: "
        "m = 1/‖w‖. The distance between the two margin lines f(x) = +1 and f(x) = −1 (what "
        "course-notes 003 calls the margin) is twice that, 2/‖w‖.",
        "Check (course-notes 004): at the optimum ‖w‖² = Σᵢ αᵢ.",
    };
    Rational sumAlpha(0);
    for (const auto& a : r.alpha) sumAlpha += a;
    page.formulas.push_back(
        {"‖w‖² = " + formula::number(r.normSquared) + ",  ‖w‖ = " + r.norm.toString(), ""});
    page.formulas.push_back({"m = 1/‖w‖ = " + r.margin.toStringWithDecimal(), ""});
    page.formulas.push_back(
        {"2/‖w‖ = " + r.marginWidth.toStringWithDecimal(), "distance between f = ±1"});
    page.formulas.push_back({"Σᵢ αᵢ = " + formula::number(sumAlpha) + " = ‖w‖²", "check"});
    page.values.push_back(namedValue("norm_w_squared", r.normSquared));
    page.values.push_back(namedValue("norm_w", r.norm));
    page.values.push_back(namedValue("margin", r.margin));
    page.values.push_back(namedValue("margin_width", r.marginWidth));
    page.values.push_back(namedValue("sum_alpha", sumAlpha));
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
