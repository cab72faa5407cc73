// `kpg train`: svm-train's command line (LIBSVM svm-train.c) on our solver. Output on stdout
// follows svm-train's lines ("optimization finished, #iter = ...", "obj = ..., rho = ...",
// "nSV = ..., nBSV = ...", "Total nSV = ...", "Cross Validation Accuracy = x%"): obj and rho in
// the exact form (formatExact; svm-train rounds them to %f), the cross-validation lines in
// svm-train's %g; warnings and progress go to stderr.

#include "command.hpp"
#include "data/number_text.hpp"
#include "svm/cross_validation.hpp"
#include "svm/model_io.hpp"
#include "svm_options.hpp"
#include "thread_pool.hpp"

#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <ostream>
#include <thread>

namespace kpg::cli {

namespace {

const char* const kUsage = "Usage: kpg train [options] training_set_file [model_file]\n";

// Prints "training... N s" on stderr every few seconds while a long run goes on: trainSvm is one
// call, so progress comes from a clock, not from the solver (the core has no callbacks).
class Heartbeat {
 public:
  Heartbeat(std::ostream& err, bool enabled) : err_(err) {
    if (!enabled) return;
    thread_ = std::thread([this] {
      const auto start = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex_);
      while (!cv_.wait_for(lock, std::chrono::seconds(5), [this] { return done_; })) {
        const auto s = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::steady_clock::now() - start)
                           .count();
        err_ << "kpg train: still training (" << s << " s; Ctrl-C stops)\n" << std::flush;
      }
    });
  }
  ~Heartbeat() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::ostream& err_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

// Writes the model and, for CSV class names, MODEL.classes (csv_format.hpp ClassNames), renamed
// only when both are written: the names first (AtomicOutputs renames the last opened first), so
// that an interruption between the renames leaves a names file whose checksum does not match the
// old model, which kpg predict refuses, never names silently applied to the wrong model. Without
// names a stale MODEL.classes of an earlier run is removed.
std::optional<std::string> saveModel(AtomicOutputs& outputs, std::size_t model,
                                     const std::string& modelPath, const std::string& modelText,
                                     const std::vector<std::string>& classNames) {
  const std::string classesPath = modelPath + ".classes";
  outputs.write(model, modelText);
  if (!classNames.empty()) {
    std::optional<std::string> error;
    const std::size_t classes = outputs.open(classesPath, error);
    if (error) {
      outputs.abandon();
      return error;
    }
    outputs.write(classes, writeClassNames(classNames, modelText));
  }
  if (auto e = outputs.commit()) return e;
  if (classNames.empty() && ::unlink(classesPath.c_str()) != 0 && errno != ENOENT)
    return "cannot remove the stale '" + classesPath + "': " + std::strerror(errno);
  return std::nullopt;
}

std::string defaultModelPath(const std::string& trainingPath) {
  const std::size_t slash = trainingPath.rfind('/');
  return (slash == std::string::npos ? trainingPath : trainingPath.substr(slash + 1)) + ".model";
}

int runTrain(CommandContext& context) {
  SvmCommandOptions o;
  const unsigned groups = kKernelFlags | kTrainFlags | kDataFlags;
  if (auto code = parseSvmOptions(context.args, groups, "train", kUsage, o, context.err))
    return *code;
  if (o.help) {
    context.out
        << kUsage << optionsHelp(groups)
        << "\nWrites the model in LIBSVM's format (readable by svm-predict) to model_file,\n"
           "by default <training_set_file>.model in the current directory. With CSV class\n"
           "names, model_file.classes beside it keeps each label's name for kpg predict.\n"
           "Exit codes: 0 ok, 1 bad option, 2 bad data or unwritable model file,\n"
           "3 not converged (with --fail-unconverged), 130 interrupted.\n";
    return kExitOk;
  }
  if (o.positional.empty() || o.positional.size() > 2) {
    context.err << "kpg train: expected training_set_file [model_file]\n\n"
                << kUsage << optionsHelp(groups);
    return kExitUsage;
  }
  installInterruptHandler();
  // The model's temporary is created before the data are read and the model trained, so that a
  // missing folder or a directory named as the model is reported at once, with nothing written
  // (docs/bad-inputs.md M11; the reliability audit's F9).
  const std::string modelPath =
      o.positional.size() == 2 ? o.positional[1] : defaultModelPath(o.positional[0]);
  AtomicOutputs outputs;
  std::size_t modelOutput = 0;
  if (o.folds == 0) {
    std::optional<std::string> error;
    modelOutput = outputs.open(modelPath, error);
    if (error) {
      context.err << "kpg train: " << *error << "\n";
      return kExitBadInput;
    }
  }
  // Sparse rows when the data are mostly zeros (svm_cli_io.hpp SampleData), as svm-train holds
  // every file: a text-classification file costs its non-zeros, not samples × largest index.
  SampleData data;
  if (!loadSampleData(o.positional[0], o.data, data, context.err)) return kExitBadInput;
  if (!resolveAndValidate(o, data.dimension(), "train", context.err)) return kExitUsage;
  const std::vector<std::string>& classNames = data.dense.classNames;
  if (!classNames.empty()) {
    context.err << "kpg train: class names mapped to labels:";
    for (std::size_t k = 0; k < classNames.size(); ++k)
      context.err << " " << k << "=" << classNames[k];
    context.err << "\n";
  }
  const bool longRun = data.size() > 2000;
  // -j: kernel columns on a pool (svm/parallel_for.hpp); the same model for every count.
  ThreadPool pool(resolveThreads(o.threads));
  if (pool.threads() > 1) o.params.parallelFor = pool.parallelFor();

  if (o.folds > 0) {
    CrossValidationResult cv;
    {
      Heartbeat heartbeat(context.err, longRun);
      cv = data.isSparse ? crossValidate(data.sparse.x, data.y(), o.params, o.folds, o.seed)
                         : crossValidate(data.dense.x, data.y(), o.params, o.folds, o.seed);
    }
    for (const std::string& w : cv.warnings) context.err << "kpg train: warning: " << w << "\n";
    if (!cv.ok()) {
      context.err << "kpg train: " << cv.error->parameter << ": " << cv.error->message << "\n";
      return cv.error->parameter == "folds" ? kExitUsage : kExitBadInput;
    }
    if (o.params.type == SvmType::EpsilonSvr) {
      context.out << "Cross Validation Mean squared error = "
                  << libsvmNumber(cv.meanSquaredError, 6) << "\n"
                  << "Cross Validation Squared correlation coefficient = "
                  << libsvmNumber(cv.squaredCorrelation, 6) << "\n";
    } else {
      context.out << "Cross Validation Accuracy = " << libsvmNumber(100.0 * cv.accuracy, 6)
                  << "%\n";
    }
    return kExitOk;
  }

  SvmTrainResult trained;
  {
    Heartbeat heartbeat(context.err, longRun);
    trained = data.isSparse ? trainSvm(data.sparse.x, data.y(), o.params)
                            : trainSvm(data.dense.x, data.y(), o.params);
  }
  if (!trained.ok()) {
    context.err << "kpg train: " << trained.error->message << "\n";
    const std::string& p = trained.error->parameter;
    // "kernel": overflowing kernel values are bad data, not a bad option (P3, G7).
    return (p == "data" || p == "y" || p == "kernel") ? kExitBadInput : kExitUsage;
  }
  for (const std::string& w : trained.warnings) context.err << "kpg train: warning: " << w << "\n";
  if (!o.quiet) {
    for (const SubproblemInfo& s : trained.subproblems) {
      context.out << "optimization finished, #iter = " << s.iterations << "\n"
                  << "obj = " << formatExact(s.objective) << ", rho = " << formatExact(s.rho)
                  << "\n"
                  << "nSV = " << s.supportVectors << ", nBSV = " << s.boundSupportVectors << "\n";
    }
    context.out << "Total nSV = " << trained.model.supportVectorCount() << "\n";
  }
  if (auto e = saveModel(outputs, modelOutput, modelPath, writeModel(trained.model), classNames)) {
    context.err << "kpg train: " << *e << "\n";
    return kExitBadInput;
  }
  if (!trained.converged()) {
    context.err << "kpg train: warning: not converged: a sub-problem stopped at the iteration "
                   "cap; the model is the last iterate (scale the data or lower C)\n";
    if (o.failIfNotConverged) return kExitNotConverged;
  }
  return kExitOk;
}

const Registration kTrain({"train", "train a C-SVC or epsilon-SVR model (svm-train compatible)",
                           runTrain});

}  // namespace

}  // namespace kpg::cli
