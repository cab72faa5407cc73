#include "lab/lab_state.hpp"

#include "data/number_text.hpp"
#include "data/toy_datasets.hpp"
#include "lab/lab_kernel_matrix.hpp"
#include "lab/model_view.hpp"
#include "lab/one_point_edit.hpp"
#include "params/parameter_table.hpp"
#include "svm/dual_problem.hpp"
#include "svm/separability.hpp"
#include "svm/warm_start.hpp"
#include "timeline/playback.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <type_traits>

namespace kpg::app {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

SmoOptions smoOptions(const LabParams& params) {
  SmoOptions options;
  options.eps = params.eps;
  options.rule = params.rule;
  options.maxIterations = params.maxSteps;
  return options;
}

namespace {

// Builds the solver at step 0 for the current data and parameters (or records why not), from
// α = 0, or from `start` (a warm start, already feasible: warmStartAlpha) when given. `edit`:
// the edit of the points since the last call, if it was one (the kernel matrix then follows it
// in place).
void rebuildSolver(LabState& lab, const Vector* start = nullptr, const SampleEdit* edit = nullptr) {
  const auto started = Clock::now();
  lab.history.reset();
  lab.replay.reset();
  lab.live.pending = false;
  if (!start) {
    lab.live.segments = 0;
    lab.live.why.clear();
  }
  lab.problemError.reset();
  lab.playback.running = false;
  lab.playback.untilConverged = false;
  lab.playback.carry = 0;
  ++lab.problemRevision;
  const Vector& y = lab.data.labels;
  const Index positives = (y.array() > 0).count();
  const Index negatives = y.size() - positives;
  if (positives == 0 || negatives == 0) {
    // docs/bad-inputs.md G1, G2: shown inline by the status panel.
    lab.problemError = ParameterError{
        "labels", y.size() == 0 ? "no points yet: click the canvas to add points of both "
                                  "classes, or load a preset"
                                : "need points of both classes (+1 and −1) to train; add a "
                                  "point of the other class"};
    refreshModel(lab);
    return;
  }
  if (lab.params.hardMargin()) {
    // docs/bad-inputs.md G16: with C = ∞ on classes whose feature-space hulls meet, the dual is
    // unbounded and SMO's α would grow to the step cap, drawing a meaningless f. Named, and no
    // run starts.
    const SeparabilityResult separable =
        hardMarginSeparability(lab.data.points, y, lab.params.kernel);
    if (separable.verdict == Separability::NotSeparable) {
      const bool linear = lab.params.kernel.type == KernelType::Linear &&
                          separable.reason.find("opposite labels") == std::string::npos;
      lab.problemError =
          ParameterError{"C", std::string(linear ? "not linearly separable" : "not separable") +
                                  ": the hard-margin dual is unbounded (" + separable.reason +
                                  "); untick hard margin to use a finite C"};
      refreshModel(lab);
      return;
    }
  }
  DualProblem problem = cSvcDual(kernelMatrixFor(lab, edit), y, lab.params.c);
  if (start && start->size() == problem.size()) problem.alpha0 = *start;
  if (auto error = validate(problem)) {
    lab.problemError = error;
    refreshModel(lab);
    return;
  }
  SmoSolver solver(std::move(problem), smoOptions(lab.params));
  if (solver.status() == SmoStatus::InvalidInput) {
    // docs/bad-inputs.md P3, G7: overflowing kernel values would turn every number into NaN; the
    // solver refuses them with the core's one sentence (kKernelOverflowMessage).
    lab.problemError = ParameterError{"kernel", solver.message()};
    refreshModel(lab);
    return;
  }
  lab.history.emplace(std::move(solver), lab.params.bias);
  if (edit) {
    ++lab.editTimings.count;
    lab.editTimings.problemMs = millisecondsSince(started);
  }
  refreshModel(lab);
}

void afterEdit(LabState& lab, const std::string& why, const std::vector<Index>& origin,
               const SampleEdit* edit = nullptr);

// An edit of the points (not of the parameters): the Data list then says "(edited)". `edit`
// says which, when it is one point's.
void afterPointEdit(LabState& lab, const std::string& why, const std::vector<Index>& origin,
                    const SampleEdit* edit = nullptr) {
  lab.dataEdited = true;
  afterEdit(lab, why, origin, edit);
}

// A change of data or parameters: rebuild, and say so when progress was discarded.
void resetAfterChange(LabState& lab, const std::string& why, const SampleEdit* edit = nullptr) {
  const std::int64_t lost = lab.stepCount();
  const bool wasRunning = lab.playback.running;
  rebuildSolver(lab, nullptr, edit);
  if (lost > 0 || wasRunning) {
    postNotice(lab, NoticeKind::SolverReset,
               "Solver reset to step 0 (was at step " + std::to_string(lost) + "): " + why);
  }
}

// Steps a live re-convergence for up to budgetMs; ends it when the solver stops (converged, at
// the cap, or refused). Returns the updates made.
std::int64_t continueLive(LabState& lab, double budgetMs);

// An edit of the current problem. Live on: warm start from the previous α (origin maps each new
// point to its index before the edit, −1 for a new or relabelled point) and re-converge. Live
// off: back to step 0 (resetAfterChange).
void afterEdit(LabState& lab, const std::string& why, const std::vector<Index>& origin,
               const SampleEdit* edit) {
  if (!lab.live.on) {
    resetAfterChange(lab, why, edit);
    return;
  }
  const Vector previous = lab.history ? lab.history->current().alpha() : Vector();
  const Vector start = warmStartAlpha(previous, origin, lab.data.labels, lab.params.c);
  rebuildSolver(lab, &start, edit);
  if (!lab.history) return;
  ++lab.live.segments;
  lab.live.why = why;
  lab.live.pending = true;
  continueLive(lab, kLiveSyncBudgetMs);
}

// origin for an edit that keeps the indices and the size (a point moved, a parameter changed);
// undo and redo may change the size, and then nothing carries over.
std::vector<Index> originAfterReplace(Index before, Index after) {
  return before == after ? sameIndices(after)
                         : std::vector<Index>(static_cast<std::size_t>(after), Index{-1});
}

// After undo or redo replaced lab.data (was `before`): one point's edit when it is one.
void afterReplace(LabState& lab, const PointSet& before, const std::string& why) {
  if (const std::optional<OnePointEdit> one = onePointEdit(before, lab.data)) {
    afterPointEdit(lab, why, one->origin, &one->edit);
    return;
  }
  afterPointEdit(lab, why, originAfterReplace(before.points.rows(), lab.pointCount()));
}

void pushUndo(LabState& lab) {
  lab.undoStack.push_back(lab.data);
  if (lab.undoStack.size() > kMaxUndo) lab.undoStack.erase(lab.undoStack.begin());
  lab.redoStack.clear();
}

ViewWindow fitView(const Matrix& points) {
  if (points.rows() == 0) return ViewWindow{};
  const double x0 = points.col(0).minCoeff(), x1 = points.col(0).maxCoeff();
  const double y0 = points.col(1).minCoeff(), y1 = points.col(1).maxCoeff();
  const double span = std::max({x1 - x0, y1 - y0, 1.0});
  const double pad = 0.25 * span;
  const double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1);
  const double half = 0.5 * span + pad;
  return ViewWindow{cx - half, cx + half, cy - half, cy + half};
}

// The teaching scenario of each preset: kernel and C chosen so the preset shows its point.
LabParams presetParams(ToyKind kind) {
  LabParams p;
  const double inf = std::numeric_limits<double>::infinity();
  switch (kind) {
    case ToyKind::HandSolved:  // 001 Q7 is solved with the hard margin and a linear kernel
    case ToyKind::Perceptron:
      p.kernel = KernelParams::linear();
      p.c = inf;
      // SMO approaches the optimum asymptotically; a tight eps makes the converged α the
      // course's exact fractions to ~1e-9 instead of LIBSVM's default 1e-3 (α₁ ≈ 0.2502).
      p.eps = 1e-9;
      break;
    case ToyKind::Separable:
      p.kernel = KernelParams::linear();
      p.c = inf;
      break;
    case ToyKind::Blobs:  // overlapping: the soft margin matters
      p.kernel = KernelParams::linear();
      p.c = 1;
      break;
    case ToyKind::Xor:
    case ToyKind::Moons:
    case ToyKind::Circles:
      p.kernel = KernelParams::rbf(1.0);
      p.c = 10;
      break;
  }
  return p;
}

PointSet toPointSet(const Dataset& data) {
  return PointSet{data.x, data.y};
}

std::optional<std::string> errorText(const std::optional<ParameterError>& error) {
  if (!error) return std::nullopt;
  return error->parameter + ": " + error->message;
}

std::optional<std::string> validateView(const ViewWindow& v) {
  for (double value : {v.xMin, v.xMax, v.yMin, v.yMax}) {
    if (!std::isfinite(value) || std::abs(value) > 1e7) {
      return "view: the visible window must have finite coordinates within ±1e7";
    }
  }
  if (!(v.xMax - v.xMin > 1e-9) || !(v.yMax - v.yMin > 1e-9)) {
    return "view: the visible window must have a positive width and height";
  }
  return std::nullopt;
}

std::optional<std::string> checkPoint(double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y)) {
    return "point ignored: its coordinates are not finite numbers";  // W9
  }
  if (std::abs(x) > kMaxCoordinate || std::abs(y) > kMaxCoordinate) {
    return "point ignored: coordinates must lie within ±1e6";
  }
  return std::nullopt;
}

