// Edits of the points update the lab's kernel matrix in place (lab_state.hpp LabKernelMatrix):
// no provider is built again, and the lab reaches what the core reaches from the same warm start
// over a problem built from scratch.
#include "lab/lab_state.hpp"
#include "svm/dual_problem.hpp"
#include "svm/warm_start.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <variant>
#include <vector>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::WithinAbs;

namespace {

void requireOk(LabState& lab, const LabAction& action) {
  const auto error = apply(lab, action, false);
  INFO((error ? *error : std::string()));
  REQUIRE_FALSE(error);
}

void finish(LabState& lab) {
  for (int frames = 0; (lab.live.pending || lab.replay) && frames < 100000; ++frames)
    advance(lab, 1.0 / 60, 10);
}

// Each action is finished before the next: a warm start begins where the previous run stands,
// and how far a run gets inside apply()'s time slice depends on the machine's load.
LabState moons(Index n, const KernelParams& kernel) {
  LabState lab = makeLabState();
  requireOk(lab, action::Generate{"moons", n, 0.15, 5});
  requireOk(lab, action::SetKernel{kernel});
  finish(lab);
  requireOk(lab, action::SetC{1});
  finish(lab);
  REQUIRE(lab.model.status == SmoStatus::Converged);
  return lab;
}

// Every column of the lab's Q against the one cSvcDual builds afresh over the lab's points.
void requireQOfRebuild(const LabState& lab) {
  const DualProblem& problem = lab.history->current().problem();
  const DualProblem rebuilt =
      cSvcDual(lab.data.points, lab.data.labels, lab.params.kernel, lab.params.c);
  const Index n = rebuilt.size();
  REQUIRE(problem.size() == n);
  Vector a(n), b(n);
  for (Index j = 0; j < n; ++j) {
    problem.q->column(j, a);
    rebuilt.q->column(j, b);
    REQUIRE(a == b);
  }
}

// The reference: the problem built from scratch by the core, from the same warm start (the α
// before the action, carried over by `origin`), solved to the end, as every edit did before edits
// were applied in place; the lab's α, b and objective must be its.
void requireSolvedAsRebuilt(const LabState& lab, const Vector& previous,
                            const std::vector<Index>& origin) {
  DualProblem problem = cSvcDual(lab.data.points, lab.data.labels, lab.params.kernel, lab.params.c);
  problem.alpha0 = warmStartAlpha(previous, origin, lab.data.labels, lab.params.c);
  SmoSolver rebuilt(std::move(problem), smoOptions(lab.params));
  REQUIRE(lab.model.status == rebuilt.solve());
  const SmoSolver& solver = lab.history->current();
  for (Index i = 0; i < lab.pointCount(); ++i)
    REQUIRE_THAT(solver.alpha()(i), WithinAbs(rebuilt.alpha()(i), 1e-9));
  CHECK_THAT(lab.model.solution.bias, WithinAbs(-rebuilt.rho(lab.params.bias), 1e-9));
  CHECK_THAT(solver.objective(), WithinAbs(rebuilt.objective(), 1e-9));
}

// Where each point after the action was before it (warmStartAlpha's origin).
std::vector<Index> originOf(const LabAction& a, Index before) {
  std::vector<Index> origin = sameIndices(before);
  if (std::holds_alternative<action::AddPoint>(a)) origin.push_back(-1);
  if (const auto* d = std::get_if<action::DeletePoint>(&a)) origin.erase(origin.begin() + d->index);
  if (const auto* r = std::get_if<action::SetLabel>(&a))
    origin[static_cast<std::size_t>(r->index)] = -1;
  return origin;
}

}  // namespace

TEST_CASE("Lab: an edit of the points updates the kernel matrix, not rebuilds it, as a rebuild",
          "[app][live][edit]") {
  for (const KernelParams& kernel :
       {KernelParams::rbf(2), KernelParams::linear(), KernelParams::polynomial(1, 1, 3)}) {
    INFO(describe(kernel));
    LabState lab = moons(120, kernel);
    const std::int64_t builds = lab.kernelMatrixBuilds();
    const std::vector<LabAction> edits = {
        action::MovePoint{3, 0.4, 0.2, true},
        action::MovePoint{3, 0.45, 0.25, true},
        action::MovePoint{3, 0.5, 0.3, true},
        action::AddPoint{0.1, -0.2, -1},
        action::SetLabel{7, -static_cast<int>(lab.data.labels(7))},
        action::DeletePoint{10},
        action::DeletePoint{0},
        action::AddPoint{1.5, 0.5, 1},
        action::MovePoint{lab.pointCount() - 2, -0.3, 0.6, false},
    };
    for (std::size_t e = 0; e < edits.size(); ++e) {
      INFO("action " << e);
      const Vector previous = lab.history->current().alpha();
      const std::vector<Index> origin = originOf(edits[e], lab.pointCount());
      requireOk(lab, edits[e]);
      finish(lab);
      CHECK(lab.kernelMatrixBuilds() == builds);
      requireQOfRebuild(lab);
      requireSolvedAsRebuilt(lab, previous, origin);
    }
    CHECK(lab.kernelMatrix.edits >= 9);
  }
}

