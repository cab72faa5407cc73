#include "modes/mode_state.hpp"

#include "data/toy_datasets.hpp"
#include "svm/dual_problem.hpp"
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
  p.last.reset();
  p.epochMistakes.clear();
  p.error.clear();
  const Index n = lab.pointCount();
  p.mistakes.assign(static_cast<std::size_t>(n), 0);
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
    p.dual.emplace(lab.data.points, lab.data.labels, lab.params.kernel, o);
    if (p.dual->status() == PerceptronStatus::InvalidInput) p.error = p.dual->message();
  } else {
    if (p.params.useStart) {
      Vector beta(2);
      beta << p.params.startBeta[0], p.params.startBeta[1];
      p.primal.emplace(lab.data.points, lab.data.labels, o, beta, p.params.startBias);
    } else {
      p.primal.emplace(lab.data.points, lab.data.labels, o);
    }
    if (p.primal->status() == PerceptronStatus::InvalidInput) p.error = p.primal->message();
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
  m.kmeans.reset();
  m.objectives.clear();
  m.last.reset();
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
  m.kmeans.emplace(lab.data.points, lab.params.kernel, o);
  if (m.kmeans->status() == KernelKmeansStatus::InvalidInput) {
    m.error = m.kmeans->message();
    m.kmeans.reset();
  }
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

// The model of the solver's current α (svm_train.cpp trainRegression, step by step).
void updateSvrModel(SvrMode& m, const LabState& lab) {
  if (!m.solver) return;
  const DualProblem& problem = m.solver->problem();
  const Vector& alpha = m.solver->alpha();
  const Index n = alpha.size() / 2;
  m.rho = rhoFromGradient(BiasRule::Libsvm, problem.y, alpha, problem.lower, problem.upper,
                          m.solver->gradient());
  if (!std::isfinite(m.rho)) m.rho = 0;
  m.coef = alpha.head(n) - alpha.tail(n);
  std::vector<Index> rows;
  for (Index i = 0; i < n; ++i)
    if (m.coef(i) != 0) rows.push_back(i);
  m.supportCount = static_cast<Index>(rows.size());
  const Matrix x = svrInputs(lab);
  m.model = SvmModel{};
  m.model.type = SvmType::EpsilonSvr;
  m.model.kernel = lab.params.kernel;
  m.model.classCount = 2;
  m.model.supportVectors.resize(m.supportCount, 1);
  m.model.coefficients.resize(1, m.supportCount);
  for (Index s = 0; s < m.supportCount; ++s) {
    m.model.supportVectors(s, 0) = x(rows[static_cast<std::size_t>(s)], 0);
    m.model.coefficients(0, s) = m.coef(rows[static_cast<std::size_t>(s)]);
  }
  m.model.rho = Vector::Constant(1, m.rho);
}

void buildSvr(SvrMode& m, const LabState& lab) {
  m.solver.reset();
  m.last.reset();
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
  m.solver.emplace(std::move(problem), o);
  m.objectives.push_back(m.solver->objective());
  updateSvrModel(m, lab);
}

std::uint64_t& builtOf(ModesState& modes, Mode mode) {
  static std::uint64_t none = 0;
  switch (mode) {
    case Mode::Perceptron:
      return modes.perceptron.built;
    case Mode::Knn:
      return modes.knn.built;
    case Mode::Kmeans:
      return modes.kmeans.built;
    case Mode::Kpca:
      return modes.kpca.built;
    case Mode::Kfd:
      return modes.kfd.built;
    case Mode::Svr:
      return modes.svr.built;
    default:
      none = 0;
      return none;
  }
}

// One step; false when nothing moved (finished or no algorithm).
bool stepOnce(ModesState& modes, const LabState& lab) {
  switch (modes.mode) {
    case Mode::Perceptron: {
      PerceptronMode& p = modes.perceptron;
      PerceptronStep s;
      if (p.primal && !p.primal->finished()) {
        s = p.primal->step();
      } else if (p.dual && !p.dual->finished()) {
        s = p.dual->step();
      } else {
        return false;
      }
      if (s.mistake && s.index >= 0 && static_cast<std::size_t>(s.index) < p.mistakes.size()) {
        ++p.mistakes[static_cast<std::size_t>(s.index)];
      }
      if (s.epochEnded) {
        const PerceptronBase& b = p.primal ? static_cast<const PerceptronBase&>(*p.primal)
                                           : static_cast<const PerceptronBase&>(*p.dual);
        // The epoch's mistakes: the total minus those of earlier epochs.
        long long earlier = 0;
        for (int e : p.epochMistakes) earlier += e;
        p.epochMistakes.push_back(static_cast<int>(b.mistakes() - earlier));
      }
      p.last = std::move(s);
      return true;
    }
    case Mode::Kmeans: {
      KmeansMode& m = modes.kmeans;
      if (!m.kmeans || m.kmeans->finished()) return false;
      m.last = m.kmeans->step();
      m.objectives.push_back(std::isfinite(m.last->objective) ? m.last->objective : 0.0);
      return true;
    }
    case Mode::Svr: {
      SvrMode& m = modes.svr;
      if (!m.solver || m.solver->status() != SmoStatus::Running) return false;
      m.last = m.solver->step();
      const double f = m.solver->objective();
      m.objectives.push_back(std::isfinite(f) ? f : 0.0);
      updateSvrModel(m, lab);
      return m.last->updated || m.solver->status() != SmoStatus::Running;
    }
    default:
      return false;
  }
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

void invalidateMode(ModesState& modes, Mode mode) {
  builtOf(modes, mode) = kNotBuilt;
}

void ensureBuilt(ModesState& modes, const LabState& lab) {
  if (modes.mode == Mode::Svm) return;
  std::uint64_t& built = builtOf(modes, modes.mode);
  if (built == lab.problemRevision) return;
  built = lab.problemRevision;
  modes.running = false;
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
    modes.running = false;
    modes.mode = mode;
    ++modes.revision;
  }
  ensureBuilt(modes, lab);
}

std::optional<std::string> modeStep(ModesState& modes, const LabState& lab, long long count) {
  ensureBuilt(modes, lab);
  if (!modeCanStep(modes)) {
    if (modes.mode == Mode::Knn || modes.mode == Mode::Kpca || modes.mode == Mode::Kfd ||
        modes.mode == Mode::Svm) {
      return std::string("this mode has no steps (it is computed in one go)");
    }
    return std::nullopt;  // finished: stepping does nothing
  }
  const long long n = std::clamp<long long>(count, 1, 10000000);
  const auto start = Clock::now();
  for (long long k = 0; k < n; ++k) {
    if (!stepOnce(modes, lab)) break;
    if (elapsedMs(start) > 2000) break;  // never freeze the page
  }
  ++modes.revision;
  return std::nullopt;
}

std::optional<std::string> modeRunToEnd(ModesState& modes, const LabState& lab, double budgetMs) {
  ensureBuilt(modes, lab);
  modes.running = false;
  const auto start = Clock::now();
  while (modeCanStep(modes) && elapsedMs(start) < budgetMs) {
    for (int k = 0; k < 64; ++k)
      if (!stepOnce(modes, lab)) break;
  }
  ++modes.revision;
  return std::nullopt;
}

void modeReset(ModesState& modes, const LabState& lab) {
  invalidateMode(modes, modes.mode);
  ensureBuilt(modes, lab);
}

bool modeCanStep(const ModesState& modes) {
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& p = modes.perceptron;
      return (p.primal && !p.primal->finished()) || (p.dual && !p.dual->finished());
    }
    case Mode::Kmeans:
      return modes.kmeans.kmeans && !modes.kmeans.kmeans->finished();
    case Mode::Svr:
      return modes.svr.solver && modes.svr.solver->status() == SmoStatus::Running;
    default:
      return false;
  }
}

