// libFuzzer harness: LIBSVM data files (src/core/data/libsvm_format).
// Input: byte 0 chooses the reader options (bit 0 zero-based indices, bit 1 skip blank lines), the
// rest is the file. Properties beyond "no crash, no sanitizer report, no timeout":
//  - "no samples" never succeeds: an accepted file has ≥ 1 sample, ≥ 1 feature, one label per row;
//  - every label and value read is finite (D4);
//  - write → read → write is byte-identical, and the values read back are the values written
//    (writeLibsvm omits zeros, so trailing all-zero columns may vanish: they must have been 0);
//  - read zero-based, as kpg train -t 4 reads a precomputed kernel's rows: either every row's 0:i
//    is a serial number in range and the Gram matrix x(a, serial(b)) is finite and square, or
//    validatePrecomputedRows says which sample is wrong (svm_train.hpp, dual_problem.hpp).
// The dense budget is lowered to 8 MiB: the budget check is what refuses larger files either way,
// and a 700-byte input with index 435113 densified to 56 MB took 2 s of ASan time (a "timeout" of
// the 10-minute run on a loaded machine), not a finding. It also keeps ASan's shadow memory well
// within libFuzzer's RSS limit.

#include "fuzz_check.hpp"

#include "data/libsvm_format.hpp"
#include "data/number_text.hpp"
#include "svm/dual_problem.hpp"

#include <algorithm>
#include <cmath>

using namespace kpg;

namespace {

ReadLimits fuzzLimits() {
  ReadLimits limits;
  limits.maxDenseBytes = std::size_t{8} << 20;
  return limits;
}

std::string describe(const Dataset& data) {
  return std::to_string(data.size()) + " samples × " + std::to_string(data.dimension()) +
         " features";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  LibsvmReadOptions options;
  options.zeroBased = (data[0] & 1) != 0;
  options.skipBlankLines = (data[0] & 2) != 0;
  options.limits = fuzzLimits();
  const std::string_view text = fuzz::asText(data + 1, size - 1);

  const ReadResult<Dataset> read = readLibsvm(text, "fuzz", options);
  if (!read.ok()) {
    KPG_FUZZ_CHECK(!read.error->message.empty(), "an error without a message");
    return 0;
  }
  const Dataset& first = read.value;
  KPG_FUZZ_CHECK(first.size() > 0, "accepted a file with no samples");
  KPG_FUZZ_CHECK(first.dimension() > 0, "accepted a file with no features");
  KPG_FUZZ_CHECK(first.y.size() == first.size(), describe(first));
  KPG_FUZZ_CHECK(first.x.allFinite(), "a non-finite feature value was accepted");
  KPG_FUZZ_CHECK(first.y.allFinite(), "a non-finite label was accepted");

  // Round trip through the writer (always one-based, default options).
  const std::string written = writeLibsvm(first);
  LibsvmReadOptions plain;
  plain.limits = fuzzLimits();
  const ReadResult<Dataset> again = readLibsvm(written, "fuzz-rewritten", plain);
  KPG_FUZZ_CHECK(again.ok(), "writeLibsvm wrote a file readLibsvm refuses (F8): " +
                                 (again.ok() ? std::string() : again.error->toString()) +
                                 "\n--- written:\n" + written.substr(0, 400));
  const Dataset& second = again.value;
  KPG_FUZZ_CHECK(second.size() == first.size(), describe(first) + " became " + describe(second));
  KPG_FUZZ_CHECK(second.dimension() <= first.dimension(),
                 describe(first) + " became " + describe(second));
  // Labels compare by bits (exact round trip of -0 included).
  for (Eigen::Index i = 0; i < first.size(); ++i) {
    KPG_FUZZ_CHECK(formatExact(first.y(i)) == formatExact(second.y(i)),
                   "label of row " + std::to_string(i) + ": " + formatExact(first.y(i)) + " → " +
                       formatExact(second.y(i)));
    for (Eigen::Index j = 0; j < first.dimension(); ++j) {
      const double back = j < second.dimension() ? second.x(i, j) : 0.0;
      KPG_FUZZ_CHECK(first.x(i, j) == back, "x(" + std::to_string(i) + ", " + std::to_string(j) +
                                                "): " + formatExact(first.x(i, j)) + " → " +
                                                formatExact(back));
    }
  }
  if (options.zeroBased) {
    const std::optional<ParameterError> bad = validatePrecomputedRows(first.x);
    if (bad) {
      KPG_FUZZ_CHECK(bad->parameter == "data" && bad->message.find("sample ") != std::string::npos,
                     "a precomputed refusal that names no sample: " + bad->message);
    } else {
      const Matrix gram = precomputedGram(first.x);
      KPG_FUZZ_CHECK(gram.rows() == first.size() && gram.cols() == first.size(),
                     "the Gram matrix is not samples × samples");
      KPG_FUZZ_CHECK(gram.allFinite(), "a non-finite Gram entry from accepted rows");
    }
  }
  const std::string rewritten = writeLibsvm(second);
  KPG_FUZZ_CHECK(rewritten == written, "write → read → write differs:\n" + written.substr(0, 400) +
                                           "\n--- then:\n" + rewritten.substr(0, 400));
  return 0;
}
