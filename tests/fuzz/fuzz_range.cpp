// libFuzzer harness: svm-scale range files (src/core/data/feature_scaling, `kpg scale -r`).
// Input: the file. Properties beyond "no crash, no sanitizer report, no timeout":
//  - an error has a message;
//  - an accepted file formats (svm-scale -s's bytes) to a file that parses to the same
//    parameters and formats to the same bytes again;
//  - the accepted parameters keep the parser's promises: lower < upper, min <= max, indices
//    increasing from 1, every number finite;
//  - scaling a feature's own min and max gives exactly lower and upper (svm-scale's rule).

#include "fuzz_check.hpp"

#include "data/feature_scaling.hpp"

#include <cmath>

using namespace kpg;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::asText(data, size);
  const ReadResult<ScalingParameters> read = parseScalingParameters(text, "fuzz");
  if (!read.ok()) {
    KPG_FUZZ_CHECK(!read.error->message.empty(), "an error without a message");
    return 0;
  }
  const ScalingParameters& p = read.value;
  KPG_FUZZ_CHECK(std::isfinite(p.lower) && std::isfinite(p.upper) && p.lower < p.upper,
                 "accepted feature limits that are not finite with lower < upper");
  long long previous = 0;
  for (const FeatureRange& f : p.features) {
    KPG_FUZZ_CHECK(f.index > previous, "feature indices not increasing from 1");
    previous = f.index;
    KPG_FUZZ_CHECK(std::isfinite(f.min) && std::isfinite(f.max) && f.min <= f.max,
                   "an accepted feature range that is not finite with min <= max");
    if (f.min < f.max) {
      KPG_FUZZ_CHECK(FeatureScaler::scaleValue(f.min, f, p.lower, p.upper) == p.lower,
                     "the feature's min does not scale to lower");
      KPG_FUZZ_CHECK(FeatureScaler::scaleValue(f.max, f, p.lower, p.upper) == p.upper,
                     "the feature's max does not scale to upper");
    }
  }
  const std::string written = formatScalingParameters(p);
  const ReadResult<ScalingParameters> again = parseScalingParameters(written, "fuzz-written");
  KPG_FUZZ_CHECK(again.ok(), "the written range file does not parse: " +
                                 (again.ok() ? std::string() : again.error->message));
  KPG_FUZZ_CHECK(formatScalingParameters(again.value) == written,
                 "write → read → write is not byte-identical");
  return 0;
}
