#include "svm/model_from_solver.hpp"

#include <algorithm>

namespace kpg {

namespace {

void setSupportVectors(SvmModel& model, const Matrix& x, const std::vector<Index>& rows) {
  model.supportVectors = selectRows(x, rows);
}

// A model with no support vector keeps the (empty) dense form: isSparse() means rows are held.
void setSupportVectors(SvmModel& model, const SparseRows& x, const std::vector<Index>& rows) {
  if (rows.empty()) {
    model.supportVectors.resize(0, x.dimension());
    return;
  }
  model.sparseSupportVectors = selectRows(x, rows);
}

template <class Samples>
SvmModel oneVsOneModelOf(const Samples& x, const OneVsOne& plan,
                         const std::vector<Vector>& coefficients, const Vector& rho,
                         const KernelParams& kernel) {
  const ClassGrouping& g = plan.classes;
  const auto classes = static_cast<int>(g.labels.size());
  const auto n = static_cast<std::size_t>(x.rows());
  std::vector<bool> nonzero(n, false);
  for (std::size_t p = 0; p < plan.subproblems.size(); ++p) {
    const BinarySubproblem& sub = plan.subproblems[p];
    for (Index t = 0; t < sub.size(); ++t)
      if (coefficients[p](t) != 0)
        nonzero[static_cast<std::size_t>(sub.rows[static_cast<std::size_t>(t)])] = true;
  }
  SvmModel model;
  model.type = SvmType::CSvc;
  model.kernel = kernel;
  model.classCount = classes;
  model.labels = g.labels;
  model.supportCounts.assign(static_cast<std::size_t>(classes), 0);
  // SVs by class, in input order within a class; column[row] = the SV's column in sv_coef.
  std::vector<Index> svRows;
  std::vector<Index> column(n, -1);
  for (int k = 0; k < classes; ++k) {
    for (std::size_t r = 0; r < n; ++r) {
      if (g.classOf[r] != k || !nonzero[r]) continue;
      ++model.supportCounts[static_cast<std::size_t>(k)];
      column[r] = static_cast<Index>(svRows.size());
      svRows.push_back(static_cast<Index>(r));
    }
  }
  setSupportVectors(model, x, svRows);
  model.coefficients = Matrix::Zero(std::max(classes - 1, 0), static_cast<Index>(svRows.size()));
  for (std::size_t p = 0; p < plan.subproblems.size(); ++p) {
    const BinarySubproblem& sub = plan.subproblems[p];
    for (Index t = 0; t < sub.size(); ++t) {
      const auto r = static_cast<std::size_t>(sub.rows[static_cast<std::size_t>(t)]);
      if (!nonzero[r]) continue;
      const Index row = t < sub.countA ? sub.classB - 1 : sub.classA;
      model.coefficients(row, column[r]) = coefficients[p](t);
    }
  }
  model.rho = rho;
  return model;
}

}  // namespace

SvmModel oneVsOneModel(const Matrix& x, const OneVsOne& plan,
                       const std::vector<Vector>& coefficients, const Vector& rho,
                       const KernelParams& kernel) {
  return oneVsOneModelOf(x, plan, coefficients, rho, kernel);
}

SvmModel oneVsOneModel(const SparseRows& x, const OneVsOne& plan,
                       const std::vector<Vector>& coefficients, const Vector& rho,
                       const KernelParams& kernel) {
  return oneVsOneModelOf(x, plan, coefficients, rho, kernel);
}

SvmModel binaryModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                     BiasRule rule) {
  const Vector& y = solver.problem().y;
  const OneVsOne plan = oneVsOneSubproblems(y);
  std::vector<Vector> coefficients;
  for (const BinarySubproblem& sub : plan.subproblems) {
    Vector coef(sub.size());
    for (Index t = 0; t < sub.size(); ++t) {
      const Index r = sub.rows[static_cast<std::size_t>(t)];
      coef(t) = solver.alpha()(r) * y(r);
    }
    coefficients.push_back(std::move(coef));
  }
  return oneVsOneModel(x, plan, coefficients, Vector::Constant(1, solver.rho(rule)), kernel);
}

