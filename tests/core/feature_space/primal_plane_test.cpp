// primal_plane.hpp: w = Σ αᵢyᵢφ(xᵢ) and b = −ρ give back the SMO's own f(x) = Σ αᵢyᵢk(xᵢ, x) − ρ
// for every map, at the converged α and at the intermediate α of the SMO steps the app animates;
// the conic g(x) = w·φ(x) + b is the plane's trace on the canvas.

#include "feature_space/primal_plane.hpp"

#include "data/toy_datasets.hpp"
#include "feature_space/map_exactness.hpp"
#include "svm/binary_solution.hpp"
#include "svm/dual_problem.hpp"
#include "svm/model_from_solver.hpp"
#include "svm/svm_model.hpp"
#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace kpg;
using Catch::Matchers::WithinAbs;

namespace {

struct NamedData {
  std::string name;
  Dataset data;
};

// XOR of notes 001 ("Let's revisit the XOR": (1, 1), (−1, −1) negative, (−1, 1), (1, −1)
// positive), noisy XOR clusters, two rings and two overlapping clouds.
std::vector<NamedData> datasets() {
  Dataset notesXor;
  notesXor.x = kpg::testing::rows({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}});
  notesXor.y = kpg::testing::vec({-1, -1, 1, 1});
  return {{"notes XOR", notesXor},
          {"xor", makeToyDataset(ToyKind::Xor, {40, 0.3, 3})},
          {"circles", makeToyDataset(ToyKind::Circles, {40, 0.08, 5})},
          {"blobs", makeToyDataset(ToyKind::Blobs, {30, 1.0, 7})}};
}

// What the SMO is given for a map: the raw points or their images.
Matrix trainingInputs(const MapTraining& training, const Matrix& x) {
  return training.onLiftedPoints ? liftPoints(training.map, x) : x;
}

Vector modelInput(const MapTraining& training, const Eigen::Vector2d& p) {
  if (!training.onLiftedPoints) return p;
  return liftPoint(training.map, p);
}

// w·φ(x) + b against the solver's f at every training point (from G, and from the model) and at
// 100 random points (from the model).
void checkPlaneIsDecisionFunction(const MapTraining& training, const Matrix& x,
                                  const SmoSolver& solver, BiasRule rule) {
  const Matrix inputs = trainingInputs(training, x);
  const FeatureSpacePlane plane = featureSpacePlane(training.map, x, solver, rule);
  const double rho = solver.rho(rule);
  CHECK(plane.bias == -rho);
  const SvmModel model = binaryModel(solver, inputs, training.kernel, rule);
  const Vector fromGradient = trainingDecisionValues(solver.problem().y, solver.gradient(), rho);
  for (Index i = 0; i < x.rows(); ++i) {
    const Eigen::Vector2d p(x(i, 0), x(i, 1));
    const double f = decisionValues(model, modelInput(training, p))(0);
    CHECK_THAT(planeValue(plane, training.map, p), WithinAbs(f, 1e-9));
    CHECK_THAT(planeValue(plane, training.map, p), WithinAbs(fromGradient(i), 1e-9));
  }
  std::mt19937 engine(99);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Vector2d p(uniform(engine), uniform(engine));
    const double f = decisionValues(model, modelInput(training, p))(0);
    CHECK_THAT(planeValue(plane, training.map, p), WithinAbs(f, 1e-9));
  }
}

Index trainingErrors(const MapTraining& training, const Dataset& data, double c) {
  SmoSolver solver(cSvcDual(trainingInputs(training, data.x), data.y, training.kernel, c));
  REQUIRE(solver.solve() == RunStatus::Converged);
  const FeatureSpacePlane plane = featureSpacePlane(training.map, data.x, solver);
  Index errors = 0;
  for (Index i = 0; i < data.x.rows(); ++i) {
    const Eigen::Vector2d p(data.x(i, 0), data.x(i, 1));
    if (data.y(i) * planeValue(plane, training.map, p) <= 0) ++errors;
  }
  return errors;
}

