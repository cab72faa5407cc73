#pragma once
// A data set held densely: one sample per row. LIBSVM files are sparse; they are densified up to
// the largest feature index, which the readers bound (../shared/BAD_INPUTS.md D11).

#include <Eigen/Core>

#include <string>
#include <vector>

namespace kpg {

struct Dataset {
  Eigen::MatrixXd x;  // samples × features
  Eigen::VectorXd y;  // class labels (classification) or targets (regression)
  // For CSV files with symbolic class labels (BAD_INPUTS C4): classNames[k] is the label numbered
  // k.
  std::vector<std::string> classNames;

  Eigen::Index size() const { return x.rows(); }
  Eigen::Index dimension() const { return x.cols(); }
};

}  // namespace kpg
