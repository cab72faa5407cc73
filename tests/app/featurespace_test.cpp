// The feature space in 3-D (src/app/modes/featurespace/): window.kpg's setFeatureSpace and
// state().featureSpace, with w·φ(x) + b held to the lab's f and to the map's kernel, step by step.
#include "modes/featurespace/featurespace_mode.hpp"
#include "modes/mode_field.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_state.hpp"

#include "io/action_router.hpp"
#include "io/json.hpp"
#include "session/app_actions.hpp"
#include "svm/dual_problem.hpp"
#include "svm/svm_model.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <random>
#include <string>

using namespace kpg;
using namespace kpg::app;
using Catch::Matchers::Contains;

namespace {

// Course-notes 004 "The kernel trick", example 1: XOR on (±1, ±1), with two more points per
// corner so that SMO takes several steps.
LabState xorLab(const KernelParams& kernel, double c) {
  LabState lab = makeLabState();
  action::LoadSession s;
  s.data.points.resize(12, 2);
  s.data.points << 1, 1, -1, -1, 1, -1, -1, 1, 1.3, 0.8, -0.7, -1.2, 0.9, -1.4, -1.1, 0.6, 0.6, 1.5,
      -1.4, -0.5, 1.5, -0.9, -0.6, 1.3;
  s.data.labels.resize(12);
  s.data.labels << 1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1;
  s.params = lab.params;
  s.params.kernel = kernel;
  s.params.c = c;
  s.params.eps = 1e-6;
  s.view = ViewWindow{-2, 2, -2, 2};
  REQUIRE_FALSE(apply(lab, s, false));
  return lab;
}

struct App {
  std::unique_ptr<AppState> app = std::make_unique<AppState>();
  ActionRouter router = makeAppRouter(*app);
  std::string send(const std::string& json) { return router.dispatchJson(json); }
  JsonValue featureSpace() {
    const JsonValue state = appStateJson(*app);
    const JsonValue* fs = state.find("featureSpace");
    REQUIRE(fs);
    return *fs;
  }
};

Eigen::Vector3d vector3(const JsonValue& v) {
  REQUIRE(v.isArray());
  REQUIRE(v.items().size() == 3);
  return {v.items()[0].asNumber(), v.items()[1].asNumber(), v.items()[2].asNumber()};
}

// φ by the notes' formulas, written here again so that the app's lift is checked against them.
Eigen::Vector3d notesMap(const std::string& map, double x1, double x2, double gamma) {
  if (map == "quadratic")
    return gamma * Eigen::Vector3d(x1 * x1, std::sqrt(2.0) * x1 * x2, x2 * x2);
  if (map == "product") return {x1, x2, x1 * x2};
  if (map == "squares") return {x1 * x1, x2 * x2, 0};
  return {x1, x2, x1 * x1 + x2 * x2};  // paraboloid
}

double mapKernel(const std::string& map, const Eigen::Vector2d& x, const Eigen::Vector2d& z) {
  if (map == "quadratic") return std::pow(x.dot(z), 2);
  if (map == "product") return x.dot(z) + x(0) * x(1) * z(0) * z(1);
  if (map == "squares") return x(0) * x(0) * z(0) * z(0) + x(1) * x(1) * z(1) * z(1);
  return x.dot(z) + x.squaredNorm() * z.squaredNorm();
}

}  // namespace

