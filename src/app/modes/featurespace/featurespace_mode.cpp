#include "modes/featurespace/featurespace_mode.hpp"

#include "modes/method_stepping.hpp"
#include "modes/mode_field.hpp"
#include "modes/mode_state.hpp"

#include "feature_space/lifted_separability.hpp"
#include "feature_space/map_exactness.hpp"
#include "svm/dual_problem.hpp"
#include "svm/separability.hpp"
#include "svm/warm_start.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace kpg::app {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

FeatureMapKind featureSpaceMapKind(FeatureSpaceView view) {
  switch (view) {
    case FeatureSpaceView::Product:
      return FeatureMapKind::Product;
    case FeatureSpaceView::Squares:
      return FeatureMapKind::Squares;
    case FeatureSpaceView::Paraboloid:
      return FeatureMapKind::Paraboloid;
    default:
      return FeatureMapKind::Quadratic;
  }
}

namespace {

// The quadratic map's γ: the lab's own when its kernel is (γ x·z + 0)², so that the view's f is
// the lab's f; else 1, the notes' (x·z)².
double quadraticGamma(const KernelParams& k) {
  const bool same = k.type == KernelType::Polynomial && k.degree == 2 && k.coef0 == 0 &&
                    std::isfinite(k.gamma) && k.gamma > 0;
  return same ? k.gamma : 1.0;
}

void updatePlane(FeaturespaceMode& m, const LabState& lab) {
  if (!m.solver()) return;
  m.plane = featureSpacePlane(m.map, lab.data.points, *m.solver(), lab.params.bias);
  m.trace = planeTrace(m.plane, m.map);
}

// α of the previous solver carried to the current points (Live): a point keeps its α when a
// point with the same coordinates and label was there before (m.trainedPoints, m.trainedLabels);
// a moved, added or relabelled one starts at 0, as warmStartAlpha's origin −1.
Vector carriedAlpha(const Vector& previousAlpha, const FeaturespaceMode& m, const LabState& lab) {
  std::map<std::array<double, 3>, Index> before;
  for (Index i = 0; i < m.trainedPoints.rows() && i < m.trainedLabels.size(); ++i)
    before.emplace(
        std::array<double, 3>{m.trainedPoints(i, 0), m.trainedPoints(i, 1), m.trainedLabels(i)}, i);
  std::vector<Index> origin(static_cast<std::size_t>(lab.pointCount()), -1);
  for (Index i = 0; i < lab.pointCount(); ++i) {
    const auto at = before.find({lab.data.points(i, 0), lab.data.points(i, 1), lab.data.labels(i)});
    if (at != before.end()) origin[static_cast<std::size_t>(i)] = at->second;
  }
  return warmStartAlpha(previousAlpha, origin, m.y, lab.params.c);
}

// The two classes as ±1 (the larger label +1), as the view's SVM and the exercises' separability
// test both read them; none unless there are exactly two.
std::optional<Vector> signedLabels(const LabState& lab) {
  const Index n = lab.pointCount();
  const std::set<double> classes(lab.data.labels.data(), lab.data.labels.data() + n);
  if (classes.size() != 2) return std::nullopt;
  return Vector(
      (lab.data.labels.array() == *classes.rbegin()).select(Vector::Ones(n), -Vector::Ones(n)));
}

// The warm start re-converges here within this budget; the rest continues with Run.
constexpr double kWarmStartBudgetMs = 30;

void build(ModesState& modes, const LabState& lab) {
  FeaturespaceMode& m = modes.featurespace;
  std::optional<Vector> previousAlpha;  // Live: the start of the next solver
  if (lab.live.on && m.history && m.trainedView == m.view)
    previousAlpha = m.history->current().alpha();
  m.history.reset();
  m.warmUpdates = -1;
  m.trainedView.reset();
  m.lifted = Matrix();
  m.y = Vector();
  m.plane = FeatureSpacePlane{};
  m.trace = Conic{};
  m.explained.setZero();
  m.error.clear();
  m.usesLabKernel = false;
  const ExactMapAnswer exact = exactFeatureMap(lab.params.kernel);
  m.note = exact.map ? std::string() : exact.reason;
  const Index n = lab.pointCount();
  if (n == 0) {
    m.error = "No points yet: click the canvas or load a preset (XOR shows the idea best).";
    return;
  }
  if (lab.data.points.cols() != 2) {
    m.error = "The feature-space view lifts points of the plane: the data must have 2 features.";
    return;
  }
  if (m.view == FeatureSpaceView::Kpca) {
    KernelPcaCoordinates k = kernelPcaCoordinates(lab.data.points, lab.params.kernel);
    if (k.pca.info() != ComputeStatus::Success) {
      m.error = "kernel PCA: " + k.pca.message();
      return;
    }
    m.lifted = std::move(k.coordinates);
    m.explained = k.explained;
    m.kernel = lab.params.kernel;
    m.usesLabKernel = true;
    return;
  }
  const std::size_t classCount =
      std::set<double>(lab.data.labels.data(), lab.data.labels.data() + n).size();
  if (classCount != 2) {
    m.error = classCount < 2 ? "Need points of both classes to train the SVM."
                             : "The feature space trains one binary SVM: the data must "
                               "have two classes, not " +
                                   std::to_string(classCount) + ".";
    return;
  }
  m.y = *signedLabels(lab);
  const MapTraining t = trainingFor(featureSpaceMapKind(m.view), quadraticGamma(lab.params.kernel));
  m.map = t.map;
  m.kernel = t.kernel;
  m.trainedOnLifted = t.onLiftedPoints;
  m.usesLabKernel = !t.onLiftedPoints && t.kernel == lab.params.kernel;
  m.lifted = liftPoints(m.map, lab.data.points);
  const Matrix& x = t.onLiftedPoints ? m.lifted : lab.data.points;
  if (lab.params.hardMargin()) {
    // As the lab (docs/bad-inputs.md G16): C = ∞ on classes the map does not separate has an
    // unbounded dual. Here it is the lesson itself: "this map does not separate them".
    const SeparabilityResult s = hardMarginSeparability(x, m.y, t.kernel);
    if (s.verdict == Separability::NotSeparable) {
      m.error = "This map does not separate the classes (" + s.reason +
                "): the hard-margin SVM has no solution. Untick hard margin to use a finite C, "
                "or try another map.";
      return;
    }
  }
  DualProblem problem = cSvcDual(x, m.y, t.kernel, lab.params.c);
  if (previousAlpha) problem.alpha0 = carriedAlpha(*previousAlpha, m, lab);
  const bool warm = problem.alpha0.size() > 0 && (problem.alpha0.array() != 0).any();
  if (auto e = validate(problem)) {
    m.error = e->parameter + ": " + e->message;
    return;
  }
  SmoSolver solver(std::move(problem), smoOptions(lab.params));
  if (solver.status() == SmoStatus::InvalidInput) {
    m.error = solver.message();
    return;
  }
  m.history.emplace(std::move(solver));
  m.trainedPoints = lab.data.points;
  m.trainedLabels = lab.data.labels;
  m.trainedView = m.view;
  if (warm) {
    // Live: re-converge from the carried α, one recorded pair update at a time (the scrubber
    // shows them), within the budget.
    const auto started = std::chrono::steady_clock::now();
    std::int64_t updates = 0;
    while (m.history->canStepForward() &&
           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                   .count() < kWarmStartBudgetMs) {
      for (int k = 0; k < 64 && m.history->canStepForward(); ++k, ++updates)
        m.history->stepForward();
    }
    m.warmUpdates = updates;
  }
  updatePlane(m, lab);
}

struct Histories {
  template <class Modes, class F>
  static bool with(Modes& modes, F&& f) {
    if (modes.featurespace.history) return f(*modes.featurespace.history), true;
    return false;
  }
  // The planes move with each pair update: w and b of the step reached.
  static void afterMove(ModesState& modes, const LabState& lab) {
    updatePlane(modes.featurespace, lab);
  }
};

std::string statusText(const ModesState& modes) {
  const FeaturespaceMode& m = modes.featurespace;
  if (!m.error.empty()) return m.error;
  if (m.view == FeatureSpaceView::Kpca)
    return "kernel PCA coordinates: λ₁, λ₂, λ₃ explain " +
           std::to_string(static_cast<int>(std::lround(100 * m.explained.sum()))) +
           " % of the variance in feature space";
  if (!m.history) return "no solver";
  const std::string it = std::to_string(m.history->position());
  switch (m.history->current().status()) {
    case RunStatus::Converged:
      if (m.warmUpdates >= 0)
        return "Live: re-converged in " + std::to_string(m.warmUpdates) +
               " pair updates from the previous α";
      return "converged after " + it + " pair updates: w and b of the SVM in the feature space";
    case RunStatus::CapReached:
      return "stopped at the step cap (" + it + " updates)";
    default:
      return "step " + it + ": SMO in the feature space";
  }
}

// The field on the 2-D canvas: g(x) = w·φ(x) + b, the plane's trace, from the same numbers.
bool field(const ModesState& modes, FieldGrid& grid) {
  const FeaturespaceMode& m = modes.featurespace;
  if (!m.hasPlane()) return false;
  sampleField(grid,
              [&m](const Vector& p) { return conicValue(m.trace, Eigen::Vector2d(p(0), p(1))); });
  return true;
}

constexpr MethodSpec kRow{
    Mode::FeatureSpace,
    "featurespace",
    "Feature space (3-D)",
    "",
    build,
    [](ModesState& modes) { return &modes.featurespace.built; },
    steppingOf<Histories>(),
    statusText,
    readFeaturespaceParams,
    writeFeaturespaceState,
    nullptr,
    field,
    nullptr,
    [](const ModesState& modes) { return modes.featurespace.usesLabKernel; },
    kFeaturespaceActions,
    writeFeaturespaceAppState,
    writeFeaturespaceParams,
};

}  // namespace

