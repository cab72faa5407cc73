// kpg kfd: kernel Fisher discriminant (notes 004; Mika et al. 1999), or LDA with --lda.

#include "command.hpp"
#include "data/number_text.hpp"
#include "fisher_discriminant/fisher_discriminant.hpp"
#include "method_cli.hpp"

#include <cmath>
#include <limits>

#include <ostream>

namespace kpg::cli {
namespace {

const char* const kDescription =
    "Two-class kernel Fisher discriminant: alpha = (N + mu*I)^-1 (M1 - M2), projection\n"
    "sum_i alpha_i k(x, x_i), threshold at the midpoint of the projected class means.\n"
    "Class 1 is the larger label. Prints the threshold, the Rayleigh quotient and the\n"
    "training accuracy; with test_file, one prediction per line and the test accuracy.";

// A test point whose kernel values overflow gives a non-finite projection (P3, G7): refused
// before anything is printed. Returns 0, or exit 2 with the message.
template <class Model>
int refuseNonFiniteTest(const Model& model, const Dataset* test, CommandContext& c) {
  for (Eigen::Index i = 0; test != nullptr && i < test->size(); ++i) {
    if (std::isfinite(model.decisionValue(test->x.row(i).transpose()))) continue;
    c.err << "kpg kfd: " << kKernelOverflowMessage << " (test sample " << i + 1 << ")\n";
    return kExitBadInput;
  }
  return kExitOk;
}

template <class Model>
void printPredictions(const Model& model, const Dataset& train, const Dataset* test,
                      CommandContext& c) {
  long long correct = 0;
  for (Eigen::Index i = 0; i < train.size(); ++i)
    correct += model.predict(train.x.row(i).transpose()) == train.y(i) ? 1 : 0;
  c.out << "threshold: " << formatExact(model.threshold())
        << "\nrayleigh quotient: " << formatExact(model.rayleighQuotient())
        << "\ntraining accuracy: " << accuracy(correct, train.size()) << "\n";
  if (test == nullptr) return;
  correct = 0;
  c.out << "predictions:\n";
  for (Eigen::Index i = 0; i < test->size(); ++i) {
    const double label = model.predict(test->x.row(i).transpose());
    c.out << formatExact(label) << " "
          << formatExact(model.decisionValue(test->x.row(i).transpose())) << "\n";
    correct += label == test->y(i) ? 1 : 0;
  }
  c.out << "test accuracy: " << accuracy(correct, test->size()) << "\n";
}

int run(CommandContext& c) {
  MethodOptions o;
  KfdOptions ko;
  long long budgetMb = static_cast<long long>(ko.gramBudgetBytes >> 20);
  bool linearOnly = false;
  const std::string g = "Fisher discriminant";
  OptionTable t("kfd", "kpg kfd [options] training_file [test_file]", kDescription);
  t.addReal("--mu", "mu", "regularization mu", g, "regularization of N + mu*I; 0 = automatic",
            {0, std::numeric_limits<double>::infinity()}, ko.mu);
  t.addSwitch("--lda", g, "linear discriminant on the raw features (ignores the kernel flags)",
              linearOnly);
  t.addInteger("--budget-mb", "n", g, "memory budget for the n*n matrices in MiB", 1, 1LL << 30,
               budgetMb);
  if (auto code = parseMethodOptions(t, o, c)) return *code;
  if (o.positional.empty() || o.positional.size() > 2)
    return t.usageError(c.err, "expected a training file and optionally a test file");
  ko.gramBudgetBytes = static_cast<std::size_t>(budgetMb) << 20;
  Dataset train, test;
  if (!loadMethodData(o.positional[0], o, train, c.err)) return kExitBadInput;
  const bool hasTest = o.positional.size() == 2;
  if (hasTest) {
    if (!loadMethodData(o.positional[1], o, test, c.err)) return kExitBadInput;
    if (!matchDimension(test, train.dimension(), "kfd", c.err)) return kExitBadInput;
  }
  const auto failed = [&c](ComputeStatus status, const std::string& message) {
    c.err << "kpg kfd: " << message << "\n";
    return status == ComputeStatus::OverBudget ? kExitResource : kExitBadInput;
  };
  if (linearOnly) {
    LinearDiscriminant lda;
    if (lda.compute(train.x, train.y).info() != ComputeStatus::Success)
      return failed(lda.info(), lda.message());
    if (int code = refuseNonFiniteTest(lda, hasTest ? &test : nullptr, c)) return code;
    if (lda.regularized()) c.err << "kpg kfd: note: " << lda.message() << "\n";
    c.out << "direction:";
    for (Eigen::Index j = 0; j < lda.direction().size(); ++j)
      c.out << " " << formatExact(lda.direction()(j));
    c.out << "\n";
    printPredictions(lda, train, hasTest ? &test : nullptr, c);
    return kExitOk;
  }
  const auto kernel = resolveKernel(o.kernel, train.dimension(), "kfd", c.err);
  if (!kernel) return kExitUsage;
  KernelFisherDiscriminant kfd;
  if (kfd.compute(train.x, train.y, *kernel, ko).info() != ComputeStatus::Success)
    return failed(kfd.info(), kfd.message());
  if (int code = refuseNonFiniteTest(kfd, hasTest ? &test : nullptr, c)) return code;
  c.out << "kernel: " << describe(*kernel) << "\nmu: " << formatExact(kfd.muUsed())
        << "\nprojected class means: " << formatExact(kfd.positiveProjectedMean()) << " (label "
        << formatExact(kfd.labels().positiveLabel) << "), "
        << formatExact(kfd.negativeProjectedMean()) << " (label "
        << formatExact(kfd.labels().negativeLabel) << ")\n";
  printPredictions(kfd, train, hasTest ? &test : nullptr, c);
  return kExitOk;
}

const Registration kRegistration({"kfd", "kernel Fisher discriminant / LDA (notes 004)", run});

}  // namespace
}  // namespace kpg::cli
