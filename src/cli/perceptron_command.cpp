// kpg perceptron: the primal (002) or kernel (001) perceptron on a LIBSVM-format file.

#include "command.hpp"
#include "data/number_text.hpp"
#include "method_cli.hpp"
#include "perceptron/perceptron.hpp"

#include <limits>
#include <ostream>

namespace kpg::cli {
namespace {

const char* const kDescription =
    "Trains a perceptron (two classes; the smaller label is -1, the larger +1) and prints\n"
    "the weights, the status and the training accuracy. The default is the kernel perceptron\n"
    "with svm-train's default RBF kernel; --primal runs the primal form.";

template <class P>
int report(P& p, const Dataset& data, bool trace, bool failUnconverged, CommandContext& c) {
  if (p.status() == RunStatus::InvalidInput) {
    c.err << "kpg perceptron: " << p.message() << "\n";
    return p.message().find("budget") != std::string::npos ? kExitResource : kExitBadInput;
  }
  while (!p.finished()) {
    const PerceptronStep s = p.step();
    if (trace) {
      c.out << "epoch " << s.epoch + 1 << " sample " << s.index + 1 << " score "
            << formatExact(s.score) << (s.mistake ? " mistake" : "") << "\n";
    }
  }
  long long correct = 0;
  for (Eigen::Index i = 0; i < data.size(); ++i)
    correct += p.predict(data.x.row(i).transpose()) == data.y(i) ? 1 : 0;
  c.out << "status: " << perceptronStatusText(p.status()) << "\n"
        << "message: " << p.message() << "\n"
        << "epochs: " << p.epoch() + 1 << "\nupdates: " << p.mistakes() << "\n"
        << "training accuracy: " << accuracy(correct, data.size()) << "\n";
  if (p.status() != RunStatus::Converged) {
    c.err << "kpg perceptron: " << p.message() << "\n";
    if (failUnconverged) return kExitNotConverged;
  }
  return kExitOk;
}

int run(CommandContext& c) {
  MethodOptions o;
  PerceptronOptions po;
  bool primal = false, noBias = false, trace = false, strict = false;
  const std::string g = "Perceptron";
  OptionTable t("perceptron", "kpg perceptron [options] training_file", kDescription);
  t.addSwitch("--primal", g, "primal perceptron on the raw features (ignores the kernel flags)",
              primal);
  t.addReal("--eta", "rate", "learning rate", g, "learning rate of the primal form",
            {0, std::numeric_limits<double>::infinity()}, po.learningRate);
  t.addChoice<MistakeRule>(
      "--rule", g, "mistake when y*h(x) <= 0 (le; notes 001) or < 0 (lt; notes 002)",
      {{"le", MistakeRule::NonPositiveMargin}, {"lt", MistakeRule::NegativeMargin}}, po.rule);
  t.addChoice<VisitOrder>("--order", g, "visiting order per epoch",
                          {{"fixed", VisitOrder::Fixed}, {"shuffle", VisitOrder::SeededShuffle}},
                          po.order);
  t.addInteger("--seed", "n", g, "seed of the shuffled order", 0, 2147483647LL, po.seed);
  t.addInteger("--epochs", "n", g, "epoch cap", 1, 100000000, po.maxEpochs);
  t.addSwitch("--no-bias", g, "no bias term (the kernel form of notes 001 has none)", noBias);
  t.addSwitch("--trace", g, "print every visited sample: epoch, index, score, mistake", trace);
  t.addSwitch("--fail-unconverged", g, "exit with code 3 if the epoch cap is reached", strict);
  if (auto code = parseMethodOptions(t, o, c)) return *code;
  if (o.positional.size() != 1) return t.usageError(c.err, "expected one training file");
  po.useBias = !noBias;
  Dataset data;
  if (!loadMethodData(o.positional[0], o, data, c.err)) return kExitBadInput;
  if (primal) {
    Perceptron p(data.x, data.y, po);
    const int code = report(p, data, trace, strict, c);
    if (p.status() != RunStatus::InvalidInput) {
      c.out << "beta:";
      for (Eigen::Index j = 0; j < p.beta().size(); ++j) c.out << " " << formatExact(p.beta()(j));
      c.out << "\nbias: " << formatExact(p.bias()) << "\n";
    }
    return code;
  }
  const auto kernel = resolveKernel(o.kernel, data.dimension(), "perceptron", c.err);
  if (!kernel) return kExitUsage;
  KernelPerceptron p(data.x, data.y, *kernel, po);
  const int code = report(p, data, trace, strict, c);
  if (p.status() != RunStatus::InvalidInput) {
    c.out << "kernel: " << describe(*kernel) << "\nbias: " << formatExact(p.bias())
          << "\nalpha (mistake counts, non-zero):";
    for (Eigen::Index i = 0; i < p.alpha().size(); ++i)
      if (p.alpha()(i) != 0) c.out << " " << i + 1 << ":" << formatExact(p.alpha()(i));
    c.out << "\n";
  }
  return code;
}

const Registration kRegistration({"perceptron", "primal or kernel perceptron (notes 001, 002)",
                                  run});

}  // namespace
}  // namespace kpg::cli