TEST_CASE("Lab: C and eps keep the kernel matrix; a kernel change builds it once", "[app][edit]") {
  LabState lab = moons(80, KernelParams::rbf(1));
  const std::int64_t builds = lab.kernelMatrixBuilds();
  requireOk(lab, action::SetC{3});
  requireOk(lab, action::SetEps{1e-4});
  finish(lab);
  CHECK(lab.kernelMatrixBuilds() == builds);
  // A γ slider moved one rung, then held still: the action comes again with the same value.
  requireOk(lab, action::SetKernel{KernelParams::rbf(1.5)});
  requireOk(lab, action::SetKernel{KernelParams::rbf(1.5)});
  finish(lab);
  CHECK(lab.kernelMatrixBuilds() == builds + 1);
  requireQOfRebuild(lab);
  // Then a drag edits the new one.
  requireOk(lab, action::MovePoint{5, 0.2, 0.2, true});
  requireOk(lab, action::MovePoint{5, 0.3, 0.2, true});
  finish(lab);
  CHECK(lab.kernelMatrixBuilds() == builds + 1);
  requireQOfRebuild(lab);
}

TEST_CASE("Lab: a copy of the lab that shares the kernel matrix edits its own", "[app][edit]") {
  LabState lab = moons(60, KernelParams::rbf(2));
  const Matrix before = lab.data.points;
  LabState trial = lab;  // as the exercises' checks copy the lab
  requireOk(trial, action::MovePoint{2, 1.0, 1.0, false});
  finish(trial);
  CHECK(trial.kernelMatrixBuilds() == lab.kernelMatrixBuilds() + 1);
  // The original's solver still reads the matrix of its own points.
  requireQOfRebuild(lab);
  CHECK(lab.data.points == before);
  requireOk(lab, action::MovePoint{2, -1.0, 0.5, false});
  finish(lab);
  requireQOfRebuild(lab);
  requireQOfRebuild(trial);
}

TEST_CASE("Lab: undo and redo of one point's edit edit the kernel matrix too",
          "[app][live][edit]") {
  // Undo and redo replace the whole point set; when the two sets differ by one point's move,
  // relabel, append or deletion, the lab applies that as an edit (no build), and reaches what the
  // core reaches from the same warm start over a problem built from scratch. Putting a deleted
  // point back in the middle is no SampleEdit: that undo builds the matrix once.
  for (const KernelParams& kernel : {KernelParams::rbf(2), KernelParams::polynomial(1, 1, 3)}) {
    INFO(describe(kernel));
    LabState lab = moons(100, kernel);
    const std::int64_t builds = lab.kernelMatrixBuilds();
    const auto same = [](Index n) { return sameIndices(n); };
    const auto without = [](Index n, Index k) {
      std::vector<Index> o = sameIndices(n);
      o.erase(o.begin() + k);
      return o;
    };
    struct Case {
      LabAction action;
      std::function<std::vector<Index>(Index)> origin;  // of the point count before the action
      int newBuilds;
    };
    const int label7 = static_cast<int>(lab.data.labels(7));
    const std::vector<Case> cases = {
        {action::MovePoint{3, 0.4, 0.2, true}, same, 0},
        {action::MovePoint{3, 0.5, 0.3, true}, same, 0},
        {action::Undo{}, same, 0},  // the drag was one undo step: point 3 back where it was
        {action::Redo{}, same, 0},
        {action::AddPoint{0.1, -0.2, -1},
         [&](Index n) {
           std::vector<Index> o = same(n);
           o.push_back(-1);
           return o;
         },
         0},
        {action::Undo{}, [&](Index n) { return without(n, n - 1); }, 0},
        {action::Redo{},
         [&](Index n) {
           std::vector<Index> o = same(n);
           o.push_back(-1);
           return o;
         },
         0},
        {action::SetLabel{7, -label7},
         [&](Index n) {
           std::vector<Index> o = same(n);
           o[7] = -1;
           return o;
         },
         0},
        {action::Undo{},
         [&](Index n) {
           std::vector<Index> o = same(n);
           o[7] = -1;
           return o;
         },
         0},
        {action::DeletePoint{10}, [&](Index n) { return without(n, 10); }, 0},
        {action::Undo{}, [&](Index n) { return std::vector<Index>(n + 1, Index{-1}); }, 1},
        {action::Redo{}, [&](Index n) { return without(n, 10); }, 0},
    };
    std::int64_t expectedBuilds = builds;
    for (std::size_t e = 0; e < cases.size(); ++e) {
      INFO("action " << e);
      const Vector previous = lab.history->current().alpha();
      const std::vector<Index> origin = cases[e].origin(lab.pointCount());
      requireOk(lab, cases[e].action);
      finish(lab);
      expectedBuilds += cases[e].newBuilds;
      CHECK(lab.kernelMatrixBuilds() == expectedBuilds);
      requireQOfRebuild(lab);
      REQUIRE(origin.size() == static_cast<std::size_t>(lab.pointCount()));
      requireSolvedAsRebuilt(lab, previous, origin);
    }
  }
}
