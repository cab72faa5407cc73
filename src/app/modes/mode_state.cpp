#include "modes/mode_state.hpp"

#include "lab/playback.hpp"

#include "data/toy_datasets.hpp"
#include "svm/dual_problem.hpp"
#include "svm/model_from_solver.hpp"
#include "svm/optimality.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace kpg::app {
namespace {

using Clock = std::chrono::steady_clock;

double elapsedMs(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct ModeInfo {
  Mode mode;
  const char* name;
  const char* title;
};
constexpr ModeInfo kModes[] = {
    {Mode::Svm, "svm", "SVM lab (SMO)"},      {Mode::Perceptron, "perceptron", "Perceptron"},
    {Mode::Knn, "knn", "Kernel k-NN"},        {Mode::Kmeans, "kmeans", "Kernel k-means"},
    {Mode::Kpca, "kpca", "Kernel PCA"},       {Mode::Kfd, "kfd", "LDA / kernel Fisher (KFD)"},
    {Mode::Svr, "svr", "ε-SVR (regression)"},
};

bool haveBothClasses(const LabState& lab) {
  const Vector& y = lab.data.labels;
  const Index positives = (y.array() > 0).count();
  return positives > 0 && positives < y.size();
}

void buildPerceptron(PerceptronMode& p, const LabState& lab) {
  p.primal.reset();
  p.dual.reset();
  p.error.clear();
  if (!haveBothClasses(lab)) {
    p.error = "The perceptron needs points of both classes (+1 and −1).";
    return;
  }
  PerceptronOptions o;
  o.learningRate = p.params.learningRate;
  o.useBias = p.params.useBias;
  o.rule = p.params.rule;
  o.order = p.params.order;
  o.seed = p.params.seed;
  o.maxEpochs = p.params.maxEpochs;
  if (p.params.kernelForm) {
    KernelPerceptron dual(lab.data.points, lab.data.labels, lab.params.kernel, o);
    if (dual.status() == RunStatus::InvalidInput)
      p.error = dual.message();
    else
      p.dual.emplace(std::move(dual));
  } else {
    Vector beta = Vector::Zero(2);
    if (p.params.useStart) beta << p.params.startBeta[0], p.params.startBeta[1];
    Perceptron primal(lab.data.points, lab.data.labels, o, beta,
                      p.params.useStart ? p.params.startBias : 0.0);
    if (primal.status() == RunStatus::InvalidInput)
      p.error = primal.message();
    else
      p.primal.emplace(std::move(primal));
  }
}

void buildKnn(KnnMode& m, const LabState& lab) {
  m.error.clear();
  m.knn = KernelKnn{};
  if (lab.pointCount() == 0) {
    m.error = "No points yet: click the canvas or load a preset.";
    return;
  }
  const int k = std::clamp(m.k, 1, static_cast<int>(lab.pointCount()));
  if (auto e = m.knn.fit(lab.data.points, lab.data.labels, lab.params.kernel, k)) m.error = *e;
  if (k != m.k && m.error.empty()) {
    m.error = "K = " + std::to_string(m.k) + " > N: using K = " + std::to_string(k) + ".";
  }
}

void buildKmeans(KmeansMode& m, const LabState& lab) {
  m.history.reset();
  m.objectives.clear();
  m.error.clear();
  if (lab.pointCount() == 0) {
    m.error = "No points yet: click the canvas or load a preset.";
    return;
  }
  if (m.k > lab.pointCount()) {
    m.error = "k = " + std::to_string(m.k) + " clusters need at least " + std::to_string(m.k) +
              " points (have " + std::to_string(lab.pointCount()) + ").";
    return;
  }
  KernelKmeansOptions o;
  o.clusters = m.k;
  o.seed = m.seed;
  o.maxIterations = m.maxIterations;
  KernelKmeans kmeans(lab.data.points, lab.params.kernel, o);
  if (kmeans.status() == RunStatus::InvalidInput) {
    m.error = kmeans.message();
    return;
  }
  m.history.emplace(std::move(kmeans));
}

void buildKpca(KpcaMode& m, const LabState& lab) {
  m.error.clear();
  m.pca = KernelPca{};
  const Index n = lab.pointCount();
  if (n < 2) {
    m.error = "Kernel PCA needs at least 2 points.";
    return;
  }
  KernelPcaOptions o;
  o.components = static_cast<int>(std::min<Index>(kMaxPcaComponents, n));
  m.pca.compute(lab.data.points, lab.params.kernel, o);
  if (m.pca.info() != KernelPcaStatus::Success) m.error = m.pca.message();
  m.selected = std::clamp(m.selected, 0, std::max(0, o.components - 1));
}

void buildKfd(KfdMode& m, const LabState& lab) {
  m.error.clear();
  m.lda = LinearDiscriminant{};
  m.kfd = KernelFisherDiscriminant{};
  if (!haveBothClasses(lab)) {
    m.error = "Fisher's discriminant needs points of both classes (+1 and −1).";
    return;
  }
  if (m.kernelForm) {
    KfdOptions o;
    o.mu = m.mu;
    m.kfd.compute(lab.data.points, lab.data.labels, lab.params.kernel, o);
    if (m.kfd.info() != FisherStatus::Success) m.error = m.kfd.message();
  } else {
    m.lda.compute(lab.data.points, lab.data.labels);
    if (m.lda.info() != FisherStatus::Success) m.error = m.lda.message();
  }
}

// The model of the solver's current α (svm/model_from_solver.hpp, as trainSvm builds it).
void updateSvrModel(SvrMode& m, const LabState& lab) {
  if (!m.solver()) return;
  const Vector& alpha = m.solver()->alpha();
  const Index n = alpha.size() / 2;
  m.model = svrModel(*m.solver(), svrInputs(lab), lab.params.kernel);
  m.rho = m.model.rho(0);
  m.coef = alpha.head(n) - alpha.tail(n);
  m.supportCount = m.model.supportVectorCount();
}

void buildSvr(SvrMode& m, const LabState& lab) {
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
  m.history.emplace(SvrSolver(SmoSolver(std::move(problem), o)));
  m.objectives.push_back(m.solver()->objective());
  updateSvrModel(m, lab);
}

// The revision a mode's model was built for; nullptr for the SVM lab (not a canvas mode).
std::uint64_t* builtOf(ModesState& modes, Mode mode) {
  switch (mode) {
    case Mode::Perceptron:
      return &modes.perceptron.built;
    case Mode::Knn:
      return &modes.knn.built;
    case Mode::Kmeans:
      return &modes.kmeans.built;
    case Mode::Kpca:
      return &modes.kpca.built;
    case Mode::Kfd:
      return &modes.kfd.built;
    case Mode::Svr:
      return &modes.svr.built;
    default:
      return nullptr;
  }
}

// Calls f on the current mode's History (the perceptron's form, k-means, ε-SVR); false when the
// mode has none (no steps, or nothing built).
template <class Modes, class F>
bool withHistory(Modes& modes, F&& f) {
  switch (modes.mode) {
    case Mode::Perceptron:
      if (modes.perceptron.primal) return f(*modes.perceptron.primal), true;
      if (modes.perceptron.dual) return f(*modes.perceptron.dual), true;
      return false;
    case Mode::Kmeans:
      if (modes.kmeans.history) return f(*modes.kmeans.history), true;
      return false;
    case Mode::Svr:
      if (modes.svr.history) return f(*modes.svr.history), true;
      return false;
    default:
      return false;
  }
}

bool hasSteps(Mode mode) {
  return mode == Mode::Perceptron || mode == Mode::Kmeans || mode == Mode::Svr;
}

// After any move along the path: the objective of a step reached for the first time, and the
// ε-SVR model of the current α.
void afterMove(ModesState& modes, const LabState& lab) {
  if (modes.mode == Mode::Kmeans && modes.kmeans.history) {
    KmeansMode& m = modes.kmeans;
    const auto s = static_cast<std::size_t>(m.history->position());
    if (s == m.objectives.size() + 1) {
      const double f = m.history->current().objective();
      m.objectives.push_back(std::isfinite(f) ? f : 0.0);
    }
  }
  if (modes.mode == Mode::Svr && modes.svr.history) {
    SvrMode& m = modes.svr;
    const auto s = static_cast<std::size_t>(m.history->position());
    if (s == m.objectives.size()) {
      const double f = m.solver()->objective();
      m.objectives.push_back(std::isfinite(f) ? f : 0.0);
    }
    updateSvrModel(m, lab);
  }
}

// One step forward of the current mode.
PlaybackStep stepOnce(ModesState& modes, const LabState& lab) {
  PlaybackStep result{false, true};
  withHistory(modes, [&result](auto& history) {
    result.moved = history.stepForward().has_value();
    result.finished = !history.canStepForward();
  });
  if (result.moved) afterMove(modes, lab);
  return result;
}

}  // namespace

std::string_view modeName(Mode mode) {
  for (const ModeInfo& m : kModes)
    if (m.mode == mode) return m.name;
  return "svm";
}

std::string_view modeTitle(Mode mode) {
  for (const ModeInfo& m : kModes)
    if (m.mode == mode) return m.title;
  return "";
}

std::optional<Mode> modeFromName(std::string_view name) {
  for (const ModeInfo& m : kModes)
    if (name == m.name) return m.mode;
  if (name == "lda") return Mode::Kfd;
  return std::nullopt;
}

bool KfdMode::ok() const {
  return error.empty() &&
         (kernelForm ? kfd.info() == FisherStatus::Success : lda.info() == FisherStatus::Success);
}

double KfdMode::projection(double x, double y) const {
  Vector p(2);
  p << x, y;
  return kernelForm ? kfd.projection(p) : lda.projection(p);
}

double KfdMode::threshold() const {
  return kernelForm ? kfd.threshold() : lda.threshold();
}

const PerceptronBase* PerceptronMode::now() const {
  if (primal) return &primal->current();
  if (dual) return &dual->current();
  return nullptr;
}

const PerceptronStep* PerceptronMode::last() const {
  if (primal && primal->lastStep()) return &*primal->lastStep();
  if (dual && dual->lastStep()) return &*dual->lastStep();
  return nullptr;
}

const KernelKmeansStep* KmeansMode::last() const {
  return history && history->lastStep() ? &*history->lastStep() : nullptr;
}

const SmoStep* SvrMode::last() const {
  return history && history->lastStep() ? &*history->lastStep() : nullptr;
}

SmoStep SvrSolver::step() {
  // The core settles its status at the update that reaches the stopping test.
  return solver_.step();
}

RunStatus SvrSolver::status() const {
  return solver_.status();
}

void invalidateMode(ModesState& modes, Mode mode) {
  if (std::uint64_t* built = builtOf(modes, mode)) *built = kNotBuilt;
}

void ensureBuilt(ModesState& modes, const LabState& lab) {
  std::uint64_t* built = builtOf(modes, modes.mode);
  if (!built || *built == lab.problemRevision) return;
  *built = lab.problemRevision;
  modes.playback.running = false;
  switch (modes.mode) {
    case Mode::Perceptron:
      buildPerceptron(modes.perceptron, lab);
      break;
    case Mode::Knn:
      buildKnn(modes.knn, lab);
      break;
    case Mode::Kmeans:
      buildKmeans(modes.kmeans, lab);
      break;
    case Mode::Kpca:
      buildKpca(modes.kpca, lab);
      break;
    case Mode::Kfd:
      buildKfd(modes.kfd, lab);
      break;
    case Mode::Svr:
      buildSvr(modes.svr, lab);
      break;
    default:
      break;
  }
  ++modes.revision;
}

void setMode(ModesState& modes, const LabState& lab, Mode mode) {
  if (modes.mode != mode) {
    modes.playback.running = false;
    modes.mode = mode;
    ++modes.revision;
  }
  ensureBuilt(modes, lab);
}

std::optional<std::string> modeStep(ModesState& modes, const LabState& lab, long long count) {
  ensureBuilt(modes, lab);
  if (!hasSteps(modes.mode))
    return std::string("this mode has no steps (it is computed in one go)");
  if (!modeCanStep(modes)) return std::nullopt;  // finished: stepping does nothing
  const long long n = std::clamp<long long>(count, 1, 10000000);
  const auto start = Clock::now();
  for (long long k = 0; k < n; ++k) {
    if (!stepOnce(modes, lab).moved) break;
    if (elapsedMs(start) > 2000) break;  // never freeze the page
  }
  ++modes.revision;
  return std::nullopt;
}

std::optional<std::string> modeSeek(ModesState& modes, const LabState& lab, long long step) {
  ensureBuilt(modes, lab);
  if (!hasSteps(modes.mode))
    return std::string("this mode has no steps (it is computed in one go)");
  modes.playback.running = false;
  if (withHistory(modes, [step](auto& history) { history.seek(step); })) afterMove(modes, lab);
  ++modes.revision;
  return std::nullopt;
}

std::optional<std::string> modeStepBack(ModesState& modes, const LabState& lab, long long count) {
  const std::int64_t target = modePosition(modes) - std::clamp<long long>(count, 0, 10000000);
  return modeSeek(modes, lab, std::max<std::int64_t>(0, target));
}

std::int64_t modePosition(const ModesState& modes) {
  std::int64_t s = 0;
  withHistory(modes, [&s](const auto& history) { s = history.position(); });
  return s;
}

std::int64_t modeFurthest(const ModesState& modes) {
  std::int64_t s = 0;
  withHistory(modes, [&s](const auto& history) { s = history.furthest(); });
  return s;
}

std::optional<std::string> modeRunToEnd(ModesState& modes, const LabState& lab, double budgetMs) {
  ensureBuilt(modes, lab);
  modes.playback.running = false;
  const auto start = Clock::now();
  while (modeCanStep(modes) && elapsedMs(start) < budgetMs) {
    for (int k = 0; k < 64; ++k)
      if (!stepOnce(modes, lab).moved) break;
  }
  ++modes.revision;
  return std::nullopt;
}

void modeReset(ModesState& modes, const LabState& lab) {
  invalidateMode(modes, modes.mode);
  ensureBuilt(modes, lab);
}

bool modeCanStep(const ModesState& modes) {
  bool can = false;
  withHistory(modes, [&can](const auto& history) { can = history.canStepForward(); });
  return can;
}

bool modeFinished(const ModesState& modes) {
  return !hasSteps(modes.mode) || !modeCanStep(modes);
}

void advanceModes(ModesState& modes, const LabState& lab, double elapsedSeconds, double budgetMs) {
  if (modes.mode == Mode::Svm) return;
  ensureBuilt(modes, lab);
  if (!modes.playback.running) return;
  const std::int64_t taken = playFrame(modes.playback, elapsedSeconds, budgetMs,
                                       [&modes, &lab] { return stepOnce(modes, lab); });
  if (taken > 0) ++modes.revision;
}

std::string modeStatusText(const ModesState& modes) {
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& p = modes.perceptron;
      if (!p.error.empty()) return p.error;
      const PerceptronBase* b = p.now();
      if (!b) return "no perceptron";
      const std::string counts =
          std::to_string(b->visits()) + " visits, " + std::to_string(b->mistakes()) + " updates";
      switch (b->status()) {
        case RunStatus::Converged:
          return "converged: epoch " + std::to_string(b->epoch() + 1) + " made no mistake (" +
                 counts + ")";
        case RunStatus::CapReached:
          return "stopped at the epoch cap of " + std::to_string(p.params.maxEpochs) +
                 ": every epoch made a mistake — the data are probably not separable (" + counts +
                 ")";
        case RunStatus::Running:
          return "epoch " + std::to_string(b->epoch() + 1) + ", " + counts;
        default:
          return b->message();
      }
    }
    case Mode::Knn:
      return modes.knn.error.empty() ? "K = " + std::to_string(modes.knn.k) +
                                           ": hover the canvas to see the K nearest neighbours"
                                     : modes.knn.error;
    case Mode::Kmeans: {
      const KmeansMode& m = modes.kmeans;
      if (!m.error.empty()) return m.error;
      const KernelKmeans* km = m.now();
      if (!km) return "no clustering";
      const std::string it = std::to_string(km->iteration());
      switch (km->status()) {
        case RunStatus::Converged:
          return "converged after " + it + " steps: the last step changed no assignment";
        case RunStatus::CapReached:
          return "stopped at the step cap (" + it + " steps)";
        default:
          return km->iteration() == 0
                     ? "k-means++ chose the first means: press Step"
                     : "step " + it + ", " + std::to_string(m.last() ? m.last()->changed : 0) +
                           " points changed cluster";
      }
    }
    case Mode::Kpca:
      if (!modes.kpca.error.empty()) return modes.kpca.error;
      return modes.kpca.pca.negativeEigenvaluesClamped()
                 ? "computed; small negative eigenvalues were clamped to 0"
                 : "computed";
    case Mode::Kfd:
      return modes.kfd.error.empty() ? "computed" : modes.kfd.error;
    case Mode::Svr: {
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
    default:
      return "";
  }
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

}  // namespace kpg::app

namespace kpg::app {

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