std::string_view featureSpaceViewName(FeatureSpaceView view) {
  return kFeatureSpaceViewNames[static_cast<std::size_t>(view)];
}

std::optional<FeatureSpaceView> featureSpaceViewFromName(std::string_view name) {
  for (std::size_t i = 0; i < kFeatureSpaceViewNames.size(); ++i)
    if (name == kFeatureSpaceViewNames[i]) return static_cast<FeatureSpaceView>(i);
  return std::nullopt;
}

double featureSpaceValue(const FeaturespaceMode& m, double x1, double x2) {
  if (!m.hasPlane()) return kNaN;
  return planeValue(m.plane, m.map, Eigen::Vector2d(x1, x2));
}

KernelCheck featureSpaceKernelCheck(const FeaturespaceMode& m, const LabState& lab, Index a,
                                    Index b) {
  KernelCheck check{kNaN, kNaN};
  if (!m.hasPlane() || a < 0 || b < 0 || a >= m.lifted.rows() || b >= m.lifted.rows() ||
      a >= lab.pointCount() || b >= lab.pointCount())
    return check;
  const Eigen::Vector2d xa(lab.data.points(a, 0), lab.data.points(a, 1));
  const Eigen::Vector2d xb(lab.data.points(b, 0), lab.data.points(b, 1));
  // The kernel as the SMO evaluates it (the LIBSVM polynomial for the quadratic map), against
  // the dot product of the drawn coordinates.
  check.kernel =
      m.trainedOnLifted ? featureMapKernel(m.map, xa, xb) : kernelValue(m.kernel, xa, xb);
  check.dot = m.lifted.row(a).dot(m.lifted.row(b));
  return check;
}

