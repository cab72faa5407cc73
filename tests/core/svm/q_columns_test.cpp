#include "svm/q_columns.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

using namespace kpg;

namespace {

struct CacheData {
  Matrix x;
  Vector signs;
};

CacheData randomData(Index n, Index d, std::uint32_t seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  CacheData data;
  data.x.resize(n, d);
  data.signs.resize(n);
  for (Index i = 0; i < n; ++i) {
    for (Index c = 0; c < d; ++c) data.x(i, c) = normal(engine);
    data.signs(i) = normal(engine) > 0 ? 1 : -1;
  }
  return data;
}

// The column a fresh cache computes for the samples in `order` (position → variable): what
// LIBSVM's eager swap_index leaves in a column, or computes again after freeing it.
std::vector<float> freshColumn(const KernelParams& kernel, const CacheData& data,
                               const std::vector<Index>& order, Index position, Index length) {
  QColumnCache fresh(kernel, KernelSamples<double>(data.x), data.signs, 1 << 20);
  fresh.reorder(order);
  const float* column = fresh.column(position, length);
  return std::vector<float>(column, column + length);
}

}  // namespace

TEST_CASE("Q columns: logged swaps leave every column as a fresh computation would",
          "[svm][cache]") {
  // Random swaps and reads of random lengths, many more swaps than the log holds (it is flushed
  // several times), with a budget of 3 full columns (evictions) and one that holds them all.
  const Index n = 40;
  const CacheData data = randomData(n, 3, 7);
  const KernelParams kernel = KernelParams::rbf(0.4);
  // Everything the cache holds besides its columns is taken out of the budget: a head per
  // variable (a pointer, three 4-byte counts and a flag: 24 bytes on 64-bit targets, 20 in
  // wasm32), two 4-byte links, 16 logged swaps of 8 bytes, an 8-byte scratch entry and a 4-byte
  // sign, and its copy of the samples (3 features and the squared norm, in double).
  const std::int64_t headBytes = sizeof(void*) == 8 ? 24 : 20;
  const std::int64_t headerBytes = n * (headBytes + 8 + 16 * 8 + 8 + 4) + n * (3 + 1) * 8;
  for (const std::int64_t budget : {4 * (3 * n) + headerBytes, std::int64_t{1} << 20}) {
    QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, budget);
    CHECK(cache.bookkeepingBytes() == headerBytes);
    std::vector<Index> order(static_cast<std::size_t>(n));
    for (Index t = 0; t < n; ++t) order[static_cast<std::size_t>(t)] = t;
    std::mt19937 engine(11);
    std::uniform_int_distribution<Index> pick(0, n - 1);
    std::int64_t swaps = 0;
    std::int64_t reads = 0;
    for (int event = 0; event < 6000; ++event) {
      if (engine() % 3 != 0) {
        const Index a = pick(engine);
        const Index b = pick(engine);
        cache.swapPositions(a, b);
        std::swap(order[static_cast<std::size_t>(a)], order[static_cast<std::size_t>(b)]);
        ++swaps;
        continue;
      }
      const Index position = pick(engine);
      const Index length = 1 + pick(engine);
      const float* column = cache.column(position, length);
      const std::vector<float> expected = freshColumn(kernel, data, order, position, length);
      bool same = true;
      for (Index k = 0; k < length; ++k) same &= column[k] == expected[static_cast<std::size_t>(k)];
      CHECK(same);
      // And the values are Q's: s_a s_b k(x_a, x_b) of the variables now at those positions.
      const Index b = order[static_cast<std::size_t>(position)];
      const Index a = order[static_cast<std::size_t>(length - 1)];
      const double q = data.signs(a) * data.signs(b) *
                       kernelValue(kernel, data.x.row(a).transpose(), data.x.row(b).transpose());
      CHECK(std::abs(column[length - 1] - q) <= 1e-6);
      ++reads;
      CHECK(cache.heldBytes() <= cache.targetBytes());
      CHECK(cache.targetBytes() <= std::max<std::int64_t>(budget - headerBytes, 4 * 2 * n));
    }
    CHECK(swaps > 3 * QColumnCache::kSwapLogBound * n);
    CHECK(reads > 1500);
    CHECK(cache.misses() > 0);
    CHECK(cache.hits() > 0);
  }
}

