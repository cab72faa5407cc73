#pragma once
// The four kernels of kernels/kernel.hpp on sparse rows (data/sparse_rows.hpp). Each kernel of the
// course depends on its two points through one number: x·x' (linear, polynomial, sigmoid) or
// ‖x − x'‖² (Gaussian), so the sparse evaluation computes that number by a merge over the
// non-zeros and applies the formula to it; nothing is densified per pair (the reliability audit's
// F4: a model with one support vector index 1 000 000 took 10.8 s where svm-predict takes 0.01 s).
// The formulas themselves are kernelFromProducts (kernels/kernel.hpp), the one scalar form that
// kernelValue uses too.

#include "data/sparse_rows.hpp"
#include "kernels/kernel.hpp"

#include <cstdint>
#include <vector>

namespace kpg {

double kernelValue(const KernelParams& params, const SparseRowView& a, const SparseRowView& b);

// One row b held against many rows a: k(x_a, x_b) for a whole column of the kernel cache, the same
// bits as kernelValue(params, a, b). The merge of kernelValue mispredicts a branch at about every
// other step (which list advances is data), and it was 91 % of `kpg train` on a sparse set of
// 3 000 rows x 50 000 features, 60 non-zeros a row (bench/engine_vs_libsvm.py, under `perf`).
// Here b is spread over arrays of the dimension once per column: code[c] = 2·(b's columns below
// c) + (c is b's), b's value at c (0 elsewhere) and its squares in order. For each a, the terms of
// ‖a − b‖² are written in column order without a branch on the data (b's squares between two of
// a's columns are copied in a block of eight, its true length added to the write pointer) and then
// summed in that order: the same terms in the same order as the merge, so the same sum. An a-only
// term (v − 0)² is v², a b-only one is b's square, a shared one (v_a − v_b)²; x·x' sums v_a·v_b
// over the shared columns in their order, as the merge does. About twice as fast on that set.
// Building costs O(dimension): worth it only for columns long enough (worthwhile()).
class SparsePivot {
 public:
  // rows: the rows every b and a come from (their dimension and longest row size the arrays).
  explicit SparsePivot(const SparseRows& rows);
  // The arrays' bytes (for a memory budget).
  std::int64_t bytes() const;
  // True when spreading a row over the dimension pays for `columnEntries` entries of a column.
  bool worthwhile(Eigen::Index columnEntries) const;
  // Holds b (until the next set()).
  void set(const SparseRowView& b);
  // k(x_a, x_b) for the b held; `buffer` of bufferSize() doubles, one per calling thread.
  double kernelValue(const KernelParams& params, const SparseRowView& a, double* buffer) const;
  Eigen::Index bufferSize() const { return bufferSize_; }

 private:
  double squaredDistance(const SparseRowView& a, double* buffer) const;
  double dot(const SparseRowView& a) const;

  std::vector<std::int32_t> code_;  // per column, as above; one past the dimension for b's last
  std::vector<double> value_;       // b's value per column, 0 where b has none
  std::vector<double> squares_;     // b's squares in column order, then 8 zeros of slack
  SparseRowView b_;
  double averageRowSize_ = 0;
  Eigen::Index bufferSize_ = 0;
};

// G_ij = k(x_i, x_j) over the rows of `x` (course-notes 001 "Gram Matrix"); the upper triangle is
// evaluated and mirrored, as gramMatrix does for dense rows.
Matrix gramMatrix(const KernelParams& params, const SparseRows& x);

}  // namespace kpg