template <class Samples>
SvmModel svrModelOf(const SmoSolver& solver, const Samples& x, const KernelParams& kernel,
                    BiasRule rule) {
  const Vector& alpha = solver.alpha();
  const Index n = alpha.size() / 2;
  const Vector coef = alpha.head(n) - alpha.tail(n);
  std::vector<Index> svRows;
  for (Index i = 0; i < n; ++i)
    if (coef(i) != 0) svRows.push_back(i);
  SvmModel model;
  model.type = SvmType::EpsilonSvr;
  model.kernel = kernel;
  model.classCount = 2;
  setSupportVectors(model, x, svRows);
  model.coefficients.resize(1, static_cast<Index>(svRows.size()));
  for (std::size_t s = 0; s < svRows.size(); ++s)
    model.coefficients(0, static_cast<Index>(s)) = coef(svRows[s]);
  model.rho = Vector::Constant(1, solver.rho(rule));
  return model;
}

PairSolution pairSolution(const SmoSolver& solver, BiasRule rule) {
  PairSolution out;
  out.coefficients = solver.alpha().cwiseProduct(solver.problem().y);
  out.rho = solver.rho(rule);
  out.objective = solver.objective();
  if (solver.problem().fixedSumPerSign) {
    // ν-SVC: the solution of the C-SVC with C = 1/r (Chang & Lin 2001, Theorem 2 and §4;
    // LIBSVM solve_nu_svc).
    out.r = solver.nuR();
    out.coefficients /= out.r;
    out.rho /= out.r;
    out.objective /= out.r * out.r;
  }
  return out;
}

template <class Samples>
SvmModel oneClassModelOf(const SmoSolver& solver, const Samples& x, const KernelParams& kernel,
                         BiasRule rule) {
  const Vector& alpha = solver.alpha();
  std::vector<Index> svRows;
  for (Index i = 0; i < alpha.size(); ++i)
    if (alpha(i) != 0) svRows.push_back(i);
  SvmModel model;
  model.type = SvmType::OneClass;
  model.kernel = kernel;
  model.classCount = 2;
  setSupportVectors(model, x, svRows);
  model.coefficients.resize(1, static_cast<Index>(svRows.size()));
  for (std::size_t s = 0; s < svRows.size(); ++s)
    model.coefficients(0, static_cast<Index>(s)) = alpha(svRows[s]);
  model.rho = Vector::Constant(1, solver.rho(rule));
  return model;
}

SvmModel oneClassModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                       BiasRule rule) {
  return oneClassModelOf(solver, x, kernel, rule);
}

SvmModel oneClassModel(const SmoSolver& solver, const SparseRows& x, const KernelParams& kernel,
                       BiasRule rule) {
  return oneClassModelOf(solver, x, kernel, rule);
}

void keepSerialNumbers(SvmModel& model) {
  model.precomputedKernel = true;
  if (model.isSparse()) {
    Matrix serials(model.sparseSupportVectors.rows(), 1);
    for (Index s = 0; s < serials.rows(); ++s) {
      const SparseRowView row = model.sparseSupportVectors.row(s);
      serials(s, 0) = row.size > 0 && row.columns[0] == 0 ? row.values[0] : 0.0;
    }
    model.sparseSupportVectors = SparseRows();
    model.supportVectors = serials;
  } else {
    model.supportVectors = Matrix(model.supportVectors.leftCols(1));
  }
}

SvmModel svrModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                  BiasRule rule) {
  return svrModelOf(solver, x, kernel, rule);
}

SvmModel svrModel(const SmoSolver& solver, const SparseRows& x, const KernelParams& kernel,
                  BiasRule rule) {
  return svrModelOf(solver, x, kernel, rule);
}

}  // namespace kpg
