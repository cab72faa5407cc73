#pragma once
// From solved duals to an SvmModel in LIBSVM's layout (svm_model.hpp; LIBSVM svm.cpp svm_train,
// the assembly after the pair loop). Written once here for trainSvm, the lab, the SVR mode and
// `kpg trace`, which each wrote it by hand before.
//
//   C-SVC, k classes (one_vs_one.hpp): a sample is a support vector when its coefficient α·y is
//     non-zero in any sub-problem; SVs are grouped by class in class order, in input order within
//     a class; sub-problem (a, b) puts class a's coefficients in row b − 1 and class b's in row a
//     of sv_coef, and its ρ at position p of rho.
//   ε-SVR (000 "regression case"): coef_i = α_i − α_i*, the samples with coef_i ≠ 0.

#include "svm/one_vs_one.hpp"
#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_model.hpp"

#include <vector>

namespace kpg {

// coefficients[p]: α·y of sub-problem p over plan.subproblems[p].rows (in that order);
// rho[p] its ρ.
// Support vectors are held as the samples are: dense rows of x, or sparse rows (the model's
// sparseSupportVectors, of x's dimension).
SvmModel oneVsOneModel(const Matrix& x, const OneVsOne& plan,
                       const std::vector<Vector>& coefficients, const Vector& rho,
                       const KernelParams& kernel);
SvmModel oneVsOneModel(const SparseRows& x, const OneVsOne& plan,
                       const std::vector<Vector>& coefficients, const Vector& rho,
                       const KernelParams& kernel);

// The model of a binary C-SVC solver over the rows of x (its dual's y = ±1 are the labels 1, −1),
// at the solver's current α, with ρ by `rule`: f(x) = Σ α_i y_i k(x_i, x) − ρ.
SvmModel binaryModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                     BiasRule rule = BiasRule::Libsvm);

// A solved binary classification sub-problem in the model's terms: coefficients α_i y_i and ρ,
// for ν-SVC both divided by r and the objective by r² (dual_problem.hpp; LIBSVM solve_nu_svc),
// which is the C-SVC solution with C = 1/r. r is 0 for C-SVC.
struct PairSolution {
  Vector coefficients;
  double rho = 0;
  double objective = 0;
  double r = 0;
};
PairSolution pairSolution(const SmoSolver& solver, BiasRule rule = BiasRule::Libsvm);

// The model of a one-class solver (oneClassDual over the rows of x): coef_i = α_i, the samples
// with α_i > 0.
SvmModel oneClassModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                       BiasRule rule = BiasRule::Libsvm);
SvmModel oneClassModel(const SmoSolver& solver, const SparseRows& x, const KernelParams& kernel,
                       BiasRule rule = BiasRule::Libsvm);

// A model trained on precomputed kernel rows (svm_model.hpp): each support vector reduced to its
// serial number, column 0 (LIBSVM's `0:i`), and precomputedKernel set.
void keepSerialNumbers(SvmModel& model);

// The model of an ε-SVR solver (epsilonSvrDual over the N rows of x, 2N variables) at its
// current α.
SvmModel svrModel(const SmoSolver& solver, const Matrix& x, const KernelParams& kernel,
                  BiasRule rule = BiasRule::Libsvm);
SvmModel svrModel(const SmoSolver& solver, const SparseRows& x, const KernelParams& kernel,
                  BiasRule rule = BiasRule::Libsvm);

}  // namespace kpg
