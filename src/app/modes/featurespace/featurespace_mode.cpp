#include "modes/featurespace/featurespace_mode.hpp"

#include "modes/method_stepping.hpp"
#include "modes/mode_field.hpp"
#include "modes/mode_state.hpp"

#include "feature_space/map_exactness.hpp"
#include "svm/dual_problem.hpp"
#include "svm/separability.hpp"

#include <cmath>
#include <limits>
#include <set>

namespace kpg::app {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

FeatureMapKind liftKind(FeatureSpaceView view) {
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

void build(ModesState& modes, const LabState& lab) {
  FeaturespaceMode& m = modes.featurespace;
  m.history.reset();
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
  std::set<double> classes(lab.data.labels.data(), lab.data.labels.data() + n);
  if (classes.size() != 2) {
    m.error = classes.size() < 2 ? "Need points of both classes to train the SVM."
                                 : "The feature space trains one binary SVM: the data must "
                                   "have two classes, not " +
                                       std::to_string(classes.size()) + ".";
    return;
  }
  m.y = (lab.data.labels.array() == *classes.rbegin()).select(Vector::Ones(n), -Vector::Ones(n));
  const MapTraining t = trainingFor(liftKind(m.view), quadraticGamma(lab.params.kernel));
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
      return "converged after " + it + " pair updates: the plane separates the lifted points";
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
