#include "tutorials/geometry_example.hpp"

#include "tutorials/formula_text.hpp"
#include "tutorials/hand_solved_svm.hpp"

namespace kpg {

GeometryExampleInput geometryNotesExample() {
  GeometryExampleInput input;
  input.points = exactPoints({{1, 2}, {4, 1}, {2, 2}}, {-1, 1, 1});
  input.w = {Rational(3, 2), Rational(-1, 2)};
  input.b = Rational(-7, 4);
  input.point = {Rational(2), Rational(2)};
  return input;
}

RationalVector projectOntoHyperplane(const RationalVector& w, const Rational& b,
                                     const RationalVector& x) {
  return x - ((dot(w, x) + b) / dot(w, w)) * w;
}

Surd signedDistance(const RationalVector& w, const Rational& b, const RationalVector& x) {
  return (dot(w, x) + b) * sqrtOf(dot(w, w)).reciprocal();
}

namespace {

std::string surdVector(const std::vector<Surd>& v) {
  std::string text = "(";
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::string entry = v[i].toString();
    if (!entry.empty() && entry[0] == '-') entry = "−" + entry.substr(1);
    text += (i ? ", " : "") + entry;
  }
  return text + ")";
}

std::string hyperplaneText(const RationalVector& w, const Rational& b) {
  std::vector<std::pair<Rational, std::string>> terms;
  for (std::size_t j = 0; j < w.size(); ++j)
    terms.emplace_back(w[j], "x" + subscript(static_cast<int>(j + 1)));
  terms.emplace_back(b, "");
  return formula::linear(terms) + " = 0";
}

}  // namespace

