#pragma once
// The SMO lab's logic: one value holding the session (points, labels, kernel, C, eps,
// selection rule), the rewindable solver and the model view the panels draw, changed only by
// actions. No GL, no ImGui: compiled natively too and unit-tested (tests/app).
//
// The problem is the binary C-SVC dual of course-notes 000 ("non separable case - dual form"),
//   max_α Σα_i − ½ ΣΣ α_i α_j y_i y_j k(x_i, x_j)   s.t. Σ α_i y_i = 0, 0 ≤ α_i ≤ C,
// built by kpg::cSvcDual and solved one pair update at a time by kpg::SmoSolver
// (src/core/svm/smo_solver.hpp). C = +∞ is the hard margin (000 "separable case").
// Every number shown comes from the core: describeBinarySolution (svm/binary_solution.hpp) for
// the bias, SV categories, slacks, objectives, w and margin, with trainingDecisionValues (f(x_i)
// from G) and kktViolations (the per-point KKT check) beside it; binaryModel
// (svm/model_from_solver.hpp) and decisionValues (svm_model.hpp) for f(x).
//
// Use:
//   LabState lab = makeLabState();                 // hand-solved preset, solver at step 0
//   apply(lab, LabAction{AddPoint{1.0, 2.0, +1}}); // returns an error message or nothing
//   advance(lab, frameSeconds, budgetMs);          // once per frame: runs when playback.running
//   lab.model.solution.alpha, lab.model.solution.bias, lab.history->lastStep()  // read
// The same actions come from the UI and from window.kpg.dispatch (session/action_json.hpp).
//
// Live mode (on by default): an edit of the points (add, move, delete, relabel,
// undo, redo) or of a parameter (kernel, γ, degree, coef0, C and the hard margin, eps, rules)
// warm-starts the solver from the previous α made feasible for the new problem
// (kpg::warmStartAlpha, svm/warm_start.hpp) and runs it to convergence, time-sliced: up to
// kLiveSyncBudgetMs inside apply(), the rest in advance() (LiveState::pending). Each warm start
// is a new segment of the history: its step 0 is the warm start, so the scrubber rewinds exactly
// through the updates that repaired it. A preset, generated data, a session and Reset are new
// problems, not edits: they start at step 0 as before.
// With Live off, changing the data or a parameter rebuilds the solver at step 0 and posts a
// "solver reset" notice saying why (one notice, replaced, not stacked, so a drag does not flood
// the banner).

#include "lab/solver_history.hpp"
#include "svm/model_from_solver.hpp"
#include "svm/svm_model.hpp"
#include "svm/svm_train.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace kpg::app {

// Size limits (docs/bad-inputs.md W3, W9): points in a session, coordinates' magnitude.
constexpr Index kMaxLabPoints = 5000;
constexpr double kMaxCoordinate = 1e6;
// The lab's own step cap: LIBSVM's max(10⁷, 100·n) is hours of animation; the status then says
// "stopped at the step cap" (docs/bad-inputs.md P2).
constexpr std::int64_t kDefaultMaxSteps = 100000;
constexpr std::int64_t kMaxMaxSteps = 10000000;
constexpr std::size_t kMaxUndo = 200;

// Everything the solver depends on besides the points.
struct LabParams;
// SMO's options from the lab's parameters (eps, rule, step cap): the lab's solver and the feature
// space's, which trains on the same settings.
SmoOptions smoOptions(const LabParams& params);

struct LabParams {
  KernelParams kernel = KernelParams::linear();
  double c = 1.0;  // +∞ = hard margin
  double eps = 1e-3;
  SelectionRule rule = SelectionRule::SecondOrder;
  BiasRule bias = BiasRule::Libsvm;
  std::int64_t maxSteps = kDefaultMaxSteps;

  bool hardMargin() const;
};

// The visible data rectangle of the canvas (H4 keeps the aspect ratio when drawing). Saved with
// the session; presets set it to fit their points.
struct ViewWindow {
  double xMin = -1, xMax = 4, yMin = -1, yMax = 4;
};

// Run / Pause. advance() steps while running: stepsPerSecond updates per second (0 = as fast as
// the frame budget allows). untilConverged: Run to convergence (full speed, stops at the end).
struct Playback {
  bool running = false;
  double stepsPerSecond = 5;
  bool untilConverged = false;
  double carry = 0;  // fractional steps owed from previous frames
};

