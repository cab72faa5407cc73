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

bool QMatrix::applyEdit(const SampleEdit&) {
  return false;
}

namespace {

// The checks every provider makes before it changes anything: a classification map (one
// variable per sample, signs ±1), an index in range, a point with the samples' features.
bool editFits(const SampleEdit& edit, Index variables, Index dimension, bool oneVariablePerSample) {
  if (!oneVariablePerSample) return false;
  const bool adds = edit.kind == SampleEdit::Kind::Add;
  if (!adds && (edit.index < 0 || edit.index >= variables)) return false;
  const bool placed = adds || edit.kind == SampleEdit::Kind::Move;
  if (placed && (edit.point.size() != dimension || !edit.point.allFinite())) return false;
  const bool signed_ = adds || edit.kind == SampleEdit::Kind::Relabel;
  return !signed_ || edit.sign == 1.0 || edit.sign == -1.0;
}

// Deleting leaves the sample's storage in place (the variables map around it, O(N)); past this
// many samples held per variable, building afresh costs less than the dead entries hold.
bool tooManyDeleted(Index storedSamples, Index variablesAfter) {
  return storedSamples > 2 * variablesAfter + 16;
}

template <class T>
void eraseAt(std::vector<T>& v, Index i) {
  v.erase(v.begin() + i);
}

void eraseAt(Vector& v, Index i) {
  const Index tail = v.size() - i - 1;
  v.segment(i, tail) = v.tail(tail).eval();
  v.conservativeResize(v.size() - 1);
}

void append(Vector& v, double value) {
  v.conservativeResize(v.size() + 1);
  v(v.size() - 1) = value;
}

// The map's part of an edit (which sample and sign each variable has): the same for both
// providers. `stored` is the sample an added variable was given.
void editMap(DualVariableMap& map, Vector& diagonal, const SampleEdit& edit, Index stored,
             double selfKernel) {
  switch (edit.kind) {
    case SampleEdit::Kind::Add:
      map.sample.push_back(stored);
      append(map.sign, edit.sign);
      append(diagonal, selfKernel);
      break;
    case SampleEdit::Kind::Move:
      diagonal(edit.index) = selfKernel;
      break;
    case SampleEdit::Kind::Delete:
      eraseAt(map.sample, edit.index);
      eraseAt(map.sign, edit.index);
      eraseAt(diagonal, edit.index);
      break;
    case SampleEdit::Kind::Relabel:
      map.sign(edit.index) = edit.sign;  // s_i² = 1: Q_ii stays
      break;
  }
}

bool isIdentity(const DualVariableMap& map, Index samples) {
  if (map.size() != samples) return false;
  for (Index i = 0; i < map.size(); ++i)
    if (map.sample[static_cast<std::size_t>(i)] != i) return false;
  return true;
}

}  // namespace

// ---- PrecomputedQMatrix ----

PrecomputedQMatrix::PrecomputedQMatrix(const KernelParams& kernel, const Matrix& x,
                                       DualVariableMap map, bool editable)
    : kernel_(kernel), editable_(editable), map_(std::move(map)) {
  KernelSamples<double> samples(x);
  samples_ = samples.size();
  lower_.resize(static_cast<std::size_t>(rowStart(samples_)));
  // Row a is column a's entries above and on the diagonal: the same bits (the class comment).
  for (Index a = 0; a < samples_; ++a)
    kernelColumnRange(kernel, samples, a, 0, a + 1,
                      lower_.data() + static_cast<std::size_t>(rowStart(a)));
  if (editable_) points_ = std::move(samples);
  initDiagonal();
}

PrecomputedQMatrix::PrecomputedQMatrix(const Matrix& kernelMatrix, DualVariableMap map)
    : map_(std::move(map)) {
  samples_ = kernelMatrix.cols();
  lower_.resize(static_cast<std::size_t>(rowStart(samples_)));
  for (Index a = 0; a < samples_; ++a) {
    double* row = lower_.data() + static_cast<std::size_t>(rowStart(a));
    for (Index b = 0; b <= a; ++b) row[b] = kernelMatrix(a, b);
  }
  initDiagonal();
}

