#pragma once
// window.kpg.dispatch(action): the one router (architecture review change 6). The action's JSON
// text is parsed once; its "type" picks a handler from one table {name → handler} that spans
// the lab's actions (session/action_json.hpp), the canvas modes' (modes/mode_json.hpp) and the
// tutorials' (tutorials/tutorial_state.hpp). A handler checks every field first — an unknown
// field, a wrong type or a value out of range is refused with its JSON path ("$.n: must be
// between 1 and 10000000, got 0") — and changes nothing when it refuses (docs/bad-inputs.md W3).
// Malformed JSON and an unknown or missing "type" are refused here, before any handler runs.
//
// To add an action: router.add("name", handler) in the table of its owner (addLabActions,
// addModeActions, addTutorialActions). A name can be registered once.

#include "io/json.hpp"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

struct ActionReply {
  std::string error;                      // empty: the action was applied
  JsonValue extra = JsonValue::object();  // members added to {"ok":true}, e.g. "done":false
  bool ok() const { return error.empty(); }
  static ActionReply failed(std::string error);
  // {"ok":true,"done":<done>}: for actions that may continue over several frames.
  static ActionReply done(bool finished);
};

// Receives the parsed action object (its "type" already matched).
using ActionHandler = std::function<ActionReply(const JsonValue& action)>;

class ActionRouter {
 public:
  // false (and the first handler kept) when `type` is already registered.
  bool add(std::string type, ActionHandler handler);
  bool has(std::string_view type) const;
  std::vector<std::string> types() const;  // sorted

  // Runs before every handler, once "type" has matched; a non-empty error refuses the action
  // (the course page's locks, session/page_settings.hpp lockedActionError).
  void setGuard(std::function<std::string(const JsonValue& action)> guard) {
    guard_ = std::move(guard);
  }

  // Runs after every handler, whatever it answered: what follows from any change of the state
  // (the tutorial's canvas following its page, tutorials/tutorial_state.hpp followTutorialPage).
  void setAfter(std::function<void()> after) { after_ = std::move(after); }

  ActionReply dispatch(const JsonValue& action) const;
  ActionReply dispatch(std::string_view json) const;
  // {"ok":true, ...extra} or {"ok":false,"error":"$.path: what is wrong"}.
  std::string dispatchJson(std::string_view json) const;

 private:
  std::map<std::string, ActionHandler, std::less<>> handlers_;
  std::function<std::string(const JsonValue& action)> guard_;
  std::function<void()> after_;
};

JsonValue replyJson(const ActionReply& reply);

}  // namespace kpg::app