TEST_CASE("Feature space: with the lab's (x·z)², w·φ(x) + b is the lab's f at every step",
          "[app][featurespace]") {
  App a;
  a.app->lab = xorLab(KernelParams::polynomial(0.5, 0, 2), 10);
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"quadratic"})") == R"({"ok":true})");
  CHECK(a.app->modes.mode == Mode::FeatureSpace);
  std::mt19937 random(27);
  std::uniform_real_distribution<double> coordinate(-2, 2);
  for (int step = 0; step < 40; ++step) {
    INFO("step " << step);
    const JsonValue fs = a.featureSpace();
    CHECK(fs.find("map")->asString() == "quadratic");
    const Eigen::Vector3d w = vector3(*fs.find("w"));
    const double b = fs.find("b")->asNumber();
    const LabState& lab = a.app->lab;
    REQUIRE(lab.stepCount() == step);
    const auto& points = fs.find("points")->items();
    REQUIRE(points.size() == 12);
    for (int i = 0; i < 12 + 100; ++i) {
      const double x1 = i < 12 ? lab.data.points(i, 0) : coordinate(random);
      const double x2 = i < 12 ? lab.data.points(i, 1) : coordinate(random);
      const Eigen::Vector3d phi = notesMap("quadratic", x1, x2, 0.5);
      if (i < 12) CHECK((vector3(points[static_cast<std::size_t>(i)]) - phi).norm() < 1e-15);
      Vector x(2);
      x << x1, x2;
      const double f = decisionValues(lab.model.model, x)(0);
      CHECK(std::abs(w.dot(phi) + b - f) < 1e-9);
    }
    if (a.app->modes.featurespace.solver()->status() != RunStatus::Running) break;
    // One pair update in the view and in the lab: the same problem, the same path.
    REQUIRE(a.send(R"({"type":"modeStep","n":1})") == R"({"ok":true})");
    REQUIRE(a.send(R"({"type":"step","n":1})") == R"({"ok":true,"done":true})");
  }
  CHECK(a.app->modes.featurespace.solver()->status() == RunStatus::Converged);
}

TEST_CASE("Feature space: the notes' maps, φ·φ = k and w·φ + b = Σ αᵢyᵢk(xᵢ, x) + b",
          "[app][featurespace]") {
  for (const std::string map : {"quadratic", "product", "squares", "paraboloid"}) {
    INFO(map);
    App a;
    a.app->lab = xorLab(KernelParams::rbf(1), 10);  // no finite map: the view says so
    REQUIRE(a.send(R"({"type":"setFeatureSpace","map":")" + map + R"("})") == R"({"ok":true})");
    const FeaturespaceMode& m = a.app->modes.featurespace;
    CHECK_THAT(m.note, Contains("no finite"));
    REQUIRE(a.send(R"({"type":"modeRun"})") == R"({"ok":true,"done":true})");
    const JsonValue fs = a.featureSpace();
    const Eigen::Vector3d w = vector3(*fs.find("w"));
    const double b = fs.find("b")->asNumber();
    const LabState& lab = a.app->lab;
    const Vector& alpha = m.solver()->alpha();
    const auto& points = fs.find("points")->items();
    for (Index i = 0; i < 12; ++i) {
      const Eigen::Vector2d xi(lab.data.points(i, 0), lab.data.points(i, 1));
      const Eigen::Vector3d phi = notesMap(map, xi(0), xi(1), 1);
      CHECK((vector3(points[static_cast<std::size_t>(i)]) - phi).norm() < 1e-15);
      for (Index j = 0; j < 12; ++j) {
        const Eigen::Vector2d xj(lab.data.points(j, 0), lab.data.points(j, 1));
        const double k = mapKernel(map, xi, xj);
        CHECK(std::abs(phi.dot(notesMap(map, xj(0), xj(1), 1)) - k) <=
              1e-12 * std::max(1.0, std::abs(k)));
      }
      // f from the kernel alone, never through φ.
      double f = b;
      for (Index j = 0; j < 12; ++j)
        f += alpha(j) * m.y(j) *
             mapKernel(map, Eigen::Vector2d(lab.data.points(j, 0), lab.data.points(j, 1)), xi);
      CHECK(std::abs(w.dot(phi) + b - f) < 1e-9);
      // XOR's classes are the sign of x₁x₂, which the quadratic and product maps make a
      // coordinate: they separate it (y f > 0 at the solution).
      if (map == "quadratic" || map == "product") CHECK(m.y(i) * f > 0);
    }
    // The kernel check card: the two numbers agree.
    const KernelCheck check = featureSpaceKernelCheck(m, lab, 0, 2);
    CHECK(std::abs(check.kernel - check.dot) <= 1e-12 * std::max(1.0, std::abs(check.kernel)));
  }
}

