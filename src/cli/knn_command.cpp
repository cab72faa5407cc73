// kpg knn: kernel k-nearest neighbours (notes 000).

#include "command.hpp"
#include "kernel_knn/kernel_knn.hpp"
#include "method_cli.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const std::vector<MethodFlag> kFlags = {
    {"-k", "K", "number of neighbours (default 1)"},
    {"--neighbors", nullptr, "also print the K neighbours of each test sample"},
};

const std::string& usage() {
  static const std::string text = methodUsage(
      "kpg knn [options] training_file test_file",
      "Classifies each sample of test_file by a majority vote of its K nearest training samples\n"
      "in feature space, d^2 = k(x,x) - 2k(x,xi) + k(xi,xi). Distance ties keep the lower\n"
      "training index; vote ties go to the label of the nearest neighbour. Prints one\n"
      "prediction per line and the accuracy against test_file's labels.",
      kFlags, true);
  return text;
}

int run(CommandContext& c) {
  MethodOptions o;
  if (auto code = parseMethodOptions(c.args, kFlags, true, "knn", usage(), o, c.err)) return *code;
  if (o.help) {
    c.out << usage();
    return kExitOk;
  }
  if (o.positional.size() != 2) {
    c.err << "kpg knn: expected a training file and a test file\n\n" << usage();
    return kExitUsage;
  }
  long long k = 1;
  if (!flagInt(o, "-k", 1, 1000000, k, "knn", c.err)) return kExitUsage;
  Dataset train, test;
  if (!loadMethodData(o.positional[0], o, train, c.err)) return kExitBadInput;
  if (!loadMethodData(o.positional[1], o, test, c.err)) return kExitBadInput;
  if (!matchDimension(test, train.dimension(), "knn", c.err)) return kExitBadInput;
  const auto kernel = resolveKernel(o, train.dimension(), "knn", c.err);
  if (!kernel) return kExitUsage;
  KernelKnn knn;
  if (auto error = knn.fit(train.x, train.y, *kernel, static_cast<int>(k))) {
    c.err << "kpg knn: " << *error << "\n";
    return kExitBadInput;
  }
  long long correct = 0;
  for (Eigen::Index i = 0; i < test.size(); ++i) {
    const KnnQuery q = knn.query(test.x.row(i).transpose());
    c.out << number(q.prediction);
    if (o.has("--neighbors")) {
      c.out << "  neighbours:";
      for (const KnnNeighbor& n : q.neighbors)
        c.out << " " << n.index + 1 << "(label " << number(n.label) << ", d2 "
              << number(n.distanceSquared) << ")";
      if (q.voteTie) c.out << "  [vote tie]";
    }
    c.out << "\n";
    correct += q.prediction == test.y(i) ? 1 : 0;
  }
  c.out << "accuracy: " << accuracy(correct, test.size()) << "\n";
  return kExitOk;
}

const Registration kRegistration({"knn", "kernel k-nearest neighbours (notes 000)", run});

}  // namespace
}  // namespace kpg::cli
