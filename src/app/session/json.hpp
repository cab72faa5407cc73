#pragma once
// A small JSON reader and writer for sessions and window.kpg actions (RFC 8259), written for
// hostile input (BAD_INPUTS W2, W3):
//   - no recursion: the parser keeps its own stack of open containers, and nesting deeper than
//     kMaxJsonDepth (64) is an error, so 100 000 '[' cannot overflow the 64 KiB WASM stack
//     (nlohmann/json#577, rapidjson#1027, cJSON#173 are the crashes this avoids);
//   - no exceptions (the browser build has them off): errors are values with a byte offset;
//   - duplicate keys in an object are an error (RFC 8259 §4 leaves them undefined; silently
//     keeping one would let a crafted session say two things);
//   - numbers follow the JSON grammar exactly and must be finite doubles: 1e400 (overflow) is
//     an error, and NaN/Infinity are not JSON;
//   - bounded: input ≤ kMaxJsonBytes, at most kMaxJsonValues values in all.
// Strings are UTF-8; \uXXXX escapes (with surrogate pairs) are decoded; invalid UTF-8 and
// control characters are errors.

#include "data/json_text.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kpg::app {

constexpr std::size_t kMaxJsonDepth = 64;
constexpr std::size_t kMaxJsonBytes = 4u << 20;  // 4 MiB
constexpr std::size_t kMaxJsonValues = 200000;

class JsonValue {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue null() { return JsonValue(); }
  static JsonValue boolean(bool value);
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

struct JsonError {
  std::size_t offset = 0;  // byte offset in the input
  std::string message;
};

struct JsonParse {
  std::optional<JsonValue> value;
  JsonError error;
  bool ok() const { return value.has_value(); }
};

JsonParse parseJson(std::string_view text);

// Compact JSON text. Numbers are written in their shortest exact form (kpg::formatDouble), so
// parse(write(x)) gives x back bit for bit; non-finite numbers are written as null (callers
// that mean ∞ write the string "inf" themselves).
std::string writeJson(const JsonValue& value);
// For hand-written output: the core's writers (data/json_text.hpp).
using kpg::jsonNumber;
using kpg::jsonQuote;

}  // namespace kpg::app
