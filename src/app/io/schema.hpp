#pragma once
// Schema checks over a parsed JsonValue, shared by sessions and window.kpg actions. The first
// error is kept, with the JSON path of the offending value ("$.points[3][2]: ..."); after an
// error every check fails, so callers may chain checks and test ok() once.

#include "io/json.hpp"
#include "kernels/kernel.hpp"
#include "params/parameter_table.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace kpg::app {

class SchemaReader {
 public:
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool fail(const std::string& path, const std::string& message);
  // Takes the error of `inner`, a reader of the object at `path`, with its path ("$.map")
  // rebased there ("$.modeParams.map").
  bool failWithin(const std::string& path, const SchemaReader& inner);

  // An object whose keys are all in `allowed` (an unknown key is an error: docs/bad-inputs.md W3).
  bool object(const JsonValue& v, const std::string& path,
              std::initializer_list<std::string_view> allowed);
  bool array(const JsonValue& v, const std::string& path, std::size_t minSize, std::size_t maxSize);
  const JsonValue* required(const JsonValue& object, const std::string& path, std::string_view key);
  std::optional<double> number(const JsonValue& v, const std::string& path, double min, double max);
  std::optional<std::int64_t> integer(const JsonValue& v, const std::string& path, std::int64_t min,
                                      std::int64_t max);
  std::optional<std::string> string(const JsonValue& v, const std::string& path,
                                    std::size_t maxLength);
  // A parameter of the table (params/parameter_table.hpp) within its row's [min, max]: a number,
  // whole where the row says so (C, which may be "inf", is read by cValue).
  std::optional<double> parameter(const JsonValue& v, const std::string& path, ParamId id);
  // C: a number (range-checked later by validateParams) or the string "inf".
  std::optional<double> cValue(const JsonValue& v, const std::string& path);
  // {"type": ..., "gamma": ..., "coef0": ..., "degree": ...}; omitted parameters keep the
  // KernelParams defaults of the type's factory (gamma 1, coef0 0, degree 3).
  std::optional<KernelParams> kernel(const JsonValue& v, const std::string& path);
  // The same fields at the top level of an action ({"type":"setKernel","kernel":"rbf",...}).
  std::optional<KernelParams> kernelFields(const JsonValue& v, const std::string& path,
                                           std::string_view typeKey);

 private:
  std::string error_;
};

}  // namespace kpg::app
