#pragma once
// The matrix of the SVM dual, served column by column (course-notes 000 "SVM - optimization",
// LIBSVM svm.cpp classes QMatrix / SVC_Q / SVR_Q / Cache):
//
//   Q_ij = s_i s_j k(x_m(i), x_m(j)),   i, j = 0 .. n−1
//
// where x_0 .. x_{N−1} are the training samples, s_i = ±1 a sign per dual variable and m(i) the
// sample a dual variable belongs to. C-SVC: n = N, m(i) = i, s = y. ε-SVR: n = 2N, m(i) = i mod N,
// s = (+1 .. +1, −1 .. −1), as LIBSVM's SVR_Q.
//
// Two providers behind one interface; both compute kernel columns with kernelColumn
// (kernels/kernel_block.hpp), so they hold the same bits:
// clang-format off
//   PrecomputedQMatrix  the N×N kernel matrix held in double, its lower triangle only (the
//                       matrix is symmetric, bit for bit: below), N(N+1)/2 entries: small N
//                       (the lab, the hand-solved and golden tests, one-vs-one sub-problems).
//   CachedQMatrix       kernel columns computed on demand in O(N·d) and kept in an LRU cache
//                       bounded in bytes, so N = 20 000 needs no N² memory. Columns are stored
//                       in double, or in float (LIBSVM's Qfloat) to hold twice as many. Over
//                       sparse rows (data mostly zeros, LIBSVM's everyday input) a column is
//                       N merges over the non-zeros (svm/sparse_kernel.hpp), O(N·nnz), whatever
//                       the largest feature index.
// clang-format on
// Differences from LIBSVM's Cache: we cache whole columns over the N samples (LIBSVM caches the
// active prefix of a column because of shrinking, which we do not do yet); a float column is
// computed in float (LIBSVM computes in double and rounds), which is what makes it faster
// (bench/kernel_column_bench.cpp); the signs s_i s_j are applied when a column is copied out,
// so the SVR's 2N variables share N cached kernel columns (LIBSVM does the same with its SVR_Q
// buffers), and for C-SVC, where m is the identity, the copy is one vectorized multiply. The
// cache holds at least two columns, because one solver step needs columns i and j at once.
//
// The cache is mutable state behind a const interface: values never depend on what is cached,
// so solvers that share one provider (a copied SmoSolver) see identical numbers. Not thread-safe.
//
// Edits (applyEdit; LIBSVM has none, it builds Q once per svm_train): adding, moving, deleting or
// relabelling one sample of a C-SVC problem changes row and column m of the kernel matrix and
// nothing else, K_ab = k(x_a, x_b) depending on x_a and x_b alone, and a relabel changes s_i
// only (Q_ij = s_i s_j K_ij). So an edit evaluates the kernel N times (one column, kernelColumn)
// where a new provider evaluates it N(N+1)/2 times (precomputed) or N times per column read
// (cached), and it writes the entries a rebuild would hold, bit for bit: an entry is the same
// function of the two samples whichever column computes it (kernel_block.hpp). A deleted sample
// keeps its storage and the variables map around it (DualVariableMap), so nothing moves; an
// added one takes a new last row. The lab edits its problem this way while a point is dragged.

#include "data/sparse_rows.hpp"
#include "kernels/kernel_block.hpp"

#include <cstdint>
#include <list>
#include <memory>
#include <vector>

namespace kpg {

using Index = Eigen::Index;

class QColumnCache;

// One edit of the samples of a C-SVC problem (DualVariableMap::classification: variable i is
// sample i, s_i its label).
struct SampleEdit {
  enum class Kind { Add, Move, Delete, Relabel };
  Kind kind = Kind::Move;
  Index index = 0;  // Move, Delete, Relabel: the variable; Add appends variable n
  Vector point;     // Add, Move: the sample's new features (as many as the others have)
  double sign = 1;  // Add, Relabel: its label ±1
};

class QMatrix {
 public:
  virtual ~QMatrix() = default;
  // Number of dual variables n.
  virtual Index size() const = 0;
  // Q_ii for all i (kept in full by every provider: the solver reads it every step).
  virtual const Vector& diagonal() const = 0;
  // Writes column j of Q (n values) into `out`, which must already have size n.
  virtual void column(Index j, Eigen::Ref<Vector> out) const = 0;
  // Bytes this provider holds for matrix entries (the cache budget for CachedQMatrix).
  virtual std::int64_t memoryBytes() const = 0;
  // For SmoSolver: a LIBSVM-like float column cache over this provider's samples (q_columns.hpp),
  // or nullptr when the provider is itself the store of Q (precomputed) or its variables are not
  // one per sample (ε-SVR's 2N variables over N samples): the solver then reads column().
  virtual std::unique_ptr<QColumnCache> makeColumnCache() const;
  // Makes this provider the one a rebuild over the edited samples would be (the header
  // comment): O(N·d) kernel evaluations and O(N) moves, where a rebuild costs O(N²·d).
  // Afterwards variable indices are those of the edited problem (a deletion shifts the later
  // ones down, an addition is the last). Returns false and changes nothing when the provider
  // cannot: built from a kernel matrix or from sparse rows, ε-SVR's or a one-class map, float
  // columns, an index or point that does not fit, or, deleting, when more than half the stored
  // samples would be deleted ones (a rebuild is then cheaper than what they hold); build a new
  // provider then. Never while a solver reads it: SmoSolver's G was computed from the old Q.
  virtual bool applyEdit(const SampleEdit& edit);
};

// Which sample and which sign each dual variable has. C-SVC: identity map, signs = labels ±1.
struct DualVariableMap {
  std::vector<Index> sample;  // m(i)
  Vector sign;                // s_i = ±1

