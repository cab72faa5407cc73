// The two classifiers of Table 1, from precomputed kernel matrices (reproduce/mika1999.hpp).

#include "reproduce/mika1999.hpp"

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "svm/dual_problem.hpp"
#include "svm/optimality.hpp"
#include "svm/smo_solver.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <memory>

namespace kpg::cli {

namespace {

// C-SVC solved by the core's SmoSolver at LIBSVM's default tolerance; bias by LIBSVM's rule.
class SvmMethod final : public BenchmarkMethod {
 public:
  const char* name() const override { return "SVM"; }
  const char* regularizerName() const override { return "C"; }
  std::vector<double> regularizerGrid() const override { return {0.1, 1, 10, 100, 1000}; }

  std::vector<Vector> decisions(const Matrix& kTrain, const Vector& yTrain, const Matrix& kEval,
                                const std::vector<double>& regularizers) const override {
    std::vector<Vector> out;
    for (double c : regularizers) {
      SmoSolver solver(cSvcDual(kTrain, yTrain, c));
      solver.solve();
      const double rho = solver.rho(BiasRule::Libsvm);
      const Vector coefficients = solver.alpha().cwiseProduct(yTrain);
      out.push_back((kEval * coefficients).array() - rho);
    }
    return out;
  }
};

// Kernel Fisher discriminant (Mika et al. 1999; course-notes 004 "Kernel LDA") with the same
// formulas and threshold rule as the core's KernelFisherDiscriminant (fisher_discriminant.hpp):
//   α = (N + μI)⁻¹(M₁ − M₂),  N = Σᵢ Kᵢ(I − 1_{lᵢ})Kᵢᵀ,  t = ½(αᵀM₁ + αᵀM₂),
// class 1 = +1. It works from a precomputed kernel matrix and solves for every μ of the grid
// with one eigendecomposition N = VΛVᵀ: (N + μI)⁻¹ = V(Λ + μI)⁻¹Vᵀ. A reference test checks it
// against KernelFisherDiscriminant.
class KfdMethod final : public BenchmarkMethod {
 public:
  explicit KfdMethod(FisherThreshold rule) : rule_(rule) {}
  const char* name() const override { return "KFD"; }
  const char* regularizerName() const override { return "mu"; }
  std::vector<double> regularizerGrid() const override { return {1e-3, 1e-2, 1e-1, 1, 10, 100}; }

  std::vector<Vector> decisions(const Matrix& kTrain, const Vector& yTrain, const Matrix& kEval,
                                const std::vector<double>& regularizers) const override {
    const Eigen::Index n = kTrain.rows();
    Vector m1 = Vector::Zero(n), m2 = Vector::Zero(n);
    Matrix scatter = kTrain * kTrain.transpose();  // Σᵢ KᵢKᵢᵀ = KKᵀ
    double l1 = 0, l2 = 0;
    for (Eigen::Index j = 0; j < n; ++j) {
      if (yTrain(j) > 0) {
        m1 += kTrain.col(j);
        l1 += 1;
      } else {
        m2 += kTrain.col(j);
        l2 += 1;
      }
    }
    m1 /= l1;
    m2 /= l2;
    scatter -= l1 * m1 * m1.transpose() + l2 * m2 * m2.transpose();  // Kᵢ1_{lᵢ}Kᵢᵀ = lᵢMᵢMᵢᵀ
    const Eigen::SelfAdjointEigenSolver<Matrix> eigen(scatter);
    const Vector d = eigen.eigenvectors().transpose() * (m1 - m2);
    std::vector<Vector> out;
    for (double mu : regularizers) {
      const Vector scaled = d.array() / (eigen.eigenvalues().array() + mu);
      const Vector alpha = eigen.eigenvectors() * scaled;
      const double midpoint = 0.5 * (alpha.dot(m1) + alpha.dot(m2));
      const double threshold = rule_ == FisherThreshold::MidpointOfMeans
                                   ? midpoint
                                   : fewestErrorsThreshold(kTrain * alpha, yTrain, midpoint);
      out.push_back((kEval * alpha).array() - threshold);
    }
    return out;
  }

 private:
  FisherThreshold rule_;
};

}  // namespace

std::unique_ptr<BenchmarkMethod> makeSvmMethod() {
  return std::make_unique<SvmMethod>();
}
std::unique_ptr<BenchmarkMethod> makeKfdMethod(FisherThreshold rule) {
  return std::make_unique<KfdMethod>(rule);
}

}  // namespace kpg::cli
