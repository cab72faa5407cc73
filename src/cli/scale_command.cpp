// `kpg scale`: a drop-in for LIBSVM's svm-scale (svm-scale.c; the guide of Hsu, Chang and Lin,
// "A Practical Guide to Support Vector Classification", section 2.2 and appendix A: scale the
// training data with -s range, the test data with -r range). Its command line, and its output on
// stdout, range files and warnings byte for byte (tests/reference/scale_cli_test.cpp runs both);
// the rules are the core's (data/feature_scaling.hpp). Beyond svm-scale: the data file is read
// with the LIBSVM reader's checks (docs/bad-inputs.md D1-D18), a malformed range file is refused
// at its line (S4) instead of read up to the first line fscanf cannot scan, and the range file of
// -s is written atomically (S6).

#include "command.hpp"
#include "data/feature_scaling.hpp"
#include "data/number_text.hpp"
#include "options.hpp"

#include <cfloat>
#include <cmath>
#include <ostream>

namespace kpg::cli {

namespace {

const char* const kSynopsis =
    "kpg scale [-l lower] [-u upper] [-y y_lower y_upper] [-s save_filename]\n"
    "                 [-r restore_filename] data_filename";

const char* const kDescription =
    "Scales each feature of a LIBSVM data file linearly onto [lower, upper], as svm-scale does,\n"
    "and prints the scaled data on stdout, byte for byte what svm-scale prints. The guide's\n"
    "workflow: scale the training data and save its ranges, then scale the test data with them:\n"
    "  kpg scale -l -1 -u 1 -s range train > train.scale\n"
    "  kpg scale -r range test > test.scale";

const char* const kEpilogue =
    "svm-scale's rules, kept: a feature's min and max count an absent value as 0; a feature\n"
    "with min == max is left out; a value at min or max maps to lower or upper exactly; a\n"
    "scaled 0 is not written; labels are printed with %.17g and values with %g.\n"
    "With -r the range file's limits apply, also when -l, -u or -y are given (a note says\n"
    "so), and a feature that varies in the data but is not in the range file is dropped with\n"
    "svm-scale's warning. -y with a range file that has no 'y' section scales the labels by\n"
    "this file's own label range, as svm-scale does (a note says so): save the ranges with -y\n"
    "to scale training and test labels alike.\n"
    "The limits are read as float (-l 0.3 is 0.30000001192092896), as Debian's svm-scale reads\n"
    "them (strtof; LIBSVM's own reads double), so that the bytes match the svm-scale installed.\n"
    "Beyond svm-scale: the data file is checked as kpg train checks it ('#' comments are\n"
    "skipped), a malformed range file is refused at its line, and the -s file is written\n"
    "atomically (temp file, fsync, rename) before anything is printed.\n"
    "Exit codes: 0 ok, 1 bad option, 2 bad data or range file or unwritable -s file.\n";

struct ScaleOptions {
  double lower = -1;
  double upper = 1;
  bool lowerGiven = false;
  bool upperGiven = false;
  std::optional<std::pair<double, double>> labelLimits;  // -y
  std::string savePath;                                  // -s
  std::string restorePath;                               // -r
};

// Debian's svm-scale (3.24+ds) reads -l, -u and -y with strtof, where LIBSVM's own uses atof:
// the limits are floats widened to double, so -l -0.3 scales onto -0.30000001192092896 and the
// range file says so. Mirrored, so that output and range files stay byte-identical to the
// svm-scale installed beside kpg; a limit that float cannot hold (overflow, or a non-zero value
// below FLT_MIN) is refused, as Debian's svm-scale refuses it.
std::optional<std::string> readLimit(const std::string& flag, const std::string& what,
                                     const std::string& text, double& value) {
  if (!parseDoubleArg(text, value))
    return "option " + flag + " (" + what + ") needs a number, got '" + text + "'";
  if (!std::isfinite(value))
    return "invalid parameter " + flag + " (" + what + "): " + text + "; use a finite number";
  if (std::fabs(value) > FLT_MAX || (value != 0 && std::fabs(value) < FLT_MIN))
    return "invalid parameter " + flag + " (" + what + "): " + text +
           " is outside float's range, which svm-scale reads limits in; use a number between " +
           formatDouble(FLT_MIN) + " and " + formatDouble(FLT_MAX) + " in magnitude, or 0";
  value = static_cast<double>(static_cast<float>(value));
  return std::nullopt;
}

void addScaleOptions(OptionTable& t, ScaleOptions& o) {
  const std::string g = "Scaling";
  t.add({"-l", "lower", g, "x scaling lower limit (default -1)", [&o](const std::string& value) {
           o.lowerGiven = true;
           return readLimit("-l", "x scaling lower limit", value, o.lower);
         }});
  t.add({"-u", "upper", g, "x scaling upper limit (default +1)", [&o](const std::string& value) {
           o.upperGiven = true;
           return readLimit("-u", "x scaling upper limit", value, o.upper);
         }});
  OptionRow y{"-y", "y_lower y_upper", g, "y scaling limits (default: no y scaling)", nullptr};
  y.applyPair = [&o](const std::string& first,
                     const std::string& second) -> std::optional<std::string> {
    std::pair<double, double> limits;
    if (auto e = readLimit("-y", "y scaling lower limit", first, limits.first)) return e;
    if (auto e = readLimit("-y", "y scaling upper limit", second, limits.second)) return e;
    o.labelLimits = limits;
    return std::nullopt;
  };
  t.add(std::move(y));
  t.addText("-s", "save_filename", g, "save scaling parameters to save_filename", o.savePath);
  t.addText("-r", "restore_filename", g, "restore scaling parameters from restore_filename",
            o.restorePath);
}

// The parameters of a -r run: the file's, as svm-scale's pass 2.5 applies them, with its
// warnings for the features the file does not have, and notes for the limits it overrides.
ScalingParameters restoredParameters(ScalingParameters restored, const DataRanges& ranges,
                                     const ScaleOptions& o, const std::string& dataPath,
                                     std::ostream& err) {
  if ((o.lowerGiven || o.upperGiven) && (o.lower != restored.lower || o.upper != restored.upper)) {
    err << "kpg scale: note: the range file's limits [" << formatDouble(restored.lower) << ", "
        << formatDouble(restored.upper) << "] apply, not -l/-u (as in svm-scale)\n";
  }
  if (o.labelLimits && restored.labels) {
    if (o.labelLimits->first != restored.labels->lower ||
        o.labelLimits->second != restored.labels->upper)
      err << "kpg scale: note: the range file's y limits apply, not -y's (as in svm-scale)\n";
  } else if (o.labelLimits) {
    // svm-scale keeps -y and the y range of the data it is scaling when the file has no y
    // section (pass 2 sets y_min, y_max; pass 2.5 does not replace them).
    restored.labels =
        LabelScaling{o.labelLimits->first, o.labelLimits->second, ranges.labelMin, ranges.labelMax};
    err << "kpg scale: note: the range file has no 'y' section, so the labels are scaled from "
           "this file's own label range ["
        << formatDouble(ranges.labelMin) << ", " << formatDouble(ranges.labelMax)
        << "] (as in svm-scale); save the ranges with -y to scale training and test labels "
           "alike\n";
  }
  for (const long long index : featuresMissingFromRangeFile(ranges, restored))
    err << missingFeatureWarning(index, dataPath, o.restorePath);
  return restored;
}

int runScale(CommandContext& context) {
  ScaleOptions o;
  OptionTable t("scale", kSynopsis, kDescription);
  addScaleOptions(t, o);
  t.setEpilogue(kEpilogue);
  std::vector<std::string> positional;
  if (auto code = t.parse(context.args, positional, context.out, context.err)) return *code;
  if (positional.size() != 1)
    return t.usageError(context.err, positional.empty()
                                         ? "expected a data_filename"
                                         : "expected one data_filename, got " +
                                               std::to_string(positional.size()) + " files");
  // svm-scale's checks, in its order, with its words in parentheses (docs/bad-inputs.md S1, S2).
  if (!(o.upper > o.lower))
    return t.usageError(context.err, "-l " + formatDouble(o.lower) + " is not below -u " +
                                         formatDouble(o.upper) +
                                         " (inconsistent lower/upper specification); give "
                                         "lower < upper");
  if (o.labelLimits && !(o.labelLimits->second > o.labelLimits->first))
    return t.usageError(context.err, "-y " + formatDouble(o.labelLimits->first) + " " +
                                         formatDouble(o.labelLimits->second) +
                                         ": y_lower is not below y_upper (inconsistent "
                                         "lower/upper specification); give y_lower < y_upper");
  if (!o.savePath.empty() && !o.restorePath.empty())
    return t.usageError(context.err,
                        "-s and -r cannot be used together (cannot use -r and -s "
                        "simultaneously): save the ranges when scaling the training data, "
                        "restore them for the test data");
  installInterruptHandler();
  const std::string& dataPath = positional[0];
  const DataOptions dataOptions;

  // The range file is read and checked before the data (S3, S4).
  std::optional<ScalingParameters> restored;
  if (!o.restorePath.empty()) {
    std::string text;
    if (auto e = readWholeFile(o.restorePath, dataOptions.maxFileBytes, text)) {
      context.err << "kpg scale: " << *e << "\n";
      return kExitBadInput;
    }
    ReadResult<ScalingParameters> parsed = parseScalingParameters(text, o.restorePath);
    if (!parsed.ok()) {
      context.err << "kpg scale: " << parsed.error->toString() << "\n";
      return kExitBadInput;
    }
    restored = std::move(parsed.value);
  }
  // The -s file's temporary is created before the data is read, so an unwritable path is
  // reported first, and the old file stays until the new one is complete (S6, M11).
  AtomicOutputs outputs;
  std::size_t saveFile = 0;
  if (!o.savePath.empty()) {
    std::optional<std::string> error;
    saveFile = outputs.open(o.savePath, error);
    if (error) {
      context.err << "kpg scale: " << *error << "\n";
      return kExitBadInput;
    }
  }

  // The data, as sparse rows (memory follows the non-zeros, D11), counting the index:value pairs
  // as svm-scale's pass 1 does for its #nonzeros warning.
  LibsvmLineParser parser(dataPath, dataOptions.libsvm, text::kMaxLibsvmIndex);
  SparseRows rows;
  std::vector<double> labels;
  if (auto e =
          streamLibsvm(dataPath, dataOptions, parser, [&](double label, const SparseRowView& row) {
            labels.push_back(label);
            rows.appendRow(row);
          })) {
    context.err << "kpg scale: " << *e << "\n";
    return kExitBadInput;
  }
  const Eigen::VectorXd y =
      Eigen::Map<const Eigen::VectorXd>(labels.data(), static_cast<Eigen::Index>(labels.size()));
  const DataRanges ranges = observeRanges(rows, y);

  ScalingParameters parameters;
  if (restored) {
    parameters = restoredParameters(std::move(*restored), ranges, o, dataPath, context.err);
  } else {
    std::optional<LabelScaling> labelScaling;
    if (o.labelLimits)
      labelScaling = LabelScaling{o.labelLimits->first, o.labelLimits->second, ranges.labelMin,
                                  ranges.labelMax};
    parameters = scalingParametersFor(ranges, o.lower, o.upper, labelScaling);
  }
  if (!o.savePath.empty()) {
    outputs.write(saveFile, formatScalingParameters(parameters));
    if (auto e = outputs.commit()) {
      context.err << "kpg scale: " << *e << "\n";
      return kExitBadInput;
    }
  }

  const FeatureScaler scaler(std::move(parameters));
  std::string buffer;
  long long written = 0;
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    written += static_cast<long long>(scaler.appendScaledLine(buffer, y(r), rows.row(r)));
    if (buffer.size() >= (1u << 16)) {
      context.out << buffer;
      buffer.clear();
    }
  }
  context.out << buffer << std::flush;
  context.err << nonzeroGrowthWarning(static_cast<long long>(parser.featurePairs()), written);
  return kExitOk;
}

const Registration kScale({"scale",
                           "drop-in for svm-scale: scale features to [lower, upper], save or "
                           "restore the ranges (-s, -r)",
                           runScale});

}  // namespace

}  // namespace kpg::cli