void PrecomputedQMatrix::initDiagonal() {
  const Index n = map_.size();
  identityMap_ = isIdentity(map_, samples_);
  oneVariablePerSample_ = identityMap_;
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
    // C-SVC: rows up to j from row j (contiguous), the rows below from their own rows.
    const double* row = lower_.data() + static_cast<std::size_t>(rowStart(mj));
    for (Index i = 0; i <= mj; ++i) out(i) = map_.sign(i) * sj * row[i];
    Index start = rowStart(mj + 1);
    for (Index i = mj + 1; i < n; start += ++i)
      out(i) = map_.sign(i) * sj * lower_[static_cast<std::size_t>(start + mj)];
    return;
  }
  for (Index i = 0; i < n; ++i)
    out(i) = map_.sign(i) * sj * kernelEntry(map_.sample[static_cast<std::size_t>(i)], mj);
}

std::int64_t PrecomputedQMatrix::memoryBytes() const {
  return static_cast<std::int64_t>(lower_.size()) * static_cast<std::int64_t>(sizeof(double));
}

void PrecomputedQMatrix::recomputeSample(Index m) {
  std::vector<double> k(static_cast<std::size_t>(samples_));
  kernelColumn(kernel_, points_, m, samples_, k.data());
  double* row = lower_.data() + static_cast<std::size_t>(rowStart(m));
  std::copy(k.begin(), k.begin() + m + 1, row);
  for (Index a = m + 1; a < samples_; ++a)
    lower_[static_cast<std::size_t>(rowStart(a) + m)] = k[static_cast<std::size_t>(a)];
}