std::optional<std::string> checkIndex(const LabState& lab, Index index) {
  if (index < 0 || index >= lab.pointCount()) {
    return "no point with index " + std::to_string(index) + " (there are " +
           std::to_string(lab.pointCount()) + " points)";
  }
  return std::nullopt;
}

std::optional<std::string> checkLabel(int label) {
  if (label != 1 && label != -1) return std::string("label must be +1 or -1");
  return std::nullopt;
}

// Steps forward until the solver stops or budgetMs passes; true when it stopped.
bool runFor(LabState& lab, double budgetMs) {
  const auto start = Clock::now();
  while (true) {
    const SmoStep record = lab.history->stepForward();
    if (!record.updated || lab.history->current().status() != SmoStatus::Running) return true;
    if (millisecondsSince(start) >= budgetMs) return false;
  }
}

std::int64_t continueLive(LabState& lab, double budgetMs) {
  const std::int64_t before = lab.stepCount();
  const bool stopped =
      lab.history->current().status() != SmoStatus::Running || runFor(lab, budgetMs);
  if (stopped) {
    lab.live.pending = false;
    lab.live.warmStartUpdates = lab.stepCount();
  }
  refreshModel(lab);
  return lab.stepCount() - before;
}

// ---- Replay (lab_state.hpp Replay): time-sliced step / seek / session replay -----------------

