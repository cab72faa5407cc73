#include "svm/q_columns.hpp"

#include <algorithm>
#include <cstring>

namespace kpg {

QColumnCache::QColumnCache(const KernelParams& kernel, const KernelSamples<double>& samples,
                           const Vector& signs, std::int64_t cacheBytes)
    : kernel_(kernel), dense_(samples), signs_(signs.cast<float>()) {
  const auto rows = static_cast<std::int64_t>(samples.size());
  initBudget(samples.size(), cacheBytes,
             rows * (static_cast<std::int64_t>(samples.x.cols()) + 1) *
                 static_cast<std::int64_t>(sizeof(double)));
}

QColumnCache::QColumnCache(const KernelParams& kernel, std::shared_ptr<const SparseRows> samples,
                           const Vector& signs, std::int64_t cacheBytes)
    : kernel_(kernel), sparse_(true), sparseRows_(std::move(samples)), signs_(signs.cast<float>()) {
  const Index rows = sparseRows_->rows();
  rowOf_.resize(static_cast<std::size_t>(rows));
  for (Index r = 0; r < rows; ++r) rowOf_[static_cast<std::size_t>(r)] = r;
  if (rows > 0)
    averageRowSize_ = static_cast<double>(sparseRows_->storedEntries()) / static_cast<double>(rows);
  // The pivot's arrays are about 12 bytes a feature: kept when that is at most four times what
  // the rows hold (12 bytes a non-zero), so a file with a few huge feature indices keeps the merge.
  std::int64_t pivotBytes = 0;
  if (sparseRows_->dimension() <= 4 * sparseRows_->storedEntries() + 65536) {
    pivot_ = std::make_unique<SparsePivot>(*sparseRows_);
    pivotBytes = pivot_->bytes();
  }
  initBudget(
      rows, cacheBytes,
      static_cast<std::int64_t>(rows) * static_cast<std::int64_t>(sizeof(Index)) + pivotBytes);
}

void QColumnCache::initBudget(Index n, std::int64_t cacheBytes, std::int64_t samplesBytes) {
  heads_.resize(static_cast<std::size_t>(n));
  const auto sentinel = static_cast<Position>(n);
  previous_.assign(static_cast<std::size_t>(n + 1), sentinel);
  next_.assign(static_cast<std::size_t>(n + 1), sentinel);
  // LIBSVM takes its column headers out of the budget (Cache::Cache: size −= l·sizeof(head_t));
  // here everything held per variable besides the columns is, with the swap log at its bound and
  // the scratch column in double, so -m bounds the whole cache (the goal: peak memory ≤
  // svm-train's at the same -m). At least two full columns remain.
  constexpr auto perVariable = static_cast<std::int64_t>(
      sizeof(Head) + 2 * sizeof(Position) + kSwapLogBound * sizeof(LoggedSwap) +
      sizeof(double) /* scratch_ */ + sizeof(float) /* onceColumn_ */ + sizeof(float) /* signs_ */);
  bookkeepingBytes_ = static_cast<std::int64_t>(n) * perVariable + samplesBytes;
  budgetFloats_ = std::max<std::int64_t>((cacheBytes - bookkeepingBytes_) / 4,
                                         2 * static_cast<std::int64_t>(n));
  targetFloats_ = std::min<std::int64_t>(budgetFloats_, 2 * static_cast<std::int64_t>(n));
}

void QColumnCache::unlink(Index h) {
  const auto u = static_cast<std::size_t>(h);
  next_[static_cast<std::size_t>(previous_[u])] = next_[u];
  previous_[static_cast<std::size_t>(next_[u])] = previous_[u];
}

void QColumnCache::linkAsNewest(Index h) {
  const auto sentinel = static_cast<std::size_t>(size());
  const auto u = static_cast<std::size_t>(h);
  next_[u] = static_cast<Position>(sentinel);
  previous_[u] = previous_[sentinel];
  next_[static_cast<std::size_t>(previous_[u])] = static_cast<Position>(h);
  previous_[sentinel] = static_cast<Position>(h);
}

void QColumnCache::release(Index h, bool evicted) {
  Head& head = heads_[static_cast<std::size_t>(h)];
  unlink(h);
  heldFloats_ -= head.allocated;
  head.evicted = evicted;
  head.data.reset();
  head.length = 0;
  head.allocated = 0;
}

void QColumnCache::applyLoggedSwaps(Head& head) const {
  float* data = head.data.get();
  Position length = head.length;
  for (std::size_t s = head.synced; s < swapLog_.size(); ++s) {
    const LoggedSwap swap = swapLog_[s];
    if (length <= swap.low) continue;
    if (length > swap.high) {
      std::swap(data[swap.low], data[swap.high]);
    } else {
      length = swap.low;  // the entry at `low` would come from beyond the cached part
    }
  }
  head.length = length;
  head.synced = static_cast<std::uint32_t>(swapLog_.size());
}

void QColumnCache::flushSwapLog() {
  for (Index h = next_[static_cast<std::size_t>(size())]; h != size();
       h = next_[static_cast<std::size_t>(h)])
    applyLoggedSwaps(heads_[static_cast<std::size_t>(h)]);
  for (Head& head : heads_) head.synced = 0;
  swapLog_.clear();
}

const float* QColumnCache::column(Index position, Index length) {
  Head& head = heads_[static_cast<std::size_t>(position)];
  if (head.data) {
    unlink(position);
    applyLoggedSwaps(head);
  } else {
    head.synced = static_cast<std::uint32_t>(swapLog_.size());
  }
  if (length > head.length) {
    ++misses_;
    if (length > head.allocated) {
      const Index more = length - head.allocated;
      // A column asked for again after it was evicted: a larger cache would have held it, so
      // the cache grows by it (the header comment), up to the budget.
      if (head.evicted) {
        head.evicted = false;
        targetFloats_ = std::min(budgetFloats_, targetFloats_ + length);
      }
      // Free the least recently used columns until the missing part fits.
      while (heldFloats_ + more > targetFloats_) {
        const Index oldest = next_[static_cast<std::size_t>(size())];
        release(oldest);
      }
      std::unique_ptr<float[]> grown(new float[static_cast<std::size_t>(length)]);
      if (head.length > 0)
        std::memcpy(grown.get(), head.data.get(), static_cast<std::size_t>(head.length) * 4);
      head.data = std::move(grown);
      head.allocated = static_cast<Position>(length);
      heldFloats_ += more;
      peakFloats_ = std::max(peakFloats_, heldFloats_);
    }
    compute(position, head.length, length, head.data.get() + head.length);
    head.length = static_cast<Position>(length);
  } else {
    ++hits_;
  }
  linkAsNewest(position);
  return head.data.get();
}

const float* QColumnCache::columnOnce(Index position, Index length) {
  Head& head = heads_[static_cast<std::size_t>(position)];
  Index cached = 0;
  if (head.data) {
    applyLoggedSwaps(head);
    unlink(position);
    linkAsNewest(position);  // read, as column() would
    if (length <= head.length) {
      ++hits_;
      return head.data.get();
    }
    cached = head.length;
  }
  ++misses_;
  if (onceColumn_.empty()) onceColumn_.resize(static_cast<std::size_t>(size()));
  if (cached > 0)
    std::memcpy(onceColumn_.data(), head.data.get(), static_cast<std::size_t>(cached) * 4);
  compute(position, cached, length, onceColumn_.data() + cached);
  return onceColumn_.data();
}

void QColumnCache::compute(Index position, Index first, Index last, float* out) {
  computedEntries_ += last - first;
  const Index count = last - first;
  if (static_cast<Index>(scratch_.size()) < count) scratch_.resize(static_cast<std::size_t>(count));
  double* k = scratch_.data();
  const bool throughPivot = pivot_ && pivot_->worthwhile(count);
  if (throughPivot) pivot_->set(sparseRows_->row(rowOf_[static_cast<std::size_t>(position)]));
  if (parallelFor_ && count >= 2 * parallelMinimum()) {
    parallelFor_(count, [&](Index begin, Index end) {
      computePart(position, first + begin, first + end, k + begin, out + begin, throughPivot);
    });
  } else {
    computePart(position, first, last, k, out, throughPivot);
  }
}

void QColumnCache::computePart(Index position, Index first, Index last, double* k, float* out,
                               bool throughPivot) const {
  if (sparse_ && throughPivot) {
    std::vector<double> buffer(static_cast<std::size_t>(pivot_->bufferSize()));
    for (Index a = first; a < last; ++a)
      k[a - first] = pivot_->kernelValue(
          kernel_, sparseRows_->row(rowOf_[static_cast<std::size_t>(a)]), buffer.data());
  } else if (sparse_) {
    const SparseRowView b = sparseRows_->row(rowOf_[static_cast<std::size_t>(position)]);
    for (Index a = first; a < last; ++a)
      k[a - first] = kernelValue(kernel_, sparseRows_->row(rowOf_[static_cast<std::size_t>(a)]), b);
  } else {
    kernelColumnRangeForCache(kernel_, dense_, position, first, last, k);
  }
  // Q_ab = s_a s_b k_ab, rounded once (LIBSVM's (Qfloat)(y[i]*y[j]*kernel)).
  const float sb = signs_(position);
  for (Index a = first; a < last; ++a)
    out[a - first] = static_cast<float>(static_cast<double>(signs_(a) * sb) * k[a - first]);
}

void QColumnCache::releaseShorterThan(Index length) {
  const auto sentinel = static_cast<Position>(size());
  for (Position h = next_[static_cast<std::size_t>(sentinel)]; h != sentinel;) {
    const Position following = next_[static_cast<std::size_t>(h)];
    Head& head = heads_[static_cast<std::size_t>(h)];
    applyLoggedSwaps(head);
    if (head.length < length) release(h, false);
    h = following;
  }
}

void QColumnCache::swapPositions(Index a, Index b) {
  if (a == b) return;
  // The samples and signs (LIBSVM's SVC_Q::swap_index).
  std::swap(signs_(a), signs_(b));
  if (sparse_) {
    std::swap(rowOf_[static_cast<std::size_t>(a)], rowOf_[static_cast<std::size_t>(b)]);
  } else {
    dense_.x.row(a).swap(dense_.x.row(b));
    std::swap(dense_.squaredNorms(a), dense_.squaredNorms(b));
  }
  // The column slots (LIBSVM's Cache::swap_index).
  Head& ha = heads_[static_cast<std::size_t>(a)];
  Head& hb = heads_[static_cast<std::size_t>(b)];
  if (ha.data) unlink(a);
  if (hb.data) unlink(b);
  std::swap(ha, hb);
  if (ha.data) linkAsNewest(a);
  if (hb.data) linkAsNewest(b);
  // Every cached column's two entries, when it is next read (the header comment). The log is
  // sized at its bound once, as the budget counts it: grown by doubling it would hold the old and
  // the new array at once, up to 1.5 times the bound above what is counted.
  if (swapLog_.capacity() == 0)
    swapLog_.reserve(static_cast<std::size_t>(kSwapLogBound * size() + 1));
  swapLog_.push_back(
      {static_cast<Position>(std::min(a, b)), static_cast<Position>(std::max(a, b))});
  if (static_cast<Index>(swapLog_.size()) > kSwapLogBound * size()) flushSwapLog();
}

void QColumnCache::reorder(const std::vector<Index>& order) {
  // A fresh cache (no columns yet): permute the samples and signs directly.
  const Index n = size();
  Eigen::VectorXf signs(n);
  for (Index k = 0; k < n; ++k) signs(k) = signs_(order[static_cast<std::size_t>(k)]);
  signs_ = signs;
  if (sparse_) {
    for (Index k = 0; k < n; ++k)
      rowOf_[static_cast<std::size_t>(k)] = order[static_cast<std::size_t>(k)];
    return;
  }
  KernelSamples<double> permuted = dense_;
  for (Index k = 0; k < n; ++k) {
    permuted.x.row(k) = dense_.x.row(order[static_cast<std::size_t>(k)]);
    permuted.squaredNorms(k) = dense_.squaredNorms(order[static_cast<std::size_t>(k)]);
  }
  dense_ = std::move(permuted);
}

}  // namespace kpg
