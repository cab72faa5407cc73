#pragma once
// The kernel cache of a solver that shrinks, as LIBSVM's (svm.cpp class Cache, SVC_Q::get_Q and
// swap_index; Chang & Lin 2011 §5.2):
//
//   - columns of Q are kept in float (LIBSVM's Qfloat), as s_a s_b k(x_a, x_b) with the signs
//     s = y of C-SVC, in the solver's position order (SmoSolver::order());
//   - a column is filled only over the positions asked for: the active prefix 0 .. length−1. A
//     column cached shorter is extended, not recomputed (the variables that shrinking brings back);
//   - the columns are bounded by a byte budget (LIBSVM -m) and the least recently used column is
//     freed first; the budget is never below two full columns, because a step holds columns i and
//     j at once. As LIBSVM takes its column headers out of -m, the cache takes out everything it
//     holds per variable (bookkeepingBytes(): headers, the LRU links, the swap log at its bound,
//     the signs, its copy of the samples), so that -m bounds the cache's whole memory;
//   - within the budget, the cache holds only what its reads show it needs. LIBSVM's grows until
//     -m is full, with every column it computed once. Here it starts at two full columns and grows
//     by a column's length whenever a column it evicted is asked for again: a miss that a larger
//     cache would have avoided (the "ghost" hits of adaptive caches such as ARC, Megiddo & Modha
//     2003). Columns read once never grow it. On two moons, d = 2, N = 20 000, C = 1 (-m 100),
//     82 % of the hits come within 10 reads of the column's previous read: LIBSVM's cache fills
//     99 MB there, this one holds 37 MB for 1.2 % more kernel entries computed, and fresh memory
//     is not free (the kernel zeroes every page: 29 % of that run on the benchmark's VM before).
//     Growing costs a miss for every column it grows by (blobs, d = 2, N = 5 000, C = 100:
//     22 MB instead of 70, 37 % more entries, the same time, as the selection passes dominate
//     there). The values read never depend on what is cached, so neither does the model;
//   - swapPositions(a, b) follows the solver's swap: the samples, signs and column slots trade
//     places, each cached column swaps its two entries, and a column that holds one of the two
//     entries only loses its entries from the lower one on (they would be stale there).
//     LIBSVM walks every cached column at every swap, two cache misses per column: the largest
//     single cost of a shrinking run with a full cache (bench/engine_vs_libsvm.py, blobs d = 2,
//     C = 100: 14 % of svm-train's time). Here the swap is logged, and a column applies the swaps
//     it missed when it is next read, in one pass over its own entries; a column evicted first
//     never pays. The entries read are the same as LIBSVM's: a column it would have freed is
//     truncated to the entries still valid and extended, computing the same values again.
//
// Kernel values are computed in double and rounded to float once, as LIBSVM's: from dense samples
// by kernel_block.hpp kernelColumnRangeForCache (one matrix–vector product and one map over the
// missing part of the column, RBF's exp vectorized), or over sparse rows by
// svm/sparse_kernel.hpp's merges. Computing in float would be faster, but the norms form
// ‖x_a‖² + ‖x_b‖² − 2 x_a·x_b cancels in float for unscaled data (features ~10³ lose whole
// percents of k), which LIBSVM users do not expect.
//
// The cache is not solver state: it is built from the Q provider (QMatrix::makeColumnCache) by
// the solver's workspace, and a copied solver builds its own.

#include "data/sparse_rows.hpp"
#include "kernels/kernel_block.hpp"
#include "svm/parallel_for.hpp"
#include "svm/sparse_kernel.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace kpg {

using Index = Eigen::Index;

class QColumnCache {
 public:
  // signs: s_a per variable (±1); samples in variable order. cacheBytes: LIBSVM's -m in bytes.
  QColumnCache(const KernelParams& kernel, const KernelSamples<double>& samples,
               const Vector& signs, std::int64_t cacheBytes);
  // Sparse rows are shared, not copied (read through the cache's own position → row map).
  QColumnCache(const KernelParams& kernel, std::shared_ptr<const SparseRows> samples,
               const Vector& signs, std::int64_t cacheBytes);

  Index size() const { return static_cast<Index>(heads_.size()); }
  // Q over positions 0 .. length−1 of the variable at `position`. The pointer stays valid until
  // the second call after this one (two columns are always kept).
  const float* column(Index position, Index length);
  // The same entries for a read that comes once, without making room for them: the cached column
  // when it holds them (a hit), else its cached part and the rest computed into a buffer of the
  // cache's own, valid until the next columnOnce. Nothing is evicted, so the pointers column()
  // returned stay valid. For the gradient's reconstruction, which reads every free column at
  // full length while the columns are cached at the active length: extended in the cache, each
  // took a longer block and left its old one as a hole that the next, longer columns did not fit
  // (bench/engine_vs_libsvm.py's blobs d = 20, N = 20 000, C = 100 peaked at 130.9 MiB, 125.7
  // MiB with this alone; svm-train at 122.8).
  const float* columnOnce(Index position, Index length);
  void swapPositions(Index a, Index b);
  // Frees every cached column shorter than `length` (not counted as evictions: the cache does not
  // grow when they are asked for again). For the solver when its active set grows back: each such
  // column would be extended, taking a longer block and leaving its old one as a hole that the
  // other, longer columns do not fit; freed together, they leave free regions the longer columns
  // are cut from. On blobs d = 20, N = 20 000, C = 100 LIBSVM's unshrink took the resident
  // memory from 113.1 to 126.5 MiB within a second, the run's peak; with the columns freed here
  // the run peaks at 119.1-120.6 MiB (svm-train 122.8), with the same model bytes and time.
  void releaseShorterThan(Index length);
  // Puts the samples in the order of `order` (position → variable) at once: a copied solver's
  // fresh cache starting where the original's run stands.
  void reorder(const std::vector<Index>& order);

