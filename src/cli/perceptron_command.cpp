// kpg perceptron: the primal (002) or kernel (001) perceptron on a LIBSVM-format file.

#include "command.hpp"
#include "method_cli.hpp"
#include "perceptron/perceptron.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const std::vector<MethodFlag> kFlags = {
    {"--primal", nullptr, "primal perceptron on the raw features (ignores the kernel flags)"},
    {"--eta", "rate", "learning rate of the primal form (default 1)"},
    {"--rule", "le|lt", "mistake when y*h(x) <= 0 (le, default; notes 001) or < 0 (lt; notes 002)"},
    {"--order", "fixed|shuffle", "visiting order per epoch (default fixed)"},
    {"--seed", "n", "seed of the shuffled order (default 1)"},
    {"--epochs", "n", "epoch cap (default 1000)"},
    {"--no-bias", nullptr, "no bias term (the kernel form of notes 001 has none)"},
    {"--trace", nullptr, "print every visited sample: epoch, index, score, mistake"},
    {"--fail-unconverged", nullptr, "exit with code 3 if the epoch cap is reached"},
};

const std::string& usage() {
  static const std::string text = methodUsage(
      "kpg perceptron [options] training_file",
      "Trains a perceptron (two classes; the smaller label is -1, the larger +1) and prints\n"
      "the weights, the status and the training accuracy. The default is the kernel perceptron\n"
      "with svm-train's default RBF kernel; --primal runs the primal form.",
      kFlags, true);
  return text;
}

template <class P>
int report(P& p, const Dataset& data, bool trace, bool failUnconverged, CommandContext& c) {
  if (p.status() == RunStatus::InvalidInput) {
    c.err << "kpg perceptron: " << p.message() << "\n";
    return p.message().find("budget") != std::string::npos ? kExitResource : kExitBadInput;
  }
  while (!p.finished()) {
    const PerceptronStep s = p.step();
    if (trace) {
      c.out << "epoch " << s.epoch + 1 << " sample " << s.index + 1 << " score " << number(s.score)
            << (s.mistake ? " mistake" : "") << "\n";
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
  if (auto code = parseMethodOptions(c.args, kFlags, true, "perceptron", usage(), o, c.err))
    return *code;
  if (o.help) {
    c.out << usage();
    return kExitOk;
  }
  if (o.positional.size() != 1) {
    c.err << "kpg perceptron: expected one training file\n\n" << usage();
    return kExitUsage;
  }
  PerceptronOptions po;
  long long epochs = po.maxEpochs, seed = 1;
  if (!flagDouble(o, "--eta", 0, po.learningRate, "perceptron", c.err) ||
      !flagInt(o, "--epochs", 1, 100000000, epochs, "perceptron", c.err) ||
      !flagInt(o, "--seed", 0, (1LL << 62), seed, "perceptron", c.err))
    return kExitUsage;
  po.maxEpochs = static_cast<int>(epochs);
  po.seed = static_cast<std::uint64_t>(seed);
  po.useBias = !o.has("--no-bias");
  if (o.has("--rule")) {
    const std::string& r = o.values["--rule"];
    if (r != "le" && r != "lt") {
      c.err << "kpg perceptron: --rule needs le or lt, got '" << r << "'\n";
      return kExitUsage;
    }
    po.rule = r == "le" ? MistakeRule::NonPositiveMargin : MistakeRule::NegativeMargin;
  }
  if (o.has("--order")) {
    const std::string& r = o.values["--order"];
    if (r != "fixed" && r != "shuffle") {
      c.err << "kpg perceptron: --order needs fixed or shuffle, got '" << r << "'\n";
      return kExitUsage;
    }
    po.order = r == "fixed" ? VisitOrder::Fixed : VisitOrder::SeededShuffle;
  }
  Dataset data;
  if (!loadMethodData(o.positional[0], o, data, c.err)) return kExitBadInput;
  const bool trace = o.has("--trace");
  const bool strict = o.has("--fail-unconverged");
  if (o.has("--primal")) {
    Perceptron p(data.x, data.y, po);
    const int code = report(p, data, trace, strict, c);
    if (p.status() != RunStatus::InvalidInput) {
      c.out << "beta:";
      for (Eigen::Index j = 0; j < p.beta().size(); ++j) c.out << " " << number(p.beta()(j));
      c.out << "\nbias: " << number(p.bias()) << "\n";
    }
    return code;
  }
  const auto kernel = resolveKernel(o, data.dimension(), "perceptron", c.err);
  if (!kernel) return kExitUsage;
  KernelPerceptron p(data.x, data.y, *kernel, po);
  const int code = report(p, data, trace, strict, c);
  if (p.status() != RunStatus::InvalidInput) {
    c.out << "kernel: " << describe(*kernel) << "\nbias: " << number(p.bias())
          << "\nalpha (mistake counts, non-zero):";
    for (Eigen::Index i = 0; i < p.alpha().size(); ++i)
      if (p.alpha()(i) != 0) c.out << " " << i + 1 << ":" << number(p.alpha()(i));
    c.out << "\n";
  }
  return code;
}

const Registration kRegistration({"perceptron", "primal or kernel perceptron (notes 001, 002)",
                                  run});

}  // namespace
}  // namespace kpg::cli
