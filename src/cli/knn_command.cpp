// kpg knn: kernel k-nearest neighbours (notes 000).

#include "command.hpp"
#include "data/number_text.hpp"
#include "kernel_knn/kernel_knn.hpp"
#include "method_cli.hpp"

#include <ostream>
#include <vector>

namespace kpg::cli {
namespace {

const char* const kDescription =
    "Classifies each sample of test_file by a majority vote of its K nearest training samples\n"
    "in feature space, d^2 = k(x,x) - 2k(x,xi) + k(xi,xi). Distance ties keep the lower\n"
    "training index; vote ties go to the label of the nearest neighbour. Prints one\n"
    "prediction per line and the accuracy against test_file's labels.";

int run(CommandContext& c) {
  MethodOptions o;
  int k = 1;
  bool neighbors = false;
  OptionTable t("knn", "kpg knn [options] training_file test_file", kDescription);
  t.addInteger("-k", "K", "k-NN", "number of neighbours", 1, 1000000, k);
  t.addSwitch("--neighbors", "k-NN", "also print the K neighbours of each test sample", neighbors);
  if (auto code = parseMethodOptions(t, o, c)) return *code;
  if (o.positional.size() != 2)
    return t.usageError(c.err, "expected a training file and a test file");
  Dataset train, test;
  if (!loadMethodData(o.positional[0], o, train, c.err)) return kExitBadInput;
  if (!loadMethodData(o.positional[1], o, test, c.err)) return kExitBadInput;
  if (!matchDimension(test, train.dimension(), "knn", c.err)) return kExitBadInput;
  const auto kernel = resolveKernel(o.kernel, train.dimension(), "knn", c.err);
  if (!kernel) return kExitUsage;
  KernelKnn knn;
  if (knn.compute(train.x, train.y, *kernel, k).info() != ComputeStatus::Success) {
    c.err << "kpg knn: " << knn.message() << "\n";
    return kExitBadInput;
  }
  // Every query first, so that an overflowing test point (P3, G7) leaves no partial output.
  std::vector<KnnQuery> queries;
  for (Eigen::Index i = 0; i < test.size(); ++i) {
    queries.push_back(knn.query(test.x.row(i).transpose()));
    if (queries.back().error) {
      c.err << "kpg knn: " << *queries.back().error << " (test sample " << i + 1 << ")\n";
      return kExitBadInput;
    }
  }
  long long correct = 0;
  for (Eigen::Index i = 0; i < test.size(); ++i) {
    const KnnQuery& q = queries[static_cast<std::size_t>(i)];
    c.out << formatExact(q.prediction);
    if (neighbors) {
      c.out << "  neighbours:";
      for (const KnnNeighbor& n : q.neighbors)
        c.out << " " << n.index + 1 << "(label " << formatExact(n.label) << ", d2 "
              << formatExact(n.distanceSquared) << ")";
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