Tutorial geometryTutorial(const GeometryExampleInput& input) {
  Tutorial tutorial;
  tutorial.id = "geometry";
  tutorial.title = "Hyperplane geometry: normal, projection, distance, canonical form";
  tutorial.source = "course-notes 002: Separating Hyperplanes; 004: canonical form, eq. 17";
  const RationalVector& w = input.w;
  const Rational& b = input.b;
  const RationalVector& x = input.point;
  const Rational normSquared = dot(w, w);
  if (w.empty() || normSquared.isZero() || x.size() != w.size()) {
    tutorial.warnings.push_back("w must be a nonzero vector with as many coordinates as the point");
    return tutorial;
  }
  const Surd norm = sqrtOf(normSquared);
  {
    TutorialPage page;
    page.title = "The hyperplane and its normal";
    page.paragraphs = {
        "H = {x : ⟨w, x⟩ + b = 0}. For two points x, x′ on H, ⟨w, x − x′⟩ = −b + b = 0: w is "
        "orthogonal to every direction within H, so n = w/‖w‖ is its unit normal."};
    page.formulas.push_back({"H: " + hyperplaneText(w, b), ""});
    page.formulas.push_back(
        {"‖w‖² = " + formula::number(normSquared) + ",  ‖w‖ = " + norm.toString(), ""});
    std::vector<Surd> normal;
    for (const auto& wj : w) normal.push_back(wj * norm.reciprocal());
    page.formulas.push_back({"n = w/‖w‖ = " + surdVector(normal), ""});
    page.values.push_back(namedValue("norm_w_squared", normSquared));
    page.values.push_back(namedValue("norm_w", norm));
    for (std::size_t j = 0; j < normal.size(); ++j) {
      page.values.push_back(namedValue("normal_" + std::to_string(j + 1), normal[j]));
    }
    tutorial.pages.push_back(page);
  }
  const Rational score = dot(w, x) + b;
  const RationalVector projected = projectOntoHyperplane(w, b, x);
  {
    TutorialPage page;
    page.title = "Projecting a point onto the hyperplane";
    page.paragraphs = {
        "The closest point of H to x is π(x) = x − (⟨w, x⟩ + b)/‖w‖² · w: step from x along the "
        "normal until ⟨w, ·⟩ + b reaches 0."};
    page.formulas.push_back(
        {"x = " + formula::vector(x) + ",  ⟨w, x⟩ + b = " + formula::number(score), ""});
    page.formulas.push_back({"π(x) = " + formula::vector(x) + " − (" +
                                 formula::number(score / normSquared) + ")·" + formula::vector(w) +
                                 " = " + formula::vector(projected),
                             ""});
    page.formulas.push_back({"⟨w, π(x)⟩ + b = " + formula::number(dot(w, projected) + b), "on H"});
    for (std::size_t j = 0; j < projected.size(); ++j) {
      page.values.push_back(namedValue("projection_" + std::to_string(j + 1), projected[j]));
    }
    page.values.push_back(namedValue("score", score));
    tutorial.pages.push_back(page);
  }
  {
    TutorialPage page;
    page.title = "Signed distance";
    const Surd distance = signedDistance(w, b, x);
    const RationalVector offset = x - projected;
    page.paragraphs = {
        "x − π(x) is a multiple of w, so ‖x − π(x)‖ = |⟨w, x⟩ + b|/‖w‖. Keeping the sign tells "
        "the side: positive where the classifier says +1."};
    page.formulas.push_back({"(⟨w, x⟩ + b)/‖w‖ = (" + formula::number(score) + ")/(" +
                                 norm.toString() + ") = " + distance.toStringWithDecimal(),
                             ""});
    page.formulas.push_back(
        {"‖x − π(x)‖² = " + formula::number(dot(offset, offset)), "= distance²"});
    page.values.push_back(namedValue("signed_distance", distance));
    page.values.push_back(namedValue("distance_squared", dot(offset, offset)));
    page.notesCorrection =
        "In course-notes 002's proof, x − πx is printed as (⟨β, x⟩ − β₀)/⟨β, β⟩·β; the sign is "
        "+β₀, as in the definition of π. Its last line also drops the absolute value: "
        "‖x − πx‖ = |⟨β, x⟩ + β₀|/‖β‖.";
    tutorial.pages.push_back(page);
  }
  const std::string dataError = checkBinaryPoints(input.points);
  if (!dataError.empty() || input.points.dimension() != w.size()) {
    if (!dataError.empty()) tutorial.warnings.push_back(dataError);
    return tutorial;
  }
  {
    TutorialPage page;
    page.title = "The canonical form";
    Rational smallest;
    bool separating = true;
    for (std::size_t i = 0; i < input.points.size(); ++i) {
      const Rational m = Rational(input.points.y[i]) * (dot(w, input.points.x[i]) + b);
      page.formulas.push_back({"y" + subscript(static_cast<int>(i + 1)) + "(⟨w, " +
                                   formula::point(i) + "⟩ + b) = " + formula::number(m),
                               ""});
      if (i == 0 || m < smallest) smallest = m;
      separating = separating && m.sign() > 0;
    }
    page.paragraphs = {
        "(w, b) and (sw, sb) for s > 0 are the same hyperplane. Course-notes 004 fixes the scale "
        "so "
        "that minᵢ yᵢ(⟨w, xᵢ⟩ + b) = 1 (the canonical form); the margin — the distance to the "
        "closest point — is then 1/‖w‖."};
    if (separating) {
      const Rational s = smallest.reciprocal();
      const RationalVector wc = s * w;
      const Rational bc = s * b;
      const Surd margin = sqrtOf(dot(wc, wc)).reciprocal();
      page.formulas.push_back({"s = 1/(" + formula::number(smallest) + ") = " + formula::number(s) +
                                   ":  " + hyperplaneText(wc, bc),
                               "canonical"});
      page.formulas.push_back({"margin = 1/‖sw‖ = " + margin.toStringWithDecimal(), ""});
      for (std::size_t j = 0; j < wc.size(); ++j) {
        page.values.push_back(namedValue("canonical_w_" + std::to_string(j + 1), wc[j]));
      }
      page.values.push_back(namedValue("canonical_b", bc));
      page.values.push_back(namedValue("canonical_margin", margin));
    } else {
      page.paragraphs.push_back(
          "Some yᵢ(⟨w, xᵢ⟩ + b) ≤ 0: this hyperplane does not separate the data, "
          "so it has no canonical form.");
    }
    tutorial.pages.push_back(page);
  }
  const HandSvmResult svm = solveHandSvm(input.points);
  if (svm.hasSolution) {
    TutorialPage page;
    page.title = "The bias of the maximum-margin hyperplane, two ways";
    Rational minPositive, maxNegative;
    bool anyPositive = false, anyNegative = false;
    for (std::size_t i = 0; i < input.points.size(); ++i) {
      const Rational v = dot(svm.w, input.points.x[i]);
      if (input.points.y[i] > 0) {
        if (!anyPositive || v < minPositive) minPositive = v;
        anyPositive = true;
      } else {
        if (!anyNegative || v > maxNegative) maxNegative = v;
        anyNegative = true;
      }
    }
    const Rational fromPositive = Rational(1) - minPositive;
    const Rational fromNegative = Rational(-1) - maxNegative;
    page.paragraphs = {
        "The maximum-margin w of these points (found as in the hand-solved SVM tutorial) is " +
        formula::vector(svm.w) +
        ". Its constraints yᵢ(w·xᵢ + b) ≥ 1 are tight at least once in "
        "each class, which gives b twice (004, eq. 17):"};
    page.formulas.push_back({"b = 1 − min{w·xᵢ : yᵢ = +1} = 1 − " + formula::number(minPositive) +
                                 " = " + formula::number(fromPositive),
                             ""});
    page.formulas.push_back({"b = −1 − max{w·xᵢ : yᵢ = −1} = −1 − " + formula::number(maxNegative) +
                                 " = " + formula::number(fromNegative),
                             fromPositive == fromNegative ? "the same" : "DIFFERENT"});
    for (std::size_t j = 0; j < svm.w.size(); ++j) {
      page.values.push_back(namedValue("svm_w_" + std::to_string(j + 1), svm.w[j]));
    }
    page.values.push_back(namedValue("bias_from_positive", fromPositive));
    page.values.push_back(namedValue("bias_from_negative", fromNegative));
    page.notesCorrection =
        "course-notes 004 (eq. 17) prints b* = 1 − min{w·xᵢ : yᵢ = +1} = 1 + max{w·xᵢ : yᵢ = −1}. "
        "A negative support vector has w·xᵢ + b = −1, so the second form is "
        "−1 − max{w·xᵢ : yᵢ = −1}.";
    tutorial.pages.push_back(page);
  }
  return tutorial;
}

}  // namespace kpg