bool PrecomputedQMatrix::applyEdit(const SampleEdit& edit) {
  if (!editable_ || !editFits(edit, map_.size(), points_.dimension(), oneVariablePerSample_))
    return false;
  const Index n = map_.size();
  switch (edit.kind) {
    case SampleEdit::Kind::Add: {
      // A new last row: the triangle's earlier rows do not move.
      points_.appendRow(edit.point);
      ++samples_;
      lower_.resize(static_cast<std::size_t>(rowStart(samples_)));
      recomputeSample(samples_ - 1);
      identityMap_ = identityMap_ && n + 1 == samples_;
      editMap(map_, diagonal_, edit, samples_ - 1, kernelEntry(samples_ - 1, samples_ - 1));
      return true;
    }
    case SampleEdit::Kind::Move: {
      const Index m = map_.sample[static_cast<std::size_t>(edit.index)];
      points_.setRow(m, edit.point);
      recomputeSample(m);
      editMap(map_, diagonal_, edit, m, kernelEntry(m, m));
      return true;
    }
    case SampleEdit::Kind::Delete: {
      const Index m = map_.sample[static_cast<std::size_t>(edit.index)];
      if (identityMap_ && m == samples_ - 1) {
        // The last sample: its row is the triangle's last, dropped as it would not be built.
        --samples_;
        lower_.resize(static_cast<std::size_t>(rowStart(samples_)));
        points_.removeLastRow();
      } else if (tooManyDeleted(samples_, n - 1)) {
        return false;
      } else {
        identityMap_ = false;
      }
      editMap(map_, diagonal_, edit, m, 0);
      return true;
    }
    case SampleEdit::Kind::Relabel:
      editMap(map_, diagonal_, edit, 0, 0);
      return true;
  }
  return false;
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

Index CachedQMatrix::capacityFor(Index samples) const {
  const std::int64_t entryBytes = storage_ == QColumnStorage::Float ? 4 : 8;
  const std::int64_t columnBytes =
      std::max<std::int64_t>(1, static_cast<std::int64_t>(samples) * entryBytes);
  const std::int64_t fit = std::max<std::int64_t>(0, cacheBytes_) / columnBytes;
  return static_cast<Index>(
      std::min<std::int64_t>(std::max<std::int64_t>(fit, 2), std::max<Index>(samples, 2)));
}

void CachedQMatrix::init(Index samples, const Vector& selfKernel, std::int64_t cacheBytes) {
  cacheBytes_ = cacheBytes;
  capacity_ = capacityFor(samples);
  slotOfSample_.assign(static_cast<std::size_t>(samples), -1);
  const Index n = map_.size();
  identityMap_ = isIdentity(map_, samples);
  oneVariablePerSample_ = identityMap_;
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

void CachedQMatrix::clearColumns() {
  slots_.clear();
  floatSlots_.clear();
  sampleOfSlot_.clear();
  std::fill(slotOfSample_.begin(), slotOfSample_.end(), Index{-1});
  lru_.clear();
  lruPosition_.clear();
}

bool CachedQMatrix::applyEdit(const SampleEdit& edit) {
  // Double columns over dense samples: the lab's. Float columns are refused: Eigen's packet exp
  // and its scalar exp for a column's tail may round one entry differently, so an entry patched
  // from the edited sample's column could differ from the one a rebuilt column holds.
  if (storage_ != QColumnStorage::Double || sparseSamples_ ||
      !editFits(edit, map_.size(), samples_.dimension(), oneVariablePerSample_))
    return false;
  const Index n = map_.size();
  // k(x_a, x_m) over every stored sample a; entry a of the cached column of sample a is the
  // same bits (kernel_block.hpp: the products and maps are symmetric in a and m).
  const auto sampleColumn = [this](Index m) {
    std::vector<double> k(static_cast<std::size_t>(sampleCount()));
    kernelColumn(kernel_, samples_, m, sampleCount(), k.data());
    return k;
  };
  switch (edit.kind) {
    case SampleEdit::Kind::Add: {
      samples_.appendRow(edit.point);
      const Index m = sampleCount();
      slotOfSample_.push_back(-1);
      const std::vector<double> k = sampleColumn(m);
      for (std::size_t s = 0; s < slots_.size(); ++s)
        slots_[s].push_back(k[static_cast<std::size_t>(sampleOfSlot_[s])]);
      identityMap_ = identityMap_ && n + 1 == sampleCount();
      editMap(map_, diagonal_, edit, m, k[static_cast<std::size_t>(m)]);
      // Longer columns: when fewer now fit in the budget, the cache starts afresh.
      capacity_ = capacityFor(sampleCount());
      if (static_cast<Index>(slots_.size()) > capacity_) clearColumns();
      return true;
    }
    case SampleEdit::Kind::Move: {
      const Index m = map_.sample[static_cast<std::size_t>(edit.index)];
      samples_.setRow(m, edit.point);
      const std::vector<double> k = sampleColumn(m);
      for (std::size_t s = 0; s < slots_.size(); ++s) {
        const Index b = sampleOfSlot_[s];
        if (b == m) {
          slots_[s] = k;
        } else {
          slots_[s][static_cast<std::size_t>(m)] = k[static_cast<std::size_t>(b)];
        }
      }
      editMap(map_, diagonal_, edit, m, k[static_cast<std::size_t>(m)]);
      return true;
    }
    case SampleEdit::Kind::Delete:
      if (tooManyDeleted(sampleCount(), n - 1)) return false;
      identityMap_ = false;
      editMap(map_, diagonal_, edit, 0, 0);
      return true;
    case SampleEdit::Kind::Relabel:
      editMap(map_, diagonal_, edit, 0, 0);
      return true;
  }
  return false;
}

std::int64_t CachedQMatrix::memoryBytes() const {
  const std::int64_t entryBytes = storage_ == QColumnStorage::Float ? 4 : 8;
  return static_cast<std::int64_t>(sampleOfSlot_.size()) * sampleCount() * entryBytes;
}

std::shared_ptr<QMatrix> makeQMatrix(const KernelParams& kernel, const Matrix& x,
                                     DualVariableMap map, std::int64_t cacheBytes,
                                     QColumnStorage storage, bool precomputeWhenFits,
                                     bool editable) {
  const std::int64_t full = static_cast<std::int64_t>(x.rows()) * x.rows() * 8;
  if (precomputeWhenFits && full <= cacheBytes)
    return std::make_shared<PrecomputedQMatrix>(kernel, x, std::move(map), editable);
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