// Steps toward the replay's target for up to budgetMs; ends the replay when the target is reached
// or the solver stops (converged or at the cap). Returns the steps taken.
std::int64_t continueReplay(LabState& lab, double budgetMs) {
  const auto start = Clock::now();
  std::int64_t taken = 0;
  bool finished = false;
  while (true) {
    if (lab.history->position() >= lab.replay->target ||
        lab.history->current().status() != SmoStatus::Running) {
      finished = true;
      break;
    }
    if (!lab.history->stepForward().updated) {
      finished = true;
      break;
    }
    ++taken;
    if (millisecondsSince(start) >= budgetMs) {
      // A replay whose last step reached the target or stopped the solver ends now, not one
      // frame later: sessionStep() then reports the step reached, not a target beyond it.
      finished = lab.history->position() >= lab.replay->target ||
                 lab.history->current().status() != SmoStatus::Running;
      break;
    }
  }
  if (finished) lab.replay.reset();
  refreshModel(lab);
  return taken;
}

// Starts a replay to `target` (≤ furthest() for a seek; any step for Step and Session) and does
// its first kReplaySyncBudgetMs.
void startReplay(LabState& lab, ReplayKind kind, std::int64_t target) {
  lab.live.pending = false;
  lab.playback.running = false;
  lab.playback.untilConverged = false;
  SolverHistory& history = *lab.history;
  const std::int64_t now = history.position();
  // The last checkpoint below the target, plus one step: SolverHistory::seek restores the
  // checkpoint and replays that one step (it regenerates the step record shown). Worth it going
  // back, or going forward past more than one checkpoint interval; the rest is stepped forward.
  const std::int64_t spacing = history.checkpointSpacing();
  const std::int64_t jump = target <= 0 ? 0 : (target - 1) / spacing * spacing + 1;
  if (target <= history.furthest() && (target < now || (jump > now && jump - now > spacing))) {
    history.seek(jump);
  }
  lab.replay = Replay{kind, now, target, history.position()};
  continueReplay(lab, kReplaySyncBudgetMs);
}