  static DualVariableMap classification(const Vector& labelsPlusMinusOne);
  // 2N variables: α_i (sign +1) then α_i* (sign −1) for each sample, LIBSVM's SVR layout.
  static DualVariableMap regression(Index sampleCount);
  Index size() const { return static_cast<Index>(sample.size()); }
};

// How CachedQMatrix stores its columns. The precomputed matrix is always double.
//   Double, Float     this provider's own LRU cache, in that precision;
//   SolverFloatCache  LIBSVM's layout for a solver (trainSvm): kernel values computed in double,
//                     the diagonal kept in double (LIBSVM's QD), and the columns cached by
//                     SmoSolver in float over its active prefix (makeColumnCache, q_columns.hpp);
//                     column() still serves double columns from a cache of this provider.
enum class QColumnStorage { Double, Float, SolverFloatCache };

class PrecomputedQMatrix final : public QMatrix {
 public:
  // Evaluates the kernel matrix as CachedQMatrix does with double storage (same values, bit for
  // bit), but only on and below the diagonal, row by row (row a is kernelColumnRange of column a
  // over rows 0 .. a): x_a·x_b and x_b·x_a are the same products summed in the same order, and
  // every map of kernel_block.cpp is symmetric in a and b ((‖x_a‖² + ‖x_b‖²) − 2 x_a·x_b), so the
  // entries above are the same bits (tests/core/svm/q_matrix_test.cpp compares with kernelColumn).
  // Row-major, so that an added sample is a new last row (applyEdit). `editable` keeps a copy of
  // the samples (N·d doubles) for applyEdit; without it applyEdit refuses every edit (a
  // one-vs-one sub-problem of digits would hold a third more memory for nothing).
  PrecomputedQMatrix(const KernelParams& kernel, const Matrix& x, DualVariableMap map,
                     bool editable = false);
  // Any symmetric N×N kernel matrix, e.g. of a composed Kernel or a string kernel (gramMatrix
  // copies each entry to its mirror); its lower triangle is kept.
  PrecomputedQMatrix(const Matrix& kernelMatrix, DualVariableMap map);

  Index size() const override { return map_.size(); }
  const Vector& diagonal() const override { return diagonal_; }
  void column(Index j, Eigen::Ref<Vector> out) const override;
  std::int64_t memoryBytes() const override;
  bool applyEdit(const SampleEdit& edit) override;

 private:
  // k(x_a, x_b) over the stored samples (a, b < N).
  double kernelEntry(Index a, Index b) const {
    return a >= b ? lower_[static_cast<std::size_t>(rowStart(a) + b)]
                  : lower_[static_cast<std::size_t>(rowStart(b) + a)];
  }
  // Where row a's entries k(x_a, x_0 .. x_a) begin in lower_: rows 0 .. a−1 hold 1, 2, .. a.
  static Index rowStart(Index a) { return a * (a + 1) / 2; }
  void initDiagonal();
  // Row and column m from the kernel (after sample m changed).
  void recomputeSample(Index m);
  KernelParams kernel_;
  KernelSamples<double> points_;  // kept for applyEdit when editable
  bool editable_ = false;
  Index samples_ = 0;          // N stored (deleted samples included)
  std::vector<double> lower_;  // row-major lower triangle, N(N+1)/2 entries
  DualVariableMap map_;
  bool identityMap_ = false;           // m(i) = i for i < n = N (C-SVC): no gather
  bool oneVariablePerSample_ = false;  // a classification map: applyEdit applies
  Vector diagonal_;
};

class CachedQMatrix final : public QMatrix {
 public:
  // cacheBytes: budget for cached kernel columns (8·N bytes each in double, 4·N in float); at
  // least two columns are kept whatever the budget, at most N.
  CachedQMatrix(const KernelParams& kernel, const Matrix& x, DualVariableMap map,
                std::int64_t cacheBytes, QColumnStorage storage = QColumnStorage::Double);
  // Over sparse rows: kernel values in double by kernelValue(SparseRowView, SparseRowView), the
  // same function that evaluates a sparse model, stored as `storage` says.
  CachedQMatrix(const KernelParams& kernel, SparseRows x, DualVariableMap map,
                std::int64_t cacheBytes, QColumnStorage storage = QColumnStorage::Double);

