// The built-in exercises, in the order of the course notes: kernels and Mercer
// (000), the perceptron (002) and its dual (001), the hand-solved SVM of 001 Question 7, the soft
// margin (000), SMO (003), the RBF kernel, ε-SVR and kernel PCA (000), KFD (004). Every canvas is
// a preset of the core (data/toy_datasets.hpp) set up through the lab's own actions; no answer is
// stored: exercise_check.cpp computes it from the core when the student answers. Where an
// exercise needs a point or a threshold with a property (a bound support vector, a margin that
// some C reaches) it is found here from the core's solution, not typed in.
#include "exercises/exercise.hpp"
#include "params/param_input.hpp"  // pointNumber: points numbered from 1 on screen

#include "data/number_text.hpp"
#include "io/session_json.hpp"

#include <array>
#include <cmath>
#include <limits>

namespace kpg::app {
namespace {

Locks locks(std::initializer_list<LockedControl> controls) {
  Locks l;
  for (LockedControl c : controls) l.set(c);
  return l;
}

// Everything but stepping; and everything.
const Locks kAllButStep =
    locks({LockedControl::Kernel, LockedControl::C, LockedControl::Gamma, LockedControl::Data,
           LockedControl::Solver, LockedControl::Method});
const Locks kAll =
    locks({LockedControl::Kernel, LockedControl::C, LockedControl::Gamma, LockedControl::Data,
           LockedControl::Step, LockedControl::Solver, LockedControl::Method});

// A preset with the kernel and C set and `step` steps taken, Live mode off: the kernel and C are
// set on a cold start at step 0 (not warm-started to convergence), and the student steps.
LabState lab(const std::string& preset, KernelParams kernel, double c, std::int64_t step = 0) {
  LabState l = makeLabState();
  (void)apply(l, action::SetLive{false}, false);
  (void)apply(l, action::LoadPreset{preset}, false);
  (void)apply(l, action::SetKernel{kernel}, false);
  (void)apply(l, action::SetC{c}, false);
  if (step > 0) (void)apply(l, action::Step{step}, false);
  return l;
}

// Live mode back on: for the exercises where the student edits and watches the optimum follow.
LabState live(LabState l) {
  (void)apply(l, action::SetLive{true}, false);
  return l;
}

KernelParams rbf(double gamma) {
  KernelParams k = KernelParams::linear();
  k.type = KernelType::Rbf;
  k.gamma = gamma;
  return k;
}

KernelParams polynomial(double gamma, double coef0, int degree) {
  KernelParams k = KernelParams::linear();
  k.type = KernelType::Polynomial;
  k.gamma = gamma;
  k.coef0 = coef0;
  k.degree = degree;
  return k;
}

Exercise make(std::string id, std::string title, std::string section, std::string prompt,
              std::vector<std::string> hints, const LabState& canvas, Mode mode, Locks l,
              ExerciseGoal goal) {
  Exercise e;
  e.id = std::move(id);
  e.title = std::move(title);
  e.section = std::move(section);
  e.prompt = std::move(prompt);
  e.hints = std::move(hints);
  e.session = sessionToJsonValue(canvas);
  e.setUp = std::move(*parseSession(e.session).session);
  e.mode = mode;
  e.locks = l;
  e.goal = std::move(goal);
  return e;
}

// The lab on the given points (x₁, x₂, label ±1), the view window around them, Live off.
LabState points(const std::vector<std::array<double, 3>>& xyl, double c, ViewWindow view) {
  LabState l = makeLabState();
  (void)apply(l, action::SetLive{false}, false);
  (void)apply(l, action::ClearPoints{}, false);
  for (const auto& p : xyl)
    (void)apply(l, action::AddPoint{p[0], p[1], static_cast<int>(p[2])}, false);
  (void)apply(l, action::SetKernel{KernelParams::linear()}, false);
  (void)apply(l, action::SetC{c}, false);
  (void)apply(l, action::SetView{view}, false);
  return l;
}

// The feature space's exercises open with a map: its setModeParams members.
Exercise withMap(Exercise e, const char* map) {
  e.modeParams = JsonValue::object();
  json::put(e.modeParams, "map", json::str(map));
  return e;
}

ExerciseGoal goal(GoalKind kind) {
  ExerciseGoal g;
  g.kind = kind;
  return g;
}

ExerciseGoal numeric(std::string quantity, double tolerance) {
  ExerciseGoal g = goal(GoalKind::Numeric);
  g.quantity = std::move(quantity);
  g.tolerance = tolerance;
  return g;
}

ExerciseGoal tutorialValue(std::string tutorial, std::string value) {
  ExerciseGoal g = numeric("tutorial", 1e-3);
  g.tutorial = std::move(tutorial);
  g.value = std::move(value);
  return g;
}

std::vector<Exercise> build() {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<Exercise> all;

  // ---- 000 kernels, Mercer ----
  {
    ExerciseGoal g = numeric("gram", 1e-6);
    g.i = 0;
    g.j = 1;
    all.push_back(make("kernel-gram-entry", "A Gram matrix entry",
                       "000 Notable kernels; 001 Gram Matrix",
                       "The kernel is the polynomial k(x, x′) = (x·x′ + 1)². Compute the Gram "
                       "matrix entry K₁₂ = k(x₁, x₂) for points 1 and 2 of the canvas.",
                       {"Hover the points to read their coordinates.",
                        "First the inner product x₁·x₂, then add 1 and square."},
                       lab("hand-solved", polynomial(1, 1, 2), inf), Mode::Svm, kAll, g));
  }
  {
    KernelParams sigmoid = KernelParams::linear();
    sigmoid.type = KernelType::Sigmoid;
    sigmoid.gamma = 1;
    sigmoid.coef0 = -1;
    all.push_back(make("mercer-sigmoid", "Is the sigmoid kernel a Mercer kernel here?",
                       "000 Valid kernels: Mercer Kernel",
                       "With k(x, x′) = tanh(x·x′ − 1) on these points, what is the smallest "
                       "eigenvalue of the Gram matrix? (A negative one shows k is not a Mercer "
                       "kernel.)",
                       {"Mercer: k is a kernel iff every Gram matrix is positive semi-definite.",
                        "The eigenvalues of a symmetric matrix: det(K − λI) = 0."},
                       lab("hand-solved", sigmoid, inf), Mode::Svm, kAll,
                       numeric("gramMinEigenvalue", 1e-3)));
  }
  // ---- 000 "(1) high dimensional spaces", 004 "The kernel trick": the feature space in 3-D ----
  {
    // 001's XOR corners (the kernel perceptron's data) and the same corners at twice the radius:
    // (x₁², x₂²) sends (1, 1) and (−1, 1) to one point, and the paraboloid's height x₁² + x₂² is
    // the same for all four corners of a radius, so only the product and the quadratic map lift
    // the classes apart (the checker tests all four with the hard-margin SVM on φ(xᵢ)).
    const std::vector<std::array<double, 3>> xor8 = {{1, 1, -1}, {-1, -1, -1}, {-1, 1, 1},
                                                     {1, -1, 1}, {2, 2, -1},   {-2, -2, -1},
                                                     {-2, 2, 1}, {2, -2, 1}};
    const ViewWindow around{-3, 3, -3, 3};
    // The map and her own plane are the method's parameters (setModeParams): unlocked where they
    // are the answer, locked where the map is given.
    const Locks fixedData =
        locks({LockedControl::Kernel, LockedControl::C, LockedControl::Gamma, LockedControl::Data});
    const Locks fixedMap = locks({LockedControl::Kernel, LockedControl::C, LockedControl::Gamma,
                                  LockedControl::Data, LockedControl::Method});
    all.push_back(withMap(
        make("feature-map-xor", "Which map makes XOR separable?",
             "004 The kernel trick, examples 1 and 2; 000 (1) high dimensional spaces",
             "No line separates XOR in the plane. Try the maps under \"Feature map φ\" and watch "
             "the 3-D view: after which map does a flat plane put each class on its own side? "
             "Choose it, then check.",
             {"Look at where the four inner corners land after each map.",
              "(x₁², x₂²) forgets the signs: (1, 1) and (−1, 1) land on the same point.",
              "The product x₁x₂ is +1 on one diagonal of XOR and −1 on the other."},
             points(xor8, std::numeric_limits<double>::infinity(), around), Mode::FeatureSpace,
             fixedData, goal(GoalKind::SeparatingMap)),
        "squares"));
    all.push_back(withMap(
        make("feature-space-support-vectors", "Which points will be support vectors in 3-D?",
             "004 The kernel trick, example 1; 000 SVM – dual form",
             "The map φ(x) = (x₁, x₂, x₁x₂) lifts XOR; the SVM then finds the widest plane "
             "between the lifted classes. Before training, click in the 3-D view every point "
             "that will be a support vector (α > 0), submit, then Run to compare.",
             {"Support vectors are the lifted points nearest the plane: on its margins.",
              "The separating plane here is x₁x₂ = 0: how far is each lifted point from it?"},
             points(xor8, std::numeric_limits<double>::infinity(), around), Mode::FeatureSpace,
             fixedMap, goal(GoalKind::SupportVectors)),
        "product"));
    // Labels from the plane 1.5 x₁ + x₁x₂ = 0 of the product map: (1, 1) and (−1, −1) share
    // x₁x₂ = 1 but not their class, so the flat plane x₁x₂ = offset cannot separate them: the
    // student has to tilt it.
    std::vector<std::array<double, 3>> tilted;
    for (double a : {-2.0, -1.0, 1.0, 2.0})
      for (double b : {-2.0, -1.0, 1.0, 2.0})
        tilted.push_back({a, b, a * (b + 1.5) > 0 ? 1.0 : -1.0});
    all.push_back(withMap(
        make("feature-space-tilt-plane", "Tilt the plane to separate the lifted points",
             "004 The kernel trick, example 1; 000 SVM – maximizing the margin",
             "Turn on \"my plane\" under the 3-D view: a green plane of your own. Tilt and move "
             "it (the sliders, or drag the view with \"drag turns my plane\" on) until every "
             "lifted point is on its class's side, then check: the app compares your margin "
             "with the SVM's.",
             {"The flat plane x₁x₂ = offset cannot do it: points (1, 1) and (−1, −1) have the "
              "same x₁x₂ and different classes.",
              "Lean the normal towards the x₁ axis: turn about 0°, tilt about 35°, offset near 0."},
             points(tilted, std::numeric_limits<double>::infinity(), around), Mode::FeatureSpace,
             fixedData, goal(GoalKind::SeparatingPlane)),
        "product"));
  }
  // ---- 002 perceptron, 001 dual perceptron ----
  all.push_back(make("perceptron-final-bias", "The perceptron's final bias",
                     "002 Perceptron Learning Algorithm",
                     "Run the notes' perceptron example (η = 1, start β = (1, −1), β₀ = −2) to the "
                     "end. What is the final β₀?",
                     {"An update on a mistake: β ← β + ηyx, β₀ ← β₀ + ηy.",
                      "Open the Tutorials panel: 2 · The perceptron."},
                     lab("perceptron", KernelParams::linear(), inf), Mode::Svm, kAll,
                     tutorialValue("perceptron", "final_beta_0")));
  all.push_back(
      make("dual-perceptron-epochs", "The dual perceptron on XOR",
           "001 The Dual/Kernel Perceptron; The Kernel Trick",
           "The dual perceptron with k(x, z) = (1 + x·z)² learns XOR (001). How many "
           "epochs does it take until an epoch makes no mistake (that epoch counted)?",
           {"α_i counts the mistakes on point i.", "Tutorials panel: 3 · The kernel perceptron."},
           lab("xor", polynomial(1, 1, 2), inf), Mode::Svm, kAll,
           tutorialValue("kernel-perceptron", "epochs")));
  // ---- 001 Question 7: the hand-solved SVM ----
  all.push_back(make("hand-solved-alpha", "α₁ of the hand-solved SVM", "001 Question 7",
                     "Solve the hard-margin dual of 001 Question 7 by hand. What is α₁ (point 1, "
                     "numbered as in the notes and on the canvas)?",
                     {"Σ α_i y_i = 0 lets you eliminate one α.",
                      "Set the derivatives of the reduced dual to zero."},
                     lab("hand-solved", KernelParams::linear(), inf), Mode::Svm, kAll,
                     tutorialValue("hand-solved-svm", "alpha_1")));
  all.push_back(make("hand-solved-margin", "The margin of the hand-solved SVM", "001 Question 7",
                     "At the optimum of 001 Question 7, what is the margin 1/‖w‖?",
                     {"w = Σ α_i y_i x_i.", "At the hard-margin optimum ‖w‖² = Σα_i."},
                     lab("hand-solved", KernelParams::linear(), inf), Mode::Svm, kAll,
                     tutorialValue("hand-solved-svm", "margin")));
  all.push_back(make("hand-solved-support-vectors", "Click every support vector", "001 Question 7",
                     "Which points are support vectors of the hard-margin SVM (α > 0)? Click all "
                     "of them, and only them, then Submit.",
                     {"Support vectors lie on the margins f(x) = ±1.",
                      "Run the solver to convergence and look at the α bars."},
                     lab("hand-solved", KernelParams::linear(), inf), Mode::Svm, kAllButStep,
                     goal(GoalKind::SupportVectors)));
  // ---- 000 soft margin ----
  {
    LabState blobs = lab("blobs", KernelParams::linear(), 1);
    const LabState done = convergedCopy(blobs);
    int bound = 0;
    for (std::size_t k = 0; k < done.model.solution.categories.size(); ++k) {
      if (done.model.solution.categories[k] == SupportCategory::Bound) {
        bound = static_cast<int>(k);
        break;
      }
    }
    ExerciseGoal g = goal(GoalKind::ClassifyPoint);
    g.point = bound;
    all.push_back(make("soft-margin-classify", "Free, bound or not a support vector?",
                       "000 SVM – non separable case – dual form",
                       "Soft margin, C = 1. At the optimum, is point " +
                           std::to_string(pointNumber(bound)) +
                           " a free support vector (0 < α < C), a bound one (α = C) or not a "
                           "support vector (α = 0)?",
                       {"Run to convergence and hover the point: y f(x) and ξ are shown.",
                        "y f(x) < 1 forces α = C."},
                       blobs, Mode::Svm, kAllButStep, g));
  }
  {
    const LabState loose = convergedCopy(lab("blobs", KernelParams::linear(), 0.05));
    ExerciseGoal g = goal(GoalKind::FindParameter);
    g.parameter = "C";
    g.property = "margin";
    // A margin the C = 0.05 solution reaches, rounded down to a tenth: reachable, and not by
    // the C = 1 this exercise starts at.
    g.atLeast = std::floor(loose.model.solution.margin.value_or(0) * 10) / 10;
    all.push_back(make("soft-margin-find-c", "A wider margin", "000 SVM – non separable case",
                       "Find a C for which the margin 1/‖w‖ is at least " +
                           formatDisplay(g.atLeast, 3) + ". Type it and Submit.",
                       {"C is the price of a unit of slack ξ.",
                        "A cheaper slack lets the solver trade errors for a smaller ‖w‖."},
                       lab("blobs", KernelParams::linear(), 1), Mode::Svm,
                       locks({LockedControl::Kernel, LockedControl::Gamma, LockedControl::Data,
                              LockedControl::Solver, LockedControl::Method}),
                       g));
  }
  {
    ExerciseGoal g = goal(GoalKind::BoundSv);
    g.point = 0;
    all.push_back(make("soft-margin-bound-sv", "Make point 1 a bound support vector",
                       "000 SVM – non separable case – formulation",
                       "Soft margin, C = 1. Drag points (point 1 or others) until point 1 is a "
                       "bound support vector (α₁ = C) at the optimum, then Submit.",
                       {"A bound SV is inside its margin or on the wrong side.",
                        "Drag point 1 towards the other class."},
                       live(lab("separable", KernelParams::linear(), 1)), Mode::Svm,
                       locks({LockedControl::Kernel, LockedControl::C, LockedControl::Gamma,
                              LockedControl::Solver, LockedControl::Method}),
                       g));
  }
  // ---- 003 SMO ----
  all.push_back(make("smo-first-pair", "Which pair does SMO update first?", "003 SMO algo, step 2",
                     "At step 0 all α are 0. Which two points will SMO update in its first step? "
                     "Click them (or type their numbers), then Submit.",
                     {"∇f(α) = Qα − e, so at α = 0 every −y_t∇f_t equals y_t.",
                      "i maximises −y_t∇f_t over I_up; j is chosen in I_low by the "
                      "second-order gain b²/a."},
                     lab("hand-solved", KernelParams::linear(), inf), Mode::Svm, kAll,
                     goal(GoalKind::SmoPair)));
  {
    const LabState start = lab("hand-solved", KernelParams::linear(), inf);
    SmoSolver probe = start.history->current();
    const SmoStep first = probe.step();
    ExerciseGoal g = goal(GoalKind::AlphaAfterStep);
    g.point = static_cast<int>(first.i);
    all.push_back(make("smo-alpha-after-step", "α after one SMO step", "003 SMO algo, steps 3–4",
                       "SMO's first step updates point " + std::to_string(pointNumber(first.i)) +
                           " and one other. What is α" + std::to_string(pointNumber(first.i)) +
                           " after that step?",
                       {"The step along the pair is λ = b/a, b = m(α) − (−y_j∇f_j), a = "
                        "K_ii + K_jj − 2K_ij.",
                        "Then clip to keep 0 ≤ α ≤ C."},
                       start, Mode::Svm, kAll, g));
  }
  all.push_back(make("smo-pair-mid-run", "The pair after three steps", "003 SMO algo, step 2",
                     "Soft margin on overlapping blobs, C = 1, after three SMO steps. Which pair "
                     "comes next?",
                     {"The pair panel shows −y∇f for the current α.",
                      "Points at α = C are no longer in I_up (y = +1) or I_low (y = −1)."},
                     lab("blobs", KernelParams::linear(), 1, 3), Mode::Svm, kAll,
                     goal(GoalKind::SmoPair)));
  // ---- the RBF kernel: γ ----
  {
    // The fewest support vectors a separating γ reaches on a coarse grid, with room to spare.
    int fewest = 1 << 30;
    for (double gamma : {0.5, 1.0, 2.0, 5.0, 10.0, 20.0}) {
      const LabState done = convergedCopy(lab("moons", rbf(gamma), 10));
      if (done.model.valid && done.model.trainingAccuracy >= 1)
        fewest = std::min(fewest, static_cast<int>(done.model.supportCount));
    }
    ExerciseGoal g = goal(GoalKind::FindParameter);
    g.parameter = "gamma";
    g.property = "separates";
    g.maxSupportVectors = fewest + 5;
    all.push_back(make("rbf-gamma-moons", "A γ that separates the moons", "000 Notable kernels",
                       "RBF kernel, C = 10. Find a γ for which every training point is classified "
                       "correctly with at most " +
                           std::to_string(g.maxSupportVectors) + " support vectors.",
                       {"γ = 1/(2σ²): a large γ is a narrow bump around each point.",
                        "Too small a γ underfits; too large a γ makes every point a support "
                        "vector."},
                       live(lab("moons", rbf(1), 10)), Mode::Svm,
                       locks({LockedControl::Kernel, LockedControl::C, LockedControl::Data,
                              LockedControl::Solver, LockedControl::Method}),
                       g));
  }
  // ---- 000 ε-SVR ----
  {
    LabState sine = makeLabState();
    (void)loadSinePreset(sine, 40, 0.15, 1, false);
    (void)apply(sine, action::SetKernel{rbf(1)}, false);
    all.push_back(make("svr-support-vectors", "Support vectors of ε-SVR",
                       "000 SVM – regression case – dual form",
                       "ε-SVR with the RBF kernel (C = 10, ε = 0.1) on the sine data. At "
                       "convergence, how many points are support vectors (αᵢ − αᵢ* ≠ 0)?",
                       {"Points strictly inside the ε-tube have αᵢ = αᵢ* = 0.",
                        "Run the method to the end and read the status."},
                       sine, Mode::Svr, kAllButStep, numeric("svrSupportVectors", 0.5)));
  }
  // ---- 000 kernel PCA ----
  all.push_back(make("kpca-first-eigenvalue", "The first kernel principal component",
                     "000 Kernel PCA",
                     "Kernel PCA with the RBF kernel (γ = 2) on the circles. What is the largest "
                     "eigenvalue λ₁ of the centred Gram matrix HKH?",
                     {"Centring: HKH = K − 1K − K1 + 1K1 with 1 = (1/N)·ones.",
                      "The numbers panel lists the eigenvalues."},
                     lab("circles", rbf(2), inf), Mode::Kpca, kAll, [] {
                       ExerciseGoal g = numeric("kpcaEigenvalue", 1e-2);
                       g.component = 0;
                       return g;
                     }()));
  // ---- 004 KFD ----
  {
    ExerciseGoal g = numeric("kfdAlpha", 1e-3);
    g.i = 0;
    all.push_back(
        make("kfd-alpha", "Kernel Fisher discriminant: α₁", "004 Kernel LDA",
             "Kernel Fisher discriminant with the linear kernel on the hand-solved "
             "points (μ = 0.001). What is α₁ (point 1) of α = (N + μI)⁻¹(M₁ − M₂)?",
             {"M_c is the mean of the kernel columns of class c.", "N = Σ_c K_c(I − 1/n_c)K_cᵀ."},
             lab("hand-solved", KernelParams::linear(), inf), Mode::Kfd, kAll, g));
  }
  return all;
}

}  // namespace

const std::vector<Exercise>& builtinExercises() {
  static const std::vector<Exercise> all = build();
  return all;
}

const Exercise* findBuiltinExercise(std::string_view id) {
  for (const Exercise& e : builtinExercises())
    if (e.id == id) return &e;
  return nullptr;
}

}  // namespace kpg::app