// The real roots of a t² + b t + c in [lo, hi] (a linear or constant g along the line too).
std::vector<double> rootsIn(double a, double b, double c, double lo, double hi) {
  std::vector<double> roots;
  if (a == 0) {
    if (b != 0) roots.push_back(-c / b);
  } else {
    const double discriminant = b * b - 4 * a * c;
    if (discriminant >= 0) {
      const double s = std::sqrt(discriminant);
      roots.push_back((-b - s) / (2 * a));
      roots.push_back((-b + s) / (2 * a));
    }
  }
  std::vector<double> inside;
  for (double r : roots)
    if (r >= lo && r <= hi) inside.push_back(r);
  return inside;
}

}  // namespace

TEST_CASE("Primal plane: notes 001 Question 7 gives w = (1, 1/2, 0), b = -3/2 (b = -rho)",
          "[feature_space]") {
  const Matrix x = kpg::testing::rows({{1, 3}, {2, 1}, {0, 1}});
  const Vector y = kpg::testing::vec({1, 1, -1});
  SmoOptions options;
  options.eps = 1e-12;  // the exact α, not LIBSVM's 1e-3 neighbourhood of it
  SmoSolver solver(cSvcDual(x, y, KernelParams::linear(), std::numeric_limits<double>::infinity()),
                   options);
  REQUIRE(solver.solve() == RunStatus::Converged);
  const FeatureMap linear{FeatureMapKind::Linear, 1.0};
  const FeatureSpacePlane plane = featureSpacePlane(linear, x, solver);
  CHECK_THAT(plane.w(0), WithinAbs(1.0, 1e-9));
  CHECK_THAT(plane.w(1), WithinAbs(0.5, 1e-9));
  CHECK(plane.w(2) == 0.0);
  CHECK_THAT(plane.bias, WithinAbs(-1.5, 1e-9));
  // The same from α = (1/4, 3/8, 5/8) given by hand.
  const FeatureSpacePlane byHand =
      featureSpacePlane(linear, x, y, kpg::testing::vec({0.25, 0.375, 0.625}), -1.5);
  CHECK(byHand.w == Eigen::Vector3d(1.0, 0.5, 0.0));
  // Support vectors on the margins: y f = 1.
  for (Index i = 0; i < 3; ++i) {
    CHECK_THAT(y(i) * planeValue(byHand, linear, {x(i, 0), x(i, 1)}), WithinAbs(1.0, 1e-12));
  }
}

TEST_CASE("Primal plane: w.phi(x) + b equals the SMO's f(x) for every map, at every step shown",
          "[feature_space]") {
  const double gamma = 0.5;
  for (const NamedData& set : datasets()) {
    for (FeatureMapKind kind : liftingMapKinds()) {
      const MapTraining training = trainingFor(kind, gamma);
      INFO(set.name << ", map " << featureMapName(kind));
      SmoSolver solver(
          cSvcDual(trainingInputs(training, set.data.x), set.data.y, training.kernel, 2.0));
      // The planes the app draws while SMO steps: after 1, 2, 5 and 10 pair updates.
      std::int64_t done = 0;
      for (std::int64_t target : {1, 2, 5, 10}) {
        while (done < target && solver.status() == RunStatus::Running) {
          solver.step();
          ++done;
        }
        INFO("after " << solver.iteration() << " updates");
        checkPlaneIsDecisionFunction(training, set.data.x, solver, BiasRule::Libsvm);
      }
      REQUIRE(solver.solve() == RunStatus::Converged);
      INFO("converged");
      checkPlaneIsDecisionFunction(training, set.data.x, solver, BiasRule::Libsvm);
      checkPlaneIsDecisionFunction(training, set.data.x, solver,
                                   BiasRule::AverageOverSupportVectors);
    }
  }
}

