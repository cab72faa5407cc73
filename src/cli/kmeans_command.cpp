// kpg kmeans: kernel k-means (notes 000).

#include "command.hpp"
#include "kernel_kmeans/kernel_kmeans.hpp"
#include "method_cli.hpp"

#include <ostream>

namespace kpg::cli {
namespace {

const std::vector<MethodFlag> kFlags = {
    {"-k", "K", "number of clusters (default 2)"},
    {"--seed", "n", "seed of the k-means++ initialization (default 1)"},
    {"--max-iter", "n", "iteration cap (default 300)"},
    {"--fail-unconverged", nullptr, "exit with code 3 if the iteration cap is reached"},
};

const std::string& usage() {
  static const std::string text = methodUsage(
      "kpg kmeans [options] data_file",
      "Clusters the samples (labels are ignored) by k-means in feature space, seeded with\n"
      "k-means++. Prints the objective per iteration, then the cluster of each sample (1-based),\n"
      "one per line. A cluster that empties is reseeded with the farthest sample.",
      kFlags, true);
  return text;
}

int run(CommandContext& c) {
  MethodOptions o;
  if (auto code = parseMethodOptions(c.args, kFlags, true, "kmeans", usage(), o, c.err))
    return *code;
  if (o.help) {
    c.out << usage();
    return kExitOk;
  }
  if (o.positional.size() != 1) {
    c.err << "kpg kmeans: expected one data file\n\n" << usage();
    return kExitUsage;
  }
  long long k = 2, seed = 1, maxIter = 300;
  if (!flagInt(o, "-k", 1, 1000000, k, "kmeans", c.err) ||
      !flagInt(o, "--seed", 0, (1LL << 62), seed, "kmeans", c.err) ||
      !flagInt(o, "--max-iter", 1, 100000000, maxIter, "kmeans", c.err))
    return kExitUsage;
  Dataset data;
  if (!loadMethodData(o.positional[0], o, data, c.err)) return kExitBadInput;
  const auto kernel = resolveKernel(o, data.dimension(), "kmeans", c.err);
  if (!kernel) return kExitUsage;
  KernelKmeansOptions ko;
  ko.clusters = static_cast<int>(k);
  ko.seed = static_cast<std::uint64_t>(seed);
  ko.maxIterations = static_cast<int>(maxIter);
  KernelKmeans kmeans(data.x, *kernel, ko);
  if (kmeans.status() == RunStatus::InvalidInput) {
    c.err << "kpg kmeans: " << kmeans.message() << "\n";
    return kmeans.message().find("budget") != std::string::npos ? kExitResource : kExitBadInput;
  }
  while (!kmeans.finished()) {
    const KernelKmeansStep s = kmeans.step();
    c.out << "iteration " << s.stepsDone << ": objective " << number(s.objective) << ", "
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
    if (o.has("--fail-unconverged")) return kExitNotConverged;
  }
  return kExitOk;
}

const Registration kRegistration({"kmeans", "kernel k-means (notes 000)", run});

}  // namespace
}  // namespace kpg::cli
