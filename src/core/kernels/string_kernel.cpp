#include "kernels/string_kernel.hpp"

#include <cmath>
#include <unordered_map>

namespace kpg {

std::optional<ParameterError> validate(const StringKernelParams& params) {
  if (params.p < 1 || params.p > 64)
    return ParameterError{"p", "the substring length p must be between 1 and 64"};
  if (!(params.decay > 0) || !std::isfinite(params.decay))
    return ParameterError{"decay", "the decay weight must be finite and > 0"};
  if (params.maxBytes == 0) return ParameterError{"max_bytes", "the length cap must be > 0"};
  return std::nullopt;
}

namespace {

std::optional<ParameterError> checkLength(const StringKernelParams& params, std::string_view s) {
  if (s.size() <= params.maxBytes) return std::nullopt;
  return ParameterError{"string", "a string of " + std::to_string(s.size()) +
                                      " bytes exceeds the cap of " +
                                      std::to_string(params.maxBytes) + " bytes"};
}

// Σ_u w_u φ_u(s) φ_u(t), unnormalized.
double rawKernel(const StringKernelParams& params, std::string_view s, std::string_view t) {
  const std::size_t p = static_cast<std::size_t>(params.p);
  const std::size_t first = params.substrings == StringKernelParams::Substrings::Spectrum ? p : 1;
  double total = 0;
  std::unordered_map<std::string_view, double> counts;
  for (std::size_t len = first; len <= p; ++len) {
    if (len > s.size() || len > t.size()) break;
    counts.clear();
    for (std::size_t i = 0; i + len <= s.size(); ++i) counts[s.substr(i, len)] += 1.0;
    double shared = 0;
    for (std::size_t i = 0; i + len <= t.size(); ++i) {
      const auto it = counts.find(t.substr(i, len));
      if (it != counts.end()) shared += it->second;
    }
    const double w = params.substrings == StringKernelParams::Substrings::Spectrum
                         ? 1.0
                         : std::pow(params.decay, static_cast<double>(len));
    total += w * shared;
  }
  return total;
}

}  // namespace

StringKernelValue stringKernel(const StringKernelParams& params, std::string_view s,
                               std::string_view t) {
  StringKernelValue out;
  if ((out.error = validate(params))) return out;
  if ((out.error = checkLength(params, s))) return out;
  if ((out.error = checkLength(params, t))) return out;
  const double k = rawKernel(params, s, t);
  if (!params.normalized) {
    out.value = k;
    return out;
  }
  const double ks = rawKernel(params, s, s);
  const double kt = rawKernel(params, t, t);
  if (ks == 0 || kt == 0) {
    out.value = s == t ? 1.0 : 0.0;  // the zero-norm convention of the header
    return out;
  }
  out.value = k / std::sqrt(ks * kt);
  return out;
}

StringGram stringGramMatrix(const StringKernelParams& params,
                            const std::vector<std::string>& strings) {
  StringGram out;
  const Index n = static_cast<Index>(strings.size());
  out.gram.resize(n, n);
  for (Index j = 0; j < n; ++j) {
    for (Index i = 0; i <= j; ++i) {
      const StringKernelValue v = stringKernel(params, strings[static_cast<std::size_t>(i)],
                                               strings[static_cast<std::size_t>(j)]);
      if (v.error) {
        out.error = v.error;
        out.gram.resize(0, 0);
        return out;
      }
      out.gram(i, j) = out.gram(j, i) = v.value;
    }
  }
  return out;
}

}  // namespace kpg
