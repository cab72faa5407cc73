#include "data/sparse_rows.hpp"

#include <algorithm>

namespace kpg {

SparseRowView SparseRows::row(Eigen::Index r) const {
  const std::size_t begin = rowStart_[static_cast<std::size_t>(r)];
  const std::size_t end = rowStart_[static_cast<std::size_t>(r) + 1];
  if (begin == end) return {};
  return {columns_.data() + begin, values_.data() + begin, static_cast<Eigen::Index>(end - begin)};
}

void SparseRows::appendRow(const SparseRowView& row) {
  if (row.size > 0) {
    columns_.insert(columns_.end(), row.columns, row.columns + row.size);
    values_.insert(values_.end(), row.values, row.values + row.size);
    dimension_ = std::max(dimension_, Eigen::Index{row.columns[row.size - 1]} + 1);
  }
  rowStart_.push_back(values_.size());
}

void SparseRows::setDimensionAtLeast(Eigen::Index dimension) {
  dimension_ = std::max(dimension_, dimension);
}

void SparseRows::reserve(std::size_t rows, std::size_t entries) {
  rowStart_.reserve(rows + 1);
  columns_.reserve(entries);
  values_.reserve(entries);
}

SparseRows SparseRows::fromDense(const Eigen::MatrixXd& x) {
  SparseRows out;
  SparseRow row;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    row.clear();
    for (Eigen::Index c = 0; c < x.cols(); ++c)
      if (x(r, c) != 0.0) row.push(static_cast<int>(c), x(r, c));
    out.appendRow(row.view());
  }
  out.setDimensionAtLeast(x.cols());
  return out;
}

Eigen::MatrixXd SparseRows::toDense() const {
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(rows(), dimension_);
  for (Eigen::Index r = 0; r < rows(); ++r) {
    const SparseRowView v = row(r);
    for (Eigen::Index k = 0; k < v.size; ++k) x(r, v.columns[k]) = v.values[k];
  }
  return x;
}

bool preferSparseStorage(Eigen::Index rows, Eigen::Index dimension, Eigen::Index storedEntries) {
  if (dimension == 0) return true;
  return 4.0 * static_cast<double>(storedEntries) <
         static_cast<double>(rows) * static_cast<double>(dimension);
}

double sparseDot(const SparseRowView& a, const SparseRowView& b) {
  double sum = 0;
  Eigen::Index i = 0, j = 0;
  while (i < a.size && j < b.size) {
    if (a.columns[i] == b.columns[j]) {
      sum += a.values[i++] * b.values[j++];
    } else if (a.columns[i] < b.columns[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return sum;
}

double sparseSquaredDistance(const SparseRowView& a, const SparseRowView& b) {
  double sum = 0;
  Eigen::Index i = 0, j = 0;
  while (i < a.size && j < b.size) {
    if (a.columns[i] == b.columns[j]) {
      const double d = a.values[i++] - b.values[j++];
      sum += d * d;
    } else if (a.columns[i] < b.columns[j]) {
      sum += a.values[i] * a.values[i];
      ++i;
    } else {
      sum += b.values[j] * b.values[j];
      ++j;
    }
  }
  for (; i < a.size; ++i) sum += a.values[i] * a.values[i];
  for (; j < b.size; ++j) sum += b.values[j] * b.values[j];
  return sum;
}

double squaredNorm(const SparseRowView& a) {
  double sum = 0;
  for (Eigen::Index k = 0; k < a.size; ++k) sum += a.values[k] * a.values[k];
  return sum;
}

}  // namespace kpg
