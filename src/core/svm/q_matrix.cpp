#include "svm/q_matrix.hpp"

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

KernelColumns::KernelColumns(const KernelParams& kernel, const Matrix& x)
    : kernel_(kernel), samplesT_(x.transpose()) {}

namespace {

// One formula per kernel type; `value` and `column` both go through these so that a cached
// column and a precomputed matrix hold the same bits.
struct LinearEntry {
  double operator()(const Matrix& s, Index a, Index b) const { return s.col(a).dot(s.col(b)); }
};
struct PolynomialEntry {
  const KernelParams& p;
  double operator()(const Matrix& s, Index a, Index b) const {
    return std::pow(p.gamma * s.col(a).dot(s.col(b)) + p.coef0, p.degree);
  }
};
struct RbfEntry {
  const KernelParams& p;
  double operator()(const Matrix& s, Index a, Index b) const {
    return std::exp(-p.gamma * (s.col(a) - s.col(b)).squaredNorm());
  }
};
struct SigmoidEntry {
  const KernelParams& p;
  double operator()(const Matrix& s, Index a, Index b) const {
    return std::tanh(p.gamma * s.col(a).dot(s.col(b)) + p.coef0);
  }
};

template <class Entry>
void fillColumn(const Entry& entry, const Matrix& s, Index b, double* out) {
  const Index n = s.cols();
  for (Index a = 0; a < n; ++a) out[a] = entry(s, a, b);
}

}  // namespace

double KernelColumns::value(Index a, Index b) const {
  switch (kernel_.type) {
    case KernelType::Linear:
      return LinearEntry{}(samplesT_, a, b);
    case KernelType::Polynomial:
      return PolynomialEntry{kernel_}(samplesT_, a, b);
    case KernelType::Rbf:
      return RbfEntry{kernel_}(samplesT_, a, b);
    case KernelType::Sigmoid:
      return SigmoidEntry{kernel_}(samplesT_, a, b);
  }
  return 0.0;
}

void KernelColumns::column(Index b, double* out) const {
  switch (kernel_.type) {
    case KernelType::Linear:
      fillColumn(LinearEntry{}, samplesT_, b, out);
      return;
    case KernelType::Polynomial:
      fillColumn(PolynomialEntry{kernel_}, samplesT_, b, out);
      return;
    case KernelType::Rbf:
      fillColumn(RbfEntry{kernel_}, samplesT_, b, out);
      return;
    case KernelType::Sigmoid:
      fillColumn(SigmoidEntry{kernel_}, samplesT_, b, out);
      return;
  }
}

// ---- PrecomputedQMatrix ----

PrecomputedQMatrix::PrecomputedQMatrix(const KernelParams& kernel, const Matrix& x,
                                       DualVariableMap map)
    : map_(std::move(map)) {
  const KernelColumns columns(kernel, x);
  kernel_.resize(x.rows(), x.rows());
  for (Index b = 0; b < x.rows(); ++b) columns.column(b, kernel_.col(b).data());
  initDiagonal();
}

PrecomputedQMatrix::PrecomputedQMatrix(Matrix kernelMatrix, DualVariableMap map)
    : kernel_(std::move(kernelMatrix)), map_(std::move(map)) {
  initDiagonal();
}

void PrecomputedQMatrix::initDiagonal() {
  const Index n = map_.size();
  diagonal_.resize(n);
  for (Index i = 0; i < n; ++i) {
    const Index m = map_.sample[static_cast<std::size_t>(i)];
    diagonal_(i) = kernel_(m, m);  // s_i² = 1
  }
}

void PrecomputedQMatrix::column(Index j, Eigen::Ref<Vector> out) const {
  const Index n = map_.size();
  const Index mj = map_.sample[static_cast<std::size_t>(j)];
  const double sj = map_.sign(j);
  const double* k = kernel_.col(mj).data();
  for (Index i = 0; i < n; ++i) {
    out(i) = map_.sign(i) * sj * k[map_.sample[static_cast<std::size_t>(i)]];
  }
}

std::int64_t PrecomputedQMatrix::memoryBytes() const {
  return static_cast<std::int64_t>(kernel_.size()) * static_cast<std::int64_t>(sizeof(double));
}

// ---- CachedQMatrix ----

CachedQMatrix::CachedQMatrix(const KernelParams& kernel, const Matrix& x, DualVariableMap map,
                             std::int64_t cacheBytes)
    : columns_(kernel, x), map_(std::move(map)) {
  const Index samples = x.rows();
  const std::int64_t columnBytes =
      std::max<std::int64_t>(1, static_cast<std::int64_t>(samples) * 8);
  const std::int64_t fit = std::max<std::int64_t>(0, cacheBytes) / columnBytes;
  capacity_ = static_cast<Index>(
      std::min<std::int64_t>(std::max<std::int64_t>(fit, 2), std::max<Index>(samples, 2)));
  slotOfSample_.assign(static_cast<std::size_t>(samples), -1);
  const Index n = map_.size();
  diagonal_.resize(n);
  for (Index i = 0; i < n; ++i) {
    const Index m = map_.sample[static_cast<std::size_t>(i)];
    diagonal_(i) = columns_.value(m, m);
  }
}

const Vector& CachedQMatrix::kernelColumn(Index b) const {
  const Index known = slotOfSample_[static_cast<std::size_t>(b)];
  if (known >= 0) {
    ++hits_;
    auto& position = lruPosition_[static_cast<std::size_t>(known)];
    lru_.splice(lru_.begin(), lru_, position);
    return slots_[static_cast<std::size_t>(known)];
  }
  ++misses_;
  Index slot;
  if (static_cast<Index>(slots_.size()) < capacity_) {
    slot = static_cast<Index>(slots_.size());
    slots_.emplace_back(columns_.sampleCount());
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
  Vector& storage = slots_[static_cast<std::size_t>(slot)];
  columns_.column(b, storage.data());
  return storage;
}

void CachedQMatrix::column(Index j, Eigen::Ref<Vector> out) const {
  const Index n = map_.size();
  const Vector& k = kernelColumn(map_.sample[static_cast<std::size_t>(j)]);
  const double sj = map_.sign(j);
  for (Index i = 0; i < n; ++i) {
    out(i) = map_.sign(i) * sj * k(map_.sample[static_cast<std::size_t>(i)]);
  }
}

std::int64_t CachedQMatrix::memoryBytes() const {
  return static_cast<std::int64_t>(slots_.size()) * columns_.sampleCount() *
         static_cast<std::int64_t>(sizeof(double));
}

std::shared_ptr<const QMatrix> makeQMatrix(const KernelParams& kernel, const Matrix& x,
                                           DualVariableMap map, std::int64_t cacheBytes) {
  const std::int64_t full = static_cast<std::int64_t>(x.rows()) * x.rows() * 8;
  if (full <= cacheBytes) return std::make_shared<PrecomputedQMatrix>(kernel, x, std::move(map));
  return std::make_shared<CachedQMatrix>(kernel, x, std::move(map), cacheBytes);
}

}  // namespace kpg
