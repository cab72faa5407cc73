#include "svm/q_matrix.hpp"

#include "svm/q_columns.hpp"
#include "svm/sparse_kernel.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

DualVariableMap DualVariableMap::classification(const Vector& labelsPlusMinusOne) {
  DualVariableMap map;
  const Index n = labelsPlusMinusOne.size();
  map.sample.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) map.sample[static_cast<std::size_t>(i)] = i;
  map.sign = labelsPlusMinusOne;
  return map;
}

DualVariableMap DualVariableMap::regression(Index sampleCount) {
  DualVariableMap map;
  map.sample.resize(static_cast<std::size_t>(2 * sampleCount));
  map.sign.resize(2 * sampleCount);
  for (Index i = 0; i < sampleCount; ++i) {
    map.sample[static_cast<std::size_t>(i)] = i;
    map.sample[static_cast<std::size_t>(i + sampleCount)] = i;
    map.sign(i) = 1.0;
    map.sign(i + sampleCount) = -1.0;
  }
  return map;
}

std::unique_ptr<QColumnCache> QMatrix::makeColumnCache() const {
  return nullptr;
}

// ---- PrecomputedQMatrix ----

PrecomputedQMatrix::PrecomputedQMatrix(const KernelParams& kernel, const Matrix& x,
                                       DualVariableMap map)
    : map_(std::move(map)) {
  const KernelSamples<double> samples(x);
  samples_ = samples.size();
  lower_.resize(static_cast<std::size_t>(columnStart(samples_)));
  for (Index b = 0; b < samples_; ++b)
    kernelColumnRange(kernel, samples, b, b, samples_,
                      lower_.data() + static_cast<std::size_t>(columnStart(b)));
  initDiagonal();
}

PrecomputedQMatrix::PrecomputedQMatrix(const Matrix& kernelMatrix, DualVariableMap map)
    : map_(std::move(map)) {
  samples_ = kernelMatrix.cols();
  lower_.resize(static_cast<std::size_t>(columnStart(samples_)));
  for (Index b = 0; b < samples_; ++b) {
    double* column = lower_.data() + static_cast<std::size_t>(columnStart(b));
    for (Index a = b; a < samples_; ++a) column[a - b] = kernelMatrix(a, b);
  }
  initDiagonal();
}

void PrecomputedQMatrix::initDiagonal() {
  const Index n = map_.size();
  identityMap_ = n == samples_;
  for (Index i = 0; i < n && identityMap_; ++i)
    identityMap_ = map_.sample[static_cast<std::size_t>(i)] == i;
  diagonal_.resize(n);
  for (Index i = 0; i < n; ++i) {
    const Index m = map_.sample[static_cast<std::size_t>(i)];
    diagonal_(i) = kernelEntry(m, m);  // s_i² = 1
  }
}

void PrecomputedQMatrix::column(Index j, Eigen::Ref<Vector> out) const {
  const Index n = map_.size();
  const Index mj = map_.sample[static_cast<std::size_t>(j)];
  const double sj = map_.sign(j);
  if (identityMap_) {
    // C-SVC: rows above j from their own columns (row j of each), rows from j on contiguous.
    for (Index i = 0; i < mj; ++i) out(i) = map_.sign(i) * sj * kernelEntry(mj, i);
    const double* below = lower_.data() + static_cast<std::size_t>(columnStart(mj));
    for (Index i = mj; i < n; ++i) out(i) = map_.sign(i) * sj * below[i - mj];
    return;
  }
  for (Index i = 0; i < n; ++i)
    out(i) = map_.sign(i) * sj * kernelEntry(map_.sample[static_cast<std::size_t>(i)], mj);
}

std::int64_t PrecomputedQMatrix::memoryBytes() const {
  return static_cast<std::int64_t>(lower_.size()) * static_cast<std::int64_t>(sizeof(double));
}

// ---- CachedQMatrix ----

