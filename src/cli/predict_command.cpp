// `kpg predict`: svm-predict's command line (LIBSVM svm-predict.c). Writes one predicted label
// (or regression value) per line, "%.17g" as svm-predict does, and prints
// "Accuracy = x% (a/b) (classification)" or the mean squared error and squared correlation
// coefficient for regression. Test data with more features than the model's support vectors is
// read with LIBSVM's sparse semantics (missing features are 0), as svm-predict does (M13).

#include "command.hpp"
#include "svm/model_io.hpp"
#include "svm_options.hpp"

#include <ostream>

namespace kpg::cli {

namespace {

const char* const kUsage = "Usage: kpg predict [options] test_file model_file output_file\n";

// svm-predict's "%.17g" and "%g" (svm_cli_io.hpp libsvmNumber).
std::string g17(double value) {
  return libsvmNumber(value, 17);
}

std::string g(double value) {
  return libsvmNumber(value, 6);
}

int runPredict(CommandContext& context) {
  SvmCommandOptions o;
  const unsigned groups = kPredictFlags | kDataFlags;
  if (auto code = parseSvmOptions(context.args, groups, "predict", kUsage, o, context.err))
    return *code;
  if (o.help) {
    context.out
        << kUsage << optionsHelp(groups)
        << "\nmodel_file is a LIBSVM model (from kpg train or svm-train). With --format csv\n"
           "and a model trained on CSV class names, model_file.classes maps the test\n"
           "file's names to the model's labels and the predictions are written as names.\n"
           "Exit codes: 0 ok, 1 bad option, 2 bad data or model file or unwritable "
           "output.\n";
    return kExitOk;
  }
  if (o.positional.size() != 3) {
    context.err << "kpg predict: expected test_file model_file output_file\n\n"
                << kUsage << optionsHelp(groups);
    return kExitUsage;
  }
  installInterruptHandler();
  std::string modelText;
  if (auto e = readWholeFile(o.positional[1], o.data.maxFileBytes, modelText)) {
    context.err << "kpg: " << *e << "\n";
    return kExitBadInput;
  }
  ModelReadOptions modelOptions;
  modelOptions.limits.maxFeatures = o.data.libsvm.limits.maxFeatures;
  const ReadResult<SvmModel> model = readModel(modelText, o.positional[1], modelOptions);
  if (!model.ok()) {
    context.err << "kpg: " << model.error->toString() << "\n";
    return kExitBadInput;
  }
  const bool regression = model.value.type == SvmType::EpsilonSvr;
  o.data.csv.numericLabels = regression;
  // CSV class names: MODEL.classes maps the test file's names to the training labels, and the
  // predictions are written as names (csv_format.hpp ClassNames; docs/bad-inputs.md C4).
  ClassNames classes;
  const bool csvClasses = !regression && o.data.format == DataFormat::Csv;
  if (csvClasses && !loadModelClassNames(o.positional[1], modelText, model.value.labels, o.data,
                                         classes, context.err))
    return kExitBadInput;
  if (!classes.names.empty()) o.data.csv.knownClassNames = &classes.names;
  Dataset data;
  if (!loadDataset(o.positional[0], o.data, data, context.err)) return kExitBadInput;
  if (csvClasses && classes.names.empty() && !data.classNames.empty()) {
    context.err << "kpg predict: " << o.positional[0] << ": the labels are class names ('"
                << data.classNames[0] << "', ...) but the model has no class-name file '"
                << o.positional[1]
                << ".classes' (it was trained on numbers, or by svm-train); train it with kpg "
                   "train --format csv on named classes\n";
    return kExitBadInput;
  }

  std::string predictions;
  std::string decisions;
  const bool wantDecisions = !o.decisionValuesPath.empty();
  std::size_t correct = 0;
  double sumError = 0, sumP = 0, sumY = 0, sumPP = 0, sumYY = 0, sumPY = 0;
  for (Eigen::Index i = 0; i < data.size(); ++i) {
    const Vector x = data.x.row(i).transpose();
    const double p = predict(model.value, x);
    const double y = data.y(i);
    predictions +=
        (classes.names.empty() ? g17(p) : classes.names[static_cast<std::size_t>(p)]) + "\n";
    if (wantDecisions) {
      const Vector values = decisionValues(model.value, x);
      for (Eigen::Index k = 0; k < values.size(); ++k) decisions += (k ? " " : "") + g17(values(k));
      decisions += "\n";
    }
    if (p == y) ++correct;
    sumError += (p - y) * (p - y);
    sumP += p, sumY += y, sumPP += p * p, sumYY += y * y, sumPY += p * y;
  }
  if (auto e = writeFileAtomically(o.positional[2], predictions)) {
    context.err << "kpg predict: " << *e << "\n";
    return kExitBadInput;
  }
  if (wantDecisions) {
    if (auto e = writeFileAtomically(o.decisionValuesPath, decisions)) {
      context.err << "kpg predict: " << *e << "\n";
      return kExitBadInput;
    }
  }
  if (!o.quiet) {
    const double n = static_cast<double>(data.size());
    if (regression) {
      // svm-predict.c's formulas.
      const double r2 = ((n * sumPY - sumP * sumY) * (n * sumPY - sumP * sumY)) /
                        ((n * sumPP - sumP * sumP) * (n * sumYY - sumY * sumY));
      context.out << "Mean squared error = " << g(sumError / n) << " (regression)\n"
                  << "Squared correlation coefficient = " << g(r2) << " (regression)\n";
    } else {
      context.out << "Accuracy = " << g(100.0 * static_cast<double>(correct) / n) << "% ("
                  << correct << "/" << data.size() << ") (classification)\n";
    }
  }
  return kExitOk;
}

const Registration kPredict({"predict", "predict with a LIBSVM model (svm-predict compatible)",
                             runPredict});

}  // namespace

}  // namespace kpg::cli
