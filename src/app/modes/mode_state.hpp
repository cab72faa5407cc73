#pragma once
// The app's canvas modes: the course's other kernel methods run on the lab's clicked
// points (lab.data) with the lab's kernel (lab.params.kernel):
//   Perceptron  primal (002) and dual/kernel (001) perceptron, one visited sample per step;
//   k-NN        kernel k-nearest neighbours (000 "Kernelizing k-NN");
//   k-means     kernel k-means, one assignment + mean update per step (000 "Kernel K-Means");
//   Kernel PCA  projections onto the first 8 components (000 "Kernel PCA", Schölkopf et al. 1998);
//   LDA / KFD   Fisher's discriminant and its kernel form (004, Mika et al. 1999);
//   ε-SVR       the 2N-variable regression dual solved by SMO one pair at a time (000 "regression
//               case"); the points are read as (x, t) pairs, labels ignored.
// Every number comes from the core algorithm objects held here (src/core/…); this file adds
// bookkeeping only (the objective at each step, for the plots).
//
// The step-by-step methods (both perceptrons, kernel k-means, ε-SVR) are held in a History
// (lab/history.hpp), so they step back and seek like the SMO lab: the state at step s is a pure
// function of the problem and s. The state is a value (copyable); it lives in AppState. Each mode's
// model is rebuilt lazily (ensureBuilt) when the lab's problemRevision differs from the revision it
// was built for, or its own parameters changed; `revision` is bumped whenever what the canvas draws
// changes, so grids over the plane are recomputed only then. No exceptions, no NaN escapes: errors
// are messages shown in the panel.

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "kernel_kmeans/kernel_kmeans.hpp"
#include "kernel_knn/kernel_knn.hpp"
#include "kernel_pca/kernel_pca.hpp"
#include "lab/history.hpp"
#include "lab/lab_state.hpp"
#include "perceptron/perceptron.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_model.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

enum class Mode { Svm, Perceptron, Knn, Kmeans, Kpca, Kfd, Svr };
constexpr int kModeCount = 7;

// "svm", "perceptron", "knn", "kmeans", "kpca", "kfd", "svr" (window.kpg) and UI titles.
std::string_view modeName(Mode mode);
std::string_view modeTitle(Mode mode);
std::optional<Mode> modeFromName(std::string_view name);

constexpr std::uint64_t kNotBuilt = std::numeric_limits<std::uint64_t>::max();
constexpr int kMaxPcaComponents = 8;

struct PerceptronParams {
  bool kernelForm = false;  // false: primal β, β₀ (002); true: dual α = mistake counts (001)
  double learningRate = 1;  // η, primal only
  bool useBias = true;
  MistakeRule rule = MistakeRule::NonPositiveMargin;
  VisitOrder order = VisitOrder::Fixed;
  std::uint64_t seed = 1;
  int maxEpochs = 100;
  bool useStart = false;  // primal: start from startBeta, startBias (002 starts at (1, −1), −2)
  double startBeta[2] = {0, 0};
  double startBias = 0;
};

struct PerceptronMode {
  PerceptronParams params;
  std::optional<History<Perceptron>> primal;      // when !params.kernelForm
  std::optional<History<KernelPerceptron>> dual;  // when params.kernelForm
  std::string error;
  std::uint64_t built = kNotBuilt;
  // The perceptron at the current step (either form), nullptr when none was built.
  const PerceptronBase* now() const;
  const Perceptron* primalNow() const { return primal ? &primal->current() : nullptr; }
  const KernelPerceptron* dualNow() const { return dual ? &dual->current() : nullptr; }
  // The visit that led to the current step (none at step 0).
  const PerceptronStep* last() const;
};

struct KnnMode {
  int k = 3;
  KernelKnn knn;
  bool hasQuery = false;  // a query point set through window.kpg (state().mode.query)
  double queryX = 0, queryY = 0;
  std::string error;
  std::uint64_t built = kNotBuilt;
};

struct KmeansMode {
  int k = 3;
  std::uint64_t seed = 1;
  int maxIterations = 100;
  std::optional<History<KernelKmeans>> history;
  std::vector<double> objectives;  // objectives[s − 1]: after step s, for s = 1 … furthest
  std::string error;
  std::uint64_t built = kNotBuilt;
  const KernelKmeans* now() const { return history ? &history->current() : nullptr; }
  const KernelKmeansStep* last() const;
};

struct KpcaMode {
  KernelPca pca;
  int selected = 0;  // component shown large on the canvas
  std::string error;
  std::uint64_t built = kNotBuilt;
};

struct KfdMode {
  bool kernelForm = true;  // false: LDA (linear, 004), true: KFD with the lab's kernel
  double mu = 1e-3;        // KFD's ridge μ in N + μI
  LinearDiscriminant lda;
  KernelFisherDiscriminant kfd;
  std::string error;
  std::uint64_t built = kNotBuilt;
  bool ok() const;
  double projection(double x, double y) const;
  double threshold() const;
};