struct Applier {
  LabState& lab;

  std::optional<std::string> operator()(const action::LoadPreset& a) {
    const auto kind = toyKindFromName(a.name);
    if (!kind) return "unknown preset '" + a.name + "'";
    pushUndo(lab);
    lab.data = toPointSet(makeToyDataset(*kind, presetOptions(*kind)));
    lab.params = presetParams(*kind);
    lab.view = fitView(lab.data.points);
    lab.presetName = a.name;
    lab.dataEdited = false;
    resetAfterChange(lab, "loaded the preset " + a.name);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Generate& a) {
    const auto kind = toyKindFromName(a.name);
    if (!kind || !isGenerated(*kind)) {
      return "unknown generator '" + a.name + "' (xor, moons, circles, blobs, separable)";
    }
    if (auto e = checkParameter(ParamId::GenerateCount, static_cast<double>(a.count)))
      return e->message;
    if (auto e = checkParameter(ParamId::GenerateNoise, a.noise)) return e->message;
    const ToyOptions options{a.count, a.noise, a.seed};
    if (auto error = validateToyOptions(*kind, options)) return std::string(*error);
    pushUndo(lab);
    lab.data = toPointSet(makeToyDataset(*kind, options));
    lab.view = fitView(lab.data.points);
    lab.presetName = a.name;
    lab.dataEdited = false;
    resetAfterChange(lab, "generated new data");
    return std::nullopt;
  }
  std::optional<std::string> setParams(const LabParams& params, const std::string& why) {
    if (auto error = errorText(validateParams(params))) return error;
    lab.params = params;
    afterEdit(lab, why, sameIndices(lab.pointCount()));
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::SetKernel& a) {
    LabParams p = lab.params;
    p.kernel = a.kernel;
    return setParams(p, "the kernel changed to " + describe(a.kernel));
  }
  std::optional<std::string> operator()(const action::SetC& a) {
    LabParams p = lab.params;
    p.c = a.c;
    return setParams(
        p, std::isinf(a.c) ? "C changed to ∞ (hard margin)" : "C changed to " + formatDisplay(a.c));
  }
  std::optional<std::string> operator()(const action::SetEps& a) {
    LabParams p = lab.params;
    p.eps = a.eps;
    return setParams(p, "eps changed to " + formatDisplay(a.eps));
  }
  std::optional<std::string> operator()(const action::SetRule& a) {
    LabParams p = lab.params;
    p.rule = a.rule;
    return setParams(p, "the selection rule changed to " + std::string(selectionRuleName(a.rule)));
  }
  std::optional<std::string> operator()(const action::SetBiasRule& a) {
    LabParams p = lab.params;
    p.bias = a.rule;
    return setParams(p, "the bias rule changed to " + std::string(biasRuleName(a.rule)));
  }
  std::optional<std::string> operator()(const action::SetMaxSteps& a) {
    LabParams p = lab.params;
    p.maxSteps = a.maxSteps;
    return setParams(p, "the step cap changed to " + std::to_string(a.maxSteps));
  }
  std::optional<std::string> needSolver() const {
    if (!lab.history) {
      return "cannot step: " + (lab.problemError ? lab.problemError->message : "no solver");
    }
    return std::nullopt;
  }
  std::optional<std::string> checkCount(std::int64_t count) const {
    if (count < 1 || count > kMaxMaxSteps) {
      return std::string("the number of steps must be between 1 and 10000000");
    }
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Step& a) {
    if (auto error = needSolver()) return error;
    if (auto error = checkCount(a.count)) return error;
    startReplay(lab, ReplayKind::Step, lab.stepCount() + a.count);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::StepBack& a) {
    if (auto error = needSolver()) return error;
    if (auto error = checkCount(a.count)) return error;
    startReplay(lab, ReplayKind::Seek, std::max<std::int64_t>(0, lab.stepCount() - a.count));
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Seek& a) {
    if (auto error = needSolver()) return error;
    if (a.step < 0 || a.step > lab.history->furthest()) {
      return "step " + std::to_string(a.step) + " is outside the recorded range 0.." +
             std::to_string(lab.history->furthest());
    }
    startReplay(lab, ReplayKind::Seek, a.step);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Run&) {
    if (auto error = needSolver()) return error;
    lab.replay.reset();
    lab.live.pending = false;
    lab.playback.running = true;
    lab.playback.untilConverged = false;
    lab.playback.carry = 0;
    refreshModel(lab);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Pause&) {
    lab.replay.reset();
    lab.live.pending = false;
    lab.playback.running = false;
    lab.playback.untilConverged = false;
    refreshModel(lab);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::SetSpeed& a) {
    if (auto e = checkParameter(ParamId::StepsPerSecond, a.stepsPerSecond)) return e->message;
    lab.playback.stepsPerSecond = a.stepsPerSecond;
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::RunToConvergence& a) {
    if (auto error = needSolver()) return error;
    if (!std::isfinite(a.budgetMs) || a.budgetMs < 0 || a.budgetMs > 60000) {
      return std::string("budgetMs must be between 0 and 60000");
    }
    lab.replay.reset();
    lab.live.pending = false;
    const bool stopped = runFor(lab, a.budgetMs);
    lab.playback.running = !stopped;
    lab.playback.untilConverged = !stopped;
    lab.playback.carry = 0;
    refreshModel(lab);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::CancelReplay&) {
    if (!lab.replay) return std::nullopt;
    const Replay stopped = *lab.replay;
    lab.replay.reset();
    refreshModel(lab);
    postNotice(lab, NoticeKind::Info,
               "Replay cancelled at step " + std::to_string(lab.stepCount()) +
                   " (it was going to step " + std::to_string(stopped.target) + ").");
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Reset&) {
    rebuildSolver(lab);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::AddPoint& a) {
    if (auto error = checkPoint(a.x, a.y)) return error;
    if (auto error = checkLabel(a.label)) return error;
    if (lab.pointCount() >= kMaxLabPoints) {
      return std::string("point ignored: the lab holds at most 5000 points");  // W9
    }
    pushUndo(lab);
    const Index n = lab.pointCount();
    lab.data.points.conservativeResize(n + 1, 2);
    lab.data.labels.conservativeResize(n + 1);
    lab.data.points(n, 0) = a.x;
    lab.data.points(n, 1) = a.y;
    lab.data.labels(n) = a.label;
    std::vector<Index> origin = sameIndices(n);
    origin.push_back(-1);
    const SampleEdit edit{SampleEdit::Kind::Add, n, lab.data.points.row(n).transpose(),
                          static_cast<double>(a.label)};
    afterPointEdit(lab, "a point was added", origin, &edit);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::MovePoint& a) {
    if (auto error = checkIndex(lab, a.index)) return error;
    if (auto error = checkPoint(a.x, a.y)) return error;
    if (lab.data.points(a.index, 0) == a.x && lab.data.points(a.index, 1) == a.y) {
      // The canvas sends the dragged point's place every frame, also while the pointer rests:
      // nothing moved, so nothing is rebuilt (no new Live segment, no reset to step 0).
      lab.dragIndex = a.dragging ? a.index : -1;
      return std::nullopt;
    }
    if (!(a.dragging && lab.dragIndex == a.index)) pushUndo(lab);
    lab.data.points(a.index, 0) = a.x;
    lab.data.points(a.index, 1) = a.y;
    const SampleEdit edit{SampleEdit::Kind::Move, a.index, lab.data.points.row(a.index).transpose(),
                          1};
    afterPointEdit(lab, "a point was moved", sameIndices(lab.pointCount()), &edit);
    lab.dragIndex = a.dragging ? a.index : -1;
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::EndDrag&) { return std::nullopt; }
  std::optional<std::string> operator()(const action::SetLive& a) {
    lab.live.on = a.on;
    if (!a.on && lab.live.pending) {
      // Stops where it is: the segment is then paused like any solver.
      lab.live.pending = false;
      refreshModel(lab);
    }
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::DeletePoint& a) {
    if (auto error = checkIndex(lab, a.index)) return error;
    pushUndo(lab);
    const Index n = lab.pointCount();
    const Index tail = n - a.index - 1;
    lab.data.points.block(a.index, 0, tail, 2) = lab.data.points.bottomRows(tail).eval();
    lab.data.labels.segment(a.index, tail) = lab.data.labels.tail(tail).eval();
    lab.data.points.conservativeResize(n - 1, 2);
    lab.data.labels.conservativeResize(n - 1);
    std::vector<Index> origin = sameIndices(n);
    origin.erase(origin.begin() + a.index);
    const SampleEdit edit{SampleEdit::Kind::Delete, a.index, Vector(), 1};
    afterPointEdit(lab, "a point was deleted", origin, &edit);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::SetLabel& a) {
    if (auto error = checkIndex(lab, a.index)) return error;
    if (auto error = checkLabel(a.label)) return error;
    if (lab.data.labels(a.index) == a.label) return std::nullopt;
    pushUndo(lab);
    lab.data.labels(a.index) = a.label;
    std::vector<Index> origin = sameIndices(lab.pointCount());
    origin[static_cast<std::size_t>(a.index)] = -1;  // its old α was for the other class
    const SampleEdit edit{SampleEdit::Kind::Relabel, a.index, Vector(),
                          static_cast<double>(a.label)};
    afterPointEdit(lab, "a point changed class", origin, &edit);
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::ClearPoints&) {
    pushUndo(lab);
    lab.data = PointSet{Matrix(0, 2), Vector(0)};
    lab.presetName.clear();  // what the student adds next is their own set: "custom"
    afterPointEdit(lab, "all points were removed", {});
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Undo&) {
    if (lab.undoStack.empty()) return std::string("nothing to undo");
    lab.redoStack.push_back(std::move(lab.data));
    lab.data = std::move(lab.undoStack.back());
    lab.undoStack.pop_back();
    afterReplace(lab, lab.redoStack.back(), "undo");
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::Redo&) {
    if (lab.redoStack.empty()) return std::string("nothing to redo");
    lab.undoStack.push_back(std::move(lab.data));
    lab.data = std::move(lab.redoStack.back());
    lab.redoStack.pop_back();
    afterReplace(lab, lab.undoStack.back(), "redo");
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::SetView& a) {
    if (auto error = validateView(a.view)) return error;
    lab.view = a.view;
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::DismissNotice& a) {
    auto& n = lab.notices;
    n.erase(std::remove_if(n.begin(), n.end(),
                           [&](const Notice& notice) { return a.id == 0 || notice.id == a.id; }),
            n.end());
    return std::nullopt;
  }
  std::optional<std::string> operator()(const action::LoadSession& a) {
    // Everything is checked before anything changes (docs/bad-inputs.md W3: nothing applied in part).
    if (auto error = errorText(validatePoints(a.data))) return error;
    if (auto error = errorText(validateParams(a.params))) return error;
    if (auto error = validateView(a.view)) return error;
    if (a.step < 0 || a.step > a.params.maxSteps) {
      return std::string("step: must be between 0 and the step cap");
    }
    if (auto e = checkParameter(ParamId::StepsPerSecond, a.stepsPerSecond)) return e->message;
    pushUndo(lab);
    lab.data = a.data;
    lab.params = a.params;
    lab.view = a.view;
    lab.presetName = a.presetName;
    lab.dataEdited = false;
    lab.live.on = a.live;
    lab.playback = Playback{};
    lab.playback.stepsPerSecond = a.stepsPerSecond;
    rebuildSolver(lab);
    if (lab.history && a.step > 0) startReplay(lab, ReplayKind::Session, a.step);
    lab.loadedStep = a.step;
    return std::nullopt;
  }
};

}  // namespace

