#include "svm/binary_solution.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

std::string_view supportCategoryName(SupportCategory category) {
  switch (category) {
    case SupportCategory::NotSupport:
      return "none";
    case SupportCategory::Free:
      return "free";
    case SupportCategory::Bound:
      return "bound";
  }
  return "";
}

std::vector<SupportCategory> supportCategories(const Vector& alpha, const Vector& lower,
                                               const Vector& upper) {
  std::vector<SupportCategory> categories(static_cast<std::size_t>(alpha.size()));
  for (Index i = 0; i < alpha.size(); ++i) {
    categories[static_cast<std::size_t>(i)] = alpha(i) <= lower(i)   ? SupportCategory::NotSupport
                                              : alpha(i) >= upper(i) ? SupportCategory::Bound
                                                                     : SupportCategory::Free;
  }
  return categories;
}

Vector trainingDecisionValues(const Vector& y, const Vector& gradient, double rho) {
  return (y.array() * (gradient.array() + 1.0) - rho).matrix();
}

Vector kktViolations(const Vector& y, const Vector& decision,
                     const std::vector<SupportCategory>& categories) {
  Vector out(y.size());
  for (Index i = 0; i < y.size(); ++i) {
    const double margin = y(i) * decision(i) - 1.0;
    switch (categories[static_cast<std::size_t>(i)]) {
      case SupportCategory::NotSupport:
        out(i) = std::max(0.0, -margin);
        break;
      case SupportCategory::Free:
        out(i) = std::abs(margin);
        break;
      case SupportCategory::Bound:
        out(i) = std::max(0.0, margin);
        break;
    }
  }
  return out;
}

namespace {

DualityGap gapAt(const SmoSolver& solver, const Vector& slacks) {
  const DualProblem& p = solver.problem();
  DualityGap d;
  const double c = p.size() > 0 ? p.upper(0) : 1.0;
  d.primal = cSvcPrimalObjective(solver.alpha(), solver.gradient(), slacks, c);
  d.dual = -solver.objective();
  d.gap = d.primal - d.dual;
  return d;
}

}  // namespace

DualityGap dualityGap(const SmoSolver& solver, BiasRule rule) {
  return gapAt(solver, cSvcSlacks(solver.problem().y, solver.gradient(), solver.rho(rule)));
}

BinarySolutionView describeBinarySolution(const SmoSolver& solver, const Matrix& x,
                                          const KernelParams& kernel, BiasRule rule) {
  const DualProblem& problem = solver.problem();
  BinarySolutionView view;
  view.alpha = solver.alpha();
  view.coefficients = view.alpha.cwiseProduct(problem.y);
  view.rho = solver.rho(rule);
  view.bias = -view.rho;
  const Index n = view.alpha.size();
  view.categories = supportCategories(view.alpha, problem.lower, problem.upper);
  view.slacks = cSvcSlacks(problem.y, solver.gradient(), view.rho);
  const DualityGap gap = gapAt(solver, view.slacks);
  view.primalObjective = gap.primal;
  view.dualObjective = gap.dual;
  view.dualityGap = gap.gap;
  view.alphaSum = view.alpha.sum();
  view.wNormSquared = view.alpha.dot(solver.gradient() - problem.linear);
  if (view.wNormSquared > 0) view.margin = 1.0 / std::sqrt(view.wNormSquared);
  if (kernel.type == KernelType::Linear && x.rows() == n) {
    view.w = x.transpose() * view.coefficients;
    if (view.w->norm() > 0) view.margin = 1.0 / view.w->norm();
  }
  return view;
}

}  // namespace kpg