TEST_CASE("Feature space: the 2-D field is the plane's trace; its zero set is f's",
          "[app][featurespace]") {
  App a;
  a.app->lab = xorLab(KernelParams::linear(), 10);
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"product"})") == R"({"ok":true})");
  REQUIRE(a.send(R"({"type":"modeStep","n":5})") == R"({"ok":true})");
  FieldGrid grid = makeGrid(PlotRect{-2, 2, -2, 2}, 41, 41);
  REQUIRE(methodSpec(Mode::FeatureSpace).field(a.app->modes, grid));
  const FeaturespaceMode& m = a.app->modes.featurespace;
  const LabState& lab = a.app->lab;
  int signChanges = 0;
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      double f = m.plane.bias;
      const Eigen::Vector2d x(grid.x(i), grid.y(j));
      for (Index k = 0; k < lab.pointCount(); ++k)
        f += m.solver()->alpha()(k) * m.y(k) *
             mapKernel("product", Eigen::Vector2d(lab.data.points(k, 0), lab.data.points(k, 1)), x);
      CHECK(std::abs(grid.at(i, j) - f) < 1e-9);
      if (i > 0 && (grid.at(i, j) > 0) != (grid.at(i - 1, j) > 0)) ++signChanges;
    }
  CHECK(signChanges > 0);  // the boundary crosses the window
}

TEST_CASE("Feature space: kernel PCA for a kernel with no finite map, 'off', and refusals",
          "[app][featurespace]") {
  App a;
  a.app->lab = xorLab(KernelParams::rbf(2), 10);
  CHECK(a.featureSpace().isNull());
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"kpca"})") == R"({"ok":true})");
  JsonValue fs = a.featureSpace();
  CHECK(fs.find("w")->isNull());
  CHECK(fs.find("b")->isNull());
  const Eigen::Vector3d shares = vector3(*fs.find("explained"));
  CHECK(shares(0) >= shares(1));
  CHECK(shares(1) >= shares(2));
  CHECK(shares.sum() <= 1 + 1e-12);
  CHECK(shares(2) > 0);
  CHECK(fs.find("points")->items().size() == 12);

  // A refused map names the accepted ones and changes nothing.
  const std::string before = writeJson(a.featureSpace());
  CHECK_THAT(
      a.send(R"({"type":"setFeatureSpace","map":"cubic"})"),
      Contains(
          R"(must be one of \"quadratic\", \"product\", \"squares\", \"paraboloid\", \"kpca\", \"off\")"));
  CHECK_THAT(a.send(R"({"type":"setFeatureSpace"})"), Contains("$.map"));
  CHECK_THAT(a.send(R"({"type":"featureSpaceCamera","pitch":95})"), Contains("$.pitch"));
  CHECK_THAT(a.send(R"({"type":"featureSpaceCamera","zoom":2})"), Contains("zoom"));
  CHECK(writeJson(a.featureSpace()) == before);

  // The camera by action, read back in degrees.
  REQUIRE(a.send(R"({"type":"featureSpaceCamera","yaw":30,"pitch":20,"distance":8})") ==
          R"({"ok":true})");
  const JsonValue moved = a.featureSpace();  // kept: `camera` points into it
  const JsonValue* camera = moved.find("camera");
  CHECK(std::abs(camera->find("yaw")->asNumber() - 30) < 1e-12);
  CHECK(std::abs(camera->find("pitch")->asNumber() - 20) < 1e-12);
  CHECK(camera->find("distance")->asNumber() == 8);
  REQUIRE(a.send(R"({"type":"featureSpaceCamera","reset":true})") == R"({"ok":true})");
  CHECK(std::abs(a.featureSpace().find("camera")->find("pitch")->asNumber() - 30) < 1e-9);

  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"off"})") == R"({"ok":true})");
  CHECK(a.app->modes.mode == Mode::Svm);
  CHECK(a.featureSpace().isNull());
}

TEST_CASE("Feature space: XOR under C = ∞ — which map separates it?", "[app][featurespace]") {
  // The "which map makes XOR separable?" exercise's fact: the product map does, the squares map
  // (x₁², x₂²) sends all four corners to (1, 1) and cannot.
  App a;
  a.app->lab = xorLab(KernelParams::linear(), std::numeric_limits<double>::infinity());
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"product"})") == R"({"ok":true})");
  CHECK(a.app->modes.featurespace.error.empty());
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"squares"})") == R"({"ok":true})");
  CHECK_THAT(a.app->modes.featurespace.error, Contains("does not separate"));
}

