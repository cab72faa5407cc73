#pragma once
// The state of the app's methods besides the SVM lab, and what the app does with the current one.
// The course's other kernel methods run on the lab's clicked points (lab.data) with the lab's
// kernel (lab.params.kernel); each method is a folder, modes/<method>/, with its state struct,
// and a row of the registry (modes/method.hpp) that the functions below read: none of them names
// a method.
//   perceptron  primal (002) and dual/kernel (001) perceptron, one visited sample per step;
//   knn         kernel k-nearest neighbours (000 "Kernelizing k-NN");
//   kmeans      kernel k-means, one assignment + mean update per step (000 "Kernel K-Means");
//   kpca        projections onto the first 8 components (000 "Kernel PCA", Schölkopf et al. 1998);
//   kfd         Fisher's discriminant and its kernel form (004, Mika et al. 1999);
//   svr         the 2N-variable regression dual solved by SMO one pair at a time (000 "regression
//               case"); the points are read as (x, t) pairs, labels ignored.
// Every number comes from the core algorithm objects held there (src/core/…); the app adds
// bookkeeping only (the objective at each step, for the plots).
//
// The step-by-step methods (both perceptrons, kernel k-means, ε-SVR) are held in a History
// (timeline/history.hpp), so they step back and seek like the SMO lab: the state at step s is a pure
// function of the problem and s. The state is a value (copyable); it lives in AppState. Each
// method's model is rebuilt lazily (ensureBuilt) when the lab's problemRevision differs from the
// revision it was built for, or its own parameters changed; `revision` is bumped whenever what the
// canvas draws changes, so grids over the plane are recomputed only then. No exceptions, no NaN
// escapes: errors are messages shown in the panel.

#include "lab/lab_state.hpp"
#include "modes/method.hpp"
#include "timeline/playback.hpp"

#include "modes/kfd/kfd_mode.hpp"
#include "modes/kmeans/kmeans_mode.hpp"
#include "modes/knn/knn_mode.hpp"
#include "modes/kpca/kpca_mode.hpp"
#include "modes/perceptron/perceptron_mode.hpp"
#include "modes/svr/svr_mode.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kpg::app {

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
// Per frame: the animated Run (the lab's playback loop, timeline/playback.hpp), within budgetMs.
void advanceModes(ModesState& modes, const LabState& lab, double elapsedSeconds,
                  double budgetMs = 12);
// Whether the current mode can step (has a running algorithm).
bool modeCanStep(const ModesState& modes);
bool modeFinished(const ModesState& modes);
// A sentence on the current mode's state ("converged after 3 epochs", "stopped at the epoch cap
// of 100: the data are probably not separable").
std::string modeStatusText(const ModesState& modes);

// What the methods share: points of both classes (the perceptron, Fisher), and the words for an
// empty canvas.
bool haveBothClasses(const LabState& lab);
constexpr const char* kNoPointsYet = "No points yet: click the canvas or load a preset.";

}  // namespace kpg::app
