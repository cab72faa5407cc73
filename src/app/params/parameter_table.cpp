// The parameter table (parameter_table.hpp).

#include "params/parameter_table.hpp"

#include "data/number_text.hpp"
#include "lab/lab_state.hpp"

#include <cassert>
#include <cmath>

namespace kpg::app {
namespace {

constexpr double kInf = INFINITY;
// The lab's own caps (lab_state.hpp), so that the rows and the lab's other checks cannot drift.
constexpr double kStepCap = static_cast<double>(kMaxMaxSteps);
constexpr double kPointCap = static_cast<double>(kMaxLabPoints);

// The bounds: what the lab's solver, the point generator and the methods handle (docs/
// bad-inputs.md W3: C = 1e300 is a range error; the step cap and the 5000 points bound a session's
// memory). The slider spans are the values a student tries; a typed value may go beyond them up
// to the bounds, as window.kpg may.
std::vector<ParameterSpec> makeTable() {
  return {
      {ParamId::Gamma, "gamma", "gamma", "γ", "γ (gamma)", 0, 1e6, false, false, 1e-3, 1e3, true, 0,
       "γ: the kernel's scale. RBF exp(−γ‖x − x′‖²) with γ = 1/(2σ²) for the notes' σ (001): large "
       "γ, narrow bumps around single points (over-fitting); small γ, a nearly linear boundary."},
      {ParamId::Coef0, "coef0", "coef0", "r", "r (coef0)", -1e6, 1e6, false, false, -5, 5, false,
       0.1,
       "r: the constant in (γ x·x′ + r)ᵖ and tanh(γ x·x′ + r). With r = 0 and p = 2 the "
       "polynomial is the notes' homogeneous degree-2 map."},
      {ParamId::Degree, "degree", "degree", "p", "the degree p", 1, 20, false, true, 1, 8, false, 1,
       "p: the degree of the polynomial kernel (γ x·x′ + r)ᵖ."},
      {ParamId::C, "C", "C", "C", "C", 1e-6, 1e6, true, false, 1e-3, 1e4, true, 0,
       "C: the price of slack ξᵢ in the soft margin (notes 004); every αᵢ lies in the box [0, C]. "
       "Small C: a wide margin and many bound SVs (α = C); large C: fewer training errors, a "
       "narrower margin."},
      {ParamId::Eps, "eps", "eps", "eps", "eps", 1e-12, 10, false, false, 1e-12, 1, true, 0,
       "eps: SMO stops when m(α) − M(α) < eps, the largest violation of the optimality (KKT) "
       "conditions by a pair (LIBSVM's -e; its default 0.001)"},
      {ParamId::MaxSteps, "maxSteps", "maxSteps", "step cap", "the step cap", 1, kStepCap, false,
       true, 1, kStepCap, true, 1, "The most SMO steps the lab takes before it stops at the cap."},
      {ParamId::StepsPerSecond, "stepsPerSecond", "speed", "steps/s", "speed: steps per second", 0,
       1e6, false, false, 0.5, 500, true, 0,
       "Steps per second while Run is on (0: as many as fit in each frame)."},
      {ParamId::GenerateCount, "count", "count", "N", "N, the number of points,", 2, kPointCap,
       false, true, 4, kPointCap, false, 1,
       "N: how many points to generate (at most 5000, the lab's cap)"},
      {ParamId::GenerateNoise, "noise", "noise", "noise", "noise", 0, 10, false, false, 0, 1, false,
       0.05, "noise: the spread of the points around the set's shape (0: exact shape)"},
      {ParamId::PerceptronLearningRate, "learningRate", "learningRate", "η",
       "η (the learning rate)", 1e-9, 1e6, false, false, 0.01, 4, true, 0,
       "η: the learning rate of the primal update β += η yᵢxᵢ (notes 002)."},
      {ParamId::PerceptronMaxEpochs, "maxEpochs", "maxEpochs", "epoch cap", "the epoch cap", 1, 1e5,
       false, true, 1, 1000, true, 1,
       "The run stops after this many epochs (passes over all points) if mistakes remain: on data "
       "that are not separable the perceptron never converges."},
      {ParamId::KnnK, "K", "K", "K", "K", 1, 1000, false, true, 1, 25, false, 1,
       "K: how many nearest points (in the kernel's distance) vote for the class."},
      {ParamId::KmeansK, "k", "k", "clusters k", "k, the number of clusters,", 1, 8, false, true, 1,
       8, false, 1, "k: how many clusters; the means live in the kernel's feature space."},
      {ParamId::KmeansMaxIterations, "maxIterations", "maxIterations", "iterations",
       "the iteration cap", 1, 1e5, false, true, 1, 1000, true, 1,
       "iterations: the most assignment-and-update rounds before k-means stops."},
      {ParamId::KfdMu, "mu", "mu", "μ", "μ (mu)", 0, 1e6, false, false, 1e-8, 10, true, 0,
       "μ: the regulariser added to the within-class matrix, N + μI, so that it can be inverted; "
       "larger μ, a smoother direction."},
      {ParamId::SvrC, "C", "C", "C", "C", 1e-6, 1e6, false, false, 1e-2, 1e3, true, 0,
       "C: the price of each point outside the tube; αᵢ, αᵢ* lie in [0, C]."},
      {ParamId::SvrEpsilon, "epsilon", "epsilon", "ε", "ε (the tube's half-width)", 0, 1e6, false,
       false, 0, 1, false, 0.01,
       "ε: the tube's half-width; points inside it cost nothing and are not support vectors."},
      {ParamId::SvrEps, "eps", "eps", "eps", "eps", 1e-12, 10, false, false, 1e-12, 1, true, 0,
       "eps: SMO stops when m(α) − M(α) < eps (LIBSVM's -e)."},
  };
}

}  // namespace

const std::vector<ParameterSpec>& parameterTable() {
  static const std::vector<ParameterSpec> table = [] {
    std::vector<ParameterSpec> t = makeTable();
    for (std::size_t k = 0; k < t.size(); ++k) assert(static_cast<std::size_t>(t[k].id) == k);
    return t;
  }();
  return table;
}

const ParameterSpec& parameter(ParamId id) {
  return parameterTable()[static_cast<std::size_t>(id)];
}

ParamRange controlRange(ParamId id) {
  const ParameterSpec& p = parameter(id);
  ParamRange r;
  r.symbol = p.label;
  r.min = p.min;
  r.max = p.max;
  r.logarithmic = p.logarithmic;
  r.step = p.step;
  r.integer = p.integer;
  r.sliderMin = p.sliderMin;
  r.sliderMax = p.sliderMax;
  return r;
}

std::string rangeWords(const ParameterSpec& p) {
  std::string words = (p.integer ? "a whole number between " : "between ") + boundText(p.min) +
                      " and " + boundText(p.max);
  if (p.infinityAllowed) words += ", or inf (the hard margin)";
  return words;
}

std::optional<ParameterError> checkParameter(ParamId id, double value) {
  const ParameterSpec& p = parameter(id);
  const bool inRange = value >= p.min && value <= p.max;
  const bool whole = !p.integer || std::floor(value) == value;
  if ((inRange && whole) || (p.infinityAllowed && value == kInf)) return std::nullopt;
  return ParameterError{p.key, std::string(p.words) + " must be " + rangeWords(p) + "; got " +
                                   formatDisplay(value, 6)};
}

}  // namespace kpg::app
