#include "tutorials/exact_linear_algebra.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

Rational dot(const RationalVector& a, const RationalVector& b) {
  Rational sum(0);
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) sum += a[i] * b[i];
  return sum;
}

RationalVector operator+(const RationalVector& a, const RationalVector& b) {
  RationalVector out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] + (i < b.size() ? b[i] : Rational(0));
  return out;
}

RationalVector operator-(const RationalVector& a, const RationalVector& b) {
  RationalVector out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] - (i < b.size() ? b[i] : Rational(0));
  return out;
}

RationalVector operator*(const Rational& s, const RationalVector& v) {
  RationalVector out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = s * v[i];
  return out;
}

bool allExact(const RationalVector& v) {
  return std::all_of(v.begin(), v.end(), [](const Rational& r) { return r.isExact(); });
}

bool allExact(const RationalMatrix& m) {
  return std::all_of(m.begin(), m.end(), [](const RationalVector& row) { return allExact(row); });
}

LinearSolution solveLinearSystem(const RationalMatrix& a, const RationalVector& b) {
  const std::size_t rows = a.size();
  const std::size_t cols = rows == 0 ? 0 : a[0].size();
  RationalMatrix m = a;
  for (std::size_t r = 0; r < rows; ++r) {
    m[r].resize(cols);
    m[r].push_back(r < b.size() ? b[r] : Rational(0));
  }
  // In inexact mode "zero" means small relative to the largest entry.
  double scale = 0.0;
  for (const auto& row : m) {
    for (const auto& v : row) scale = std::max(scale, std::abs(v.toDouble()));
  }
  const auto isZero = [scale](const Rational& v) {
    return v.isExact() ? v.isZero() : std::abs(v.toDouble()) <= 1e-12 * std::max(scale, 1.0);
  };

  std::vector<std::size_t> pivotColumn;
  std::size_t row = 0;
  for (std::size_t col = 0; col < cols && row < rows; ++col) {
    // Exact: any nonzero pivot. Inexact: the largest (partial pivoting).
    std::size_t best = rows;
    for (std::size_t r = row; r < rows; ++r) {
      if (isZero(m[r][col])) continue;
      if (best == rows || (!m[r][col].isExact() &&
                           std::abs(m[r][col].toDouble()) > std::abs(m[best][col].toDouble()))) {
        best = r;
      }
    }
    if (best == rows) continue;
    std::swap(m[row], m[best]);
    const Rational pivot = m[row][col];
    for (auto& v : m[row]) v /= pivot;
    for (std::size_t r = 0; r < rows; ++r) {
      if (r == row || isZero(m[r][col])) continue;
      const Rational factor = m[r][col];
      for (std::size_t c = col; c <= cols; ++c) m[r][c] -= factor * m[row][c];
    }
    pivotColumn.push_back(col);
    ++row;
  }
  LinearSolution solution;
  for (std::size_t r = row; r < rows; ++r) {
    if (!isZero(m[r][cols])) return solution;  // 0 = nonzero: inconsistent
  }
  solution.x.assign(cols, Rational(0));
  for (std::size_t k = 0; k < pivotColumn.size(); ++k) solution.x[pivotColumn[k]] = m[k][cols];
  solution.status = pivotColumn.size() == cols ? SolveStatus::Unique : SolveStatus::Underdetermined;
  return solution;
}

std::string formatVector(const RationalVector& v) {
  std::string text = "(";
  for (std::size_t i = 0; i < v.size(); ++i) text += (i ? ", " : "") + v[i].toString();
  return text + ")";
}

std::string formatMatrix(const RationalMatrix& m) {
  std::string text = "[";
  for (std::size_t r = 0; r < m.size(); ++r) {
    text += r ? ", [" : "[";
    for (std::size_t c = 0; c < m[r].size(); ++c) text += (c ? ", " : "") + m[r][c].toString();
    text += "]";
  }
  return text + "]";
}

}  // namespace kpg
