#pragma once
// Shared by the libFuzzer harnesses (tests/fuzz/README in the repository's README, "Fuzzing"):
// a violated property prints what failed and aborts, which libFuzzer reports as a crash and saves
// the input as crash-<sha1> (the reproducer).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace kpg::fuzz {

[[noreturn]] inline void propertyViolated(const char* file, int line, const char* condition,
                                          const std::string& detail) {
  std::fprintf(stderr, "%s:%d: property violated: %s\n%s\n", file, line, condition, detail.c_str());
  std::abort();
}

// The fuzzer's bytes as text.
inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace kpg::fuzz

// KPG_FUZZ_CHECK(condition, detail): detail is any expression convertible to std::string,
// evaluated only on failure.
#define KPG_FUZZ_CHECK(condition, detail)                                                 \
  do {                                                                                    \
    if (!(condition))                                                                     \
      ::kpg::fuzz::propertyViolated(__FILE__, __LINE__, #condition, std::string(detail)); \
  } while (false)
