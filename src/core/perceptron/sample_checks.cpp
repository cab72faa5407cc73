#include "perceptron/sample_checks.hpp"

#include "data/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

std::optional<std::string> checkSamples(const Matrix& x, const char* what) {
  if (x.rows() == 0) return std::string(what) + ": no samples (the data set is empty)";
  if (x.cols() == 0) return std::string(what) + ": the samples have 0 features";
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
      if (!std::isfinite(x(i, j))) {
        return std::string(what) + ": non-finite value at sample " + std::to_string(i + 1) +
               ", feature " + std::to_string(j + 1);
      }
    }
  }
  return std::nullopt;
}

TwoClassResult twoClassLabels(const Vector& y, Eigen::Index samples, const char* what) {
  TwoClassResult result;
  if (y.size() != samples) {
    result.error = std::string(what) + ": " + std::to_string(y.size()) + " labels for " +
                   std::to_string(samples) + " samples";
    return result;
  }
  double first = 0.0;
  double second = 0.0;
  int distinct = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    const double label = y(i);
    if (!std::isfinite(label)) {
      result.error = std::string(what) + ": non-finite label at sample " + std::to_string(i + 1);
      return result;
    }
    if (distinct == 0) {
      first = label;
      distinct = 1;
    } else if (label != first && (distinct == 1 || label != second)) {
      if (distinct == 2) {
        result.error = std::string(what) + " is a two-class method; got a third label '" +
                       formatExact(label) + "' besides '" + formatExact(first) + "' and '" +
                       formatExact(second) + "'";
        return result;
      }
      second = label;
      distinct = 2;
    }
  }
  if (distinct < 2) {
    result.error = std::string(what) + ": need >= 2 classes, got " + std::to_string(distinct) +
                   (distinct == 1 ? " (label '" + formatExact(first) + "')" : std::string());
    return result;
  }
  TwoClassLabels labels;
  labels.negativeLabel = std::min(first, second);
  labels.positiveLabel = std::max(first, second);
  labels.sign.resize(y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i)
    labels.sign(i) = y(i) == labels.positiveLabel ? 1.0 : -1.0;
  result.labels = std::move(labels);
  return result;
}

}  // namespace kpg