bool LabParams::hardMargin() const {
  return std::isinf(c);
}

const std::vector<PresetEntry>& labPresets() {
  static const std::vector<PresetEntry> presets = {
      {"hand-solved", "Hand-solved (notes 001, Q7)"},
      {"perceptron", "Perceptron example (notes 002)"},
      {"xor", "XOR"},
      {"moons", "Two moons"},
      {"circles", "Circles"},
      {"blobs", "Overlapping blobs (soft margin)"},
      {"separable", "Linearly separable"},
  };
  return presets;
}

const PresetEntry& sinePreset() {
  static const PresetEntry sine{"sine", "Sine (regression: x → t)"};
  return sine;
}

std::string canvasDataName(const LabState& lab, const std::vector<PresetEntry>& presets) {
  std::string name = lab.presetName.empty() ? "custom" : lab.presetName;
  if (lab.presetName == sinePreset().name) name = sinePreset().label;
  for (const PresetEntry& p : presets) {
    if (lab.presetName == p.name) name = p.label;
  }
  return lab.dataEdited ? name + " (edited)" : name;
}

LabState makeLabState() {
  LabState lab;
  lab.data = PointSet{Matrix(0, 2), Vector(0)};
  apply(lab, action::LoadPreset{"hand-solved"});
  lab.undoStack.clear();
  lab.notices.clear();
  return lab;
}