// SMO on the ε-SVR dual in the core's shared vocabulary (run_status.hpp: stepsDone(), status()
// as RunStatus) so that History can rewind it. The status settles at the update that reaches
// m(α) − M(α) < eps or the cap (as SolverHistory::settleStatus does for the lab), not one call
// later.
class SvrSolver {
 public:
  explicit SvrSolver(SmoSolver solver) : solver_(std::move(solver)) {}
  SmoStep step();
  std::int64_t stepsDone() const { return solver_.iteration(); }
  RunStatus status() const;
  const SmoSolver& solver() const { return solver_; }

 private:
  SmoSolver solver_;
};

struct SvrMode {
  double c = 10;
  double epsilon = 0.1;
  double eps = 1e-3;
  std::int64_t maxSteps = 100000;
  // On epsilonSvrDual: variables α (0..n−1), α* (n..2n−1).
  std::optional<History<SvrSolver>> history;
  SvmModel model;  // f(x) = Σ (αᵢ − αᵢ*) k(xᵢ, x) − ρ, for decisionValues
  Vector coef;     // αᵢ − αᵢ*
  double rho = 0;
  Index supportCount = 0;
  std::vector<double> objectives;  // objectives[s]: f(α) at step s, for s = 0 … furthest
  std::string error;
  std::uint64_t built = kNotBuilt;
  // The solver at the current step, nullptr when none was built.
  const SmoSolver* solver() const { return history ? &history->current().solver() : nullptr; }
  // The pair update that led to the current step (none at step 0).
  const SmoStep* last() const;
};

struct ModesState {
  Mode mode = Mode::Svm;
  PerceptronMode perceptron;
  KnnMode knn;
  KmeansMode kmeans;
  KpcaMode kpca;
  KfdMode kfd;
  SvrMode svr;
  Playback playback = Playback{false, 4, false, 0};  // animated Run of the current mode
  std::uint64_t revision = 1;                        // bumped when what the canvas shows changes
};

// Rebuilds the current mode's model when the lab's data/kernel or the mode's parameters changed.
void ensureBuilt(ModesState& modes, const LabState& lab);
void setMode(ModesState& modes, const LabState& lab, Mode mode);
// One step of the current mode (perceptron: a visited sample; k-means: assignment + update;
// ε-SVR: an SMO pair update); modes without steps ignore it. Returns the error, if any.
std::optional<std::string> modeStep(ModesState& modes, const LabState& lab, long long count);
// Step back and the scrubber (the perceptrons, k-means, ε-SVR): back n steps, or to step s in
// [0, modeFurthest()]. Errors for modes without steps.
std::optional<std::string> modeStepBack(ModesState& modes, const LabState& lab, long long count);
std::optional<std::string> modeSeek(ModesState& modes, const LabState& lab, long long step);
// The current step and the furthest reached (0, 0 for modes without steps).
std::int64_t modePosition(const ModesState& modes);
std::int64_t modeFurthest(const ModesState& modes);
// Runs the current mode to its end (converged or cap), within budgetMs of wall time.
std::optional<std::string> modeRunToEnd(ModesState& modes, const LabState& lab, double budgetMs);
void modeReset(ModesState& modes, const LabState& lab);
// Marks the current mode for rebuilding (after a parameter change).
void invalidateMode(ModesState& modes, Mode mode);
// Per frame: the animated Run (the lab's playback loop, lab/playback.hpp), within budgetMs.
void advanceModes(ModesState& modes, const LabState& lab, double elapsedSeconds,
                  double budgetMs = 12);
// Whether the current mode can step (has a running algorithm).
bool modeCanStep(const ModesState& modes);
bool modeFinished(const ModesState& modes);
// A sentence on the current mode's state ("converged after 3 epochs", "stopped at the epoch cap
// of 100: the data are probably not separable").
std::string modeStatusText(const ModesState& modes);

// The regression reading of the lab's points: x = column 0, t = column 1.
Matrix svrInputs(const LabState& lab);
Vector svrTargets(const LabState& lab);

// The sine preset for ε-SVR: t = sin(x) + noise on x ∈ [−3, 3] (toy_datasets' portable sin and
// seeded normals, so the same points natively and in the browser). Labels all +1.
PointSet makeSinePoints(Index count, double noise, std::uint64_t seed);

}  // namespace kpg::app

namespace kpg::app {
// Loads the sine preset into the lab (one LoadSession action, so undo works); switches a linear
// kernel to RBF γ = 1 (a straight line cannot follow a sine). Returns apply()'s error, if any.
std::optional<std::string> loadSinePreset(LabState& lab, Index count, double noise,
                                          std::uint64_t seed, bool postErrors);
}  // namespace kpg::app
