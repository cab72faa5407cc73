#include "lab/lab_state.hpp"
#include "lab/model_view.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace kpg;
using namespace kpg::app;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

void requireOk(LabState& lab, const LabAction& action) {
  const auto error = apply(lab, action, false);
  INFO((error ? *error : std::string()));
  REQUIRE_FALSE(error);
}

bool hasNotice(const LabState& lab, NoticeKind kind) {
  for (const Notice& n : lab.notices) {
    if (n.kind == kind) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("LabState: the hard margin on XOR is named and no run starts (G16)", "[app][lab]") {
  LabState lab = makeLabState();
  REQUIRE_FALSE(apply(lab, action::LoadPreset{"xor"}, false));
  REQUIRE_FALSE(apply(lab, action::SetKernel{KernelParams::linear()}, false));
  REQUIRE_FALSE(apply(lab, action::SetC{std::numeric_limits<double>::infinity()}, false));
  REQUIRE(lab.problemError);
  CHECK(lab.problemError->parameter == "C");
  CHECK(lab.problemError->message.rfind("not linearly separable: the hard-margin dual is unbounded",
                                        0) == 0);
  CHECK_FALSE(lab.history);
  CHECK_FALSE(lab.model.valid);
  // Step does nothing: there is no run to take a step of.
  CHECK(apply(lab, action::Step{1}, false));
  CHECK(lab.stepCount() == 0);
  // A finite C, or a kernel that separates XOR, gives the solver back.
  REQUIRE_FALSE(apply(lab, action::SetKernel{KernelParams::rbf(1)}, false));
  CHECK_FALSE(lab.problemError);
  CHECK(lab.model.valid);
  REQUIRE_FALSE(apply(lab, action::SetKernel{KernelParams::linear()}, false));
  REQUIRE(lab.problemError);
  REQUIRE_FALSE(apply(lab, action::SetC{1.0}, false));
  CHECK_FALSE(lab.problemError);
  REQUIRE_FALSE(apply(lab, action::RunToConvergence{}, false));
  CHECK(lab.model.status == SmoStatus::Converged);
}

TEST_CASE("LabState: the hand-solved preset converges to alpha = (1/4, 3/8, 5/8), b = -3/2",
          "[app][lab]") {
  // course-notes 001 Question 7: w = (1, 1/2), b = −3/2, every point a support vector.
  LabState lab = makeLabState();
  REQUIRE(lab.pointCount() == 3);
  REQUIRE(lab.params.hardMargin());
  REQUIRE(lab.stepCount() == 0);
  CHECK(briefStatusText(lab) == "ready");
  // Step 0: α = 0 and b = 0, so f ≡ 0: every point is on the boundary and none is classified
  // (sign(0) is no class; the old count gave 1/3 by reading f = 0 as −1).
  REQUIRE(lab.model.valid);
  CHECK(lab.model.undecidedCount == 3);
  CHECK(lab.model.trainingAccuracy == 0.0);
  requireOk(lab, action::Step{1});
  CHECK(briefStatusText(lab) == "paused");
  requireOk(lab, action::RunToConvergence{});
  REQUIRE(lab.model.valid);
  CHECK(lab.model.undecidedCount == 0);
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK(briefStatusText(lab) == "converged");
  const Vector& alpha = lab.model.solution.alpha;
  CHECK(alpha(0) == Approx(0.25).margin(1e-9));
  CHECK(alpha(1) == Approx(0.375).margin(1e-9));
  CHECK(alpha(2) == Approx(0.625).margin(1e-9));
  CHECK(lab.model.solution.bias == Approx(-1.5).margin(1e-9));
  REQUIRE(lab.model.solution.w);
  CHECK((*lab.model.solution.w)(0) == Approx(1.0).margin(1e-9));
  CHECK((*lab.model.solution.w)(1) == Approx(0.5).margin(1e-9));
  CHECK(*lab.model.solution.margin == Approx(1 / std::sqrt(1.25)).margin(1e-9));
  CHECK(lab.model.supportCount == 3);
  CHECK(lab.model.freeCount == 3);
  CHECK(lab.model.boundCount == 0);
  CHECK(lab.model.trainingAccuracy == 1.0);
  CHECK(lab.model.alphaDotY == Approx(0).margin(1e-12));
  // Read as 0 on screen, with the rounding left beside it (never a bare −2.22e-16).
  CHECK(equalityConstraintText(lab.model).rfind("Σ αᵢyᵢ = 0", 0) == 0);
  ModelView off = lab.model;
  off.alphaDotY = 0.01;
  CHECK(equalityConstraintText(off) == "Σ αᵢyᵢ = 0.01 (should be 0)");
  off.alphaDotY = -3e-16;
  CHECK(equalityConstraintText(off) == "Σ αᵢyᵢ = 0 (to rounding: 3e-16)");
  // All three points lie on the margins: y f(x) = 1, so their KKT violations are 0.
  for (Index i = 0; i < 3; ++i) {
    CHECK(lab.model.decision(i) * lab.data.labels(i) == Approx(1).margin(1e-9));
    CHECK(lab.model.kktViolation(i) == Approx(0).margin(1e-9));
  }
  // f at a new point, from the core: f(0, 0) = w·0 + b = −3/2; f(2, 2) = 2 + 1 − 1.5 = 1.5.
  CHECK(*decisionAt(lab, 0, 0) == Approx(-1.5).margin(1e-9));
  CHECK(*decisionAt(lab, 2, 2) == Approx(1.5).margin(1e-9));
  CHECK(lab.model.statusText.find("converged") != std::string::npos);
  CHECK_FALSE(lab.playback.running);
}

TEST_CASE("LabState: step 3 then step back 3 gives identical states", "[app][lab]") {
  LabState lab;
  requireOk(lab, action::LoadPreset{"moons"});
  const Vector alpha0 = lab.model.solution.alpha;
  requireOk(lab, action::Step{3});
  REQUIRE(lab.stepCount() == 3);
  const Vector alpha3 = lab.model.solution.alpha;
  const Vector gradient3 = lab.history->current().gradient();
  const SmoStep record3 = *lab.history->lastStep();
  requireOk(lab, action::StepBack{3});
  CHECK(lab.stepCount() == 0);
  CHECK(lab.model.solution.alpha == alpha0);
  CHECK_FALSE(lab.history->lastStep());
  requireOk(lab, action::Step{3});
  CHECK(lab.model.solution.alpha == alpha3);
  CHECK(lab.history->current().gradient() == gradient3);
  CHECK(lab.history->lastStep()->i == record3.i);
  CHECK(lab.history->lastStep()->j == record3.j);
  CHECK(lab.history->lastStep()->alphaIAfter == record3.alphaIAfter);
  requireOk(lab, action::Seek{1});
  CHECK(lab.stepCount() == 1);
  CHECK(apply(lab, action::Seek{4}, false));  // beyond the recorded range
}

TEST_CASE("LabState: changing data or a parameter resets the solver and says so", "[app][lab]") {
  LabState lab = makeLabState();
  requireOk(lab, action::SetLive{false});  // Live on warm-starts instead (live_test.cpp)
  requireOk(lab, action::Step{1});
  REQUIRE(lab.stepCount() == 1);
  const auto revision = lab.problemRevision;

  SECTION("C") {
    requireOk(lab, action::SetC{10});
    CHECK(lab.params.c == 10);
  }
  SECTION("kernel") {
    requireOk(lab, action::SetKernel{KernelParams::rbf(0.5)});
  }
  SECTION("eps") {
    requireOk(lab, action::SetEps{1e-4});
  }
  SECTION("rule") {
    requireOk(lab, action::SetRule{SelectionRule::FirstOrder});
  }
  SECTION("a point added") {
    requireOk(lab, action::AddPoint{3, 3, 1});
  }
  SECTION("a point moved") {
    requireOk(lab, action::MovePoint{0, 1, 4});
  }
  SECTION("a point deleted") {
    requireOk(lab, action::DeletePoint{0});
  }
  CHECK(lab.stepCount() == 0);
  CHECK(lab.problemRevision > revision);
  REQUIRE(hasNotice(lab, NoticeKind::SolverReset));
  CHECK(lab.notices.back().text.find("Solver reset") != std::string::npos);
}

TEST_CASE("LabState: repeated resets keep one notice, not a flood", "[app][lab]") {
  LabState lab = makeLabState();
  requireOk(lab, action::SetLive{false});
  for (int k = 0; k < 20; ++k) {
    requireOk(lab, action::Step{1});
    requireOk(lab, action::MovePoint{0, 1, 3 + 0.01 * k});
  }
  int resets = 0;
  for (const Notice& n : lab.notices) resets += n.kind == NoticeKind::SolverReset;
  CHECK(resets == 1);
  CHECK(lab.notices.size() == 1);
}

TEST_CASE("LabState: a drag is one undo entry", "[app][lab]") {
  LabState lab = makeLabState();
  for (int k = 1; k <= 30; ++k) requireOk(lab, action::MovePoint{0, 1, 3 + 0.01 * k, true});
  requireOk(lab, action::EndDrag{});
  CHECK(lab.data.points(0, 1) == Approx(3.3));
  requireOk(lab, action::MovePoint{0, 5, 5, true});  // a second drag
  requireOk(lab, action::EndDrag{});
  requireOk(lab, action::Undo{});
  CHECK(lab.data.points(0, 1) == Approx(3.3));
  requireOk(lab, action::Undo{});
  CHECK(lab.data.points(0, 1) == 3);
  CHECK(apply(lab, action::Undo{}, false));  // nothing more to undo
}

TEST_CASE("LabState: undo and redo of point edits", "[app][lab]") {
  LabState lab = makeLabState();
  requireOk(lab, action::AddPoint{4, 4, 1});
  requireOk(lab, action::AddPoint{-1, -1, -1});
  REQUIRE(lab.pointCount() == 5);
  requireOk(lab, action::DeletePoint{1});
  REQUIRE(lab.pointCount() == 4);
  CHECK(lab.data.points(1, 0) == 0);  // (0, 1) moved up into index 1
  requireOk(lab, action::Undo{});
  CHECK(lab.pointCount() == 5);
  CHECK(lab.data.points(1, 0) == 2);
  requireOk(lab, action::Undo{});
  requireOk(lab, action::Undo{});
  CHECK(lab.pointCount() == 3);
  requireOk(lab, action::Redo{});
  CHECK(lab.pointCount() == 4);
  CHECK(lab.data.points(3, 0) == 4);
  requireOk(lab, action::SetLabel{3, -1});
  CHECK(lab.redoStack.empty());  // a new edit clears the redo stack
  CHECK(apply(lab, action::Redo{}, false));
}

TEST_CASE("LabState: bad actions are rejected and change nothing", "[app][lab]") {
  LabState lab = makeLabState();
  requireOk(lab, action::Step{1});
  const Matrix points = lab.data.points;
  const double c = lab.params.c;
  const std::int64_t steps = lab.stepCount();
  const double nan = std::nan("");
  const LabAction bad[] = {
      action::SetC{0},
      action::SetC{-1},
      action::SetC{nan},
      action::SetC{1e300},  // W3
      action::SetEps{0},
      action::SetEps{nan},
      action::SetKernel{KernelParams::rbf(-1)},
      action::SetKernel{KernelParams::rbf(nan)},
      action::SetKernel{KernelParams::polynomial(1, 0, 0)},
      action::SetKernel{KernelParams::polynomial(1e15, 0, 1000000000)},  // P3
      action::SetMaxSteps{0},
      action::AddPoint{nan, 1, 1},  // W9
      action::AddPoint{kInf, 1, 1},
      action::AddPoint{1, 1, 0},
      action::AddPoint{2e6, 1, 1},
      action::MovePoint{7, 1, 1},
      action::MovePoint{0, nan, 1},
      action::DeletePoint{-1},
      action::SetLabel{0, 2},
      action::LoadPreset{"spiral"},
      action::Generate{"moons", 1, 0.1, 1},
      action::Generate{"moons", 6000, 0.1, 1},
      action::Generate{"hand-solved", 10, 0.1, 1},
      action::Step{0},
      action::StepBack{-1},
      action::SetSpeed{-1},
      action::SetView{ViewWindow{1, 0, 0, 1}},
      action::SetView{ViewWindow{nan, 1, 0, 1}},
  };
  for (const LabAction& a : bad) {
    const auto error = apply(lab, a, false);
    CHECK(error);
    CHECK(lab.data.points == points);
    CHECK(lab.params.c == c);
    CHECK(lab.stepCount() == steps);
  }
  CHECK(lab.notices.empty());
  // From the UI the same error is posted as a notice.
  CHECK(apply(lab, action::SetC{-1}));
  REQUIRE(hasNotice(lab, NoticeKind::Error));
  CHECK(lab.notices.back().text.find("C must be") != std::string::npos);
}

TEST_CASE("LabState: the point cap refuses point 5001 (W9)", "[app][lab]") {
  LabState lab;
  requireOk(lab, action::Generate{"blobs", 5000, 1.0, 3});
  REQUIRE(lab.pointCount() == 5000);
  const auto error = apply(lab, action::AddPoint{0, 0, 1}, false);
  REQUIRE(error);
  CHECK(error->find("5000") != std::string::npos);
  CHECK(lab.pointCount() == 5000);
}

TEST_CASE("LabState: one class only shows why there is no solver (G2)", "[app][lab]") {
  LabState lab = makeLabState();
  requireOk(lab, action::DeletePoint{2});  // the only −1 point
  CHECK_FALSE(lab.history);
  CHECK_FALSE(lab.model.valid);
  REQUIRE(lab.problemError);
  CHECK(lab.model.statusText.find("both classes") != std::string::npos);
  CHECK(apply(lab, action::Step{1}, false));
  CHECK_FALSE(decisionAt(lab, 0, 0));
  requireOk(lab, action::ClearPoints{});
  CHECK(lab.pointCount() == 0);
  CHECK(lab.model.statusText.find("no points") != std::string::npos);
  requireOk(lab, action::Undo{});
  requireOk(lab, action::Undo{});
  CHECK(lab.model.valid);
}

TEST_CASE("LabState: Run advances by the speed and stops when converged", "[app][lab]") {
  LabState lab;
  requireOk(lab, action::LoadPreset{"circles"});
  requireOk(lab, action::SetSpeed{10});
  requireOk(lab, action::Run{});
  CHECK(lab.playback.running);
  CHECK(advance(lab, 0.05, 100) == 0);  // 0.5 step owed
  CHECK(advance(lab, 0.05, 100) == 1);  // now 1
  CHECK(advance(lab, 0.2, 100) == 2);
  CHECK(lab.stepCount() == 3);
  CHECK(lab.model.statusText.find("running") != std::string::npos);
  requireOk(lab, action::SetSpeed{0});  // as fast as possible
  std::int64_t total = 0;
  for (int frame = 0; frame < 10000 && lab.playback.running; ++frame)
    total += advance(lab, 0.016, 5);
  CHECK_FALSE(lab.playback.running);
  CHECK(lab.model.status == SmoStatus::Converged);
  CHECK(lab.model.violation < lab.params.eps);
  CHECK(total + 3 == lab.stepCount());
  requireOk(lab, action::Pause{});
  CHECK(advance(lab, 1, 5) == 0);
}

TEST_CASE("LabState: Run to convergence continues time-sliced past its budget", "[app][lab]") {
  LabState lab;
  requireOk(lab, action::Generate{"moons", 600, 0.3, 4});
  requireOk(lab, action::SetKernel{KernelParams::rbf(5)});
  requireOk(lab, action::SetC{1000});
  requireOk(lab, action::RunToConvergence{0});  // budget 0: one step, then time-sliced
  CHECK(lab.stepCount() >= 1);
  CHECK(lab.playback.running);
  CHECK(lab.playback.untilConverged);
  for (int frame = 0; frame < 100000 && lab.playback.running; ++frame) advance(lab, 0.016, 10);
  CHECK(lab.model.status == SmoStatus::Converged);
}

TEST_CASE("LabState: a soft margin on overlapping blobs has bound support vectors", "[app][lab]") {
  LabState lab;
  requireOk(lab, action::LoadPreset{"blobs"});
  CHECK(lab.params.c == 1);
  requireOk(lab, action::RunToConvergence{5000});
  REQUIRE(lab.model.status == SmoStatus::Converged);
  CHECK(lab.model.boundCount > 0);
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const double a = lab.model.solution.alpha(i);
    CHECK(a >= 0);
    CHECK(a <= 1);
    // Bound SVs have ξ ≥ 0; others none (up to the eps tolerance of the stop).
    if (lab.model.solution.categories[static_cast<std::size_t>(i)] == SupportCategory::NotSupport) {
      CHECK(lab.model.solution.slacks(i) < 2e-3);
    }
  }
  CHECK(lab.model.solution.dualityGap >= -1e-9);
  CHECK(lab.model.model.supportVectorCount() == lab.model.supportCount);
  // The model's f at the training points equals the O(n) gradient formula.
  for (Index i = 0; i < lab.pointCount(); i += 7) {
    CHECK(*decisionAt(lab, lab.data.points(i, 0), lab.data.points(i, 1)) ==
          Approx(lab.model.decision(i)).margin(1e-9));
  }
}

TEST_CASE("LabState: LoadSession validates everything before changing anything", "[app][lab]") {
  LabState lab = makeLabState();
  action::LoadSession session;
  session.data = PointSet{Matrix(2, 2), Vector(2)};
  session.data.points << 0, 0, 1, 1;
  session.data.labels << 1, -1;
  session.params.c = -5;
  CHECK(apply(lab, session, false));
  CHECK(lab.pointCount() == 3);
  session.params.c = 1;
  session.data.labels << 1, 3;
  CHECK(apply(lab, session, false));
  session.data.labels << 1, -1;
  session.step = 1;
  requireOk(lab, session);
  CHECK(lab.pointCount() == 2);
  CHECK(lab.stepCount() == 1);
}

TEST_CASE("LabState: KKT violations of bound and non-support points follow Platt's conditions",
          "[app][lab]") {
  // The lab's violations come from the core (svm/binary_solution.hpp); here they are checked
  // against f evaluated by the model (kpg::decisionValues), an independent path.
  LabState lab;
  requireOk(lab, action::LoadPreset{"blobs"});
  auto checkAgainstModel = [&lab]() {
    for (Index i = 0; i < lab.pointCount(); ++i) {
      const double yf =
          lab.data.labels(i) * *decisionAt(lab, lab.data.points(i, 0), lab.data.points(i, 1));
      double expected = 0;
      switch (lab.model.solution.categories[static_cast<std::size_t>(i)]) {
        case SupportCategory::NotSupport:  // α = 0 ⇒ y f ≥ 1
          expected = std::max(0.0, 1 - yf);
          break;
        case SupportCategory::Free:  // 0 < α < C ⇒ y f = 1
          expected = std::abs(yf - 1);
          break;
        case SupportCategory::Bound:  // α = C ⇒ y f ≤ 1
          expected = std::max(0.0, yf - 1);
          break;
      }
      CHECK(lab.model.kktViolation(i) == Approx(expected).margin(1e-9));
    }
  };
  requireOk(lab, action::Step{5});  // mid-run: some conditions are violated
  CHECK(lab.model.kktViolation.maxCoeff() > 0.1);
  checkAgainstModel();
  requireOk(lab, action::RunToConvergence{5000});
  REQUIRE(lab.model.status == SmoStatus::Converged);
  REQUIRE(lab.model.boundCount > 0);
  REQUIRE(lab.model.supportCount < lab.pointCount());
  checkAgainstModel();
  CHECK(lab.model.kktViolation.maxCoeff() < 2e-3);  // within LIBSVM's eps at the stop
}

TEST_CASE("LabState: overflowing kernel values are refused with the core's sentence (F2)",
          "[app][lab][bad-input]") {
  LabState lab;
  requireOk(lab, action::LoadPreset{"blobs"});
  requireOk(lab, action::AddPoint{1e5, 1e5, 1});
  requireOk(lab, action::SetKernel{KernelParams::polynomial(1e6, 0, 20)});
  CHECK_FALSE(lab.history);
  REQUIRE(lab.problemError);
  CHECK(lab.problemError->message == kKernelOverflowMessage);
  CHECK(lab.model.statusText == kKernelOverflowMessage);
}
