#pragma once
// A data set: one sample per row, held densely (Dataset) or as sparse rows (SparseDataset, CSR;
// data/sparse_rows.hpp). LIBSVM files are sparse: the commands that can work on sparse rows read
// them so (kpg predict, kpg kernel); the others densify up to the largest feature index, which
// the readers bound (docs/bad-inputs.md D11).

#include "data/sparse_rows.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace kpg {

struct Dataset {
  Eigen::MatrixXd x;  // samples × features
  Eigen::VectorXd y;  // class labels (classification) or targets (regression)
  // For CSV files with symbolic class labels (docs/bad-inputs.md C4): classNames[k] is the label numbered
  // k.
  std::vector<std::string> classNames;
  // The header's names of x's columns (CSV files with a header); empty otherwise.
  std::vector<std::string> featureNames;

  Eigen::Index size() const { return x.rows(); }
  Eigen::Index dimension() const { return x.cols(); }
};

struct SparseDataset {
  SparseRows x;
  Eigen::VectorXd y;

  Eigen::Index size() const { return x.rows(); }
  Eigen::Index dimension() const { return x.dimension(); }
};

}  // namespace kpg
