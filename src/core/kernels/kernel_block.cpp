#include "kernels/kernel_block.hpp"

#include "data/number_text.hpp"
#include "kernels/vector_exp.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace kpg {

namespace {

// out[a − first] = x_a·v for a = first .. last−1, each sum taken in the order j = 0, 1, …, d−1:
// s ← 0, then s ← s + x_aj·v_j. The columns of X are read up to four at a time, streaming, as a
// matrix–vector product does (one pass over `out` per four features); the passes change the
// memory traffic, not the arithmetic. The samples' norms and
// a query's are the same sums with v = x_a, so for identical rows x_a·x_b, ‖x_a‖² and ‖x_b‖²
// are the same bits and RBF's ‖x_a‖² + ‖x_b‖² − 2·x_a·x_b is exactly 0 (LIBSVM takes x_square
// and x_i·x_j from the one `dot` for the same reason, svm.cpp Kernel::kernel_rbf). Eigen's
// row-wise squaredNorm sums in another order for the rows its packets cover: rows of 5 features
// near 10¹⁰ came out 2.6·10⁵ apart from themselves and k = e⁻⁴ at γ = 2⁻¹⁶ instead of 1.
// kernel_block.cpp is compiled without contraction (sources.cmake), so no fused multiply-add
// makes one sum differ from another on any target.
template <int Width, bool Fresh, class Scalar, class Factor>
void addColumns(const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& x, Factor factor,
                Index j, Index first, Index rows, Scalar* out) {
  const Scalar* c[Width];
  for (int w = 0; w < Width; ++w) c[w] = x.col(j + w).data() + first;
  for (Index a = 0; a < rows; ++a) {
    Scalar s = Fresh ? Scalar(0) : out[a];
    for (int w = 0; w < Width; ++w) s = s + c[w][a] * factor(j + w, a, c[w]);
    out[a] = s;
  }
}

template <int Width, class Scalar, class Factor>
void addColumns(const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& x, Factor factor,
                Index j, Index first, Index rows, Scalar* out) {
  if (j == 0) {
    addColumns<Width, true>(x, factor, j, first, rows, out);
  } else {
    addColumns<Width, false>(x, factor, j, first, rows, out);
  }
}

template <class Scalar, class Factor>
void orderedProducts(const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& x, Factor factor,
                     Index first, Index last, Scalar* out) {
  const Index rows = last - first;
  const Index d = x.cols();
  if (d == 0) std::fill(out, out + rows, Scalar(0));
  Index j = 0;
  for (; j + 4 <= d; j += 4) addColumns<4>(x, factor, j, first, rows, out);
  switch (d - j) {
    case 3:
      addColumns<3>(x, factor, j, first, rows, out);
      break;
    case 2:
      addColumns<2>(x, factor, j, first, rows, out);
      break;
    case 1:
      addColumns<1>(x, factor, j, first, rows, out);
      break;
    default:
      break;
  }
}

// x_a·v: the factor of column j is v_j.
template <class Scalar>
void dotProducts(const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& x, const Scalar* v,
                 Index first, Index last, Scalar* out) {
  orderedProducts(
      x, [v](Index j, Index, const Scalar*) { return v[j]; }, first, last, out);
}

// ‖x_a‖² for every row: the factor of column j is x_aj itself.
template <class Scalar>
Eigen::Matrix<Scalar, Eigen::Dynamic, 1> orderedSquaredNorms(
    const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& x) {
  Eigen::Matrix<Scalar, Eigen::Dynamic, 1> norms(x.rows());
  orderedProducts(
      x, [](Index, Index a, const Scalar* c) { return c[a]; }, 0, x.rows(), norms.data());
  return norms;
}

// ‖v‖² in the same order, for a query point.
double orderedSquaredNorm(const VectorRef& v) {
  double s = 0;
  for (Index j = 0; j < v.size(); ++j) s = s + v(j) * v(j);
  return s;
}

}  // namespace

template <class Scalar>
KernelSamples<Scalar>::KernelSamples(const Matrix& samples)
    : x(samples.template cast<Scalar>()),
      squaredNorms(orderedSquaredNorms(samples).template cast<Scalar>()) {
  if constexpr (std::is_same_v<Scalar, float>) singleNorms = orderedSquaredNorms(x);
}