std::optional<std::string> apply(LabState& lab, const LabAction& action, bool postErrors) {
  const bool continuesDrag = std::holds_alternative<action::MovePoint>(action) &&
                             std::get<action::MovePoint>(action).dragging;
  if (!continuesDrag) lab.dragIndex = -1;
  // Actions that leave the solver and the problem as they are keep a loaded session's step.
  const bool keepsStep = std::holds_alternative<action::SetView>(action) ||
                         std::holds_alternative<action::DismissNotice>(action) ||
                         std::holds_alternative<action::SetSpeed>(action) ||
                         std::holds_alternative<action::SetLive>(action) ||
                         std::holds_alternative<action::EndDrag>(action) ||
                         std::holds_alternative<action::Pause>(action);
  const std::optional<std::int64_t> loadedStep = lab.loadedStep;
  if (!keepsStep) lab.loadedStep.reset();
  const auto started = Clock::now();
  const std::int64_t editsBefore = lab.editTimings.count;
  std::optional<std::string> error = std::visit(Applier{lab}, action);
  if (lab.editTimings.count != editsBefore) lab.editTimings.actionMs = millisecondsSince(started);
  if (error) lab.loadedStep = loadedStep;  // a refused action changes nothing
  if (error && postErrors) postNotice(lab, NoticeKind::Error, *error);
  return error;
}

