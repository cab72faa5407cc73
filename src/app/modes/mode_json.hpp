#pragma once
// window.kpg for the canvas modes. Actions (JSON objects with "type"):
//   {"type":"setMode", "mode":"svm"|"perceptron"|"knn"|"kmeans"|"kpca"|"kfd"|"lda"|"svr"}
//   {"type":"modeStep", "n":1}     one visited sample / k-means step / SMO pair update, n times
//   {"type":"modeStepBack", "n":1}   n steps back (perceptron, k-means, ε-SVR; timeline/history.hpp)
//   {"type":"modeSeek", "step":s}     go to step s in [0, state().mode.furthest]
//   {"type":"modeRun", "budgetMs":2000}   run to the end (converged or the cap) within the budget
//   {"type":"modePlay"} / {"type":"modePause"}   animated Run
//   {"type":"setModeSpeed", "stepsPerSecond":5}   its speed (0: as many as fit in a frame)
//   {"type":"modeReset"}
//   {"type":"modePreset", "name":"sine", "count":40, "noise":0.15, "seed":1}
//   {"type":"setModeParams", "mode":"perceptron" (optional: default the current mode), ...}
//     perceptron: form "primal"|"kernel", learningRate, bias (bool), rule "<=0"|"<0",
//                 order "fixed"|"shuffle", seed, maxEpochs, startBeta [b1, b2], startBias
//                 (a start point turns useStart on; "startBeta": null turns it off)
//     knn: K, query [x, y]     kmeans: k, seed, maxIterations     kpca: component (1-based)
//     kfd: form "lda"|"kfd", mu          svr: C, epsilon, eps
// The screens send the same actions (runModeAction), so the UI and window.kpg accept exactly the
// same values and change the state the same way. They are registered with window.kpg's one router
// (io/action_router.hpp) by addModeActions; add a name to kModeActions in mode_json.cpp to
// add one. A method's own setModeParams members and state().mode members are its row's
// (modes/method.hpp), in its folder's <method>_json.cpp.
// state().mode: the current mode's key numbers (modeStateJson), numbers by the one JSON policy
// (data/json_writer.hpp: ±∞ as "inf"/"-inf", NaN as null).

#include "io/action_router.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_state.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kpg::app {

void addModeActions(ActionRouter& router, ModesState& modes, LabState& lab);
// One mode action, by its "type", without the router (the screens' way to change the state).
ActionReply runModeAction(ModesState& modes, LabState& lab, const JsonValue& action);
JsonValue modeStateJson(ModesState& modes, const LabState& lab);
// A method's parameters as the setModeParams members that set them (MethodSpec::writeParams):
// what share links and exercises carry as "modeParams". Null for a method without any.
JsonValue modeParamsJson(const ModesState& modes, Mode mode);
// Checks `params` as setModeParams would read them for `mode`, on a scratch state (a link or an
// exercise is refused before anything is applied): the error with its path under `path`, or
// nothing.
std::optional<std::string> checkModeParams(Mode mode, const JsonValue& params,
                                           std::string_view path);
// Reads `params` (an object, as modeParamsJson writes it) into `mode`'s parameters, all or
// nothing: the error with its JSON path under `path` ("$.modeParams.map: …"), or nothing.
std::optional<std::string> applyModeParams(ModesState& modes, const LabState& lab, Mode mode,
                                           const JsonValue& params, std::string_view path);

}  // namespace kpg::app
