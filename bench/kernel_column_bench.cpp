// kpg_bench_kernels: milliseconds per RBF kernel column k(x_a, x_b), a = 1 .. N, N = 20 000,
// d = 2 and 20 (architecture review §3.1 and Appendix B.4; issue 11 item 3):
//   per-entry   the loop Q providers used before kernel_block: exp(−γ‖x_a − x_b‖²) one entry at
//               a time over transposed samples (the baseline, kept here only to be measured)
//   double      kernelColumn<double>: X·x_b, then exp(−γ·max(‖x_a‖² + ‖x_b‖² − 2·x_a·x_b, 0))
//   float       kernelColumn<float>: the same in single precision (CachedQMatrix's float storage)
//   double→float kernelColumn<double> rounded into a float buffer (LIBSVM's Qfloat: computed in
//               double, stored in float), to show what computing in float buys
//   cache       kernelColumnRangeForCache: the solver's float cache's column (RBF's exp
//               vectorized), the one SMO computes most
// Each figure is the minimum over 5 runs of 200 columns; also prints the largest difference of
// each against the per-entry column. Not a test: timings depend on the machine.

#include "kernels/kernel_block.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

kpg::Matrix makeSamples(kpg::Index n, kpg::Index d, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1, 1);  // svm-scale's range
  kpg::Matrix x(n, d);
  for (kpg::Index i = 0; i < x.size(); ++i) x.data()[i] = uniform(rng);
  return x;
}

// The old provider's RBF column, as it was in q_matrix.cpp before kernel_block.
void perEntryColumn(const kpg::Matrix& samplesT, double gamma, kpg::Index b, double* out) {
  for (kpg::Index a = 0; a < samplesT.cols(); ++a)
    out[a] = std::exp(-gamma * (samplesT.col(a) - samplesT.col(b)).squaredNorm());
}

template <class Fill>
double millisecondsPerColumn(kpg::Index n, Fill fill) {
  constexpr int kColumns = 200;
  double best = 1e300;
  for (int run = 0; run < 5; ++run) {
    const auto start = Clock::now();
    for (int c = 0; c < kColumns; ++c) fill((static_cast<kpg::Index>(c) * 97) % n);
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    best = std::min(best, elapsed.count() / kColumns);
  }
  return best;
}

}  // namespace

int main() {
  const kpg::Index n = 20000;
  std::printf("RBF kernel column, N = %lld, ms per column (min of 5 x 200 columns)\n",
              static_cast<long long>(n));
  std::printf("%4s %10s %10s %10s %12s %10s   %s\n", "d", "per-entry", "double", "float",
              "double>float", "cache", "max |diff| vs per-entry: double, float");
  for (const kpg::Index d : {kpg::Index{2}, kpg::Index{20}}) {
    const kpg::Matrix x = makeSamples(n, d, 7);
    const kpg::KernelParams kernel = kpg::KernelParams::rbf(1.0 / static_cast<double>(d));
    const kpg::Matrix samplesT = x.transpose();
    const kpg::KernelSamples<double> samples(x);
    const kpg::KernelSamples<float> samplesFloat(x);
    std::vector<double> column(static_cast<std::size_t>(n)), reference(column);
    std::vector<float> columnFloat(static_cast<std::size_t>(n));
    const double old = millisecondsPerColumn(
        n, [&](kpg::Index b) { perEntryColumn(samplesT, kernel.gamma, b, reference.data()); });
    const double asDouble = millisecondsPerColumn(
        n, [&](kpg::Index b) { kpg::kernelColumn(kernel, samples, b, n, column.data()); });
    const double asFloat = millisecondsPerColumn(n, [&](kpg::Index b) {
      kpg::kernelColumn(kernel, samplesFloat, b, n, columnFloat.data());
    });
    const double rounded = millisecondsPerColumn(n, [&](kpg::Index b) {
      kpg::kernelColumn(kernel, samples, b, n, column.data());
      std::copy(column.begin(), column.end(), columnFloat.begin());
    });
    const double cache = millisecondsPerColumn(n, [&](kpg::Index b) {
      kpg::kernelColumnRangeForCache(kernel, samples, b, 0, n, column.data());
    });
    double diffDouble = 0, diffFloat = 0;
    for (const kpg::Index b : {kpg::Index{0}, kpg::Index{12345}}) {
      perEntryColumn(samplesT, kernel.gamma, b, reference.data());
      kpg::kernelColumn(kernel, samples, b, n, column.data());
      kpg::kernelColumn(kernel, samplesFloat, b, n, columnFloat.data());
      for (std::size_t a = 0; a < column.size(); ++a) {
        diffDouble = std::max(diffDouble, std::abs(column[a] - reference[a]));
        diffFloat =
            std::max(diffFloat, std::abs(static_cast<double>(columnFloat[a]) - reference[a]));
      }
    }
    std::printf("%4lld %10.3f %10.3f %10.3f %12.3f %10.3f   %.2g, %.2g   (speed-up %.2fx, %.2fx)\n",
                static_cast<long long>(d), old, asDouble, asFloat, rounded, cache, diffDouble,
                diffFloat, old / asDouble, old / asFloat);
  }
  return 0;
}