std::int64_t advance(LabState& lab, double elapsedSeconds, double budgetMs) {
  if (lab.replay) {
    if (!lab.history) {
      lab.replay.reset();
      return 0;
    }
    return continueReplay(lab, budgetMs);
  }
  if (lab.live.pending) {
    if (!lab.history) {
      lab.live.pending = false;
      return 0;
    }
    return continueLive(lab, budgetMs);
  }
  if (!lab.playback.running || !lab.history) return 0;
  const std::int64_t taken = playFrame(lab.playback, elapsedSeconds, budgetMs, [&lab] {
    const SmoStep record = lab.history->stepForward();
    return PlaybackStep{record.updated,
                        !record.updated || lab.history->current().status() != SmoStatus::Running};
  });
  refreshModel(lab);
  return taken;
}

std::optional<double> decisionAt(const LabState& lab, double x, double y) {
  if (!lab.model.valid) return std::nullopt;
  Vector point(2);
  point << x, y;
  return decisionValues(lab.model.model, point)(0);
}

std::uint64_t postNotice(LabState& lab, NoticeKind kind, std::string text) {
  auto& notices = lab.notices;
  if (kind == NoticeKind::SolverReset) {
    notices.erase(std::remove_if(notices.begin(), notices.end(),
                                 [](const Notice& n) { return n.kind == NoticeKind::SolverReset; }),
                  notices.end());
  }
  const std::uint64_t id = lab.nextNoticeId++;
  notices.push_back(Notice{id, kind, std::move(text)});
  while (notices.size() > LabState::kMaxNotices) notices.erase(notices.begin());
  return id;
}