bool modeFinished(const ModesState& modes) {
  switch (modes.mode) {
    case Mode::Perceptron:
    case Mode::Kmeans:
    case Mode::Svr:
      return !modeCanStep(modes);
    default:
      return true;
  }
}

void advanceModes(ModesState& modes, const LabState& lab, double elapsedSeconds) {
  if (modes.mode == Mode::Svm) return;
  ensureBuilt(modes, lab);
  if (!modes.running) return;
  if (!modeCanStep(modes)) {
    modes.running = false;
    return;
  }
  const double dt = std::isfinite(elapsedSeconds) ? std::clamp(elapsedSeconds, 0.0, 0.5) : 0.0;
  modes.carry += dt * std::max(0.1, modes.stepsPerSecond);
  const auto start = Clock::now();
  bool moved = false;
  while (modes.carry >= 1 && elapsedMs(start) < 12) {
    modes.carry -= 1;
    if (!stepOnce(modes, lab)) {
      modes.running = false;
      break;
    }
    moved = true;
  }
  if (modes.carry > 8) modes.carry = 0;  // too slow to keep up: drop the backlog
  if (moved) ++modes.revision;
}

std::string modeStatusText(const ModesState& modes) {
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& p = modes.perceptron;
      if (!p.error.empty()) return p.error;
      const PerceptronBase* b = p.primal ? static_cast<const PerceptronBase*>(&*p.primal)
                                : p.dual ? static_cast<const PerceptronBase*>(&*p.dual)
                                         : nullptr;
      if (!b) return "no perceptron";
      const std::string counts =
          std::to_string(b->visits()) + " visits, " + std::to_string(b->mistakes()) + " updates";
      switch (b->status()) {
        case PerceptronStatus::Converged:
          return "converged: epoch " + std::to_string(b->epoch() + 1) + " made no mistake (" +
                 counts + ")";
        case PerceptronStatus::EpochCapReached:
          return "stopped at the epoch cap of " + std::to_string(p.params.maxEpochs) +
                 ": every epoch made a mistake — the data are probably not separable (" + counts +
                 ")";
        case PerceptronStatus::Running:
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
      if (!m.kmeans) return "no clustering";
      const std::string it = std::to_string(m.kmeans->iteration());
      switch (m.kmeans->status()) {
        case KernelKmeansStatus::Converged:
          return "converged after " + it + " steps: the last step changed no assignment";
        case KernelKmeansStatus::IterationCapReached:
          return "stopped at the step cap (" + it + " steps)";
        default:
          return m.kmeans->iteration() == 0
                     ? "k-means++ chose the first means: press Step"
                     : "step " + it + ", " + std::to_string(m.last ? m.last->changed : 0) +
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
      if (!m.solver) return "no solver";
      const std::string it = std::to_string(m.solver->iteration());
      switch (m.solver->status()) {
        case SmoStatus::Converged:
          return "converged after " + it + " pair updates";
        case SmoStatus::IterationLimit:
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
