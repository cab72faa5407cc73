#pragma once
// The one JSON writer of the project: a value tree (JsonValue) and helpers that build it, written
// as compact text by writeJson. The app's session, window.kpg.state(), the canvas modes and the
// tutorials build their output with it, and so does `kpg trace` through smoStepJson
// (data/smo_step_json.hpp), so every number and string is written the same way.
//
// Numbers (jsonNumber, data/json_text.hpp): the shortest decimal that reads back to the same
// double (formatExact), and ONE policy for the values JSON cannot write:
//   +∞ → the string "inf", −∞ → the string "-inf"   (the session's choice for C = ∞, the hard
//                                                     margin, which its reader accepts)
//   NaN → null                                       (no value: "not a number" is not data)
// The reading side is the app's strict parser (src/app/io/json.hpp), written for hostile
// input; this header only writes.

#include "kernels/kernel.hpp"  // Vector

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kpg {

class JsonValue {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue null() { return JsonValue(); }
  static JsonValue boolean(bool value);
  // Any double; non-finite values are written by the policy above.
  static JsonValue number(double value);
  static JsonValue string(std::string value);
  static JsonValue array();
  static JsonValue object();

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  const std::string& asString() const { return string_; }
  const std::vector<JsonValue>& items() const { return items_; }
  const std::vector<Member>& members() const { return members_; }
  std::vector<JsonValue>& items() { return items_; }
  std::vector<Member>& members() { return members_; }

  // Object member by key (nullptr when absent or not an object).
  const JsonValue* find(std::string_view key) const;

 private:
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<JsonValue> items_;
  std::vector<Member> members_;
};

// Compact JSON text (no spaces, members in insertion order). Nesting is bounded by the values'
// builders: our own code or the app's parser (≤ 64 levels).
std::string writeJson(const JsonValue& value);

// Builders, so that writers read as a list of fields.
namespace json {

inline JsonValue num(double value) {
  return JsonValue::number(value);
}
inline JsonValue integer(std::int64_t value) {
  return JsonValue::number(static_cast<double>(value));
}
inline JsonValue boolean(bool value) {
  return JsonValue::boolean(value);
}
inline JsonValue str(std::string_view text) {
  return JsonValue::string(std::string(text));
}
// Appends "key": value to an object (keys are the writer's own, so not checked for duplicates).
inline void put(JsonValue& object, std::string key, JsonValue value) {
  object.members().emplace_back(std::move(key), std::move(value));
}
JsonValue vec(const Vector& values);
template <class T>
JsonValue list(const std::vector<T>& values) {
  JsonValue a = JsonValue::array();
  a.items().reserve(values.size());
  for (const T& x : values) a.items().push_back(JsonValue::number(static_cast<double>(x)));
  return a;
}

}  // namespace json
}  // namespace kpg
