#include "modes/svr/svr_mode.hpp"

#include "modes/method_stepping.hpp"

#include "data/toy_datasets.hpp"
#include "svm/dual_problem.hpp"
#include "svm/model_from_solver.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {
namespace {

// The model of the solver's current α (svm/model_from_solver.hpp, as trainSvm builds it).
void updateModel(SvrMode& m, const LabState& lab) {
  if (!m.solver()) return;
  const Vector& alpha = m.solver()->alpha();
  const Index n = alpha.size() / 2;
  m.model = svrModel(*m.solver(), svrInputs(lab), lab.params.kernel);
  m.rho = m.model.rho(0);
  m.coef = alpha.head(n) - alpha.tail(n);
  m.supportCount = m.model.supportVectorCount();
}

void build(ModesState& modes, const LabState& lab) {
  SvrMode& m = modes.svr;
  m.history.reset();
  m.objectives.clear();
  m.error.clear();
  m.supportCount = 0;
  m.rho = 0;
  m.coef = Vector();
  if (lab.pointCount() == 0) {
    m.error = "No points yet: each point is a pair (x, t). Load the sine preset or click.";
    return;
  }
  if (!(m.c > 0) || !std::isfinite(m.c) || !(m.epsilon >= 0) || !std::isfinite(m.epsilon)) {
    m.error = "C must be > 0 and ε ≥ 0, both finite.";
    return;
  }
  if (auto e = validate(lab.params.kernel)) {
    m.error = e->message;
    return;
  }
  DualProblem problem =
      epsilonSvrDual(svrInputs(lab), svrTargets(lab), lab.params.kernel, m.c, m.epsilon);
  if (auto e = validate(problem)) {
    m.error = e->parameter + ": " + e->message;
    return;
  }
  SmoOptions o;
  o.eps = m.eps;
  o.maxIterations = m.maxSteps;
  m.history.emplace(SmoSolver(std::move(problem), o));
  m.objectives.push_back(m.solver()->objective());
  updateModel(m, lab);
}

struct Histories {
  template <class Modes, class F>
  static bool with(Modes& modes, F&& f) {
    if (modes.svr.history) return f(*modes.svr.history), true;
    return false;
  }
  // The objective of a step reached for the first time (the objective plot), and the model of
  // the current α.
  static void afterMove(ModesState& modes, const LabState& lab) {
    SvrMode& m = modes.svr;
    const auto s = static_cast<std::size_t>(m.history->position());
    if (s == m.objectives.size()) {
      const double f = m.solver()->objective();
      m.objectives.push_back(std::isfinite(f) ? f : 0.0);
    }
    updateModel(m, lab);
  }
};

std::string statusText(const ModesState& modes) {
  const SvrMode& m = modes.svr;
  if (!m.error.empty()) return m.error;
  if (!m.history) return "no solver";
  const std::string it = std::to_string(m.history->position());
  switch (m.history->current().status()) {
    case RunStatus::Converged:
      return "converged after " + it + " pair updates";
    case RunStatus::CapReached:
      return "stopped at the step cap (" + it + " updates)";
    default:
      return "step " + it + " (SMO on the 2N-variable dual)";
  }
}

// ε-SVR draws its fit, the tube and the points' residuals on its own (svr_screen.cpp): no field
// over the plane, whose second axis is the target t.
constexpr MethodSpec kRow{
    Mode::Svr,
    "svr",
    "ε-SVR (regression)",
    "",
    build,
    [](ModesState& modes) { return &modes.svr.built; },
    steppingOf<Histories>(),
    statusText,
    readSvrParams,
    writeSvrState,
    nullptr,
    nullptr,
    nullptr,
    [](const ModesState&) { return true; },
    nullptr,
    nullptr,
    writeSvrParams,
};

}  // namespace

const SmoStep* SvrMode::last() const {
  return history && history->lastStep() ? &*history->lastStep() : nullptr;
}

const MethodSpec& svrMethod() {
  return kRow;
}

Matrix svrInputs(const LabState& lab) {
  return lab.data.points.leftCols(1);
}

Vector svrTargets(const LabState& lab) {
  return lab.data.points.col(1);
}

PointSet makeSinePoints(Index count, double noise, std::uint64_t seed) {
  const Index n = std::clamp<Index>(count, 2, kMaxLabPoints);
  PortableRandom random(seed);
  PointSet set;
  set.points.resize(n, 2);
  set.labels = Vector::Ones(n);
  for (Index i = 0; i < n; ++i) {
    const double x =
        -3.0 + 6.0 * (static_cast<double>(i) + random.uniform()) / static_cast<double>(n);
    set.points(i, 0) = x;
    set.points(i, 1) = portableSin(x) + noise * random.normal();
  }
  return set;
}

std::optional<std::string> loadSinePreset(LabState& lab, Index count, double noise,
                                          std::uint64_t seed, bool postErrors) {
  if (!std::isfinite(noise) || noise < 0 || noise > 10)
    return std::string("noise: must be in [0, 10]");
  action::LoadSession s;
  s.data = makeSinePoints(count, noise, seed);
  s.params = lab.params;
  if (s.params.kernel.type == KernelType::Linear) s.params.kernel = KernelParams::rbf(1.0);
  const double tMin = s.data.points.col(1).minCoeff(), tMax = s.data.points.col(1).maxCoeff();
  s.view = ViewWindow{-3.6, 3.6, std::min(-1.5, tMin - 0.5), std::max(1.5, tMax + 0.5)};
  s.stepsPerSecond = lab.playback.stepsPerSecond;
  s.presetName = "sine";
  return apply(lab, s, postErrors);
}

}  // namespace kpg::app