  // Threads for the entries of a column (parallel_for.hpp); a part of a column is cut between
  // threads only when each gets parallelMinimum() entries, a shorter one is computed on the
  // calling thread.
  void setParallelFor(ParallelFor parallelFor) { parallelFor_ = std::move(parallelFor); }
  static constexpr Index kParallelMinimum = 2048;
  // Dense samples with fewer features than this: an entry costs little more than its exp, and a
  // thread's share must be twice kParallelMinimum to pay for handing it over (circles, d = 2,
  // N = 5 000: 0.030 s on one thread, 0.038 with columns of 5 000 cut in two;
  // bench/engine_vs_libsvm.py's sets under `perf stat -r 10`).
  static constexpr Index kCheapDimension = 16;
  // Sparse rows: an entry costs a merge over both rows' non-zeros, about 2·(average row size)
  // steps against about kCheapDimension for a dense entry of that many features, so a thread's
  // share is shorter by that factor, within [kSparseParallelMinimum, kParallelMinimum]: 273 entries
  // for 60 non-zeros a row, which on bench/engine_vs_libsvm.py's 3 000-row sparse set are about
  // 40 µs of work, several times a worker's waking (thread_pool.hpp).
  static constexpr Index kSparseParallelMinimum = 128;
  Index parallelMinimum() const {
    if (sparse_) {
      const double entries = static_cast<double>(kParallelMinimum * kCheapDimension) /
                             (2.0 * std::max(averageRowSize_, 1.0));
      return std::clamp(static_cast<Index>(entries), kSparseParallelMinimum, kParallelMinimum);
    }
    return dense_.dimension() < kCheapDimension ? 2 * kParallelMinimum : kParallelMinimum;
  }
  // Logged swaps per variable before every column is brought up to date (8 bytes each).
  static constexpr Index kSwapLogBound = 16;

  std::int64_t hits() const { return hits_; }
  std::int64_t misses() const { return misses_; }
  std::int64_t computedEntries() const { return computedEntries_; }
  // Bytes held by cached columns now, and the most ever held.
  std::int64_t heldBytes() const { return heldFloats_ * 4; }
  // Bytes the columns may hold now (the header comment): at most what -m leaves for them.
  std::int64_t targetBytes() const { return targetFloats_ * 4; }
  std::int64_t peakBytes() const { return peakFloats_ * 4; }
  // Bytes the cache holds besides its columns, at most (fixed at construction; taken out of the
  // budget).
  std::int64_t bookkeepingBytes() const { return bookkeepingBytes_; }

 private:
  // 32-bit positions and lengths (a cache of 2³¹ variables would need 2⁶² bytes of columns):
  // 24 bytes a head and 8 a logged swap instead of 32 and 16, bytes the budget keeps for columns.
  using Position = std::int32_t;
  struct Head {
    std::unique_ptr<float[]> data;  // null: not cached
    Position length = 0;            // data[0 .. length) holds Q's entries (after the swaps)
    Position allocated = 0;         // floats of data, counted against the budget
    std::uint32_t synced = 0;       // swapLog_[0 .. synced) is applied to data
    bool evicted = false;           // evicted and not computed since (in the padding)
  };
  struct LoggedSwap {
    Position low;
    Position high;
  };
  // samplesBytes: the cache's own copy of the samples (dense) or its row map (sparse).
  void initBudget(Index n, std::int64_t cacheBytes, std::int64_t samplesBytes);
  void unlink(Index h);
  void linkAsNewest(Index h);
  void release(Index h, bool evicted = true);
  // Applies the swaps logged since the column was last brought up to date.
  void applyLoggedSwaps(Head& head) const;
  // Brings every cached column up to date and empties the log (when it grows past its bound).
  void flushSwapLog();
  // Q entries of the variable at `position` over positions first .. last−1 into out.
  void compute(Index position, Index first, Index last, float* out);
  // The same for entries first .. last−1 with the double values in k (one thread's share);
  // sparse rows through pivot_ when it holds the row at `position`.
  void computePart(Index position, Index first, Index last, double* k, float* out,
                   bool throughPivot) const;

  KernelParams kernel_;
  bool sparse_ = false;
  KernelSamples<double> dense_;    // rows in position order
  std::vector<double> scratch_;    // one column part in double before rounding
  std::vector<float> onceColumn_;  // columnOnce's column when it is not cached whole
  ParallelFor parallelFor_;
  std::shared_ptr<const SparseRows> sparseRows_;  // variable order; rowOf_ maps positions to rows
  std::vector<Index> rowOf_;                      // sparse: position → row
  // Sparse: a column's row spread over the dimension (sparse_kernel.hpp), when its arrays are
  // not much larger than the rows themselves.
  std::unique_ptr<SparsePivot> pivot_;
  double averageRowSize_ = 0;  // sparse: stored entries a row
  Eigen::VectorXf signs_;      // position order
  std::vector<Head> heads_;    // per position
  // The LRU list over cached positions, circular through the sentinel size(): next_[sentinel] is
  // the least recently used.
  std::vector<Position> previous_;
  std::vector<Position> next_;
  std::vector<LoggedSwap> swapLog_;
  std::int64_t bookkeepingBytes_ = 0;
  std::int64_t budgetFloats_ = 0;  // what -m leaves for columns
  std::int64_t targetFloats_ = 0;  // what the columns may hold now: 2 columns, grown by evictions
                                   // that were asked for again, up to budgetFloats_
  std::int64_t heldFloats_ = 0;
  std::int64_t peakFloats_ = 0;
  std::int64_t hits_ = 0;
  std::int64_t misses_ = 0;
  std::int64_t computedEntries_ = 0;
};

}  // namespace kpg
