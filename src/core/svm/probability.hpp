#pragma once
// Probability estimates with LIBSVM's semantics (`svm-train -b 1`, `svm-predict -b 1`; svm.cpp):
//
//   C-SVC, per one-vs-one pair (a, b): Platt's sigmoid P(y = +1 | f) = 1 / (1 + exp(A·f + B)) is
//     fitted to decision values f of an internal 5-fold cross-validation of the pair's problem
//     (svm_binary_svc_probability), with the Newton method and backtracking line search of Lin,
//     Lin & Weng 2007, "A note on Platt's probabilistic outputs for support vector machines"
//     (sigmoid_train). The model stores A, B per pair as probA, probB.
//   Prediction: each pair's sigmoid, clipped to [1e-7, 1 − 1e-7], gives r_ab = P(a | a or b);
//     the class probabilities p couple them by method 2 of Wu, Lin & Weng 2004, "Probability
//     estimates for multi-class classification by pairwise coupling": min_p ½ pᵀQp subject to
//     Σp = 1, Q_tt = Σ_{j≠t} r_jt², Q_tj = −r_jt r_tj (multiclass_probability); the label is the
//     most probable class (svm_predict_probability).
//   ε-SVR: the residuals z = y − f̂ of an internal 5-fold cross-validation are taken as Laplace
//     distributed, density e^(−|z|/σ)/(2σ); σ is their mean absolute value, after dropping the
//     residuals beyond 5·√2·(first mean) (svm_svr_probability). The model stores σ as probA.
//
// The internal folds are drawn from LibsvmRandom in LIBSVM's order (svm_train: one shuffle per pair
// in pair order, drawn before that pair is trained; SVR: one shuffle after the model is trained),
// so the folds are svm-train's and probA/probB differ from its only by what the solvers under
// them differ: 1e-9 relative on heart_scale when both solve LIBSVM's float-cached problem to
// -e 1e-9, up to 2e-3 at the defaults, where each solve stops elsewhere within -e
// (tests/reference/probability_cli_test.cpp).
//
// Both iterative fits are bounded as in LIBSVM: sigmoid_train at 100 Newton iterations (gradient
// below 1e-5 to stop, line search down to step 1e-10), the coupling at max(100, k) sweeps (stop
// when max_t |(Qp)_t − pᵀQp| < 0.005/k). Each result says whether it converged.

#include "svm/libsvm_random.hpp"
#include "svm/probability_fit.hpp"
#include "svm/svm_train.hpp"

#include <optional>
#include <string>
#include <vector>

namespace kpg {

// Fits A, B to decision values and labels (> 0 is the positive class) by minimizing the
// cross-entropy with Platt's regularized targets (N₊ + 1)/(N₊ + 2) and 1/(N₋ + 2) (sigmoid_train).
// Sizes must match and be ≥ 1.
SigmoidFit fitSigmoid(const Vector& decisionValues, const Vector& labels);

// P(y = +1 | f) = 1 / (1 + exp(A·f + B)), written so that neither form overflows
// (sigmoid_predict).
double sigmoidProbability(double decisionValue, double a, double b);

struct CoupledProbabilities {
  Vector p;  // k probabilities
  int iterations = 0;
  bool converged = false;  // the stopping test held within max(100, k) sweeps
};

// Method 2 of Wu, Lin & Weng 2004 (multiclass_probability). r: k × k, r(i, j) = P(i | i or j)
// with r(i, j) + r(j, i) = 1 (the diagonal is not read).
CoupledProbabilities coupleProbabilities(const Matrix& r);

// svm_check_probability_model: c_svc with probA and probB, or epsilon_svr with probA.
bool hasProbabilityModel(const SvmModel& model);

struct ProbabilityPrediction {
  double label = 0;       // the most probable class, the first in `labels` order on a tie
  Vector probabilities;   // per class in the model's `labels` order
  bool converged = true;  // the coupling's (always true for 2 classes: no iteration is needed)
};

// svm_predict_probability for a c_svc model with probabilities, from decisionValues(model, x).
// Two classes: p = (r_01, 1 − r_01), the clipped sigmoid itself; more: the coupling above. A model with one
// class gives that class with probability 1.
ProbabilityPrediction predictProbability(const SvmModel& model, const Vector& decisionValues);

struct PairProbability {
  std::optional<ParameterError> error;  // a fold's solver refused its problem (kernel overflow)
  ProbabilityFitInfo info;
};

// svm_binary_svc_probability for the pair `sub` of x: shuffles the pair's rows with `random`
// (LIBSVM's `i + rand() % (l − i)` swaps), trains on 4 of 5 folds with per-class costs cp for
// class a (y = +1) and cn for class b, as LIBSVM's weighted_C[i], weighted_C[j], predicts the
// fifth, and fits the sigmoid to the decision values against the pair's labels.
PairProbability pairProbability(const Matrix& x, const BinarySubproblem& sub,
                                const SvmParams& params, double cp, double cn,
                                LibsvmRandom& random);
PairProbability pairProbability(const SparseRows& x, const BinarySubproblem& sub,
                                const SvmParams& params, double cp, double cn,
                                LibsvmRandom& random);

// svm_svr_probability: a min(5, n)-fold cross-validation of ε-SVR (svm_cross_validation's
// regression split, shuffled with `random`), then σ of the residuals. n ≥ 2.
PairProbability svrProbability(const Matrix& x, const Vector& y, const SvmParams& params,
                               LibsvmRandom& random);
PairProbability svrProbability(const SparseRows& x, const Vector& y, const SvmParams& params,
                               LibsvmRandom& random);

}  // namespace kpg