  Index size() const override { return map_.size(); }
  const Vector& diagonal() const override { return diagonal_; }
  void column(Index j, Eigen::Ref<Vector> out) const override;
  std::int64_t memoryBytes() const override;
  // SolverFloatCache and C-SVC: a cache of cacheBytes over the same samples, in float. This
  // provider's own cache then stays empty (the solver reads the new one only), so the budget is
  // held once. nullptr otherwise.
  std::unique_ptr<QColumnCache> makeColumnCache() const override;
  // Double storage over dense samples only; cached columns are patched, not dropped (an
  // addition that leaves fewer columns fitting in the budget drops them all).
  bool applyEdit(const SampleEdit& edit) override;

  QColumnStorage storage() const { return storage_; }
  Index capacityColumns() const { return capacity_; }
  Index cachedColumns() const { return static_cast<Index>(lru_.size()); }
  std::int64_t hits() const { return hits_; }
  std::int64_t misses() const { return misses_; }

 private:
  // The cache slot holding the kernel column of sample b, computing it (and evicting the least
  // recently used column) on a miss.
  Index slotOf(Index b) const;
  // The cache's size and the diagonal, once the samples are in place.
  void init(Index samples, const Vector& selfKernel, std::int64_t cacheBytes);
  // Columns of `samples` entries that fit in cacheBytes_ (at least 2, at most the samples).
  Index capacityFor(Index samples) const;
  void clearColumns();
  template <class Scalar>
  void copyOut(const Scalar* k, Index j, Eigen::Ref<Vector> out) const;
  Index sampleCount() const { return static_cast<Index>(slotOfSample_.size()); }

  KernelParams kernel_;
  QColumnStorage storage_;
  KernelSamples<double> samples_;      // filled for double storage
  KernelSamples<float> samplesFloat_;  // filled for float storage
  // The samples, when held sparse; shared with the solver's column cache, which reads them
  // through its own position → row map and never changes them.
  std::shared_ptr<const SparseRows> sparse_;
  bool sparseSamples_ = false;
  DualVariableMap map_;
  bool identityMap_ = false;           // m(i) = i for i < n = N (C-SVC): no gather
  bool oneVariablePerSample_ = false;  // a classification map: applyEdit applies
  Vector diagonal_;
  Index capacity_ = 2;
  std::int64_t cacheBytes_ = 0;
  // LRU: front = most recently used slot. slotOfSample_[b] = −1 when not cached.
  mutable std::vector<std::vector<double>> slots_;
  mutable std::vector<std::vector<float>> floatSlots_;
  mutable std::vector<Index> sampleOfSlot_;
  mutable std::vector<Index> slotOfSample_;
  mutable std::list<Index> lru_;
  mutable std::vector<std::list<Index>::iterator> lruPosition_;
  mutable std::int64_t hits_ = 0;
  mutable std::int64_t misses_ = 0;
};

// Precomputed (double) when the N×N kernel matrix fits in `cacheBytes` and precomputeWhenFits,
// cached otherwise, with columns stored as `storage` says. Not const, so that its owner may
// edit it (applyEdit, which a precomputed one applies when `editable`) while no solver reads it.
std::shared_ptr<QMatrix> makeQMatrix(const KernelParams& kernel, const Matrix& x,
                                     DualVariableMap map, std::int64_t cacheBytes,
                                     QColumnStorage storage = QColumnStorage::Double,
                                     bool precomputeWhenFits = true, bool editable = false);
std::shared_ptr<const QMatrix> makeQMatrix(const KernelParams& kernel, const SparseRows& x,
                                           DualVariableMap map, std::int64_t cacheBytes,
                                           QColumnStorage storage = QColumnStorage::Double,
                                           bool precomputeWhenFits = true);

}  // namespace kpg
