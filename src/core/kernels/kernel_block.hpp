#pragma once
// The one routine that evaluates the four base kernels (kernel.hpp) over a sample set: every
// Gram matrix, every SVM Q column and every kernel row of a query point goes through it
// (course-notes 000 "Examples of kernels", 004 "Kernels"). kernelValue() in kernel.hpp stays the
// scalar reference; tests/core/kernels/kernel_block_test.cpp bounds the difference.
//
// A column k(x_a, x_b), a = 0 .. rows−1, is one matrix–vector product X·x_b followed by an
// element-wise map (LIBSVM svm.cpp, class Kernel, which keeps x_square for the same reason):
//   linear      x_a·x_b
//   polynomial  (γ·x_a·x_b + coef0)^degree
//   sigmoid     tanh(γ·x_a·x_b + coef0)
//   RBF         exp(−γ·max(‖x_a‖² + ‖x_b‖² − 2·x_a·x_b, 0))
// The RBF form with the squared norms ‖x_a‖² precomputed costs one product instead of one
// difference per entry. It is not bit-identical to ‖x_a − x_b‖² (a few ulps of ‖x_a‖² + ‖x_b‖²),
// and for near-duplicate points the difference cancels and can come out slightly negative: it is
// clamped at 0, so k ≤ 1 always. Every x_a·x_b, ‖x_a‖² and a query's ‖x‖² is summed over the
// features in one fixed order (kernel_block.cpp orderedProducts), so identical rows have the
// distance 0 exactly and k = 1, as in LIBSVM, however large the entries; k(x_b, x_b) is 1 too.
//
// The self entry k(x_b, x_b) of a column is written from ‖x_b‖² by kernelDiagonal's formula, so
// a column and the diagonal of every Q provider hold the same bits.
//
// `rows` < N computes only a prefix of the column (LIBSVM's active prefix, for a solver that
// shrinks). Scalar = float computes in single precision end to end (LIBSVM's Qfloat cache holds
// float, but computes in double): X is rounded to float once, at construction; RBF's norms are
// summed from it in float, as the products are.

#include "kernels/kernel.hpp"

#include <optional>
#include <string>

namespace kpg {

template <class Scalar>
struct KernelSamples {
  using SampleMatrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  using SampleVector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

  KernelSamples() = default;
  // Rows of `x` are samples. X is kept N × d column-major, the layout in which X·x_b is one
  // streaming pass per feature.
  explicit KernelSamples(const Matrix& x);

  Index size() const { return x.rows(); }
  Index dimension() const { return x.cols(); }
  // Sample a replaced, or one appended, with its norms summed as the constructor sums them, so
  // that the samples hold the bits a construction over the edited rows holds (svm/q_matrix.hpp
  // applyEdit). removeLastRow drops sample N − 1.
  void setRow(Index a, const VectorRef& row);
  void appendRow(const VectorRef& row);
  void removeLastRow();

  // The norms RBF's distances subtract from: summed as the products x_a·x_b are, in Scalar, so
  // that identical rows give 0 (squaredNorms for double; singleNorms for float).
  const Scalar* distanceNorms() const {
    return singleNorms.size() > 0 ? singleNorms.data() : squaredNorms.data();
  }

  SampleMatrix x;             // N × d
  SampleVector squaredNorms;  // ‖x_a‖², LIBSVM's x_square: summed in double, then rounded
  // Scalar = float only: ‖x_a‖² summed in float like the products. squaredNorms stay the more
  // accurate ones for the diagonal of the dot-product kernels.
  SampleVector singleNorms;
};

// out[a] = k(x_a, x_b) for a = 0 .. rows−1 (0 ≤ b < N, 0 ≤ rows ≤ N).
template <class Scalar>
void kernelColumn(const KernelParams& params, const KernelSamples<Scalar>& samples, Index b,
                  Index rows, Scalar* out);

// out[a − first] = k(x_a, x_b) for a = first .. last−1: the part of a column a cache still lacks
// (LIBSVM's Cache::get_data returns where the filling starts). kernelColumn is first = 0.
template <class Scalar>
void kernelColumnRange(const KernelParams& params, const KernelSamples<Scalar>& samples, Index b,
                       Index first, Index last, Scalar* out);

// The same part of a column for the solver's float kernel cache (svm/q_columns.hpp), with RBF's
// exp taken by vectorExp (vector_exp.hpp, within 2 ulp of the C library's) instead of one call
// per entry: the values the cache rounds to float. Every other path keeps the C library's exp.
void kernelColumnRangeForCache(const KernelParams& params, const KernelSamples<double>& samples,
                               Index b, Index first, Index last, double* out);

// out[a] = k(x_a, x_a) for all N samples, computed from the squared norms.
template <class Scalar>
void kernelDiagonal(const KernelParams& params, const KernelSamples<Scalar>& samples, Scalar* out);

// out[a] = k(x_a, query) for all N samples, for a point outside the set (a test point).
void kernelRow(const KernelParams& params, const KernelSamples<double>& samples,
               const VectorRef& query, double* out);
Vector kernelRow(const KernelParams& params, const KernelSamples<double>& samples,
                 const VectorRef& query);

extern template struct KernelSamples<double>;
extern template struct KernelSamples<float>;
extern template void kernelColumn<double>(const KernelParams&, const KernelSamples<double>&, Index,
                                          Index, double*);
extern template void kernelColumn<float>(const KernelParams&, const KernelSamples<float>&, Index,
                                         Index, float*);
extern template void kernelColumnRange<double>(const KernelParams&, const KernelSamples<double>&,
                                               Index, Index, Index, double*);
extern template void kernelColumnRange<float>(const KernelParams&, const KernelSamples<float>&,
                                              Index, Index, Index, float*);
extern template void kernelDiagonal<double>(const KernelParams&, const KernelSamples<double>&,
                                            double*);
extern template void kernelDiagonal<float>(const KernelParams&, const KernelSamples<float>&,
                                           float*);

// ---- Non-finite kernel values (docs/bad-inputs.md P3, G7) ----
// Every Gram-based method refuses a kernel matrix with an infinite or NaN entry (polynomial
// overflow at a large γ·x·x' or degree, or data near 1e300) instead of computing on it.

struct NonFiniteEntry {
  Index row = 0;
  Index col = 0;
  double value = 0;
};

// The first non-finite entry in column-major order, if any (a Vector is a one-column matrix).
std::optional<NonFiniteEntry> firstNonFiniteEntry(const Eigen::Ref<const Matrix>& kernelMatrix);

// "<what>: <kKernelOverflowMessage>; first at k(x_i, x_j) = inf", 1-based sample numbers.
std::string kernelOverflowError(const char* what, const NonFiniteEntry& entry);

// Both in one: the error for a kernel matrix with a non-finite entry, or nothing.
std::optional<std::string> checkKernelFinite(const Matrix& kernelMatrix, const char* what);

}  // namespace kpg
