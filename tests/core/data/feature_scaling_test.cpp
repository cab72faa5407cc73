// Feature scaling (data/feature_scaling.hpp), svm-scale's rules on small data computed by hand.
// The byte-for-byte comparison with the real svm-scale is tests/reference/scale_cli_test.cpp.

#include "data/feature_scaling.hpp"

#include "data/libsvm_format.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace kpg;

namespace {

// Three samples with a feature absent from some rows (1, 2, 3) and a constant one (4):
//   feature 1: 2, (0), 6  -> [0, 6]     feature 2: (0), 4, 4 -> [0, 4]
//   feature 3: -1, (0), -1 -> [-1, 0]   feature 4: 5, 5, 5   -> [5, 5], constant
//   labels: 1, -1, 3 -> [-1, 3]
const char* const kData = "1 1:2 3:-1 4:5\n-1 2:4 4:5\n3 1:6 2:4 3:-1 4:5\n";

SparseDataset readData(const std::string& text) {
  ReadResult<SparseDataset> read = readLibsvmSparse(text, "t.svm");
  REQUIRE(read.ok());
  return read.value;
}

std::string scaleAll(const SparseDataset& data, const FeatureScaler& scaler,
                     std::size_t* written = nullptr) {
  std::string out;
  std::size_t count = 0;
  for (Eigen::Index r = 0; r < data.size(); ++r)
    count += scaler.appendScaledLine(out, data.y(r), data.x.row(r));
  if (written != nullptr) *written = count;
  return out;
}

std::string parseError(const std::string& text) {
  const ReadResult<ScalingParameters> parsed = parseScalingParameters(text, "range");
  REQUIRE_FALSE(parsed.ok());
  return parsed.error->toString();
}

}  // namespace

TEST_CASE("Feature scaling: min and max count absent features as 0", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);
  REQUIRE(ranges.features.size() == 4);
  const double expected[4][3] = {{1, 0, 6}, {2, 0, 4}, {3, -1, 0}, {4, 5, 5}};
  for (std::size_t k = 0; k < 4; ++k) {
    CAPTURE(k);
    CHECK(ranges.features[k].index == static_cast<long long>(expected[k][0]));
    CHECK(ranges.features[k].min == expected[k][1]);
    CHECK(ranges.features[k].max == expected[k][2]);
  }
  CHECK(ranges.labelMin == -1);
  CHECK(ranges.labelMax == 3);
}

TEST_CASE("Feature scaling: svm-scale's rule onto [-1, 1] and [0, 1]", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);

  // [-1, 1]: feature 1's 2 is -1 + 2·(2 − 0)/(6 − 0) = −1/3, printed with %g; an absent feature
  // is 0, its min (features 1, 2) or max (3), so exactly −1 or 1; the constant feature 4 is left
  // out; labels are unchanged and every number is followed by a space.
  std::size_t written = 0;
  const FeatureScaler symmetric(scalingParametersFor(ranges, -1, 1, std::nullopt));
  CHECK(scaleAll(data, symmetric, &written) ==
        "1 1:-0.333333 2:-1 3:-1 \n"
        "-1 1:-1 2:1 3:1 \n"
        "3 1:1 2:1 3:-1 \n");
  CHECK(written == 9);

  // [0, 1]: values that scale to 0 are not written, so the output is sparse again.
  const FeatureScaler unit(scalingParametersFor(ranges, 0, 1, std::nullopt));
  CHECK(scaleAll(data, unit, &written) ==
        "1 1:0.333333 \n"
        "-1 2:1 3:1 \n"
        "3 1:1 2:1 \n");
  CHECK(written == 5);

  // A value strictly inside uses the formula in svm-scale's order of operations.
  const FeatureRange range{1, 0, 6};
  CHECK(FeatureScaler::scaleValue(3, range, -1, 1) == 0.0);
  CHECK(FeatureScaler::scaleValue(1.5, range, 0, 10) == 2.5);
  CHECK(FeatureScaler::scaleValue(0, range, -1, 1) == -1.0);
  CHECK(FeatureScaler::scaleValue(6, range, -1, 1) == 1.0);
  // Outside the range (test data scaled with the training's ranges) the line extends.
  CHECK(FeatureScaler::scaleValue(9, range, -1, 1) == 2.0);
}

