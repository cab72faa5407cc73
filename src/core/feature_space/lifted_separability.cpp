#include "feature_space/lifted_separability.hpp"

#include "svm/dual_problem.hpp"
#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"

#include <string>

namespace kpg {

SeparabilityResult liftedSeparability(const Eigen::MatrixXd& lifted, const Eigen::VectorXd& y) {
  SeparabilityResult result = hardMarginSeparability(lifted, y, KernelParams::linear());
  if (result.verdict != Separability::Unknown || lifted.rows() == 0) return result;
  // All in a coordinate plane: the exact 2-D test on the other two coordinates.
  for (Eigen::Index c = 0; c < lifted.cols() && lifted.cols() == 3; ++c) {
    if ((lifted.col(c).array() != lifted(0, c)).any()) continue;
    Eigen::MatrixXd flat(lifted.rows(), 2);
    flat << lifted.col(c == 0 ? 1 : 0), lifted.col(c == 2 ? 1 : 2);
    result = hardMarginSeparability(flat, y, KernelParams::linear());
    if (result.verdict == Separability::NotSeparable)
      result.reason += " in the plane φ" +
                       std::string(c == 0   ? "₁"
                                   : c == 1 ? "₂"
                                            : "₃") +
                       " = const where all the lifted points lie";
    if (result.verdict != Separability::Unknown) return result;
  }
  // The soft-margin SVM on the lifted points (the linear kernel is φ·φ) for growing C: a
  // solution with every point on its side proves a separating plane exists. Large C on classes
  // that overlap makes SMO slow (α pile up at the bound): a run that does not settle within
  // kLiftedSeparabilitySteps ends the search with the largest C that did.
  Eigen::Index wrong = -1;
  double wrongAt = 0;
  for (double c = 1; c <= kLiftedSeparabilityC; c *= 100) {
    SmoSolver solver(cSvcDual(lifted, y, KernelParams::linear(), c), SmoOptions{});
    solver.run(kLiftedSeparabilitySteps);
    if (solver.status() != SmoStatus::Converged) break;
    // yᵢf(xᵢ) = Gᵢ + 1 − yᵢρ for C-SVC's gradient G = Qα − e (svm/optimality.hpp).
    const double rho = solver.rho(BiasRule::Libsvm);
    wrong = -1;
    for (Eigen::Index i = 0; i < y.size() && wrong < 0; ++i)
      if (solver.gradient()(i) + 1 - y(i) * rho <= 0) wrong = i;
    if (wrong < 0) {
      result.verdict = Separability::Separable;
      return result;
    }
    wrongAt = c;
  }
  if (wrong < 0) return result;  // Unknown: not even C = 1 settled
  result.verdict = Separability::NotSeparable;
  result.reason = "even the SVM with C = " + std::to_string(static_cast<long long>(wrongAt)) +
                  " leaves point " + std::to_string(wrong + 1) +
                  " on the wrong side: the classes' convex hulls meet";
  return result;
}

}  // namespace kpg