// A replay under way (reliability audit F5, docs/bad-inputs.md W6): `step {n}`, `stepBack`,
// `seek` and a session's `step` move the solver over several frames, in time slices like Run to
// convergence, so that a share link asking for 10⁷ steps never blocks the page. A seek first
// jumps to the solver history's checkpoint below the target (one step of work), then steps
// forward. apply() does the first kReplaySyncBudgetMs of it (small requests finish at once);
// advance() continues it each frame; CancelReplay, Pause, Run, any edit, or a new step/seek ends
// it where it is: the solver is then at a consistent step like any paused one.
enum class ReplayKind { Step, Seek, Session };
struct Replay {
  ReplayKind kind = ReplayKind::Step;
  std::int64_t from = 0;    // the step when it was asked for
  std::int64_t target = 0;  // the step to reach (a solver that stops earlier ends it there)
  std::int64_t base = 0;    // the step forward stepping started from (after a jump back)
};
constexpr double kReplaySyncBudgetMs = 40;

// Live mode (see the header comment). A warm start's segment is the solver history itself: step 0
// is the warm-started α, position() the updates made since.
struct LiveState {
  bool on = true;
  bool pending = false;  // a warm start is still re-converging (advance() continues it)
  // Pair updates the last finished warm start needed to converge (0 until one has finished).
  std::int64_t warmStartUpdates = 0;
  std::int64_t segments = 0;  // warm starts since the last cold start (step-0 rebuild)
  std::string why;            // the edit that started the current segment ("a point was moved")
};
// The part of a live re-convergence done inside apply(): a small edit finishes here (the UI's
// frame then draws the converged model); a longer one continues in advance().
constexpr double kLiveSyncBudgetMs = 8;

enum class NoticeKind { Info, SolverReset, Warning, Error };

// A message for the banner area (H4 draws them; text is shown literally, never as markup, W4).
struct Notice {
  std::uint64_t id = 0;
  NoticeKind kind = NoticeKind::Info;
  std::string text;
};

// Everything panels read about the current solver position; recomputed by apply()/advance()
// whenever the solver moves (valid == false when there is no solver, see LabState::problemError).
struct ModelView {
  bool valid = false;
  BinarySolutionView
      solution;         // α, coef = αy, rho, bias = −rho, categories, ξ, objectives, w, margin
  Vector decision;      // f(x_i) at each training point
  Vector kktViolation;  // per point, ≥ 0 (0 = satisfies its KKT condition), lab_state.cpp
  double alphaDotY = 0;         // Σ α_i y_i (0 up to rounding: the equality constraint)
  double violation = 0;         // m(α) − M(α) now
  Index supportCount = 0;       // α > 0
  Index freeCount = 0;          // 0 < α < C
  Index boundCount = 0;         // α = C
  double trainingAccuracy = 0;  // fraction of points with y_i f(x_i) > 0, in [0, 1]
  Index undecidedCount = 0;     // points with f(x_i) = 0 exactly: on the boundary, no class
  SmoStatus status = SmoStatus::Running;
  std::string statusText;  // "running", "paused at step 12", "converged after 40 steps", …
  // The model in LIBSVM's layout (labels {+1, −1}, SVs = points with α > 0): for
  // kpg::decisionValues / predict and for the shader (SVs + coefficients + rho).
  SvmModel model;
};

// Undo/redo holds whole point sets (≤ 5000 × 3 doubles, ≤ kMaxUndo entries).
struct PointSet {
  Matrix points;  // n × 2
  Vector labels;  // ±1
};

// The Q provider of the lab's problem, kept between problems. Adding, moving, deleting or
// relabelling a point updates the kernel row and column it touches (kpg::QMatrix::applyEdit,
// O(N)) instead of evaluating the kernel N(N+1)/2 times again: what makes a drag on 2 000 points
// keep up with the pointer. A change of C, eps or a rule keeps it as it is (Q does not depend on
// them); a change of the kernel, a new point set (preset, undo, session) or a copy of the lab
// sharing it (the exercises' trials) builds a new one, once.
struct LabKernelMatrix {
  std::shared_ptr<QMatrix> q;  // null: none yet (or dropped)
  KernelParams kernel;         // what q was built for
  PointSet data;               // the points and labels q holds, checked before each reuse
  std::int64_t builds = 0;     // providers built from scratch
  std::int64_t edits = 0;      // edits applied in place
};

// Wall-clock times of the last edit of the points (web/bench/frame_time.mjs reads them through
// kpg_view_json): the whole action, and the part that updated or rebuilt the problem and
// started the solver (the rest is the live re-convergence and the model view).
struct EditTimings {
  std::int64_t count = 0;  // point edits applied
  double actionMs = 0;
  double problemMs = 0;
};