TEST_CASE("Feature scaling: -y maps the labels from [y_min, y_max]", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);
  const FeatureScaler scaler(
      scalingParametersFor(ranges, 0, 1, LabelScaling{0, 1, ranges.labelMin, ranges.labelMax}));
  // Labels 1, -1, 3 in [-1, 3]: (1 − (−1))/(3 − (−1)) = 0.5, and the bounds exactly 0 and 1.
  CHECK(scaler.scaleLabel(1) == 0.5);
  CHECK(scaler.scaleLabel(-1) == 0.0);
  CHECK(scaler.scaleLabel(3) == 1.0);
  CHECK(scaleAll(data, scaler) ==
        "0.5 1:0.333333 \n"
        "0 2:1 3:1 \n"
        "1 1:1 2:1 \n");
  // Labels are printed with %.17g, so a label keeps its digits.
  std::string line;
  const FeatureScaler plain(scalingParametersFor(ranges, -1, 1, std::nullopt));
  plain.appendScaledLine(line, 0.1, data.x.row(0));
  CHECK(line == "0.10000000000000001 1:-0.333333 2:-1 3:-1 \n");
}

TEST_CASE("Feature scaling: the range file as svm-scale -s writes it", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);
  // The constant feature 4 has no line; numbers are %.17g.
  CHECK(formatScalingParameters(scalingParametersFor(ranges, -1, 1, std::nullopt)) ==
        "x\n-1 1\n1 0 6\n2 0 4\n3 -1 0\n");
  CHECK(formatScalingParameters(scalingParametersFor(
            ranges, 0, 1, LabelScaling{-1, 1, ranges.labelMin, ranges.labelMax})) ==
        "y\n-1 1\n-1 3\nx\n0 1\n1 0 6\n2 0 4\n3 -1 0\n");
  ScalingParameters tenth;
  tenth.lower = 0.1;
  tenth.features = {{7, 0.1, 0.30000000000000004}};
  CHECK(formatScalingParameters(tenth) ==
        "x\n0.10000000000000001 1\n7 0.10000000000000001 "
        "0.30000000000000004\n");
}

TEST_CASE("Feature scaling: a range file reads back what was written", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);
  const ScalingParameters written =
      scalingParametersFor(ranges, 0, 1, LabelScaling{-1, 1, ranges.labelMin, ranges.labelMax});
  // CRLF, tabs, blank lines and a missing final newline read the same.
  const std::string text = formatScalingParameters(written);
  for (const std::string& variant :
       {text, std::string("y\r\n-1\t1\r\n\r\n-1 3\r\nx\r\n0 1\r\n1 0 6\r\n2 0 4\r\n3 -1 0")}) {
    const ReadResult<ScalingParameters> read = parseScalingParameters(variant, "range");
    REQUIRE(read.ok());
    REQUIRE(read.value.labels);
    CHECK(read.value.labels->lower == -1);
    CHECK(read.value.labels->upper == 1);
    CHECK(read.value.labels->min == -1);
    CHECK(read.value.labels->max == 3);
    CHECK(read.value.lower == 0);
    CHECK(read.value.upper == 1);
    REQUIRE(read.value.features.size() == 3);
    CHECK(read.value.features[2].index == 3);
    CHECK(read.value.features[2].min == -1);
    CHECK(read.value.features[2].max == 0);
    CHECK(formatScalingParameters(read.value) == text);
  }
  // A feature line with min == max is read and, as in svm-scale, not scaled.
  const ReadResult<ScalingParameters> constant =
      parseScalingParameters("x\n-1 1\n1 2 2\n2 0 4\n", "range");
  REQUIRE(constant.ok());
  std::string line;
  FeatureScaler(constant.value).appendScaledLine(line, 3, data.x.row(2));
  CHECK(line == "3 2:1 \n");
}

