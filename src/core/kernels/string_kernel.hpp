#pragma once
// String kernels (course-notes 000 "Notable kernels", String Kernel):
//   k(s, t) = Σ_u w_u φ_u(s) φ_u(t),   φ_u(s) = number of occurrences of substring u in s.
// Two substring sets:
//   Spectrum  u of length exactly p (the p-spectrum kernel, Leslie et al. 2002), w_u = 1
//   UpTo      u of every length 1..p, w_u = decay^|u| (decay = 1: plain shared-substring count)
// k is an inner product of count vectors, so it is PSD for any strings.
//
// Strings are BYTE strings: a UTF-8 "é" is two bytes and counts as two symbols (and a substring
// may cut a code point in half). This is a documented choice (docs/bad-inputs.md G14), the same as
// treating the text as its encoded bytes; no decoding is done and any bytes are accepted.
//
// Normalized form k̃(s, t) = k(s, t) / √(k(s, s) k(t, t)). A string with no substring of the
// counted lengths (the empty string, or one shorter than p for Spectrum) has a zero count vector;
// we give each such string its own unit feature instead: k̃(s, t) = 1 if s == t, else 0. So two
// empty strings give 1, an empty and a non-empty one 0, and k̃(s, s) = 1 always (still PSD).
//
// Cost: O((|s| + |t|)·p) hash-map operations on string views (no copies). A length cap (default
// 64 KiB per string) refuses huge inputs with an error instead of running for minutes (G14).

#include "kernels/kernel.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

struct StringKernelParams {
  enum class Substrings { Spectrum, UpTo };
  Substrings substrings = Substrings::Spectrum;
  int p = 2;           // substring length (Spectrum) or maximal length (UpTo); 1..64
  double decay = 1.0;  // UpTo: w_u = decay^|u|, > 0
  bool normalized = false;
  std::size_t maxBytes = std::size_t{1} << 16;  // per string
};

std::optional<ParameterError> validate(const StringKernelParams& params);

struct StringKernelValue {
  double value = 0;
  std::optional<ParameterError> error;  // bad params, or a string over maxBytes
};

StringKernelValue stringKernel(const StringKernelParams& params, std::string_view s,
                               std::string_view t);

struct StringGram {
  Matrix gram;
  std::optional<ParameterError> error;
};
StringGram stringGramMatrix(const StringKernelParams& params,
                            const std::vector<std::string>& strings);

}  // namespace kpg
