#pragma once
// One method of the app (the SVM lab, the perceptrons, kernel k-NN, kernel k-means, kernel PCA,
// LDA / KFD, ε-SVR): the registry row that says everything the app does with it except drawing.
// Each method is one folder, modes/<method>/, holding its state (<method>_mode.hpp), building,
// stepping, status words and field (<method>_mode.cpp), JSON in and out (<method>_json.cpp) and
// screen (<method>_screen.cpp, in the UI library: modes/screen_registry.cpp lists the screens).
// The shared code (mode_state.cpp, mode_json.cpp, mode_field.cpp, mode_screen.cpp) reads the rows
// and never names a method; modes/method_registry.cpp lists the rows, in the order of `Mode`.
//
// As TensorFlow Playground's state.ts gives each property one row, a method's row is plain data
// and function pointers: no virtual calls, no allocation, and the method's state stays a value
// inside ModesState (copyable, so setModeParams works on a copy and commits all or nothing).
// Null members mean "this method has none of it": no steps (computed in one go), no field, ….

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace kpg {
class JsonValue;
}

namespace kpg::app {

struct ModesState;
struct LabState;
struct FieldGrid;
class SchemaReader;
struct ActionReply;

// A method's `built` before its first build, and after a change that asks for a rebuild.
constexpr std::uint64_t kNotBuilt = std::numeric_limits<std::uint64_t>::max();

// The methods, in the order of their rows in modes/methods.def.
enum class Mode {
#define KPG_METHOD(Enumerator, folder, State) Enumerator,
#include "modes/methods.def"
#undef KPG_METHOD
};
constexpr int kModeCount = 0
#define KPG_METHOD(Enumerator, folder, State) +1
#include "modes/methods.def"
#undef KPG_METHOD
    ;

// A step-by-step method's History (timeline/history.hpp), seen through its row. Made by steppingOf
// (modes/method_stepping.hpp) from the method's accessor, so every method steps, rewinds and
// records its plots' values the same way.
struct MethodStepping {
  // One step forward; false when the method has stopped (nothing changed).
  bool (*forward)(ModesState& modes, const LabState& lab);
  // To step s in [0, furthest]; a replay below the furthest step.
  void (*seek)(ModesState& modes, const LabState& lab, std::int64_t step);
  std::int64_t (*position)(const ModesState& modes);
  std::int64_t (*furthest)(const ModesState& modes);
  bool (*canStep)(const ModesState& modes);
};

// A window.kpg action of one method ({"type": type, …}), validated by its handler, which changes
// nothing when it refuses (docs/bad-inputs.md W3). The screens send it by sendModeAction.
struct MethodAction {
  const char* type;
  ActionReply (*run)(ModesState& modes, LabState& lab, const JsonValue& action);
};

struct MethodSpec {
  Mode mode;
  std::string_view name;   // window.kpg, sessions, share links, exercises: "perceptron"
  std::string_view title;  // the method selector and the canvas title
  std::string_view alias;  // a second name it answers to ("lda"), or empty
  // Builds the model from the lab's points and kernel. Null for the SVM lab, whose state is the
  // LabState itself (lab/lab_state.hpp), built and stepped by the lab's own actions.
  void (*build)(ModesState& modes, const LabState& lab);
  // The lab's problemRevision the model was built for (kNotBuilt: build on the next frame).
  std::uint64_t* (*built)(ModesState& modes);
  // Null members for methods computed in one go.
  MethodStepping stepping;
  // A sentence on the method's state ("converged after 3 epochs", "stopped at the epoch cap of
  // 100: the data are probably not separable").
  std::string (*statusText)(const ModesState& modes);
  // setModeParams: reads the action's members into `next` (a copy of the modes' state; the
  // caller commits it only when `reader` saw no error). Lists its allowed keys itself (an
  // unknown key is an error, docs/bad-inputs.md W3). Returns whether the model must be rebuilt
  // (k-NN's query point alone does not).
  bool (*readParams)(ModesState& next, const JsonValue& action, SchemaReader& reader);
  // The method's members of state().mode (after the shared name, status and position).
  void (*writeState)(JsonValue& out, const ModesState& modes, const LabState& lab);
  // What `setMode` with the alias does besides selecting the method (KFD's "lda": the linear
  // form).
  void (*selectAlias)(ModesState& modes);
  // The method's field over the plane at the grid's nodes (modes/contour.hpp): false when it
  // draws none now. Null when it never draws one on the shared plane.
  bool (*field)(const ModesState& modes, FieldGrid& grid);
  // What selects among several fields the method can draw (kernel PCA's component), or −1.
  int (*fieldVariant)(const ModesState& modes);
  // Whether the method's current form reads the lab's kernel (the primal perceptron and LDA do
  // not): the kernel controls say so.
  bool (*usesKernel)(const ModesState& modes);
  // The method's own actions besides the shared mode actions (the feature space's
  // setFeatureSpace), registered with window.kpg's router by addModeActions: a null-terminated
  // array, or null for none.
  const MethodAction* actions = nullptr;
  // Members the method adds at the top level of state() (the feature space's state().featureSpace,
  // null while another method is shown), or null.
  void (*writeAppState)(JsonValue& state, const ModesState& modes, const LabState& lab) = nullptr;
  // The method's setModeParams members as they are now, which readParams reads back to the same
  // parameters: share links and exercises carry them ("modeParams", session/app_link.hpp). Null
  // for a method with no parameters of its own (the SVM lab's are the lab's).
  void (*writeParams)(JsonValue& out, const ModesState& modes) = nullptr;
};

// The rows (modes/method_registry.cpp), indexed by Mode.
const MethodSpec& methodSpec(Mode mode);

// Each method's row, defined in its folder's <folder>_mode.cpp: svmMethod(), knnMethod(), ….
#define KPG_METHOD(Enumerator, folder, State) const MethodSpec& folder##Method();
#include "modes/methods.def"
#undef KPG_METHOD

// "svm", "perceptron", "knn", "kmeans", "kpca", "kfd", "svr" (window.kpg) and UI titles.
std::string_view modeName(Mode mode);
std::string_view modeTitle(Mode mode);
// A name or an alias ("lda") to its method.
const MethodSpec* methodByName(std::string_view name);
std::optional<Mode> modeFromName(std::string_view name);

}  // namespace kpg::app
