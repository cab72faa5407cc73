#include "io/schema.hpp"

#include <cmath>
#include <limits>

namespace kpg::app {

bool SchemaReader::fail(const std::string& path, const std::string& message) {
  if (error_.empty()) error_ = path + ": " + message;
  return false;
}

bool SchemaReader::failWithin(const std::string& path, const SchemaReader& inner) {
  const std::string& e = inner.error();
  if (error_.empty()) error_ = e.rfind('$', 0) == 0 ? path + e.substr(1) : path + ": " + e;
  return false;
}

bool SchemaReader::object(const JsonValue& v, const std::string& path,
                          std::initializer_list<std::string_view> allowed) {
  if (!ok()) return false;
  if (!v.isObject()) return fail(path, "expected an object");
  for (const auto& member : v.members()) {
    bool known = false;
    for (std::string_view key : allowed) known = known || key == member.first;
    if (!known) {
      // The key is user text: quoted as JSON so that it is shown literally (W4).
      return fail(path, "unknown key " + jsonQuote(member.first.substr(0, 64)));
    }
  }
  return true;
}

bool SchemaReader::array(const JsonValue& v, const std::string& path, std::size_t minSize,
                         std::size_t maxSize) {
  if (!ok()) return false;
  if (!v.isArray()) return fail(path, "expected an array");
  const std::size_t n = v.items().size();
  if (n < minSize || n > maxSize) {
    if (minSize == maxSize) {
      return fail(path,
                  "expected " + std::to_string(minSize) + " elements, got " + std::to_string(n));
    }
    return fail(path, "expected at most " + std::to_string(maxSize) + " elements, got " +
                          std::to_string(n));
  }
  return true;
}

const JsonValue* SchemaReader::required(const JsonValue& object, const std::string& path,
                                        std::string_view key) {
  if (!ok()) return nullptr;
  const JsonValue* v = object.find(key);
  if (!v) fail(path + "." + std::string(key), "missing");
  return v;
}

std::optional<double> SchemaReader::number(const JsonValue& v, const std::string& path, double min,
                                           double max) {
  if (!ok()) return std::nullopt;
  if (!v.isNumber()) {
    fail(path, "expected a number");
    return std::nullopt;
  }
  const double x = v.asNumber();
  if (!(x >= min && x <= max)) {
    fail(path, "must be between " + jsonNumber(min) + " and " + jsonNumber(max) + ", got " +
                   jsonNumber(x));
    return std::nullopt;
  }
  return x;
}

std::optional<std::int64_t> SchemaReader::integer(const JsonValue& v, const std::string& path,
                                                  std::int64_t min, std::int64_t max) {
  const auto x = number(v, path, static_cast<double>(min), static_cast<double>(max));
  if (!x) return std::nullopt;
  if (std::floor(*x) != *x) {
    fail(path, "expected a whole number");
    return std::nullopt;
  }
  return static_cast<std::int64_t>(*x);
}

std::optional<double> SchemaReader::parameter(const JsonValue& v, const std::string& path,
                                              ParamId id) {
  const ParameterSpec& p = app::parameter(id);
  if (!p.integer) return number(v, path, p.min, p.max);
  const auto x =
      integer(v, path, static_cast<std::int64_t>(p.min), static_cast<std::int64_t>(p.max));
  if (!x) return std::nullopt;
  return static_cast<double>(*x);
}

std::optional<std::string> SchemaReader::string(const JsonValue& v, const std::string& path,
                                                std::size_t maxLength) {
  if (!ok()) return std::nullopt;
  if (!v.isString()) {
    fail(path, "expected a string");
    return std::nullopt;
  }
  if (v.asString().size() > maxLength) {
    fail(path, "longer than " + std::to_string(maxLength) + " bytes");
    return std::nullopt;
  }
  return v.asString();
}

std::optional<double> SchemaReader::cValue(const JsonValue& v, const std::string& path) {
  if (!ok()) return std::nullopt;
  if (v.isString()) {
    if (v.asString() == "inf" || v.asString() == "Infinity") {
      return std::numeric_limits<double>::infinity();
    }
    fail(path, "expected a number or \"inf\" (hard margin)");
    return std::nullopt;
  }
  if (!v.isNumber()) {
    fail(path, "expected a number or \"inf\" (hard margin)");
    return std::nullopt;
  }
  return v.asNumber();
}

std::optional<KernelParams> SchemaReader::kernelFields(const JsonValue& v, const std::string& path,
                                                       std::string_view typeKey) {
  if (!ok()) return std::nullopt;
  const JsonValue* type = required(v, path, typeKey);
  if (!type) return std::nullopt;
  const std::string typePath = path + "." + std::string(typeKey);
  const auto name = string(*type, typePath, 32);
  if (!name) return std::nullopt;
  const auto kind = kernelTypeFromName(*name);
  if (!kind) {
    fail(typePath, "unknown kernel " + jsonQuote(*name) + " (linear, polynomial, rbf, sigmoid)");
    return std::nullopt;
  }
  KernelParams k;
  k.type = *kind;
  if (const JsonValue* g = v.find("gamma")) {
    if (auto x = parameter(*g, path + ".gamma", ParamId::Gamma)) k.gamma = *x;
  }
  if (const JsonValue* c = v.find("coef0")) {
    if (auto x = parameter(*c, path + ".coef0", ParamId::Coef0)) k.coef0 = *x;
  }
  if (const JsonValue* d = v.find("degree")) {
    if (auto x = parameter(*d, path + ".degree", ParamId::Degree)) k.degree = static_cast<int>(*x);
  }
  if (!ok()) return std::nullopt;
  if (auto error = validate(k)) {
    fail(path + "." + error->parameter, error->message);
    return std::nullopt;
  }
  return k;
}

std::optional<KernelParams> SchemaReader::kernel(const JsonValue& v, const std::string& path) {
  if (!object(v, path, {"type", "gamma", "coef0", "degree"})) return std::nullopt;
  return kernelFields(v, path, "type");
}

}  // namespace kpg::app
