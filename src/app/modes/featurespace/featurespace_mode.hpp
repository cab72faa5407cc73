#pragma once
// The feature space in 3-D (course-notes 000 "(1) high dimensional spaces", 004 "The kernel
// trick", 001 "The Kernel Trick"): the lab's points lifted by an explicit map φ: ℝ² → ℝ³, the SVM
// trained with the map's kernel k(x, z) = φ(x)·φ(z), drawn as the plane w·φ + b = 0 and its
// margins ±1 with w = Σ αᵢyᵢφ(xᵢ) computed explicitly, stepping one SMO pair update at a time.
// For the lab's kernels with no finite 3-D map (RBF, sigmoid, …) the substitute is the points'
// first three kernel-PCA coordinates under that kernel, labelled as such, with no plane.
//
// The maps and the plane are the core's (src/core/feature_space/): the quadratic map trains the
// LIBSVM kernel (γ x·z)² on the raw points (γ the lab's when its kernel is that one, else 1), the
// others the linear kernel on the lifted points, which is the map's kernel exactly.

#include "feature_space/feature_maps.hpp"
#include "feature_space/kpca_coordinates.hpp"
#include "feature_space/primal_plane.hpp"
#include "modes/featurespace/orbit_camera.hpp"
#include "modes/method.hpp"
#include "svm/smo_solver.hpp"
#include "timeline/history.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

// What the view lifts the points by: one of the notes' four maps, or kernel PCA's coordinates.
enum class FeatureSpaceView { Quadratic, Product, Squares, Paraboloid, Kpca };
inline constexpr std::array<std::string_view, 5> kFeatureSpaceViewNames = {
    "quadratic", "product", "squares", "paraboloid", "kpca"};
std::string_view featureSpaceViewName(FeatureSpaceView view);
std::optional<FeatureSpaceView> featureSpaceViewFromName(std::string_view name);
// The map a view lifts by (kernel PCA's: the quadratic, unused).
FeatureMapKind featureSpaceMapKind(FeatureSpaceView view);

// The student's own plane n·φ = offset in the lifted coordinates ("tilt the plane yourself"), n
// the unit normal at azimuth and elevation (degrees): elevation 90° is the horizontal plane
// φ₃ = offset. With a unit normal, yᵢ(n·φ(xᵢ) − offset) is point i's signed distance to it.
struct StudentPlane {
  bool shown = false;
  double azimuth = 0;
  double elevation = 90;
  double offset = 0;
};
Eigen::Vector3d studentNormal(const StudentPlane& plane);

struct FeaturespaceMode {
  FeatureSpaceView view = FeatureSpaceView::Quadratic;
  StudentPlane studentPlane;
  OrbitCamera camera;  // the 3-D view's camera (orbit_camera.hpp), set by drags and actions
  Index checkA = 0;    // the kernel check card's two points (1-based on screen)
  Index checkB = 1;
  // Built from the lab's points, labels, C, eps, rule and step cap:
  FeatureMap map;       // the lift (scale γ for the quadratic map); unused for kernel PCA
  KernelParams kernel;  // the kernel the SMO was given (on `trainedOnLifted` points or raw)
  bool trainedOnLifted = false;
  bool usesLabKernel = false;  // kernel PCA, or the quadratic map on the lab's (γ x·z)²
  Matrix lifted;               // n × 3: φ(xᵢ), or the kernel-PCA coordinates
  Vector y;                    // ±1
  std::optional<History<SmoSolver>> history;            // none for kernel PCA
  FeatureSpacePlane plane;                              // w, b at the current step
  Conic trace;                                          // g(x) = w·φ(x) + b on the canvas
  Eigen::Vector3d explained = Eigen::Vector3d::Zero();  // kernel PCA's shares of λ₁, λ₂, λ₃
  std::string note;  // why the lab's kernel has no finite map, when it has none
  std::string error;
  // Live (the lab's LiveState::on): after an edit the SMO starts from the previous α carried to
  // the points that are still there (svm/warm_start.hpp) and re-converges within a frame's
  // budget, as the lab does. The raw points and the view the current solver was built on:
  Matrix trainedPoints;
  Vector trainedLabels;
  std::optional<FeatureSpaceView> trainedView;
  std::int64_t warmUpdates = -1;  // pair updates the last warm start took (−1: a cold start)
  std::uint64_t built = kNotBuilt;

  const SmoSolver* solver() const { return history ? &history->current() : nullptr; }
  bool hasPlane() const { return history.has_value(); }
};

// f(x) = w·φ(x) + b of the current step at a point of the plane (NaN when there is no plane).
double featureSpaceValue(const FeaturespaceMode& m, double x1, double x2);
// The kernel k(a, b) of the view's training and φ(a)·φ(b) from the drawn coordinates, for the
// kernel check card (equal to round-off; not defined for kernel PCA: NaN).
struct KernelCheck {
  double kernel = 0;
  double dot = 0;
};
KernelCheck featureSpaceKernelCheck(const FeaturespaceMode& m, const LabState& lab, Index a,
                                    Index b);
// How the student's plane does on the lifted training points: the points on its wrong side (or on
// it), and its margin, the smallest yᵢ(n·φ(xᵢ) − offset) (negative when it errs). None without
// lifted labelled points (kernel PCA, an error).
struct PlaneScore {
  bool valid = false;
  std::vector<Index> wrong;
  double margin = 0;
};
PlaneScore scoreStudentPlane(const FeaturespaceMode& m);
// The view's SVM run to convergence on a copy (the exercises' answers): α, w·φ(xᵢ) + b at every
// point and the plane; valid false when there is no solver.
struct FeatureSpaceSolution {
  bool valid = false;
  Vector alpha;
  Vector value;
  FeatureSpacePlane plane;
};
FeatureSpaceSolution convergedFeatureSpace(const FeaturespaceMode& m, const LabState& lab);
// Whether some plane separates the two classes once lifted by `view`'s map (the hard-margin
// test on φ(xᵢ)), and why not in words.
struct MapSeparation {
  bool separable = false;
  std::string reason;
};
MapSeparation featureSpaceSeparates(FeatureSpaceView view, const LabState& lab);

// The three axes' names of the current lift ("x₁²", "√2·x₁x₂", "x₂²"; kernel PCA: "PC 1", …).
std::array<const char*, 3> featureSpaceAxes(const FeaturespaceMode& m);

bool readFeaturespaceParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeFeaturespaceState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeFeaturespaceParams(JsonValue& out, const ModesState& modes);
// state().featureSpace: null when the view is off, else {map, kernel, points, w, b, explained, …}.
JsonValue featureSpaceStateJson(const ModesState& modes, const LabState& lab);
void writeFeaturespaceAppState(JsonValue& state, const ModesState& modes, const LabState& lab);
// setFeatureSpace and featureSpaceCamera (featurespace_json.cpp), null-terminated.
extern const MethodAction kFeaturespaceActions[];

}  // namespace kpg::app
