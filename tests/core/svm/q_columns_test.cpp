#include "svm/q_columns.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
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

// Whether `column` holds, bit for bit, the entries freshColumn computes.
bool sameAsFresh(const float* column, const KernelParams& kernel, const CacheData& data,
                 const std::vector<Index>& order, Index position, Index length) {
  const std::vector<float> expected = freshColumn(kernel, data, order, position, length);
  bool same = true;
  for (Index k = 0; k < length; ++k) same &= column[k] == expected[static_cast<std::size_t>(k)];
  return same;
}

// position → variable before any swap.
std::vector<Index> identityOrder(Index n) {
  std::vector<Index> order(static_cast<std::size_t>(n));
  for (Index t = 0; t < n; ++t) order[static_cast<std::size_t>(t)] = t;
  return order;
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
  // wasm32), two 4-byte links, 16 logged swaps of 8 bytes, an 8-byte scratch entry, a 4-byte entry
  // of the column read once and a 4-byte sign, and its copy of the samples (3 features and the
  // squared norm, in double).
  const std::int64_t headBytes = sizeof(void*) == 8 ? 24 : 20;
  const std::int64_t headerBytes = n * (headBytes + 8 + 16 * 8 + 8 + 4 + 4) + n * (3 + 1) * 8;
  for (const std::int64_t budget : {4 * (3 * n) + headerBytes, std::int64_t{1} << 20}) {
    QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, budget);
    CHECK(cache.bookkeepingBytes() == headerBytes);
    std::vector<Index> order = identityOrder(n);
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
      CHECK(sameAsFresh(column, kernel, data, order, position, length));
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

TEST_CASE("Q columns: sparse rows are cut in shorter parts, by their non-zeros a row",
          "[svm][cache]") {
  // An entry is a merge over two rows' non-zeros: the more of them, the fewer entries a thread
  // needs (QColumnCache::parallelMinimum), within [kSparseParallelMinimum, kParallelMinimum].
  const auto rowsOf = [](Index n, int nonZeros) {
    auto rows = std::make_shared<SparseRows>();
    SparseRow row;
    for (Index r = 0; r < n; ++r) {
      row.clear();
      for (int k = 0; k < nonZeros; ++k) row.push(k * 3 + static_cast<int>(r % 3), 0.5 + k);
      rows->appendRow(row.view());
    }
    return rows;
  };
  const KernelParams kernel = KernelParams::rbf(0.01);
  const Vector signs = Vector::Ones(40);
  CHECK(QColumnCache(kernel, rowsOf(40, 60), signs, 1 << 20).parallelMinimum() ==
        QColumnCache::kParallelMinimum * QColumnCache::kCheapDimension / 120);
  CHECK(QColumnCache(kernel, rowsOf(40, 1), signs, 1 << 20).parallelMinimum() ==
        QColumnCache::kParallelMinimum);
  CHECK(QColumnCache(kernel, rowsOf(40, 1000), signs, 1 << 20).parallelMinimum() ==
        QColumnCache::kSparseParallelMinimum);
}

TEST_CASE("Q columns: a column read once is Q's, and the cache keeps what it held",
          "[svm][cache]") {
  // columnOnce (the gradient's reconstruction): the entries a fresh cache computes, whether the
  // column is not cached, cached shorter (with swaps logged since) or cached long enough; it
  // evicts nothing, grows no column and leaves the pointers column() returned valid.
  const Index n = 60;
  const CacheData data = randomData(n, 4, 13);
  const KernelParams kernel = KernelParams::rbf(0.3);
  QColumnCache sizing(kernel, KernelSamples<double>(data.x), data.signs, 1 << 20);
  // Room for 3 full columns: two held, and no room for the third read once.
  const std::int64_t budget = sizing.bookkeepingBytes() + 3 * 4 * n;
  QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, budget);
  std::vector<Index> order = identityOrder(n);
  const float* held = cache.column(3, n);  // whole
  cache.column(5, 20);                     // the active part only
  const std::int64_t heldBytes = cache.heldBytes();
  CHECK(heldBytes == 4 * (n + 20));
  // Swaps within the cached part and across its end: the column read once applies them first.
  for (const auto& [a, b] : {std::pair<Index, Index>{2, 7}, {9, 40}, {1, 8}}) {
    cache.swapPositions(a, b);
    std::swap(order[static_cast<std::size_t>(a)], order[static_cast<std::size_t>(b)]);
  }

  const std::int64_t misses = cache.misses();
  // Column 5 is cached over 9 entries after the swaps, column 11 not at all.
  CHECK(sameAsFresh(cache.columnOnce(5, n), kernel, data, order, 5, n));
  CHECK(sameAsFresh(cache.columnOnce(11, n), kernel, data, order, 11, n));
  CHECK(cache.misses() == misses + 2);
  const std::int64_t hits = cache.hits();
  const float* whole = cache.columnOnce(3, n);  // cached whole: the cache's own entries
  CHECK(cache.hits() == hits + 1);
  CHECK(whole == held);
  CHECK(sameAsFresh(whole, kernel, data, order, 3, n));
  // Nothing was evicted or grown: the two columns are still cached, at their lengths.
  CHECK(cache.heldBytes() == heldBytes);
  CHECK(cache.peakBytes() == heldBytes);
  const std::int64_t missesBefore = cache.misses();
  cache.column(3, n);
  cache.column(5, 9);
  CHECK(cache.misses() == missesBefore);
}

TEST_CASE("Q columns: columns shorter than the grown active set are freed, not as evictions",
          "[svm][cache]") {
  // releaseShorterThan (the solver's unshrink): the columns cached shorter than the new active
  // length are freed at once and the others kept; read again, a freed column is computed anew
  // (the same entries) but does not grow the cache as a column evicted by LRU does.
  const Index n = 50;
  const CacheData data = randomData(n, 3, 17);
  const KernelParams kernel = KernelParams::rbf(0.5);
  QColumnCache cache(kernel, KernelSamples<double>(data.x), data.signs, 1 << 20);
  for (Index t = 0; t < 2; ++t) cache.column(t, n);  // whole, in the first 2 columns' room
  CHECK(cache.targetBytes() == 4 * 2 * n);
  // A cycle of 4 columns at length 30 evicts and grows the cache to hold them all.
  for (int round = 0; round < 3; ++round)
    for (Index t = 10; t < 14; ++t) cache.column(t, 30);
  CHECK(cache.heldBytes() == 4 * 4 * 30);
  // Column 0, evicted by LRU and asked for again, grows the cache by its length.
  const std::int64_t targetBefore = cache.targetBytes();
  cache.column(0, n);
  const std::int64_t target = cache.targetBytes();
  CHECK(target == targetBefore + 4 * n);
  const std::int64_t held = cache.heldBytes();

  cache.releaseShorterThan(40);
  CHECK(cache.heldBytes() == held - 4 * 4 * 30);
  CHECK(cache.targetBytes() == target);
  const std::int64_t misses = cache.misses();
  const std::int64_t hits = cache.hits();
  cache.column(0, 40);  // kept
  CHECK(cache.hits() == hits + 1);
  for (Index t = 10; t < 14; ++t)
    CHECK(sameAsFresh(cache.column(t, 40), kernel, data, identityOrder(n), t, 40));
  CHECK(cache.misses() == misses + 4);
  CHECK(cache.targetBytes() == target);  // not grown by the freed columns read again
}
