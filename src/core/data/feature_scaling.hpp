#pragma once
// Feature scaling as LIBSVM's svm-scale does it (svm-scale.c, main and output; the guide of Hsu,
// Chang and Lin, "A Practical Guide to Support Vector Classification", section 2.2): each
// feature is mapped linearly from its [min, max] on the training data to [lower, upper], the
// test data with the training's [min, max] (the "range file" svm-scale writes with -s and reads
// with -r), and optionally the labels from [y_min, y_max] to [y_lower, y_upper].
//
// svm-scale's rules, kept here so that `kpg scale` prints its bytes (tests/reference/
// scale_cli_test.cpp runs both):
//  * min and max count an absent feature as 0 (svm-scale pass 2 fills the gaps with 0);
//  * a value equal to min maps to lower and one equal to max to upper exactly, without the
//    formula; anything else is lower + (upper - lower) * (value - min) / (max - min), evaluated
//    in that order (function output);
//  * a feature with min == max is dropped from the output and from the range file;
//  * a scaled value of 0 is not written (the output is sparse again);
//  * with a range file, a feature that varies in the data but has no line in the file is
//    "scaled to 0", that is dropped, with a warning (pass 2.5);
//  * labels are written with %.17g, feature values with %g, the range file with %.17g, and every
//    number of a data line is followed by one space (so lines end in a space).
//
// Text in, text out: the parse and format functions do no I/O (the CLI reads and writes files).

#include "data/read_error.hpp"
#include "data/sparse_rows.hpp"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

// One feature's range: `index` as written in LIBSVM files (1-based).
struct FeatureRange {
  long long index = 0;
  double min = 0;
  double max = 0;
};

// The y section of a range file: labels are mapped from [min, max] to [lower, upper].
struct LabelScaling {
  double lower = 0;
  double upper = 0;
  double min = 0;
  double max = 0;
};

// What a range file holds (svm-scale -s writes it, -r reads it).
struct ScalingParameters {
  std::optional<LabelScaling> labels;  // the "y" section, when labels are scaled
  double lower = -1;                   // the "x" section's limits
  double upper = 1;
  std::vector<FeatureRange> features;  // increasing index
};

// The ranges seen in a data set: every column stored in some row (absent entries counted as 0)
// and the labels'. Columns stored in no row are 0 in every sample: constant, so not listed.
struct DataRanges {
  std::vector<FeatureRange> features;  // increasing index, constant columns included
  double labelMin = 0;
  double labelMax = 0;
};

// svm-scale's pass 2 on sparse rows: O(non-zeros · log(columns)), memory in the columns used, so a
// file with index 2 000 000 000 costs what its non-zeros cost (docs/bad-inputs.md D11). `y` has
// one label per row; with no rows the ranges are empty.
DataRanges observeRanges(const SparseRows& x, const Eigen::VectorXd& y);

// The parameters `svm-scale -l lower -u upper [-y yLower yUpper] -s` saves for data with
// `ranges`: the features whose min differs from their max.
ScalingParameters scalingParametersFor(const DataRanges& ranges, double lower, double upper,
                                       const std::optional<LabelScaling>& labels);

// The features of `ranges` that vary but have no line in `restored`, in increasing order: the
// ones svm-scale -r warns about and drops ("The feature is scaled to 0").
std::vector<long long> featuresMissingFromRangeFile(const DataRanges& ranges,
                                                    const ScalingParameters& restored);

// The range file as svm-scale -s writes it, byte for byte.
std::string formatScalingParameters(const ScalingParameters& parameters);

// A range file as svm-scale -r reads it: an optional "y" section (the line "y", then
// "y_lower y_upper" and "y_min y_max"), then the "x" section (the line "x", then "lower upper",
// then one "index min max" line per feature). Blank lines are ignored. Stricter than svm-scale,
// which stops reading at the first line it cannot scan and keeps what it read: here every line
// must be well formed, indices increasing from 1, numbers finite, lower < upper and min <= max,
// and a bad line is an error with its line, column and what to write.
ReadResult<ScalingParameters> parseScalingParameters(std::string_view text,
                                                     std::string_view source);

// The scaling svm-scale applies: the features of `parameters` whose min differs from their max,
// and the labels when `parameters.labels` is set.
class FeatureScaler {
 public:
  explicit FeatureScaler(ScalingParameters parameters);

  // svm-scale's function output: the scaled value of feature `range` (whose min != max).
  static double scaleValue(double value, const FeatureRange& range, double lower, double upper);
  // svm-scale's output_target: the label scaled, or unchanged when labels are not scaled.
  double scaleLabel(double label) const;

  // Appends the scaled sample as svm-scale prints it: "label index:value ... \n", the label with
  // %.17g, values with %g, each followed by a space, zero values left out. `row` has zero-based
  // columns (sparse_rows.hpp). Returns how many features were written.
  std::size_t appendScaledLine(std::string& out, double label, const SparseRowView& row) const;

  const ScalingParameters& parameters() const { return parameters_; }

 private:
  ScalingParameters parameters_;
  std::vector<FeatureRange> varying_;     // the features that are scaled (min != max)
  std::vector<std::size_t> zeroWritten_;  // positions in varying_ of those whose 0 scales to != 0
};

// svm-scale's warning when scaling made the data less sparse (main, after pass 3), empty when
// it did not: the counts are the index:value pairs read (explicit zeros included) and written.
std::string nonzeroGrowthWarning(long long originalNonzeros, long long newNonzeros);

// svm-scale's warning for a feature the range file does not have (pass 2.5); `dataFile` and
// `rangeFile` as given on the command line.
std::string missingFeatureWarning(long long index, std::string_view dataFile,
                                  std::string_view rangeFile);

}  // namespace kpg
