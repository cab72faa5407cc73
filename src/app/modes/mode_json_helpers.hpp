#pragma once
// What the methods' JSON files (modes/<method>/<method>_json.cpp) share: the one JSON writer and
// ∞ policy (data/json_writer.hpp: ±∞ as "inf"/"-inf", NaN as null) and a reader of
// setModeParams' members over SchemaReader, whose errors carry the member's JSON path.

#include "io/json.hpp"
#include "io/schema.hpp"
#include "modes/mode_state.hpp"

#include <optional>
#include <string>
#include <type_traits>

namespace kpg::app {

using json::integer;
using json::list;
using json::num;
using json::put;
using json::str;
using json::vec;

struct ParamsReader {
  const JsonValue& action;
  SchemaReader& reader;

  // A parameter of the table (params/parameter_table.hpp): its JSON key and range are its row's.
  template <class T>
  void parameter(ParamId id, T& out) {
    const char* key = app::parameter(id).key;
    if (const JsonValue* x = action.find(key)) {
      if (auto n = reader.parameter(*x, std::string("$.") + key, id)) out = static_cast<T>(*n);
    }
  }
  template <class T>
  void integerField(const char* key, long long lo, long long hi, T& out) {
    if (const JsonValue* x = action.find(key)) {
      if (auto n = reader.integer(*x, std::string("$.") + key, lo, hi)) out = static_cast<T>(*n);
    }
  }
  std::optional<std::string> text(const char* key) {
    if (const JsonValue* x = action.find(key))
      return reader.string(*x, std::string("$.") + key, 32);
    return std::nullopt;
  }
};

}  // namespace kpg::app