struct LabState {
  PointSet data;
  LabParams params;
  ViewWindow view;
  Playback playback;
  std::optional<Replay> replay;  // a replay under way (advance() continues it)
  LiveState live;
  // The step a loaded session asked for, kept until the next action that moves the solver or
  // changes the problem, so that saving again writes the session as loaded (a replay that stops
  // early, at convergence, would otherwise write a smaller step: sessionStep).
  std::optional<std::int64_t> loadedStep;
  std::string presetName;  // the preset or generator last loaded (informative; edits keep it)
  // A point was added, moved, deleted, relabelled or cleared since the data were loaded (the
  // Data list then says "(edited)", canvasDataName).
  bool dataEdited = false;

  // Present when the problem is valid (≥ 1 point of each class, valid parameters).
  std::optional<SolverHistory> history;
  // Why there is no solver, e.g. {"labels", "need points of both classes (+1 and −1)"}.
  std::optional<ParameterError> problemError;
  ModelView model;

  std::vector<PointSet> undoStack;
  std::vector<PointSet> redoStack;
  std::vector<Notice> notices;  // oldest first, at most kMaxNotices
  std::uint64_t nextNoticeId = 1;

  // Bumped whenever data or parameters change (solver rebuilt).
  std::uint64_t problemRevision = 0;
  // Bumped whenever the model view changes (a step, a seek, a reset): redraw the field when
  // this differs from the revision last drawn.
  std::uint64_t modelRevision = 0;

  // Drag coalescing: the index being dragged (MovePoint with dragging = true), -1 otherwise.
  Index dragIndex = -1;

  LabKernelMatrix kernelMatrix;
  EditTimings editTimings;

  static constexpr std::size_t kMaxNotices = 6;

  Index pointCount() const { return data.points.rows(); }
  std::int64_t stepCount() const { return history ? history->position() : 0; }
  // Q providers built from scratch since the lab was made (an edit updated in place is not one).
  std::int64_t kernelMatrixBuilds() const { return kernelMatrix.builds; }
};

// ---- Actions: values, applied by apply(). The JSON names (window.kpg.dispatch) are in
// session/action_json.hpp. ----------------------------------------------------------------------
namespace action {
struct LoadPreset {
  std::string name;  // toy_datasets.hpp presetNames(): "hand-solved", "perceptron", "xor", …
};
struct Generate {    // a seeded generated set (toy_datasets.hpp)
  std::string name;  // "xor", "moons", "circles", "blobs", "separable"
  Index count = 100;
  double noise = 0.1;
  std::uint64_t seed = 1;
};
struct SetKernel {
  KernelParams kernel;
};
struct SetC {
  double c = 1;  // +∞ = hard margin
};
struct SetEps {
  double eps = 1e-3;
};
struct SetRule {
  SelectionRule rule = SelectionRule::SecondOrder;
};
struct SetBiasRule {
  BiasRule rule = BiasRule::Libsvm;
};
struct SetMaxSteps {
  std::int64_t maxSteps = kDefaultMaxSteps;
};
struct Step {
  std::int64_t count = 1;
};
struct StepBack {
  std::int64_t count = 1;
};
struct Seek {  // the scrubber: go to step `step` in [0, furthest]
  std::int64_t step = 0;
};
struct Run {};    // start playing at playback.stepsPerSecond
struct Pause {};  // stop playing (also stops Run to convergence)
struct SetSpeed {
  double stepsPerSecond = 5;  // 0 = as fast as possible
};
// Runs synchronously for up to budgetMs; if not finished, keeps running (time-sliced) in
// advance() until the solver stops.
struct RunToConvergence {
  double budgetMs = 250;
};
struct CancelReplay {};  // stops a replay under way where it is (no replay: nothing to do)
struct Reset {};         // back to step 0, history cleared (data and parameters kept)
struct AddPoint {
  double x = 0, y = 0;
  int label = 1;  // ±1
};
struct MovePoint {
  Index index = 0;
  double x = 0, y = 0;
  // true while a drag is in progress: consecutive moves of the same point form one undo entry.
  // End the drag with EndDrag (or any other action).
  bool dragging = false;
};
struct EndDrag {};
struct SetLive {  // Live mode on or off (LiveState); changes nothing else
  bool on = true;
};
struct DeletePoint {
  Index index = 0;
};
struct SetLabel {  // flip a point's class
  Index index = 0;
  int label = 1;
};
struct ClearPoints {};
struct Undo {};
struct Redo {};
struct SetView {
  ViewWindow view;
};
struct DismissNotice {
  std::uint64_t id = 0;  // 0 = all
};
// Replaces data, parameters and view at once and replays to `step` (used by session load).
struct LoadSession {
  PointSet data;
  LabParams params;
  ViewWindow view;
  std::int64_t step = 0;
  double stepsPerSecond = 5;
  std::string presetName;
  bool live = true;  // the session's Live mode
};
}  // namespace action