TEST_CASE("Q columns: the cache grows by the columns asked for again, up to its budget",
          "[svm][cache]") {
  const Index n = 200;
  const CacheData data = randomData(n, 3, 5);
  const KernelParams kernel = KernelParams::rbf(0.4);
  const std::int64_t columnBytes = 4 * n;
  const std::int64_t everything = std::int64_t{1} << 24;  // all 200 full columns and more

  SECTION("columns used once do not grow it: a hot set among them stays, the rest is reused") {
    // Three hot columns read in turn between columns read once (LIBSVM's LRU under this -m would
    // hold all 200). Between two reads of a hot column come the two other hot ones and three
    // read once, so a hot column stays in 6 columns: from 2, the cache grows by the 4 hot
    // columns it evicted and read again, and no further.
    QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, everything);
    CHECK(cache.targetBytes() == 2 * columnBytes);
    std::int64_t lateHotMisses = 0;
    for (Index t = 3; t < n; ++t) {
      const std::int64_t before = cache.misses();
      cache.column(t % 3, n);
      if (t >= n / 2) lateHotMisses += cache.misses() - before;
      cache.column(t, n);
    }
    CHECK(lateHotMisses == 0);
    CHECK(cache.targetBytes() == 6 * columnBytes);
    CHECK(cache.peakBytes() == 6 * columnBytes);
    // 197 hot reads: 3 first computations, 4 read again after their eviction, the rest hits.
    CHECK(cache.hits() == (n - 3) - 3 - 4);
  }

  SECTION("a cycle longer than the cache grows it until the cycle fits") {
    // 50 columns read in a cycle: the first round computes them and keeps the last two; in the
    // second the other 48 were evicted (each a miss that grows the cache by a column, evicting
    // nothing), so the cache ends the round holding all 50, and from the third on all are hits.
    QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, everything);
    const Index cycle = 50;
    for (int round = 0; round < 10; ++round)
      for (Index t = 0; t < cycle; ++t) cache.column(t, n);
    CHECK(cache.misses() == cycle + (cycle - 2));
    CHECK(cache.hits() == 2 + 8 * cycle);
    CHECK(cache.targetBytes() == cycle * columnBytes);
    CHECK(cache.peakBytes() == cycle * columnBytes);
  }

  SECTION("it never grows past -m: then the cycle misses as under LIBSVM's LRU") {
    QColumnCache sizing(kernel, KernelSamples<double>(data.x), data.signs, everything);
    const std::int64_t budget = sizing.bookkeepingBytes() + 10 * columnBytes;
    QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, budget);
    for (int round = 0; round < 10; ++round)
      for (Index t = 0; t < 50; ++t) cache.column(t, n);
    CHECK(cache.targetBytes() == 10 * columnBytes);
    CHECK(cache.peakBytes() == 10 * columnBytes);
    CHECK(cache.misses() == 500);
  }
}

TEST_CASE("Q columns: a column is cut between threads only when each part is long enough",
          "[svm][cache]") {
  // Dense samples of few features cost little more than an exp an entry: their threads need
  // twice the entries (QColumnCache::kCheapDimension). The parts give the same bits as one thread.
  const KernelParams kernel = KernelParams::rbf(0.1);
  for (const auto& [d, n] : {std::pair<Index, Index>{3, 9000}, {16, 5000}}) {
    INFO("d = " << d);
    const CacheData data = randomData(n, d, 3);
    const Index perThread = d < QColumnCache::kCheapDimension ? 2 * QColumnCache::kParallelMinimum
                                                              : QColumnCache::kParallelMinimum;
    std::vector<Index> cuts;  // the count of every call
    QColumnCache threaded(kernel, KernelSamples<double>(data.x), data.signs, 1 << 26);
    CHECK(threaded.parallelMinimum() == perThread);
    threaded.setParallelFor([&cuts](Index count, const std::function<void(Index, Index)>& body) {
      cuts.push_back(count);
      body(count / 2, count);  // the second part first, as another thread may
      body(0, count / 2);
    });
    QColumnCache single(kernel, KernelSamples<double>(data.x), data.signs, 1 << 26);
    Index position = 0;  // a new column each time
    for (const Index length : {2 * perThread - 1, 2 * perThread, n}) {
      ++position;
      const float* a = threaded.column(position, length);
      const float* b = single.column(position, length);
      bool same = true;
      for (Index k = 0; k < length; ++k) same &= a[k] == b[k];
      CHECK(same);
    }
    // The first column (one entry short of two parts) stayed on the calling thread.
    CHECK(cuts == std::vector<Index>{2 * perThread, n});
  }
}
