#include "svm/sparse_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kpg {

double kernelValue(const KernelParams& params, const SparseRowView& a, const SparseRowView& b) {
  if (kernelUsesDistance(params))
    return kernelFromProducts(params, 0.0, sparseSquaredDistance(a, b));
  return kernelFromProducts(params, sparseDot(a, b), 0.0);
}

namespace {
constexpr Index kCopyBlock = 8;  // b's squares copied at once between two of a's columns
}  // namespace

SparsePivot::SparsePivot(const SparseRows& rows) {
  Index longest = 0;
  for (Index r = 0; r < rows.rows(); ++r) longest = std::max(longest, rows.row(r).size);
  code_.assign(static_cast<std::size_t>(rows.dimension()) + 1, 0);
  value_.assign(static_cast<std::size_t>(rows.dimension()), 0.0);
  squares_.assign(static_cast<std::size_t>(longest + kCopyBlock), 0.0);
  bufferSize_ = 2 * longest + kCopyBlock;
  averageRowSize_ =
      rows.rows() > 0 ? static_cast<double>(rows.storedEntries()) / static_cast<double>(rows.rows())
                      : 0.0;
}

std::int64_t SparsePivot::bytes() const {
  return static_cast<std::int64_t>(code_.size() * sizeof(std::int32_t) +
                                   value_.size() * sizeof(double) +
                                   squares_.size() * sizeof(double));
}

bool SparsePivot::worthwhile(Index columnEntries) const {
  // A merge step costs a few nanoseconds, filling an int and clearing a double a fraction of one:
  // the arrays pay for themselves when the column's merges take as many steps as the dimension.
  return static_cast<double>(columnEntries) * averageRowSize_ >= static_cast<double>(value_.size());
}

void SparsePivot::set(const SparseRowView& b) {
  for (Index k = 0; k < b_.size; ++k) value_[static_cast<std::size_t>(b_.columns[k])] = 0.0;
  b_ = b;
  std::int32_t* code = code_.data();
  std::size_t from = 0;
  for (Index k = 0; k < b.size; ++k) {
    const auto column = static_cast<std::size_t>(b.columns[k]);
    std::fill(code + from, code + column, static_cast<std::int32_t>(2 * k));
    code[column] = static_cast<std::int32_t>(2 * k + 1);
    value_[column] = b.values[k];
    squares_[static_cast<std::size_t>(k)] = b.values[k] * b.values[k];
    from = column + 1;
  }
  std::fill(code + from, code + code_.size(), static_cast<std::int32_t>(2 * b.size));
}

double SparsePivot::squaredDistance(const SparseRowView& a, double* buffer) const {
  double* out = buffer;
  const double* squares = squares_.data();
  Index k = 0;  // b's next column
  for (Index t = 0; t < a.size; ++t) {
    const int column = a.columns[t];
    const std::int32_t code = code_[static_cast<std::size_t>(column)];
    const Index below = code >> 1;
    const Index gap = below - k;  // b's columns between a's previous one and this one
    // Eight copied whatever the gap (the slack after the squares and in buffer absorbs it), so
    // that no branch depends on it; a longer gap is copied whole.
    std::memcpy(out, squares + k,
                static_cast<std::size_t>(gap <= kCopyBlock ? kCopyBlock : gap) * sizeof(double));
    out += gap;
    const double d = a.values[t] - value_[static_cast<std::size_t>(column)];
    *out++ = d * d;
    k = below + (code & 1);
  }
  for (; k < b_.size; ++k) *out++ = squares[k];
  double sum = 0;
  for (const double* term = buffer; term < out; ++term) sum += *term;
  return sum;
}

double SparsePivot::dot(const SparseRowView& a) const {
  double sum = 0;
  for (Index t = 0; t < a.size; ++t) {
    const auto column = static_cast<std::size_t>(a.columns[t]);
    if (code_[column] & 1) sum += a.values[t] * value_[column];
  }
  return sum;
}

double SparsePivot::kernelValue(const KernelParams& params, const SparseRowView& a,
                                double* buffer) const {
  if (kernelUsesDistance(params))
    return kernelFromProducts(params, 0.0, squaredDistance(a, buffer));
  return kernelFromProducts(params, dot(a), 0.0);
}

Matrix gramMatrix(const KernelParams& params, const SparseRows& x) {
  const Index n = x.rows();
  Matrix g(n, n);
  for (Index i = 0; i < n; ++i) {
    const SparseRowView a = x.row(i);
    for (Index j = i; j < n; ++j) g(i, j) = g(j, i) = kernelValue(params, a, x.row(j));
  }
  return g;
}

}  // namespace kpg
