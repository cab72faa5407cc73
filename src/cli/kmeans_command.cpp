// kpg kmeans: kernel k-means (notes 000).

#include "command.hpp"
#include "data/number_text.hpp"
#include "kernel_kmeans/kernel_kmeans.hpp"
#include "method_cli.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const char* const kDescription =
    "Clusters the samples (labels are ignored) by k-means in feature space, seeded with\n"
    "k-means++. Prints the objective per iteration, then the cluster of each sample (1-based),\n"
    "one per line. A cluster that empties is reseeded with the farthest sample.";

int run(CommandContext& c) {
  MethodOptions o;
  KernelKmeansOptions ko;
  bool failUnconverged = false;
  const std::string g = "k-means";
  OptionTable t("kmeans", "kpg kmeans [options] data_file", kDescription);
  t.addInteger("-k", "K", g, "number of clusters", 1, 1000000, ko.clusters);
  t.addInteger("--seed", "n", g, "seed of the k-means++ initialization", 0, 2147483647LL, ko.seed);
  t.addInteger("--max-iter", "n", g, "iteration cap", 1, 100000000, ko.maxIterations);
  t.addSwitch("--fail-unconverged", g, "exit with code 3 if the iteration cap is reached",
              failUnconverged);
  if (auto code = parseMethodOptions(t, o, c)) return *code;
  if (o.positional.size() != 1) return t.usageError(c.err, "expected one data file");
  Dataset data;
  if (!loadMethodData(o.positional[0], o, data, c.err)) return kExitBadInput;
  const auto kernel = resolveKernel(o.kernel, data.dimension(), "kmeans", c.err);
  if (!kernel) return kExitUsage;
  KernelKmeans kmeans(data.x, *kernel, ko);
  if (kmeans.status() == RunStatus::InvalidInput) {
    c.err << "kpg kmeans: " << kmeans.message() << "\n";
    return kmeans.message().find("budget") != std::string::npos ? kExitResource : kExitBadInput;
  }
  while (!kmeans.finished()) {
    const KernelKmeansStep s = kmeans.step();
    c.out << "iteration " << s.stepsDone << ": objective " << formatExact(s.objective) << ", "
          << s.changed << " changed";
    for (const auto& [cluster, sample] : s.reseeds)
      c.out << ", cluster " << cluster + 1 << " emptied: reseeded with sample " << sample + 1;
    c.out << "\n";
  }
  c.out << "status: " << kmeansStatusText(kmeans.status()) << "\nsizes:";
  for (int size : kmeans.clusterSizes()) c.out << " " << size;
  c.out << "\nassignment:\n";
  for (int cluster : kmeans.assignment()) c.out << cluster + 1 << "\n";
  if (kmeans.status() != RunStatus::Converged) {
    c.err << "kpg kmeans: " << kmeans.message() << "\n";
    if (failUnconverged) return kExitNotConverged;
  }
  return kExitOk;
}

const Registration kRegistration({"kmeans", "kernel k-means (notes 000)", run});

}  // namespace
}  // namespace kpg::cli
