#pragma once
// How a reader reports a bad input (docs/bad-inputs.md, "Error" means: what is wrong, where,
// and what to do). The core has no exceptions (the browser build runs without them), so readers
// return a ReadResult holding either the value or a ReadError.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kpg {

struct ReadError {
  std::string source;      // the file name, or a label such as "<pasted text>"
  std::size_t line = 0;    // 1-based; 0 when the error concerns the whole input
  std::size_t column = 0;  // 1-based byte column in the line; 0 when not about one token
  std::string message;     // what is wrong
  std::string hint;        // what to do about it; may be empty

  // "source:line:column: message (hint)", the form compilers use, so editors can jump to it.
  std::string toString() const;
};

template <class T>
struct ReadResult {
  T value{};
  std::optional<ReadError> error;

  bool ok() const { return !error.has_value(); }
};

// Resource limits shared by the readers (docs/bad-inputs.md D11, D12, M3): input is refused with an error
// before anything proportional to a count read from the input is allocated.
struct ReadLimits {
  std::size_t maxLineBytes = std::size_t{16} << 20;  // one line; a 50 MB line is refused
  std::size_t maxLines = std::size_t{50'000'000};    // samples or SV rows
  long long maxFeatures = 1'000'000;                 // densified dimension
  std::size_t maxDenseBytes = std::size_t{2} << 30;  // rows × features × 8 bytes
};

}  // namespace kpg
