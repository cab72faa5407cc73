#pragma once
// A trained SVM in LIBSVM's own layout, so that a model file maps onto it field by field
// (LIBSVM svm.cpp, struct svm_model; README "model file format"):
//   c_svc, k classes: one-vs-one decision for the pair (a, b), a < b in `labels` order,
//     f_ab(x) = Σ_{i ∈ SV(a)} coef[b−1][i] k(sv_i, x)
//             + Σ_{i ∈ SV(b)} coef[a][i] k(sv_i, x) − rho_ab,
//     and the vote goes to a when f_ab(x) > 0. For k = 2: f(x) = Σ coef_i k(sv_i, x) − rho,
//     coef_i = α_i·y_i with y = +1 for labels[0]; the course's bias is b = −rho.
//   nu_svc: as c_svc, with coef = α_i y_i / r and rho = ρ/r per pair (dual_problem.hpp).
//   epsilon_svr, nu_svr: f(x) = Σ coef_i k(sv_i, x) − rho, coef_i = α_i − α_i*.
//   one_class: f(x) = Σ α_i k(sv_i, x) − rho; the label is +1 when f(x) > 0, −1 otherwise.
// A precomputed kernel (KernelParams is not used; `precomputedKernel`): a support vector holds
// its serial number in the training file only, one column (LIBSVM's `0:i`), and a sample is the
// row of kernel values k(x, x_j) at index j (zero-based columns: column j is LIBSVM's index j),
// so k(sv, x) = x[serial(sv)] (LIBSVM Kernel::k_function, PRECOMPUTED).
// Support vectors of a c_svc model are grouped by class in `labels` order (nr_sv per class).
//
// The support vectors are held in one of two forms. Dense (`supportVectors`), as the trainer and
// the app build them. Sparse (`sparseSupportVectors`, CSR), as readModel stores a model whose dense
// form would be mostly zeros (data/sparse_rows.hpp preferSparseStorage): a model with one index
// 1 000 000 then costs its non-zeros, not 1 000 000 columns a support vector (the reliability
// audit's F4). Exactly one form holds the rows; the other is empty.

#include "data/sparse_rows.hpp"
#include "kernels/kernel.hpp"

#include <vector>

namespace kpg {

// Values are LIBSVM's svm_type codes (-s).
enum class SvmType { CSvc = 0, NuSvc = 1, OneClass = 2, EpsilonSvr = 3, NuSvr = 4 };

// c_svc and nu_svc: labels, one-vs-one pairs, nr_sv per class.
inline bool isClassification(SvmType type) {
  return type == SvmType::CSvc || type == SvmType::NuSvc;
}
// epsilon_svr and nu_svr: a real-valued estimate.
inline bool isRegression(SvmType type) {
  return type == SvmType::EpsilonSvr || type == SvmType::NuSvr;
}

struct SvmModel {
  SvmType type = SvmType::CSvc;
  KernelParams kernel;
  bool precomputedKernel = false;   // kernel_type precomputed (above); `kernel` is then unused
  int classCount = 2;               // nr_class (2 for epsilon_svr, as LIBSVM writes it)
  std::vector<int> labels;          // label, c_svc only, in LIBSVM order (first appearance)
  std::vector<int> supportCounts;   // nr_sv, c_svc only, per class in `labels` order
  Matrix supportVectors;            // total_sv × dimension, dense; empty when sparse
  SparseRows sparseSupportVectors;  // total_sv sparse rows, when isSparse()
  Matrix coefficients;              // (classCount − 1) × total_sv: sv_coef, LIBSVM layout
  Vector rho;  // classCount·(classCount − 1)/2 values, pair order (0,1),(0,2)...
  // Probability information of `svm-train -b 1` (svm/probability.hpp); empty when absent.
  // c_svc: Platt's sigmoid A (probA) and B (probB) per pair, in rho's order. epsilon_svr: probA
  // holds the one Laplace scale σ, probB is empty.
  Vector probA;
  Vector probB;

  bool isSparse() const { return sparseSupportVectors.rows() > 0; }
  Eigen::Index supportVectorCount() const {
    return isSparse() ? sparseSupportVectors.rows() : supportVectors.rows();
  }
};

// A precomputed kernel's k(sv, x): x's value at column ⌊serial⌋ (0 when x has none there, as a
// missing LIBSVM feature is 0).
double precomputedKernelValue(double serial, const VectorRef& x);
double precomputedKernelValue(double serial, const SparseRowView& x);

// All decision values of `x`, LIBSVM's svm_predict_values: c_svc, k classes → k(k−1)/2 values in
// pair order (0,1),(0,2)..(1,2)..; epsilon_svr, nu_svr, one_class → 1 value.
// A point whose dimension differs from the model's is read with LIBSVM's sparse semantics:
// missing features are 0 (extra features of x still count in ‖x‖² for RBF, as in LIBSVM).
// The cost is O(total_sv · (d + nnz(x))) for a dense model of dimension d and
// O(total_sv · nnz(sv) + nnz(x)) for a sparse one, whatever the largest index of x.
Vector decisionValues(const SvmModel& model, const VectorRef& x);
Vector decisionValues(const SvmModel& model, const SparseRowView& x);

// The label or estimate from the decision values above. c_svc: the label with the most
// one-vs-one votes, ties to the first in `labels` order (a pair's vote goes to the first class
// when f_ab(x) > 0, to the second otherwise, as LIBSVM). epsilon_svr, nu_svr: the regression
// estimate. one_class: +1 when f(x) > 0, else −1. A
// model with one class predicts that class.
double predictFromDecisionValues(const SvmModel& model, const Vector& values);

double predict(const SvmModel& model, const VectorRef& x);
double predict(const SvmModel& model, const SparseRowView& x);

// Row by row.
Vector predictRows(const SvmModel& model, const Matrix& x);

}  // namespace kpg
