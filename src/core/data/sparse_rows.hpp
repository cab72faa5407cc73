#pragma once
// Samples stored sparse: only the non-zero features of each row, as LIBSVM keeps them (LIBSVM
// README "Installation and Data Format"; svm.h struct svm_node). A data set of such rows is held in
// compressed sparse rows (CSR): the non-zeros of all rows back to back, with the offset where each
// row starts. Memory and the cost of a dot product grow with the non-zeros, not with the largest
// feature index, so a text-classification file with index 2 000 000 000 and a dozen non-zeros a row
// costs a dozen numbers a row (docs/bad-inputs.md D11; the reliability audit's F4).
//
// Columns are zero-based and strictly increasing within a row. A row with no stored entry is the
// zero vector; a stored zero is allowed (LIBSVM writes `3:0` to state a dimension).

#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace kpg {

// One row, borrowed: `size` entries at `columns` and `values`. When size == 0 the pointers are
// never read or offset.
struct SparseRowView {
  const int* columns = nullptr;
  const double* values = nullptr;
  Eigen::Index size = 0;
};

// One row, owned: what the streaming reader fills line by line.
struct SparseRow {
  std::vector<int> columns;
  std::vector<double> values;

  void clear() {
    columns.clear();
    values.clear();
  }
  void push(int column, double value) {
    columns.push_back(column);
    values.push_back(value);
  }
  SparseRowView view() const {
    return {columns.data(), values.data(), static_cast<Eigen::Index>(columns.size())};
  }
};

// Compressed sparse rows.
class SparseRows {
 public:
  Eigen::Index rows() const { return static_cast<Eigen::Index>(rowStart_.size()) - 1; }
  // The number of columns: at least the largest stored column + 1 (a stored zero counts).
  Eigen::Index dimension() const { return dimension_; }
  Eigen::Index storedEntries() const { return static_cast<Eigen::Index>(values_.size()); }
  SparseRowView row(Eigen::Index r) const;

  // Appends a row whose columns are strictly increasing (the readers have checked it).
  void appendRow(const SparseRowView& row);
  // Raises the dimension, e.g. to a dense matrix's column count whose last columns are all zero.
  void setDimensionAtLeast(Eigen::Index dimension);
  void reserve(std::size_t rows, std::size_t entries);

  // Zeros are not stored; the dimension is x.cols().
  static SparseRows fromDense(const Eigen::MatrixXd& x);
  // rows() × dimension(); the caller checks the size first (ReadLimits::maxDenseBytes).
  Eigen::MatrixXd toDense() const;

 private:
  std::vector<std::size_t> rowStart_{0};
  std::vector<int> columns_;
  std::vector<double> values_;
  Eigen::Index dimension_ = 0;
};

// The storage the readers choose: sparse when fewer than a quarter of the rows × dimension entries
// are stored. A CSR entry takes 12 bytes against 8 for a dense one, so at a quarter CSR uses under
// half the memory, and a merge over the non-zeros beats a vectorized dense loop over d well before
// that (LIBSVM itself is always sparse). An empty dimension counts as sparse.
bool preferSparseStorage(Eigen::Index rows, Eigen::Index dimension, Eigen::Index storedEntries);

// Σ_j a_j b_j by merging the two sorted column lists: O(nnz(a) + nnz(b)).
double sparseDot(const SparseRowView& a, const SparseRowView& b);

// ‖a − b‖² by the same merge, each difference squared as it is met (no ‖a‖² + ‖b‖² − 2a·b, whose
// cancellation loses digits for nearby points), as LIBSVM's k_function computes the Gaussian
// kernel at prediction time (svm.cpp, Kernel::k_function, case RBF).
double sparseSquaredDistance(const SparseRowView& a, const SparseRowView& b);

double squaredNorm(const SparseRowView& a);

}  // namespace kpg
