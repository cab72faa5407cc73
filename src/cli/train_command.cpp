// `kpg train`: svm-train's command line (LIBSVM svm-train.c) on our solver. Output on stdout
// follows svm-train's lines ("optimization finished, #iter = ...", "obj = ..., rho = ...",
// "nSV = ..., nBSV = ...", "Total nSV = ...", "Cross Validation Accuracy = x%"): obj and rho in
// the exact form (formatExact; svm-train rounds them to %f), the cross-validation lines in
// svm-train's %g; warnings and progress go to stderr. -b 1 adds the probability model
// (svm/probability.hpp) and svm-train's lines about it; the fold trainings of its internal
// cross-validation are not listed (svm-train prints each).

#include "command.hpp"
#include "data/number_text.hpp"
#include "svm/cross_validation.hpp"
#include "svm/model_io.hpp"
#include "svm/probability.hpp"
#include "svm/q_columns.hpp"
#include "svm_options.hpp"
#include "thread_pool.hpp"

#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
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
                                     const std::string& modelPath, const SvmModel& trained,
                                     const std::vector<std::string>& classNames) {
  const std::string classesPath = modelPath + ".classes";
  if (classNames.empty()) {
    // Streamed: the whole text is never held (AtomicOutputs writes as its buffer fills).
    writeModel(trained, [&](std::string_view chunk) { outputs.write(model, chunk); });
  } else {
    // The names file carries the model text's checksum.
    const std::string modelText = writeModel(trained);
    outputs.write(model, modelText);
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

// printf's "%f", which svm-train uses for C and epsilon of the nu types.
std::string fixed6(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%f", value);
  return text;
}

std::string defaultModelPath(const std::string& trainingPath) {
  const std::size_t slash = trainingPath.rfind('/');
  return (slash == std::string::npos ? trainingPath : trainingPath.substr(slash + 1)) + ".model";
}

// sigmoid_train's own lines when it stops early (svm-train prints them on stdout).
std::string sigmoidNote(const SigmoidFit& fit) {
  if (fit.lineSearchFailed) return "Line search fails in two-class probability estimates\n";
  if (!fit.converged) return "Reaching maximal iterations in two-class probability estimates\n";
  return {};
}

// -b 1 on stderr: a sigmoid fit that did not converge, and the small-data caveat of Platt scaling
// (LIBSVM FAQ "Why using svm-predict -b 0 and -b 1 gives different accuracy values?"; scikit-learn's
// SVC documents its probabilities as meaningless on very small data sets) when it applies: a
// class with fewer samples in a pair than the 5 internal folds, or a fold whose training part held
// one class, whose decision values LIBSVM fixes at ±1 instead of training.
void reportProbability(const SvmTrainResult& trained, const SvmCommandOptions& o,
                       CommandContext& context) {
  if (trained.probability.empty()) return;
  if (isRegression(o.params.type)) {
    const ProbabilityFitInfo& info = trained.probability[0];
    if (info.folds < kProbabilityFolds) {
      context.err << "kpg train: warning: " << info.sampleCount
                  << " samples: the probability model's cross-validation uses " << info.folds
                  << " folds (leave-one-out) instead of " << kProbabilityFolds
                  << "; its sigma rests on very few residuals\n";
    }
    if (info.outliers > 0) {
      context.err << "kpg train: note: " << info.outliers
                  << " cross-validation residuals beyond 5 standard deviations were left out of "
                     "sigma (svm_svr_probability's rule)\n";
    }
    return;
  }
  bool small = false;
  for (std::size_t k = 0; k < trained.probability.size(); ++k) {
    const ProbabilityFitInfo& info = trained.probability[k];
    const SubproblemInfo& pair = trained.subproblems[k];
    const std::string name =
        "(" + std::to_string(pair.labelA) + ", " + std::to_string(pair.labelB) + ")";
    if (!info.sigmoid.converged) {
      context.err << "kpg train: warning: the probability sigmoid of pair " << name
                  << (info.sigmoid.lineSearchFailed
                          ? " stopped when its line search failed"
                          : " stopped at its cap of " + std::to_string(kSigmoidMaxIterations) +
                                " Newton iterations")
                  << " (probA/probB are its last iterate)\n";
    }
    const Index countA = info.positiveCount;
    const Index countB = info.sampleCount - info.positiveCount;
    if (std::min(countA, countB) < kProbabilityFolds || !info.oneClassFolds.empty()) {
      small = true;
      context.err << "kpg train: warning: pair " << name << " has " << countA << " + " << countB
                  << " samples";
      if (!info.oneClassFolds.empty()) {
        context.err << "; " << info.oneClassFolds.size()
                    << " of its internal folds trained on one class, so the samples those folds "
                       "hold out get the decision value +1 or -1 (as LIBSVM), not a model's";
      }
      context.err << "\n";
    }
  }
  if (small) {
    context.err << "kpg train: warning: Platt scaling fits each pair's sigmoid to a 5-fold "
                   "cross-validation; on this little data the probabilities are unreliable, and "
                   "the -b 1 label (most probable class) may differ from the -b 0 label (the "
                   "vote)\n";
  }
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
  useHugePagesWhenCacheFills(context.argv, o.positional[0], o.params.cacheBytes);
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
  // -j: kernel columns and the passes over G on a pool (svm/parallel_for.hpp); the same model
  // for every count.
  // -j 0 (the default): a thread a core, each pass on those the free cores allow
  // (thread_pool.hpp), so the default is never slower than -j 1 by more than a sample's cost;
  // and no pool at all when no pass can be long enough to be cut (the shortest cut is a column
  // of 2·QColumnCache::parallelMinimum(), over at most 2N variables for the regressions), as
  // on digits, whose 1 797 rows then spend nothing on counting cores or starting a thread.
  const Eigen::Index shortestCut =
      2 * (data.isSparse ? QColumnCache::kSparseParallelMinimum : QColumnCache::kParallelMinimum);
  const bool cuttable = 2 * static_cast<Eigen::Index>(data.size()) >= shortestCut;
  const unsigned defaultThreads = cuttable ? resolveThreads(0) : 1;
  ThreadPool pool(o.threads > 0 ? resolveThreads(o.threads) : (cuttable ? coreCount() : 1),
                  o.threads <= 0, o.threads > 0 ? 0 : defaultThreads);
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
    if (isRegression(o.params.type)) {
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
  reportProbability(trained, o, context);
  if (!o.quiet) {
    for (std::size_t k = 0; k < trained.subproblems.size(); ++k) {
      const SubproblemInfo& s = trained.subproblems[k];
      // svm_train prints a pair's probability fit before the pair's own training.
      if (isClassification(o.params.type) && k < trained.probability.size())
        context.out << sigmoidNote(trained.probability[k].sigmoid);
      context.out << "optimization finished, #iter = " << s.iterations << "\n";
      // solve_nu_svc's and solve_nu_svr's lines: the C and the epsilon that nu amounts to.
      if (o.params.type == SvmType::NuSvc) context.out << "C = " << fixed6(1 / s.r) << "\n";
      if (o.params.type == SvmType::NuSvr) context.out << "epsilon = " << fixed6(-s.r) << "\n";
      context.out << "obj = " << formatExact(s.objective) << ", rho = " << formatExact(s.rho)
                  << "\n"
                  << "nSV = " << s.supportVectors << ", nBSV = " << s.boundSupportVectors << "\n";
    }
    context.out << "Total nSV = " << trained.model.supportVectorCount() << "\n";
    if (isRegression(o.params.type) && !trained.probability.empty()) {
      // svm_svr_probability's line, as svm-train prints it (note "sigma= ").
      context.out << "Prob. model for test data: target value = predicted value + z,\n"
                     "z: Laplace distribution e^(-|z|/sigma)/(2sigma),sigma= "
                  << libsvmNumber(trained.probability[0].sigma, 6) << "\n";
    }
  }
  if (auto e = saveModel(outputs, modelOutput, modelPath, trained.model, classNames)) {
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

const Registration kTrain({"train",
                           "train a C-SVC, nu-SVC, one-class, epsilon-SVR or nu-SVR model "
                           "(svm-train compatible)",
                           runTrain});

}  // namespace

}  // namespace kpg::cli
