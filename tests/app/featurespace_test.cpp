// The feature space in 3-D (src/app/modes/featurespace/): window.kpg's setFeatureSpace and
// state().featureSpace, with w·φ(x) + b held to the lab's f and to the map's kernel, step by step.
#include "modes/featurespace/featurespace_mode.hpp"
#include "modes/mode_field.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_state.hpp"

#include "io/action_router.hpp"
#include "io/json.hpp"
#include "session/app_actions.hpp"
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