using LabAction =
    std::variant<action::LoadPreset, action::Generate, action::SetKernel, action::SetC,
                 action::SetEps, action::SetRule, action::SetBiasRule, action::SetMaxSteps,
                 action::Step, action::StepBack, action::Seek, action::Run, action::Pause,
                 action::SetSpeed, action::RunToConvergence, action::CancelReplay, action::Reset,
                 action::AddPoint, action::MovePoint, action::EndDrag, action::DeletePoint,
                 action::SetLabel, action::ClearPoints, action::Undo, action::Redo, action::SetView,
                 action::DismissNotice, action::LoadSession, action::SetLive>;

// The data presets with the names the Data list shows, in menu order (toy_datasets.hpp
// presetNames()). The other methods' list adds ε-SVR's sine (modes/mode_screen.cpp).
struct PresetEntry {
  const char* name;
  const char* label;
};
const std::vector<PresetEntry>& labPresets();
// ε-SVR's regression set (modes/mode_state.hpp loadSinePreset), listed by the other methods only.
const PresetEntry& sinePreset();

// What the Data list names: the loaded preset's label, the imported file or the
// tutorial's points, "custom" for points without a source (`presets` and the sine set are looked
// up), and " (edited)" once a point was
// edited, so the list never names a set the canvas no longer holds.
std::string canvasDataName(const LabState& lab, const std::vector<PresetEntry>& presets);

// The lab at start-up: the hand-solved preset (001 Q7) with a linear kernel, C = +∞, step 0.
LabState makeLabState();

// Applies one action. On error returns the message and leaves the state unchanged (except that
// the message is also posted as an Error notice when postErrors is true, which the UI wants and
// window.kpg.dispatch does not: it returns the error to the caller).
std::optional<std::string> apply(LabState& lab, const LabAction& action, bool postErrors = true);

// Time slicing, called once per frame: when lab.playback.running, performs the steps owed for
// `elapsedSeconds` at playback.stepsPerSecond (all it can within budgetMs when the speed is 0 or
// untilConverged), never exceeding budgetMs of wall time (at least one step per call). Stops
// playing when the solver stops. A replay under way (Replay) is continued first, within the same
// budget. Returns the number of steps taken.
std::int64_t advance(LabState& lab, double elapsedSeconds, double budgetMs);

// The replay's progress: steps replayed so far and in all (0 and 0 when none is under way), and
// "replaying step 12 000 of 10 000 000" for the status line and the page's progress bar.
std::int64_t replayDone(const LabState& lab);
std::int64_t replayTotal(const LabState& lab);
std::string replayProgressText(const LabState& lab);
std::string_view replayKindName(ReplayKind kind);  // "step", "seek", "session"
// The step a saved session records: the replay's target while one is under way (the session
// says what was asked for, not how far the replay got); in a Live warm-start segment the step
// cap (replay until the solver stops: the same optimum from α = 0); else the current step.
std::int64_t sessionStep(const LabState& lab);

// f(x) = Σ α_i y_i k(x_i, x) + b at a canvas point, from the core (kpg::decisionValues on
// lab.model.model). nullopt when there is no solver.
std::optional<double> decisionAt(const LabState& lab, double x, double y);

// Posts a notice (replacing an existing SolverReset notice when kind == SolverReset); returns its
// id.
std::uint64_t postNotice(LabState& lab, NoticeKind kind, std::string text);

// The names of the selection rule, the bias rule and the SV categories (JSON and UI labels) live
// next to their enums in the core: selectionRuleName (svm/working_set.hpp), biasRuleName
// (svm/optimality.hpp), supportCategoryName (svm/binary_solution.hpp).

// Checks a whole parameter set (kernel, C > 0 or +∞, eps > 0 finite, maxSteps in range); the
// ParameterError names the parameter ("c", "eps", "gamma", …).
std::optional<ParameterError> validateParams(const LabParams& params);
// Checks points/labels: sizes, finite, |coordinate| ≤ kMaxCoordinate, labels ±1, ≤ kMaxLabPoints.
std::optional<ParameterError> validatePoints(const PointSet& data);

}  // namespace kpg::app
