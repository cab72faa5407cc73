#include "io/action_router.hpp"

namespace kpg::app {

ActionReply ActionReply::failed(std::string error) {
  ActionReply reply;
  reply.error = std::move(error);
  return reply;
}

ActionReply ActionReply::done(bool finished) {
  ActionReply reply;
  json::put(reply.extra, "done", json::boolean(finished));
  return reply;
}

bool ActionRouter::add(std::string type, ActionHandler handler) {
  return handlers_.emplace(std::move(type), std::move(handler)).second;
}

bool ActionRouter::has(std::string_view type) const {
  return handlers_.find(type) != handlers_.end();
}

std::vector<std::string> ActionRouter::types() const {
  std::vector<std::string> names;
  names.reserve(handlers_.size());
  for (const auto& entry : handlers_) names.push_back(entry.first);
  return names;
}

ActionReply ActionRouter::dispatch(const JsonValue& action) const {
  if (!action.isObject())
    return ActionReply::failed("$: an action must be an object with a \"type\"");
  const JsonValue* type = action.find("type");
  if (!type) return ActionReply::failed("$.type: missing (the action's name, e.g. \"step\")");
  if (!type->isString()) return ActionReply::failed("$.type: expected a string");
  const auto handler = handlers_.find(type->asString());
  if (handler == handlers_.end()) {
    // The name is user text: quoted as JSON so that it is shown literally (W4).
    return ActionReply::failed("$.type: unknown action " +
                               jsonQuote(type->asString().substr(0, 64)));
  }
  if (guard_) {
    std::string refused = guard_(action);
    if (!refused.empty()) return ActionReply::failed(std::move(refused));
  }
  ActionReply reply = handler->second(action);
  if (after_) after_();
  return reply;
}

ActionReply ActionRouter::dispatch(std::string_view json) const {
  const JsonParse parsed = parseJson(json);
  if (!parsed.ok()) {
    return ActionReply::failed("$: not valid JSON at byte " + std::to_string(parsed.error.offset) +
                               ": " + parsed.error.message);
  }
  return dispatch(*parsed.value);
}

std::string ActionRouter::dispatchJson(std::string_view json) const {
  return writeJson(replyJson(dispatch(json)));
}

JsonValue replyJson(const ActionReply& reply) {
  JsonValue o = JsonValue::object();
  json::put(o, "ok", json::boolean(reply.ok()));
  if (!reply.ok()) {
    json::put(o, "error", json::str(reply.error));
    return o;
  }
  for (const auto& member : reply.extra.members()) o.members().push_back(member);
  return o;
}

}  // namespace kpg::app
