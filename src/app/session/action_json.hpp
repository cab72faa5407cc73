#pragma once
// window.kpg.dispatch(action): a JSON object → one LabAction (lab_state.hpp). The same actions
// the UI applies. Each is an object with "type" and the fields below (others are errors, W3):
//
//   {"type":"preset", "name":"hand-solved"}        hand-solved perceptron xor moons circles
//                                                 blobs separable
//   {"type":"generate", "name":"moons", "count":200, "noise":0.1, "seed":7}
//   {"type":"setKernel", "kernel":"rbf", "gamma":0.5, "coef0":0, "degree":3}
//   {"type":"setC", "C":10}  or  {"type":"setC", "C":"inf"}   (hard margin)
//   {"type":"setEps", "eps":1e-4}
//   {"type":"setRule", "rule":"first-order"|"second-order"}
//   {"type":"setBias", "rule":"libsvm"|"average"}
//   {"type":"setMaxSteps", "maxSteps":5000}
//   {"type":"step", "n":3}   {"type":"stepBack", "n":3}   (n defaults to 1)
//   {"type":"seek", "step":12}
//   {"type":"run"}  {"type":"pause"}  {"type":"setSpeed", "stepsPerSecond":20}  (0 = max)
//   {"type":"runToConvergence", "budgetMs":250}  (synchronous up to budgetMs, then time-sliced)
//   {"type":"cancelReplay"}   stops a step / seek / session replay under way where it is
//   (step, stepBack, seek and loadSession replay time-sliced: lab_state.hpp Replay; their reply
//   carries "done": false while the replay goes on)
//   {"type":"reset"}
//   {"type":"addPoint", "x":1, "y":2, "label":1}
//   {"type":"movePoint", "index":0, "x":1, "y":2}
//   {"type":"deletePoint", "index":0}
//   {"type":"setLabel", "index":0, "label":-1}
//   {"type":"clearPoints"}  {"type":"undo"}  {"type":"redo"}
//   {"type":"setView", "xMin":-1, "xMax":4, "yMin":-1, "yMax":4}
//   {"type":"dismissNotice", "id":3}   (id omitted: all)
//   {"type":"setLive", "on":true}   Live mode (lab_state.hpp LiveState): edits warm-start and
//                                   re-converge; false: edits reset to step 0
//   {"type":"loadSession", "session":{...}}  or  {"type":"loadSession", "json":"{...}"}

#include "io/json.hpp"
#include "lab/lab_state.hpp"

#include <string>
#include <string_view>

namespace kpg::app {

struct ActionParse {
  std::optional<LabAction> action;
  std::string error;
  bool ok() const { return action.has_value(); }
};

ActionParse parseAction(std::string_view json);
ActionParse parseAction(const JsonValue& value);

class ActionRouter;
// Registers the lab's actions (the names above) with window.kpg's router (action_router.hpp):
// each parses its fields, then apply(lab, action). runToConvergence, step, stepBack, seek and
// loadSession reply {"ok":true,"done":false} when they go on over the next frames.
void addLabActions(ActionRouter& router, LabState& lab);

// A router holding only the lab's actions: {"ok":true,...} or {"ok":false,"error":"..."}.
std::string dispatchJson(LabState& lab, std::string_view json);

}  // namespace kpg::app