CachedQMatrix::CachedQMatrix(const KernelParams& kernel, const Matrix& x, DualVariableMap map,
                             std::int64_t cacheBytes, QColumnStorage storage)
    : kernel_(kernel), storage_(storage), map_(std::move(map)) {
  const Index samples = x.rows();
  // k(x_m, x_m) with kernelColumn's own self-entry formula, so the diagonal and the columns agree
  // to the bit.
  Vector selfKernel(samples);
  if (storage_ == QColumnStorage::Float) {
    samplesFloat_ = KernelSamples<float>(x);
    Eigen::VectorXf selfFloat(samples);
    kernelDiagonal(kernel_, samplesFloat_, selfFloat.data());
    selfKernel = selfFloat.cast<double>();
  } else {
    samples_ = KernelSamples<double>(x);
    kernelDiagonal(kernel_, samples_, selfKernel.data());
  }
  init(samples, selfKernel, cacheBytes);
}

CachedQMatrix::CachedQMatrix(const KernelParams& kernel, SparseRows x, DualVariableMap map,
                             std::int64_t cacheBytes, QColumnStorage storage)
    : kernel_(kernel),
      storage_(storage),
      sparse_(std::make_shared<const SparseRows>(std::move(x))),
      sparseSamples_(true),
      map_(std::move(map)) {
  const Index samples = sparse_->rows();
  Vector selfKernel(samples);
  for (Index a = 0; a < samples; ++a) {
    const double k = kernelValue(kernel_, sparse_->row(a), sparse_->row(a));
    // Stored as the columns are, so the diagonal and the columns agree to the bit.
    selfKernel(a) =
        storage_ == QColumnStorage::Float ? static_cast<double>(static_cast<float>(k)) : k;
  }
  init(samples, selfKernel, cacheBytes);
}

std::unique_ptr<QColumnCache> CachedQMatrix::makeColumnCache() const {
  if (!identityMap_ || storage_ != QColumnStorage::SolverFloatCache) return nullptr;
  if (sparseSamples_)
    return std::make_unique<QColumnCache>(kernel_, sparse_, map_.sign, cacheBytes_);
  return std::make_unique<QColumnCache>(kernel_, samples_, map_.sign, cacheBytes_);
}

void CachedQMatrix::init(Index samples, const Vector& selfKernel, std::int64_t cacheBytes) {
  cacheBytes_ = cacheBytes;
  const std::int64_t entryBytes = storage_ == QColumnStorage::Float ? 4 : 8;
  const std::int64_t columnBytes =
      std::max<std::int64_t>(1, static_cast<std::int64_t>(samples) * entryBytes);
  const std::int64_t fit = std::max<std::int64_t>(0, cacheBytes) / columnBytes;
  capacity_ = static_cast<Index>(
      std::min<std::int64_t>(std::max<std::int64_t>(fit, 2), std::max<Index>(samples, 2)));
  slotOfSample_.assign(static_cast<std::size_t>(samples), -1);
  const Index n = map_.size();
  identityMap_ = n == samples;
  for (Index i = 0; i < n && identityMap_; ++i)
    identityMap_ = map_.sample[static_cast<std::size_t>(i)] == i;
  diagonal_.resize(n);
  for (Index i = 0; i < n; ++i) diagonal_(i) = selfKernel(map_.sample[static_cast<std::size_t>(i)]);
}