Eigen::Vector3d studentNormal(const StudentPlane& plane) {
  const double az = plane.azimuth * kPi / 180, el = plane.elevation * kPi / 180;
  return {std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el)};
}

PlaneScore scoreStudentPlane(const FeaturespaceMode& m) {
  PlaneScore score;
  if (m.y.size() == 0 || m.lifted.rows() != m.y.size()) return score;
  score.valid = true;
  const Vector along = m.lifted * studentNormal(m.studentPlane);
  const Vector distance = (m.y.array() * (along.array() - m.studentPlane.offset)).matrix();
  score.margin = distance.minCoeff();
  for (Index i = 0; i < distance.size(); ++i)
    if (distance(i) <= 0) score.wrong.push_back(i);
  return score;
}

FeatureSpaceSolution convergedFeatureSpace(const FeaturespaceMode& m, const LabState& lab) {
  FeatureSpaceSolution out;
  if (!m.solver()) return out;
  SmoSolver solver = *m.solver();
  solver.run(std::max<std::int64_t>(lab.params.maxSteps, 1));
  out.valid = true;
  out.alpha = solver.alpha();
  out.plane = featureSpacePlane(m.map, lab.data.points, solver, lab.params.bias);
  out.value.resize(lab.pointCount());
  for (Index i = 0; i < lab.pointCount(); ++i)
    out.value(i) =
        planeValue(out.plane, m.map, Eigen::Vector2d(lab.data.points(i, 0), lab.data.points(i, 1)));
  return out;
}

MapSeparation featureSpaceSeparates(FeatureSpaceView view, const LabState& lab) {
  MapSeparation out;
  const Index n = lab.pointCount();
  if (view == FeatureSpaceView::Kpca || n == 0 || lab.data.points.cols() != 2) {
    out.reason = "no map to test";
    return out;
  }
  const std::optional<Vector> y = signedLabels(lab);
  if (!y) {
    out.reason = "the data need two classes";
    return out;
  }
  const Matrix lifted =
      liftPoints(trainingFor(featureSpaceMapKind(view), 1.0).map, lab.data.points);
  const SeparabilityResult s = liftedSeparability(lifted, *y);
  out.separable = s.verdict == Separability::Separable;
  out.reason =
      s.verdict == Separability::Unknown ? "the test did not settle within its step cap" : s.reason;
  return out;
}

std::array<const char*, 3> featureSpaceAxes(const FeaturespaceMode& m) {
  switch (m.view) {
    case FeatureSpaceView::Quadratic:
      return {"x₁²", "√2·x₁x₂", "x₂²"};
    case FeatureSpaceView::Product:
      return {"x₁", "x₂", "x₁x₂"};
    case FeatureSpaceView::Squares:
      return {"x₁²", "x₂²", "0"};
    case FeatureSpaceView::Paraboloid:
      return {"x₁", "x₂", "x₁² + x₂²"};
    case FeatureSpaceView::Kpca:
      return {"PC 1", "PC 2", "PC 3"};
  }
  return {"", "", ""};
}

const MethodSpec& featurespaceMethod() {
  return kRow;
}

}  // namespace kpg::app