TEST_CASE("Primal plane: the conic reproduces g(x) = w.phi(x) + b on random points",
          "[feature_space]") {
  std::mt19937 engine(3);
  std::uniform_real_distribution<double> uniform(-3.0, 3.0);
  for (FeatureMapKind kind :
       {FeatureMapKind::Quadratic, FeatureMapKind::Product, FeatureMapKind::Squares,
        FeatureMapKind::Paraboloid, FeatureMapKind::Linear}) {
    for (double scale : {1.0, 0.7}) {
      const FeatureMap map{kind, scale};
      FeatureSpacePlane plane;
      plane.w = Eigen::Vector3d(uniform(engine), uniform(engine), uniform(engine));
      plane.bias = uniform(engine);
      const Conic g = planeTrace(plane, map);
      for (int trial = 0; trial < 200; ++trial) {
        const Eigen::Vector2d p(uniform(engine), uniform(engine));
        // Relative to the size of the terms summed: Σ|wⱼφⱼ(p)| + |b|.
        const double size =
            plane.w.cwiseAbs().dot(liftPoint(map, p).cwiseAbs()) + std::abs(plane.bias);
        INFO(featureMapName(kind) << " scale " << scale << " at " << p.transpose());
        CHECK(std::abs(conicValue(g, p) - planeValue(plane, map, p)) <= 1e-12 * size);
      }
    }
  }
  // The squares map's third coordinate is 0: w₃ must not enter the trace.
  FeatureSpacePlane tilted;
  tilted.w = Eigen::Vector3d(1, 2, 100);
  const Conic squares = planeTrace(tilted, {FeatureMapKind::Squares, 1.0});
  CHECK(squares.x1Squared == 1.0);
  CHECK(squares.x2Squared == 2.0);
  CHECK(squares.x1x2 == 0.0);
}

TEST_CASE("Primal plane: the conic's zeros along grid lines are where the SMO's f changes sign",
          "[feature_space]") {
  const Dataset rings = makeToyDataset(ToyKind::Circles, {40, 0.08, 5});
  const Dataset xorClusters = makeToyDataset(ToyKind::Xor, {40, 0.3, 3});
  for (const Dataset* data : std::vector<const Dataset*>{&rings, &xorClusters}) {
    for (FeatureMapKind kind : liftingMapKinds()) {
      const MapTraining training = trainingFor(kind, 0.5);
      INFO("map " << featureMapName(kind) << (data == &rings ? ", rings" : ", xor"));
      SmoSolver solver(cSvcDual(trainingInputs(training, data->x), data->y, training.kernel, 2.0));
      REQUIRE(solver.solve() == RunStatus::Converged);
      const SvmModel model =
          binaryModel(solver, trainingInputs(training, data->x), training.kernel);
      const auto f = [&](double x1, double x2) {
        return decisionValues(model, modelInput(training, {x1, x2}))(0);
      };
      const Conic g = planeTrace(featureSpacePlane(training.map, data->x, solver), training.map);
      for (double line : {-1.5, -0.7, 0.0, 0.3, 1.1}) {
        // Along x₂ = line, g is a quadratic in t = x₁.
        const double a = g.x1Squared;
        const double b = g.x1x2 * line + g.x1;
        const double c = g.x2Squared * line * line + g.x2 * line + g.constant;
        const std::vector<double> roots = rootsIn(a, b, c, -2.5, 2.5);
        for (double r : roots) {
          const double slope = std::abs(2 * a * r + b);
          if (slope < 1e-4) continue;  // a double root: g touches 0 without a sign change
          CHECK(f(r - 1e-6, line) * f(r + 1e-6, line) < 0);
        }
        // Conversely, every sign change of f on a grid of step 0.01 holds a root of the conic.
        for (double t = -2.5; t < 2.5; t += 0.01) {
          if (f(t, line) * f(t + 0.01, line) >= 0) continue;
          bool found = false;
          for (double r : roots) found = found || (r >= t - 1e-9 && r <= t + 0.01 + 1e-9);
          CHECK(found);
        }
      }
    }
  }
}

TEST_CASE("Primal plane: XOR is separable under the product map but not under the linear map",
          "[feature_space]") {
  Dataset notesXor;
  notesXor.x = kpg::testing::rows({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}});
  notesXor.y = kpg::testing::vec({-1, -1, 1, 1});
  const Dataset clusters = makeToyDataset(ToyKind::Xor, {40, 0.2, 9});
  for (const Dataset* data : std::vector<const Dataset*>{&notesXor, &clusters}) {
    const double c = 100.0;
    CHECK(trainingErrors(trainingFor(FeatureMapKind::Product, 1.0), *data, c) == 0);
    CHECK(trainingErrors(trainingFor(FeatureMapKind::Linear, 1.0), *data, c) > 0);
  }
  // The notes' quadratic map (000) separates it too: its √2 x₁x₂ coordinate is the class.
  CHECK(trainingErrors(trainingFor(FeatureMapKind::Quadratic, 1.0), notesXor, 100.0) == 0);
}