TEST_CASE("Feature space: the student's plane, scored against an independent count",
          "[app][featurespace]") {
  // The tilt exercise's data: labels from 1.5 x₁ + x₁x₂ > 0 on a 4 × 4 grid, lifted by
  // (x₁, x₂, x₁x₂) (004, example 1).
  App a;
  LabState lab = makeLabState();
  action::LoadSession s;
  s.data.points.resize(16, 2);
  s.data.labels.resize(16);
  int k = 0;
  for (double x1 : {-2.0, -1.0, 1.0, 2.0})
    for (double x2 : {-2.0, -1.0, 1.0, 2.0}) {
      s.data.points.row(k) << x1, x2;
      s.data.labels(k++) = x1 * (x2 + 1.5) > 0 ? 1 : -1;
    }
  s.params = lab.params;
  s.params.kernel = KernelParams::linear();
  s.params.c = std::numeric_limits<double>::infinity();
  REQUIRE_FALSE(apply(lab, s, false));
  a.app->lab = lab;
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"product"})") == R"({"ok":true})");
  CHECK(a.featureSpace().find("studentPlane")->isNull());

  // The margin and the wrong side, counted here from the notes' map.
  const auto expected = [&](double azimuth, double elevation, double offset) {
    const double az = azimuth * kPi / 180, el = elevation * kPi / 180;
    const Eigen::Vector3d n(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
    double margin = 1e300;
    int wrong = 0;
    for (Index i = 0; i < 16; ++i) {
      const double x1 = s.data.points(i, 0), x2 = s.data.points(i, 1);
      const double d = s.data.labels(i) * (n.dot(notesMap("product", x1, x2, 1)) - offset);
      margin = std::min(margin, d);
      wrong += d <= 0 ? 1 : 0;
    }
    return std::pair{margin, wrong};
  };
  // Flat (elevation 90°): x₁x₂ = offset. Points (1, 1) and (−1, −1) share x₁x₂ = 1 with opposite
  // labels, so no offset separates.
  for (double offset : {-3.0, -1.0, 0.0, 0.5, 1.0, 3.0}) {
    const std::string set =
        R"({"type":"setModeParams","plane":{"azimuth":0,"elevation":90,"offset":)" +
        std::to_string(offset) + "}}";
    REQUIRE(a.send(set) == R"({"ok":true})");
    const JsonValue plane = *a.featureSpace().find("studentPlane");
    const auto [margin, wrong] = expected(0, 90, offset);
    CHECK(plane.find("margin")->asNumber() == Approx(margin).margin(1e-12));
    CHECK(static_cast<int>(plane.find("wrong")->items().size()) == wrong);
    CHECK(wrong > 0);
  }
  // Tilted to the labelling plane's normal (1.5, 0, 1): it separates; its margin is no wider than
  // the SVM's 1/‖w‖ (the maximum), and the SVM's own plane reaches it.
  const double elevation = std::atan2(1.0, 1.5) * 180 / kPi;
  REQUIRE(a.send(R"({"type":"setModeParams","plane":{"azimuth":0,"elevation":)" +
                 std::to_string(elevation) + R"(,"offset":0}})") == R"({"ok":true})");
  const JsonValue plane = *a.featureSpace().find("studentPlane");
  const auto [margin, wrong] = expected(0, elevation, 0);
  CHECK(wrong == 0);
  CHECK(plane.find("wrong")->items().empty());
  CHECK(plane.find("margin")->asNumber() == Approx(margin).margin(1e-6));
  const FeatureSpaceSolution svm = convergedFeatureSpace(a.app->modes.featurespace, a.app->lab);
  REQUIRE(svm.valid);
  CHECK(margin <= 1 / svm.plane.w.norm() + 1e-9);
  // Refusals name the member; nothing changes.
  CHECK_THAT(a.send(R"({"type":"setModeParams","plane":{"elevation":91}})"),
             Contains("$.plane.elevation"));
  CHECK_THAT(a.send(R"({"type":"setModeParams","plane":{"tilt":1}})"), Contains("$.plane"));
  CHECK(a.featureSpace().find("studentPlane")->find("elevation")->asNumber() == Approx(elevation));
  REQUIRE(a.send(R"({"type":"setModeParams","plane":null})") == R"({"ok":true})");
  CHECK(a.featureSpace().find("studentPlane")->isNull());
}