template <class Scalar>
void KernelSamples<Scalar>::setRow(Index a, const VectorRef& row) {
  x.row(a) = row.transpose().template cast<Scalar>();
  // The sums the constructor takes (orderedSquaredNorms), for this row alone.
  squaredNorms(a) = static_cast<Scalar>(orderedSquaredNorm(row));
  if constexpr (std::is_same_v<Scalar, float>) {
    float s = 0;
    for (Index j = 0; j < x.cols(); ++j) s = s + x(a, j) * x(a, j);
    singleNorms(a) = s;
  }
}

template <class Scalar>
void KernelSamples<Scalar>::appendRow(const VectorRef& row) {
  const Index n = x.rows();
  x.conservativeResize(n + 1, row.size());
  squaredNorms.conservativeResize(n + 1);
  if constexpr (std::is_same_v<Scalar, float>) singleNorms.conservativeResize(n + 1);
  setRow(n, row);
}

template <class Scalar>
void KernelSamples<Scalar>::removeLastRow() {
  const Index n = x.rows() - 1;
  x.conservativeResize(n, x.cols());
  squaredNorms.conservativeResize(n);
  if constexpr (std::is_same_v<Scalar, float>) singleNorms.conservativeResize(n);
}

namespace {

// Which exp RBF's double map takes: the C library's, one call per entry (the reference's), or
// vectorExp over the whole part (the solver's float cache, kernelColumnRangeForCache).
enum class RbfExp { Library, Vectorized };

// The element-wise map that turns the dot products x_a·x_b in `out` into kernel values, given
// the squared norms of x_a (norms) and of x_b (normB). One switch per column, not per entry.
template <class Scalar>
void mapDotProducts(const KernelParams& params, const Scalar* norms, Scalar normB, Index rows,
                    Scalar* out, RbfExp rbfExp = RbfExp::Library) {
  using Array = Eigen::Array<Scalar, Eigen::Dynamic, 1>;
  Eigen::Map<Array> k(out, rows);
  const Scalar gamma = static_cast<Scalar>(params.gamma);
  const Scalar coef0 = static_cast<Scalar>(params.coef0);
  switch (params.type) {
    case KernelType::Linear:
      return;
    case KernelType::Polynomial:
      // std::pow as in kernelValue, not repeated multiplication: the same rounding as the
      // reference, and the same overflow to ±inf (refused by the callers, P3).
      for (Index a = 0; a < rows; ++a)
        out[a] = static_cast<Scalar>(std::pow(gamma * out[a] + coef0, params.degree));
      return;
    case KernelType::Rbf: {
      // ‖x_a − x_b‖² = ‖x_a‖² + ‖x_b‖² − 2·x_a·x_b, clamped: it cancels for near-duplicates.
      if constexpr (std::is_same_v<Scalar, float>) {
        // Eigen's 4-wide float exp pays off (bench/kernel_column_bench.cpp).
        const Eigen::Map<const Array> n(norms, rows);
        k = (-gamma * ((n + normB) - Scalar(2) * k).max(Scalar(0))).exp();
      } else {
        // −γ‖x_a − x_b‖², then exp. glibc's std::exp measured as fast as Eigen's 2-wide double
        // exp without SSE4.1, and it is the reference's exp, so the column differs from
        // kernelValue in the distance only; the float cache takes vectorExp (vector_exp.hpp).
        for (Index a = 0; a < rows; ++a) {
          const Scalar distance = (norms[a] + normB) - Scalar(2) * out[a];
          out[a] = -gamma * (distance > Scalar(0) ? distance : Scalar(0));
        }
        if (rbfExp == RbfExp::Vectorized) {
          vectorExp(out, rows, out);
        } else {
          for (Index a = 0; a < rows; ++a) out[a] = std::exp(out[a]);
        }
      }
      return;
    }
    case KernelType::Sigmoid:
      for (Index a = 0; a < rows; ++a) out[a] = std::tanh(gamma * out[a] + coef0);
      return;
  }
}

// k(x_a, x_a) for a = first .. last−1 into out[0 ..]: x_a·x_a is ‖x_a‖², and RBF's distance is 0.
template <class Scalar>
void kernelDiagonal(const KernelParams& params, const KernelSamples<Scalar>& samples, Index first,
                    Index last, Scalar* out) {
  const Index count = last - first;
  if (params.type == KernelType::Rbf) {
    std::fill(out, out + count, Scalar(1));
    return;
  }
  std::copy(samples.squaredNorms.data() + first, samples.squaredNorms.data() + last, out);
  mapDotProducts(params, samples.squaredNorms.data() + first, Scalar(0), count, out);
}

template <class Scalar>
void columnRange(const KernelParams& params, const KernelSamples<Scalar>& samples, Index b,
                 Index first, Index last, Scalar* out, RbfExp rbfExp) {
  using SampleVector = typename KernelSamples<Scalar>::SampleVector;
  const Index rows = last - first;
  if (rows <= 0) return;
  const SampleVector xb = samples.x.row(b).transpose();
  dotProducts(samples.x, xb.data(), first, last, out);
  const Scalar* norms = samples.distanceNorms();
  mapDotProducts(params, norms + first, norms[b], rows, out, rbfExp);
  // The self entry from ‖x_b‖², as kernelDiagonal computes it: for RBF exactly exp(0) = 1, where
  // the norms form could leave a few ulps of distance.
  if (b >= first && b < last) kernelDiagonal(params, samples, b, b + 1, out + (b - first));
}

}  // namespace

