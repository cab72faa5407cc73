#pragma once
// What a probability fit (svm/probability.hpp) reports, apart from the fitting code so that
// svm_train.hpp can carry it in SvmTrainResult.

#include <Eigen/Core>

#include <string>
#include <vector>

namespace kpg {

// sigmoid_train's constants.
constexpr int kSigmoidMaxIterations = 100;
constexpr double kSigmoidMinStep = 1e-10;
constexpr double kSigmoidGradientTolerance = 1e-5;
// svm_predict_probability's clip of each pairwise probability.
constexpr double kMinPairProbability = 1e-7;
// svm_binary_svc_probability's and svm_svr_probability's internal folds.
constexpr int kProbabilityFolds = 5;

struct SigmoidFit {
  double a = 0;            // probA
  double b = 0;            // probB
  int iterations = 0;      // Newton iterations made
  bool converged = false;  // |∂F/∂A|, |∂F/∂B| < 1e-5 reached within kSigmoidMaxIterations
  bool lineSearchFailed = false;  // the step fell below 1e-10 (LIBSVM stops there too)
};

// What the internal cross-validation of one pair or of the SVR met.
struct ProbabilityFitInfo {
  SigmoidFit sigmoid;         // C-SVC
  double sigma = 0;           // ε-SVR: the Laplace scale (probA)
  Eigen::Index outliers = 0;  // ε-SVR: residuals beyond 5·√2·(first mean), left out of σ
  int folds = 0;              // folds used (SVR: min(5, n), as svm_cross_validation)
  // C-SVC: folds whose training part held one class; their decision values are +1 or −1 as in
  // LIBSVM (0 when the training part is empty), not a trained model's.
  std::vector<int> oneClassFolds;
  Eigen::Index sampleCount = 0;
  Eigen::Index positiveCount = 0;     // C-SVC: samples of the pair's first class (y = +1)
  std::vector<std::string> warnings;  // a fold's solver at its iteration cap
};

}  // namespace kpg
