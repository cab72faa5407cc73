#include "kernels/string_kernel.hpp"
#include "kernels/mercer.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace kpg;
using Catch::Matchers::WithinRel;

namespace {
double k(const StringKernelParams& p, std::string_view s, std::string_view t) {
  const StringKernelValue v = stringKernel(p, s, t);
  REQUIRE_FALSE(v.error.has_value());
  return v.value;
}
}  // namespace

TEST_CASE("String kernel: spectrum and all-substring counts by hand", "[kernels]") {
  // "abab": ab×2, ba×1, a×2, b×2. "bab": ba×1, ab×1, a×1, b×2.
  StringKernelParams spectrum;
  spectrum.p = 2;
  CHECK(k(spectrum, "abab", "bab") == 3.0);  // ab: 2·1 + ba: 1·1
  CHECK(k(spectrum, "abab", "abab") == 5.0);
  CHECK(k(spectrum, "bab", "bab") == 2.0);
  StringKernelParams upTo;
  upTo.substrings = StringKernelParams::Substrings::UpTo;
  upTo.p = 2;
  CHECK(k(upTo, "abab", "bab") == 9.0);  // length 1: a 2·1 + b 2·2 = 6; length 2: 3
  upTo.decay = 0.5;
  CHECK(k(upTo, "abab", "bab") == 3.75);  // 6·0.5 + 3·0.25
  spectrum.normalized = true;
  CHECK_THAT(k(spectrum, "abab", "bab"), WithinRel(3.0 / std::sqrt(10.0), 1e-15));
  CHECK(k(spectrum, "abab", "abab") == 1.0);
}

TEST_CASE("String kernel: the normalized form is defined for empty and too-short strings (G14)",
          "[kernels][bad-input]") {
  StringKernelParams p;
  p.p = 2;
  p.normalized = true;
  CHECK(k(p, "", "") == 1.0);
  CHECK(k(p, "", "abc") == 0.0);
  CHECK(k(p, "a", "a") == 1.0);  // shorter than p: its own unit feature
  CHECK(k(p, "a", "b") == 0.0);
  p.normalized = false;
  CHECK(k(p, "", "") == 0.0);
}

TEST_CASE("String kernel: strings are bytes, not code points (G14)", "[kernels][bad-input]") {
  StringKernelParams p;
  p.p = 1;
  // "é" = C3 A9 and "è" = C3 A8 in UTF-8: two symbols each, sharing the byte C3.
  CHECK(k(p, "\xC3\xA9", "\xC3\xA9") == 2.0);
  CHECK(k(p, "\xC3\xA9", "\xC3\xA8") == 1.0);
  CHECK(k(p, std::string_view("a\0b", 3), std::string_view("\0", 1)) == 1.0);
}

TEST_CASE("String kernel: a length cap refuses huge strings, bad parameters by name (G14)",
          "[kernels][bad-input]") {
  StringKernelParams p;
  const std::string big(std::size_t{1} << 20, 'x');  // 1 MB
  const StringKernelValue v = stringKernel(p, big, "xx");
  REQUIRE(v.error.has_value());
  CHECK(v.error->parameter == "string");
  p.p = 0;
  CHECK(stringKernel(p, "a", "a").error->parameter == "p");
  p.p = 2;
  p.substrings = StringKernelParams::Substrings::UpTo;
  p.decay = -1;
  CHECK(stringKernel(p, "a", "a").error->parameter == "decay");
}

TEST_CASE("String kernel: its Gram matrix is PSD", "[kernels]") {
  const std::vector<std::string> words = {"kernel", "kennel", "colonel",      "",
                                          "nel",    "lenk",   "kernelkernel", "a"};
  for (bool normalized : {false, true}) {
    StringKernelParams p;
    p.substrings = StringKernelParams::Substrings::UpTo;
    p.p = 3;
    p.normalized = normalized;
    const StringGram g = stringGramMatrix(p, words);
    REQUIRE_FALSE(g.error.has_value());
    CHECK(mercerCheck(g.gram).positiveSemidefinite);
  }
}
