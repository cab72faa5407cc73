#pragma once
// The JSON reader for sessions and window.kpg actions (RFC 8259), written for hostile input
// (docs/bad-inputs.md W2, W3):
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
#include "data/json_writer.hpp"

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

// The value tree and its writer are the core's (data/json_writer.hpp): one writer, one ∞ policy.
using kpg::JsonValue;
using kpg::writeJson;

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

// For error messages: the core's string and number leaves (data/json_text.hpp).
using kpg::jsonNumber;
using kpg::jsonQuote;

}  // namespace kpg::app