TEST_CASE("Feature space: which maps separate XOR's two radii (the exercise's four verdicts)",
          "[app][featurespace]") {
  // XOR's corners at radius √2 and 2√2: the product x₁x₂ and the quadratic √2·x₁x₂ lift the
  // diagonals to opposite signs; (x₁², x₂²) sends (1, 1) and (−1, 1) to one point; the
  // paraboloid's third coordinate is the same for the four corners of one radius, leaving XOR
  // in each slice.
  LabState lab = makeLabState();
  action::LoadSession s;
  s.data.points.resize(8, 2);
  s.data.points << 1, 1, -1, -1, -1, 1, 1, -1, 2, 2, -2, -2, -2, 2, 2, -2;
  s.data.labels.resize(8);
  s.data.labels << -1, -1, 1, 1, -1, -1, 1, 1;
  s.params = lab.params;
  REQUIRE_FALSE(apply(lab, s, false));
  CHECK(featureSpaceSeparates(FeatureSpaceView::Quadratic, lab).separable);
  CHECK(featureSpaceSeparates(FeatureSpaceView::Product, lab).separable);
  const MapSeparation squares = featureSpaceSeparates(FeatureSpaceView::Squares, lab);
  CHECK_FALSE(squares.separable);
  CHECK_THAT(squares.reason, Contains("same point"));
  CHECK_FALSE(featureSpaceSeparates(FeatureSpaceView::Paraboloid, lab).separable);
}

TEST_CASE("Feature space: Live re-converges from the previous α after a drag",
          "[app][featurespace]") {
  // XOR under the product map, converged; then a point moves (Live on, as the canvas's drag
  // sends it). The view's solver starts from the carried α, re-converges in the same build, and
  // lands on the optimum a cold start finds (the same dual: objectives equal to the tolerance).
  App a;
  a.app->lab = xorLab(KernelParams::linear(), 10);
  REQUIRE(a.app->lab.live.on);
  REQUIRE(a.send(R"({"type":"setFeatureSpace","map":"product"})") == R"({"ok":true})");
  REQUIRE(a.send(R"({"type":"modeRun","budgetMs":5000})") == R"({"ok":true,"done":true})");
  const std::int64_t coldUpdates = a.app->modes.featurespace.solver()->iteration();
  REQUIRE(a.app->modes.featurespace.solver()->status() == RunStatus::Converged);
  REQUIRE(a.send(R"({"type":"movePoint","index":4,"x":1.25,"y":0.9})") == R"({"ok":true})");
  ensureBuilt(a.app->modes, a.app->lab);
  const FeaturespaceMode& m = a.app->modes.featurespace;
  REQUIRE(m.solver());
  CHECK(m.warmUpdates >= 0);
  CHECK(m.solver()->status() == RunStatus::Converged);
  CHECK_THAT(modeStatusText(a.app->modes), Contains("Live: re-converged"));
  // The cold start on the moved points, by the core directly.
  const Matrix lifted = liftPoints(m.map, a.app->lab.data.points);
  SmoSolver cold(cSvcDual(lifted, m.y, KernelParams::linear(), 10), smoOptions(a.app->lab.params));
  cold.solve();
  CHECK(m.solver()->objective() == Approx(cold.objective()).epsilon(1e-5));
  CHECK(m.warmUpdates < cold.iteration());
  CHECK(coldUpdates > 0);
  // Live off: the next edit starts at α = 0, step 0.
  REQUIRE(a.send(R"({"type":"setLive","on":false})") == R"({"ok":true})");
  REQUIRE(a.send(R"({"type":"movePoint","index":4,"x":1.3,"y":0.8})") == R"({"ok":true})");
  ensureBuilt(a.app->modes, a.app->lab);
  CHECK(a.app->modes.featurespace.warmUpdates == -1);
  CHECK(a.app->modes.featurespace.solver()->iteration() == 0);
}