template <class Scalar>
void kernelColumnRange(const KernelParams& params, const KernelSamples<Scalar>& samples, Index b,
                       Index first, Index last, Scalar* out) {
  columnRange(params, samples, b, first, last, out, RbfExp::Library);
}

void kernelColumnRangeForCache(const KernelParams& params, const KernelSamples<double>& samples,
                               Index b, Index first, Index last, double* out) {
  columnRange(params, samples, b, first, last, out, RbfExp::Vectorized);
}

template <class Scalar>
void kernelColumn(const KernelParams& params, const KernelSamples<Scalar>& samples, Index b,
                  Index rows, Scalar* out) {
  kernelColumnRange(params, samples, b, 0, rows, out);
}

template <class Scalar>
void kernelDiagonal(const KernelParams& params, const KernelSamples<Scalar>& samples, Scalar* out) {
  kernelDiagonal(params, samples, 0, samples.size(), out);
}

void kernelRow(const KernelParams& params, const KernelSamples<double>& samples,
               const VectorRef& query, double* out) {
  const Index rows = samples.size();
  if (rows == 0) return;
  const Vector q = query;  // contiguous, whatever the stride of the caller's vector
  dotProducts(samples.x, q.data(), 0, rows, out);
  mapDotProducts(params, samples.distanceNorms(), orderedSquaredNorm(q), rows, out);
}

Vector kernelRow(const KernelParams& params, const KernelSamples<double>& samples,
                 const VectorRef& query) {
  Vector row(samples.size());
  kernelRow(params, samples, query, row.data());
  return row;
}

template struct KernelSamples<double>;
template struct KernelSamples<float>;
template void kernelColumn<double>(const KernelParams&, const KernelSamples<double>&, Index, Index,
                                   double*);
template void kernelColumn<float>(const KernelParams&, const KernelSamples<float>&, Index, Index,
                                  float*);
template void kernelColumnRange<double>(const KernelParams&, const KernelSamples<double>&, Index,
                                        Index, Index, double*);
template void kernelColumnRange<float>(const KernelParams&, const KernelSamples<float>&, Index,
                                       Index, Index, float*);
template void kernelDiagonal<double>(const KernelParams&, const KernelSamples<double>&, double*);
template void kernelDiagonal<float>(const KernelParams&, const KernelSamples<float>&, float*);

std::optional<NonFiniteEntry> firstNonFiniteEntry(const Eigen::Ref<const Matrix>& kernelMatrix) {
  for (Index j = 0; j < kernelMatrix.cols(); ++j) {
    for (Index i = 0; i < kernelMatrix.rows(); ++i) {
      if (!std::isfinite(kernelMatrix(i, j))) return NonFiniteEntry{i, j, kernelMatrix(i, j)};
    }
  }
  return std::nullopt;
}

std::string kernelOverflowError(const char* what, const NonFiniteEntry& entry) {
  return std::string(what) + ": " + std::string(kKernelOverflowMessage) + "; first at k(x_" +
         std::to_string(entry.row + 1) + ", x_" + std::to_string(entry.col + 1) +
         ") = " + formatDisplay(entry.value);
}

std::optional<std::string> checkKernelFinite(const Matrix& kernelMatrix, const char* what) {
  if (kernelMatrix.allFinite()) return std::nullopt;  // the fast, vectorized common case
  return kernelOverflowError(what, *firstNonFiniteEntry(kernelMatrix));
}

}  // namespace kpg