TEST_CASE("Feature scaling: a malformed range file is refused at its line (S4)",
          "[data][scaling]") {
  const auto [text, expected] = GENERATE(table<std::string, std::string>({
      {"", "range: empty range file"},
      {"\n \n", "range: empty range file"},
      {"z\n", "range:1:1: expected the section line 'x' or 'y', found 'z'"},
      {"x 1\n", "range:1:1: expected the section line 'x' or 'y', found 'x 1'"},
      {"x\n", "range:1: the range file ends before the line 'lower upper'"},
      {"x\n1\n", "range:2: expected 'lower upper', found 1 value"},
      {"x\n-1 1 2\n", "range:2:6: expected 'lower upper', found 3 values"},
      {"x\n1 -1\n", "range:2:1: lower 1 is not below upper -1"},
      {"x\n-1 one\n", "range:2:4: invalid upper 'one'"},
      {"x\n-1 1\n1 0\n", "range:3: expected 'index min max', found 2 values"},
      {"x\n-1 1\n1 0 2 7\n", "range:3:7: expected 'index min max', found 4 values"},
      {"x\n-1 1\n2 0 1\n1 0 1\n", "range:4:1: feature indices out of order: 1 after 2"},
      {"x\n-1 1\n1 0 1\n1 0 2\n", "range:4:1: duplicate feature index 1"},
      {"x\n-1 1\n0 0 1\n", "range:3:1: index 0 invalid (indices start at 1)"},
      {"x\n-1 1\n-3 0 1\n", "range:3:1: negative feature index -3"},
      {"x\n-1 1\n1.5 0 1\n", "range:3:1: invalid feature index '1.5'"},
      {"x\n-1 1\n3000000000 0 1\n", "range:3:1: index out of range: 3000000000 is above"},
      {"x\n-1 1\n1 5 2\n", "range:3:3: min 5 is above max 2"},
      {"x\n-1 1\n1 nan 2\n", "range:3:3: non-finite min 'nan'"},
      {"x\n-1 1\n1 0 1e400\n", "range:3:5: non-finite max '1e400'"},
      {"x\n-1 1\n1 0,5 2\n", "range:3:3: invalid min '0,5' (use '.' as the decimal point"},
      {"y\n0 1\n", "range:1: the range file ends before the line 'y_min y_max'"},
      {"y\n0 1\n-1 3\n", "range:1: the range file ends before the section line 'x'"},
      {"y\n0 1\n-1 3\ny\n", "range:4:1: expected the section line 'x', found 'y'"},
      {"y\n1 1\n-1 3\nx\n-1 1\n", "range:2:1: y_lower 1 is not below y_upper 1"},
      {"y\n0 1\n3 -1\nx\n-1 1\n", "range:3:1: y_min 3 is above y_max -1"},
      {std::string("x\n-1 1\n1 0\0 1\n", 14), "range:3: not a text svm-scale range file (NUL"},
  }));
  CAPTURE(text);
  CHECK_THAT(parseError(text), Catch::StartsWith(expected));
}

TEST_CASE("Feature scaling: features the range file does not have are dropped", "[data][scaling]") {
  const SparseDataset data = readData(kData);
  const DataRanges ranges = observeRanges(data.x, data.y);
  ScalingParameters restored;
  restored.features = {{2, 0, 8}, {9, -2, 2}};
  // Features 1 and 3 vary but have no line: svm-scale warns and scales them to 0; the constant
  // feature 4 is not reported; feature 9 is absent from the data, so its 0 scales to 0.
  CHECK(featuresMissingFromRangeFile(ranges, restored) == std::vector<long long>{1, 3});
  CHECK(missingFeatureWarning(1, "test", "range") ==
        "WARNING: feature index 1 appeared in file test was not seen in the scaling factor file "
        "range. The feature is scaled to 0.\n");
  // Feature 2 of [0, 8]: 4 → 0 (not written), absent 0 → −1.
  CHECK(scaleAll(data, FeatureScaler(restored)) == "1 2:-1 \n-1 \n3 \n");
  restored.features = {{1, 0, 6}, {2, 0, 4}, {3, -1, 0}};
  CHECK(featuresMissingFromRangeFile(ranges, restored).empty());
}

TEST_CASE("Feature scaling: a sparse row costs its non-zeros, index 2 000 000 000 included",
          "[data][scaling]") {
  // svm-scale would visit 2·10⁹ indices per line; with -l 0 only the stored entries are visited.
  const SparseDataset data = readData("1 2000000000:3\n-1 5:2\n");
  const DataRanges ranges = observeRanges(data.x, data.y);
  REQUIRE(ranges.features.size() == 2);
  CHECK(ranges.features[1].index == 2000000000);
  const FeatureScaler unit(scalingParametersFor(ranges, 0, 1, std::nullopt));
  CHECK(scaleAll(data, unit) == "1 2000000000:1 \n-1 5:1 \n");
  // With -l -1 every varying feature's 0 is written, as svm-scale writes it.
  const FeatureScaler symmetric(scalingParametersFor(ranges, -1, 1, std::nullopt));
  CHECK(scaleAll(data, symmetric) == "1 5:-1 2000000000:1 \n-1 5:1 2000000000:-1 \n");
}

TEST_CASE("Feature scaling: svm-scale's #nonzeros warning", "[data][scaling]") {
  CHECK(nonzeroGrowthWarning(4, 4).empty());
  CHECK(nonzeroGrowthWarning(4, 3).empty());
  CHECK(nonzeroGrowthWarning(4, 6) ==
        "WARNING: original #nonzeros 4\n"
        "       > new      #nonzeros 6\n"
        "If feature values are non-negative and sparse, use -l 0 rather than the default -l -1\n");
  // The original count is every index:value pair read, explicit zeros included.
  LibsvmLineParser parser("t", {}, 100);
  double label = 0;
  SparseRow row;
  CHECK(parser.parse("1 1:0 2:3 5:0", 1, label, row) == LibsvmLineParser::Outcome::Sample);
  CHECK(row.columns.size() == 1);
  CHECK(parser.featurePairs() == 3);
}
