#include "data/json_writer.hpp"

#include "data/json_text.hpp"

namespace kpg {
namespace {

void writeTo(std::string& out, const JsonValue& value) {
  switch (value.kind()) {
    case JsonValue::Kind::Null:
      out += "null";
      return;
    case JsonValue::Kind::Bool:
      out += value.asBool() ? "true" : "false";
      return;
    case JsonValue::Kind::Number:
      out += jsonNumber(value.asNumber());
      return;
    case JsonValue::Kind::String:
      out += jsonQuote(value.asString());
      return;
    case JsonValue::Kind::Array: {
      out += '[';
      bool first = true;
      for (const JsonValue& item : value.items()) {
        if (!first) out += ',';
        first = false;
        writeTo(out, item);
      }
      out += ']';
      return;
    }
    case JsonValue::Kind::Object: {
      out += '{';
      bool first = true;
      for (const auto& [key, item] : value.members()) {
        if (!first) out += ',';
        first = false;
        out += jsonQuote(key);
        out += ':';
        writeTo(out, item);
      }
      out += '}';
      return;
    }
  }
}

}  // namespace

JsonValue JsonValue::boolean(bool value) {
  JsonValue v;
  v.kind_ = Kind::Bool;
  v.bool_ = value;
  return v;
}
JsonValue JsonValue::number(double value) {
  JsonValue v;
  v.kind_ = Kind::Number;
  v.number_ = value;
  return v;
}
JsonValue JsonValue::string(std::string value) {
  JsonValue v;
  v.kind_ = Kind::String;
  v.string_ = std::move(value);
  return v;
}
JsonValue JsonValue::array() {
  JsonValue v;
  v.kind_ = Kind::Array;
  return v;
}
JsonValue JsonValue::object() {
  JsonValue v;
  v.kind_ = Kind::Object;
  return v;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  if (kind_ != Kind::Object) return nullptr;
  for (const auto& member : members_) {
    if (member.first == key) return &member.second;
  }
  return nullptr;
}

std::string writeJson(const JsonValue& value) {
  std::string out;
  writeTo(out, value);
  return out;
}

namespace json {

JsonValue vec(const Vector& values) {
  JsonValue a = JsonValue::array();
  a.items().reserve(static_cast<std::size_t>(values.size()));
  for (Index i = 0; i < values.size(); ++i) a.items().push_back(JsonValue::number(values(i)));
  return a;
}

}  // namespace json
}  // namespace kpg