Index CachedQMatrix::slotOf(Index b) const {
  const Index known = slotOfSample_[static_cast<std::size_t>(b)];
  if (known >= 0) {
    ++hits_;
    auto& position = lruPosition_[static_cast<std::size_t>(known)];
    lru_.splice(lru_.begin(), lru_, position);
    return known;
  }
  ++misses_;
  const bool single = storage_ == QColumnStorage::Float;
  Index slot;
  if (static_cast<Index>(sampleOfSlot_.size()) < capacity_) {
    slot = static_cast<Index>(sampleOfSlot_.size());
    if (single) {
      floatSlots_.emplace_back(static_cast<std::size_t>(sampleCount()));
    } else {
      slots_.emplace_back(static_cast<std::size_t>(sampleCount()));
    }
    sampleOfSlot_.push_back(b);
    lru_.push_front(slot);
    lruPosition_.push_back(lru_.begin());
  } else {
    slot = lru_.back();
    slotOfSample_[static_cast<std::size_t>(sampleOfSlot_[static_cast<std::size_t>(slot)])] = -1;
    sampleOfSlot_[static_cast<std::size_t>(slot)] = b;
    lru_.splice(lru_.begin(), lru_, lruPosition_[static_cast<std::size_t>(slot)]);
  }
  slotOfSample_[static_cast<std::size_t>(b)] = slot;
  const std::size_t s = static_cast<std::size_t>(slot);
  if (sparseSamples_) {
    const SparseRowView rowB = sparse_->row(b);
    for (Index a = 0; a < sampleCount(); ++a) {
      const double k = kernelValue(kernel_, sparse_->row(a), rowB);
      if (single) {
        floatSlots_[s][static_cast<std::size_t>(a)] = static_cast<float>(k);
      } else {
        slots_[s][static_cast<std::size_t>(a)] = k;
      }
    }
  } else if (single) {
    kernelColumn(kernel_, samplesFloat_, b, sampleCount(), floatSlots_[s].data());
  } else {
    kernelColumn(kernel_, samples_, b, sampleCount(), slots_[s].data());
  }
  return slot;
}

template <class Scalar>
void CachedQMatrix::copyOut(const Scalar* k, Index j, Eigen::Ref<Vector> out) const {
  const Index n = map_.size();
  const double sj = map_.sign(j);
  if (identityMap_) {
    // C-SVC: Q_·j = (s ⊙ s_j) ⊙ k, no gather.
    const Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, 1>> column(k, n);
    out.array() = (map_.sign.array() * sj) * column.array().template cast<double>();
    return;
  }
  for (Index i = 0; i < n; ++i) {
    out(i) = map_.sign(i) * sj * static_cast<double>(k[map_.sample[static_cast<std::size_t>(i)]]);
  }
}

void CachedQMatrix::column(Index j, Eigen::Ref<Vector> out) const {
  const std::size_t slot =
      static_cast<std::size_t>(slotOf(map_.sample[static_cast<std::size_t>(j)]));
  if (storage_ == QColumnStorage::Float) {
    copyOut(floatSlots_[slot].data(), j, out);
  } else {
    copyOut(slots_[slot].data(), j, out);
  }
}

std::int64_t CachedQMatrix::memoryBytes() const {
  const std::int64_t entryBytes = storage_ == QColumnStorage::Float ? 4 : 8;
  return static_cast<std::int64_t>(sampleOfSlot_.size()) * sampleCount() * entryBytes;
}

std::shared_ptr<const QMatrix> makeQMatrix(const KernelParams& kernel, const Matrix& x,
                                           DualVariableMap map, std::int64_t cacheBytes,
                                           QColumnStorage storage, bool precomputeWhenFits) {
  const std::int64_t full = static_cast<std::int64_t>(x.rows()) * x.rows() * 8;
  if (precomputeWhenFits && full <= cacheBytes)
    return std::make_shared<PrecomputedQMatrix>(kernel, x, std::move(map));
  return std::make_shared<CachedQMatrix>(kernel, x, std::move(map), cacheBytes, storage);
}

std::shared_ptr<const QMatrix> makeQMatrix(const KernelParams& kernel, const SparseRows& x,
                                           DualVariableMap map, std::int64_t cacheBytes,
                                           QColumnStorage storage, bool precomputeWhenFits) {
  const std::int64_t full = static_cast<std::int64_t>(x.rows()) * x.rows() * 8;
  if (precomputeWhenFits && full <= cacheBytes)
    return std::make_shared<PrecomputedQMatrix>(gramMatrix(kernel, x), std::move(map));
  return std::make_shared<CachedQMatrix>(kernel, x, std::move(map), cacheBytes, storage);
}

}  // namespace kpg
