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

struct FeaturespaceMode {
  FeatureSpaceView view = FeatureSpaceView::Quadratic;
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
// The three axes' names of the current lift ("x₁²", "√2·x₁x₂", "x₂²"; kernel PCA: "PC 1", …).
std::array<const char*, 3> featureSpaceAxes(const FeaturespaceMode& m);

bool readFeaturespaceParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeFeaturespaceState(JsonValue& out, const ModesState& modes, const LabState& lab);
// state().featureSpace: null when the view is off, else {map, kernel, points, w, b, explained, …}.
JsonValue featureSpaceStateJson(const ModesState& modes, const LabState& lab);
void writeFeaturespaceAppState(JsonValue& state, const ModesState& modes, const LabState& lab);
// setFeatureSpace and featureSpaceCamera (featurespace_json.cpp), null-terminated.
extern const MethodAction kFeaturespaceActions[];

}  // namespace kpg::app
