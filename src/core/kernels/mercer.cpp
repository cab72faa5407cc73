#include "kernels/mercer.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace kpg {

MercerReport mercerCheck(const Matrix& gram, double relativeTolerance) {
  MercerReport report;
  report.tolerance = relativeTolerance;
  if (gram.rows() == 0) return report;
  const Eigen::SelfAdjointEigenSolver<Matrix> solver(gram, Eigen::EigenvaluesOnly);
  report.eigenvalues = solver.eigenvalues();
  const double lo = report.eigenvalues(0);
  const double hi = report.eigenvalues(report.eigenvalues.size() - 1);
  report.largestEigenvalue = hi;
  report.mostNegativeEigenvalue = std::min(lo, 0.0);
  const double scale = std::max({std::abs(hi), std::abs(lo), 1e-300});
  const double threshold = -relativeTolerance * scale;
  for (Index i = 0; i < report.eigenvalues.size(); ++i)
    if (report.eigenvalues(i) < threshold) ++report.negativeCount;
  report.positiveSemidefinite = report.negativeCount == 0;
  return report;
}

}  // namespace kpg
