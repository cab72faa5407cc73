// `kpg predict`: svm-predict's command line (LIBSVM svm-predict.c). Writes one predicted label
// (or regression value) per line, "%.17g" as svm-predict does, and prints
// "Accuracy = x% (a/b) (classification)" or the mean squared error and squared correlation
// coefficient for regression. Test data with more features than the model's support vectors is
// read with LIBSVM's sparse semantics (missing features are 0), as svm-predict does (M13).
// LIBSVM test files are streamed as sparse rows (a line read, predicted and written at a time);
// the outputs replace their targets together, only when all are written (F6).
// -b 1 writes svm-predict's probability output (svm/probability.hpp predictProbability): a
// "labels ..." header, then "label p_1 .. p_k" per line in "%g".

#include "command.hpp"
#include "data/text_scan.hpp"
#include "svm/model_io.hpp"
#include "svm/probability.hpp"
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
        << "\nmodel_file is a LIBSVM model (from kpg train or svm-train). With -b 1 the\n"
           "output starts with 'labels' and the model's classes, and each line gives the most\n"
           "probable label and one probability per class (svm-predict -b 1); for epsilon-SVR\n"
           "the Laplace scale sigma of the model is printed. With --format csv\n"
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
  const bool regression = isRegression(model.value.type);
  o.data.csv.numericLabels = regression;
  // A precomputed kernel's test rows are kernel values at their own indices (LIBSVM's `0:?` first).
  if (model.value.precomputedKernel) o.data.libsvm.zeroBased = true;
  // svm-predict.c: -b 1 needs a probability model (svm_check_probability_model), checked here
  // before any output is opened; a probability model predicted with -b 0 is only noted.
  const bool probabilities = o.params.probability;
  const bool probabilityModel = hasProbabilityModel(model.value);
  if (probabilities && !probabilityModel) {
    if (model.value.type == SvmType::OneClass) {
      context.err << "kpg predict: " << o.positional[1]
                  << ": -b 1: a one-class model has no probability estimates (as LIBSVM 3.24's "
                     "svm-predict: \"Model does not support probabiliy estimates\"); predict "
                     "with -b 0\n";
      return kExitBadInput;
    }
    context.err << "kpg predict: " << o.positional[1]
                << ": -b 1 needs a model with probability information (probA"
                << (regression ? "" : "/probB")
                << "), and this one has none; retrain it with kpg train -b 1 (or svm-train -b 1), "
                   "or predict with -b 0\n";
    return kExitBadInput;
  }
  if (!o.quiet && !probabilities && probabilityModel)
    context.out << "Model supports probability estimates, but disabled in prediction.\n";
  if (!o.quiet && probabilities && regression) {
    context.out << "Prob. model for test data: target value = predicted value + z,\n"
                   "z: Laplace distribution e^(-|z|/sigma)/(2sigma),sigma="
                << g(model.value.probA(0)) << "\n";
  }
  // CSV class names: MODEL.classes maps the test file's names to the training labels, and the
  // predictions are written as names (csv_format.hpp ClassNames; docs/bad-inputs.md C4).
  ClassNames classes;
  const bool csvClasses = isClassification(model.value.type) && o.data.format == DataFormat::Csv;
  if (csvClasses && !loadModelClassNames(o.positional[1], modelText, model.value.labels, o.data,
                                         classes, context.err))
    return kExitBadInput;
  if (!classes.names.empty()) o.data.csv.knownClassNames = &classes.names;

  // Every output goes to a temp file first and replaces its target only when all are written
  // (F6): a bad --decision-values path is found before any prediction, and the old output stays.
  AtomicOutputs outputs;
  std::optional<std::string> outputError;
  const std::size_t predictionFile = outputs.open(o.positional[2], outputError);
  const bool wantDecisions = !o.decisionValuesPath.empty();
  std::size_t decisionFile = 0;
  if (!outputError && wantDecisions) decisionFile = outputs.open(o.decisionValuesPath, outputError);
  if (outputError) {
    context.err << "kpg predict: " << *outputError << "\n";
    return kExitBadInput;
  }

  const bool classProbabilities = probabilities && !regression;
  const auto labelText = [&](double label) {
    return classes.names.empty() ? g17(label) : classes.names[static_cast<std::size_t>(label)];
  };
  std::string line;
  if (classProbabilities) {
    // svm-predict's header: the classes in the model's order, the columns of the lines below.
    line = "labels";
    for (int label : model.value.labels)
      line += " " + (classes.names.empty() ? std::to_string(label)
                                           : classes.names[static_cast<std::size_t>(label)]);
    line += '\n';
    outputs.write(predictionFile, line);
  }
  std::size_t count = 0;
  std::size_t correct = 0;
  bool couplingConverged = true;
  double sumError = 0, sumP = 0, sumY = 0, sumPP = 0, sumYY = 0, sumPY = 0;
  const auto record = [&](const Vector& values, double y) {
    double p = 0;
    if (classProbabilities) {
      // svm-predict -b 1: the most probable label, then each class's probability, all "%g".
      const ProbabilityPrediction estimate = predictProbability(model.value, values);
      couplingConverged = couplingConverged && estimate.converged;
      p = estimate.label;
      line = classes.names.empty() ? g(p) : labelText(p);
      for (Eigen::Index k = 0; k < estimate.probabilities.size(); ++k)
        line += " " + g(estimate.probabilities(k));
    } else {
      p = predictFromDecisionValues(model.value, values);
      line = labelText(p);
    }
    line += '\n';
    outputs.write(predictionFile, line);
    if (wantDecisions) {
      line.clear();
      for (Eigen::Index k = 0; k < values.size(); ++k) line += (k ? " " : "") + g17(values(k));
      line += '\n';
      outputs.write(decisionFile, line);
    }
    ++count;
    if (p == y) ++correct;
    sumError += (p - y) * (p - y);
    sumP += p, sumY += y, sumPP += p * p, sumYY += y * y, sumPY += p * y;
  };
  if (o.data.format == DataFormat::Libsvm) {
    // Streamed: one line read, predicted and written at a time, so memory is the model plus one
    // row whatever the file's size, and a row costs its non-zeros, not its largest index (F4).
    LibsvmLineParser parser(o.positional[0], o.data.libsvm, text::kMaxLibsvmIndex);
    if (auto e = streamLibsvm(
            o.positional[0], o.data, parser,
            [&](double y, const SparseRowView& x) { record(decisionValues(model.value, x), y); })) {
      context.err << "kpg: " << *e << "\n";
      return kExitBadInput;
    }
  } else {
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
    for (Eigen::Index i = 0; i < data.size(); ++i)
      record(decisionValues(model.value, Vector(data.x.row(i).transpose())), data.y(i));
  }
  if (auto e = outputs.commit()) {
    context.err << "kpg predict: " << *e << "\n";
    return kExitBadInput;
  }
  if (!couplingConverged) {
    // multiclass_probability's "Exceeds max_iter in multiclass_prob".
    context.err << "kpg predict: warning: the pairwise coupling of some probabilities stopped at "
                   "its iteration cap (max(100, #classes) sweeps) before its tolerance\n";
  }
  if (!o.quiet) {
    const double n = static_cast<double>(count);
    if (regression) {
      // svm-predict.c's formulas.
      const double r2 = ((n * sumPY - sumP * sumY) * (n * sumPY - sumP * sumY)) /
                        ((n * sumPP - sumP * sumP) * (n * sumYY - sumY * sumY));
      context.out << "Mean squared error = " << g(sumError / n) << " (regression)\n"
                  << "Squared correlation coefficient = " << g(r2) << " (regression)\n";
    } else {
      context.out << "Accuracy = " << g(100.0 * static_cast<double>(correct) / n) << "% ("
                  << correct << "/" << count << ") (classification)\n";
    }
  }
  return kExitOk;
}

const Registration kPredict({"predict", "predict with a LIBSVM model (svm-predict compatible)",
                             runPredict});

}  // namespace

}  // namespace kpg::cli