std::optional<ParameterError> validateParams(const LabParams& params) {
  // The ranges are the parameter table's rows (params/parameter_table.cpp): the same for the
  // controls, window.kpg, sessions and the address. They come first, so that an error states the
  // range every path accepts; the core's own check of the kernel (finite, LIBSVM's rules) last.
  const KernelParams& k = params.kernel;
  if (k.type != KernelType::Linear) {
    if (auto e = checkParameter(ParamId::Gamma, k.gamma)) return e;
  }
  if (k.type == KernelType::Polynomial || k.type == KernelType::Sigmoid) {
    if (auto e = checkParameter(ParamId::Coef0, k.coef0)) return e;
  }
  if (k.type == KernelType::Polynomial) {
    if (auto e = checkParameter(ParamId::Degree, k.degree)) return e;
  }
  if (auto e = checkParameter(ParamId::C, params.c)) return ParameterError{"c", e->message};
  if (auto e = checkParameter(ParamId::Eps, params.eps)) return e;
  if (auto e = checkParameter(ParamId::MaxSteps, static_cast<double>(params.maxSteps))) return e;
  return validate(params.kernel);
}

std::optional<ParameterError> validatePoints(const PointSet& data) {
  const Index n = data.points.rows();
  if (n > 0 && data.points.cols() != 2) {
    return ParameterError{"points", "every point must have 2 coordinates"};
  }
  if (data.labels.size() != n) {
    return ParameterError{"labels", "there must be one label per point"};
  }
  if (n > kMaxLabPoints) {
    return ParameterError{"points", "at most 5000 points; got " + std::to_string(n)};
  }
  for (Index i = 0; i < n; ++i) {
    for (Index d = 0; d < 2; ++d) {
      const double v = data.points(i, d);
      if (!std::isfinite(v) || std::abs(v) > kMaxCoordinate) {
        return ParameterError{"points[" + std::to_string(i) + "]",
                              "coordinates must be finite and within ±1e6"};
      }
    }
    if (data.labels(i) != 1 && data.labels(i) != -1) {
      return ParameterError{"labels[" + std::to_string(i) + "]", "labels must be +1 or -1"};
    }
  }
  return std::nullopt;
}

}  // namespace kpg::app
