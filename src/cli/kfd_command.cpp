// kpg kfd: kernel Fisher discriminant (notes 004; Mika et al. 1999), or LDA with --lda.

#include "command.hpp"
#include "fisher_discriminant/fisher_discriminant.hpp"
#include "method_cli.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const std::vector<MethodFlag> kFlags = {
    {"--mu", "mu", "regularization of N + mu*I (default 0.001; 0 = automatic)"},
    {"--lda", nullptr, "linear discriminant on the raw features (ignores the kernel flags)"},
    {"--budget-mb", "n", "memory budget for the n*n matrices in MiB (default 1024)"},
};

const std::string& usage() {
  static const std::string text = methodUsage(
      "kpg kfd [options] training_file [test_file]",
      "Two-class kernel Fisher discriminant: alpha = (N + mu*I)^-1 (M1 - M2), projection\n"
      "sum_i alpha_i k(x, x_i), threshold at the midpoint of the projected class means.\n"
      "Class 1 is the larger label. Prints the threshold, the Rayleigh quotient and the\n"
      "training accuracy; with test_file, one prediction per line and the test accuracy.",
      kFlags, true);
  return text;
}

template <class Model>
void printPredictions(const Model& model, const Dataset& train, const Dataset* test,
                      CommandContext& c) {
  long long correct = 0;
  for (Eigen::Index i = 0; i < train.size(); ++i)
    correct += model.predict(train.x.row(i).transpose()) == train.y(i) ? 1 : 0;
  c.out << "threshold: " << number(model.threshold())
        << "\nrayleigh quotient: " << number(model.rayleighQuotient())
        << "\ntraining accuracy: " << accuracy(correct, train.size()) << "\n";
  if (test == nullptr) return;
  correct = 0;
  c.out << "predictions:\n";
  for (Eigen::Index i = 0; i < test->size(); ++i) {
    const double label = model.predict(test->x.row(i).transpose());
    c.out << number(label) << " " << number(model.decisionValue(test->x.row(i).transpose()))
          << "\n";
    correct += label == test->y(i) ? 1 : 0;
  }
  c.out << "test accuracy: " << accuracy(correct, test->size()) << "\n";
}

int run(CommandContext& c) {
  MethodOptions o;
  if (auto code = parseMethodOptions(c.args, kFlags, true, "kfd", usage(), o, c.err)) return *code;
  if (o.help) {
    c.out << usage();
    return kExitOk;
  }
  if (o.positional.empty() || o.positional.size() > 2) {
    c.err << "kpg kfd: expected a training file and optionally a test file\n\n" << usage();
    return kExitUsage;
  }
  KfdOptions ko;
  long long budgetMb = 1024;
  if (!flagDouble(o, "--mu", 0, ko.mu, "kfd", c.err) ||
      !flagInt(o, "--budget-mb", 1, 1LL << 30, budgetMb, "kfd", c.err))
    return kExitUsage;
  ko.gramBudgetBytes = static_cast<std::size_t>(budgetMb) << 20;
  Dataset train, test;
  if (!loadMethodData(o.positional[0], o, train, c.err)) return kExitBadInput;
  const bool hasTest = o.positional.size() == 2;
  if (hasTest) {
    if (!loadMethodData(o.positional[1], o, test, c.err)) return kExitBadInput;
    if (!matchDimension(test, train.dimension(), "kfd", c.err)) return kExitBadInput;
  }
  const auto failed = [&c](FisherStatus status, const std::string& message) {
    c.err << "kpg kfd: " << message << "\n";
    return status == FisherStatus::OverBudget ? kExitResource : kExitBadInput;
  };
  if (o.has("--lda")) {
    LinearDiscriminant lda;
    if (lda.compute(train.x, train.y).info() != FisherStatus::Success)
      return failed(lda.info(), lda.message());
    if (lda.regularized()) c.err << "kpg kfd: note: " << lda.message() << "\n";
    c.out << "direction:";
    for (Eigen::Index j = 0; j < lda.direction().size(); ++j)
      c.out << " " << number(lda.direction()(j));
    c.out << "\n";
    printPredictions(lda, train, hasTest ? &test : nullptr, c);
    return kExitOk;
  }
  const auto kernel = resolveKernel(o, train.dimension(), "kfd", c.err);
  if (!kernel) return kExitUsage;
  KernelFisherDiscriminant kfd;
  if (kfd.compute(train.x, train.y, *kernel, ko).info() != FisherStatus::Success)
    return failed(kfd.info(), kfd.message());
  c.out << "kernel: " << describe(*kernel) << "\nmu: " << number(kfd.muUsed())
        << "\nprojected class means: " << number(kfd.positiveProjectedMean()) << " (label "
        << number(kfd.labels().positiveLabel) << "), " << number(kfd.negativeProjectedMean())
        << " (label " << number(kfd.labels().negativeLabel) << ")\n";
  printPredictions(kfd, train, hasTest ? &test : nullptr, c);
  return kExitOk;
}

const Registration kRegistration({"kfd", "kernel Fisher discriminant / LDA (notes 004)", run});

}  // namespace
}  // namespace kpg::cli
