#include "svm/probability.hpp"

#include "svm/model_from_solver.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace kpg {

namespace {

// One term of sigmoid_train's objective, t·(Af + B) + log(1 + exp(−(Af + B))) written in the form
// that cannot overflow for either sign of Af + B.
double crossEntropyTerm(double target, double fApB) {
  if (fApB >= 0) return target * fApB + std::log(1 + std::exp(-fApB));
  return (target - 1) * fApB + std::log(1 + std::exp(fApB));
}

}  // namespace

SigmoidFit fitSigmoid(const Vector& decisionValues, const Vector& labels) {
  const Index l = decisionValues.size();
  double prior1 = 0, prior0 = 0;
  for (Index i = 0; i < l; ++i) (labels(i) > 0 ? prior1 : prior0) += 1;
  // Platt's targets, regularized so that separable data do not drive A to −∞ (Platt 1999 §2.2).
  const double hiTarget = (prior1 + 1.0) / (prior1 + 2.0);
  const double loTarget = 1 / (prior0 + 2.0);
  // The Hessian gets σI added so that it is numerically positive definite (Lin, Lin & Weng
  // Algorithm 1).
  const double sigma = 1e-12;
  Vector t(l);
  for (Index i = 0; i < l; ++i) t(i) = labels(i) > 0 ? hiTarget : loTarget;

  SigmoidFit fit;
  double a = 0.0;
  double b = std::log((prior0 + 1.0) / (prior1 + 1.0));
  double fval = 0.0;
  for (Index i = 0; i < l; ++i) fval += crossEntropyTerm(t(i), decisionValues(i) * a + b);
  int iter = 0;
  for (; iter < kSigmoidMaxIterations; ++iter) {
    double h11 = sigma, h22 = sigma, h21 = 0, g1 = 0, g2 = 0;
    for (Index i = 0; i < l; ++i) {
      const double f = decisionValues(i);
      const double fApB = f * a + b;
      double p, q;
      if (fApB >= 0) {
        p = std::exp(-fApB) / (1.0 + std::exp(-fApB));
        q = 1.0 / (1.0 + std::exp(-fApB));
      } else {
        p = 1.0 / (1.0 + std::exp(fApB));
        q = std::exp(fApB) / (1.0 + std::exp(fApB));
      }
      const double d2 = p * q;
      h11 += f * f * d2;
      h22 += d2;
      h21 += f * d2;
      const double d1 = t(i) - p;
      g1 += f * d1;
      g2 += d1;
    }
    if (std::fabs(g1) < kSigmoidGradientTolerance && std::fabs(g2) < kSigmoidGradientTolerance) {
      fit.converged = true;
      break;
    }
    // Newton direction −H⁻¹g, then backtracking until the sufficient-decrease test holds.
    const double det = h11 * h22 - h21 * h21;
    const double dA = -(h22 * g1 - h21 * g2) / det;
    const double dB = -(-h21 * g1 + h11 * g2) / det;
    const double gd = g1 * dA + g2 * dB;
    double stepsize = 1;
    while (stepsize >= kSigmoidMinStep) {
      const double newA = a + stepsize * dA;
      const double newB = b + stepsize * dB;
      double newf = 0.0;
      for (Index i = 0; i < l; ++i) newf += crossEntropyTerm(t(i), decisionValues(i) * newA + newB);
      if (newf < fval + 0.0001 * stepsize * gd) {
        a = newA;
        b = newB;
        fval = newf;
        break;
      }
      stepsize = stepsize / 2.0;
    }
    if (stepsize < kSigmoidMinStep) {
      fit.lineSearchFailed = true;
      break;
    }
  }
  fit.a = a;
  fit.b = b;
  fit.iterations = iter;
  return fit;
}

double sigmoidProbability(double decisionValue, double a, double b) {
  const double fApB = decisionValue * a + b;
  // 1 − p is used by the caller; this form avoids its cancellation (sigmoid_predict).
  if (fApB >= 0) return std::exp(-fApB) / (1.0 + std::exp(-fApB));
  return 1.0 / (1 + std::exp(fApB));
}

CoupledProbabilities coupleProbabilities(const Matrix& r) {
  const Index k = r.rows();
  const int maxIterations = std::max<int>(100, static_cast<int>(k));
  const double eps = 0.005 / static_cast<double>(k);
  CoupledProbabilities out;
  Vector& p = out.p;
  p = Vector::Constant(k, 1.0 / static_cast<double>(k));
  Matrix q(k, k);
  for (Index t = 0; t < k; ++t) {
    q(t, t) = 0;
    for (Index j = 0; j < t; ++j) {
      q(t, t) += r(j, t) * r(j, t);
      q(t, j) = q(j, t);
    }
    for (Index j = t + 1; j < k; ++j) {
      q(t, t) += r(j, t) * r(j, t);
      q(t, j) = -r(j, t) * r(t, j);
    }
  }
  Vector qp(k);
  int iter = 0;
  for (; iter < maxIterations; ++iter) {
    // Qp and pᵀQp recomputed each sweep for accuracy, as LIBSVM.
    double pQp = 0;
    for (Index t = 0; t < k; ++t) {
      qp(t) = 0;
      for (Index j = 0; j < k; ++j) qp(t) += q(t, j) * p(j);
      pQp += p(t) * qp(t);
    }
    double maxError = 0;
    for (Index t = 0; t < k; ++t) maxError = std::max(maxError, std::fabs(qp(t) - pQp));
    if (maxError < eps) {
      out.converged = true;
      break;
    }
    // One Gauss–Seidel sweep of Wu, Lin & Weng's fixed-point update, renormalized after each t.
    for (Index t = 0; t < k; ++t) {
      const double diff = (-qp(t) + pQp) / q(t, t);
      p(t) += diff;
      pQp = (pQp + diff * (diff * q(t, t) + 2 * qp(t))) / (1 + diff) / (1 + diff);
      for (Index j = 0; j < k; ++j) {
        qp(j) = (qp(j) + diff * q(t, j)) / (1 + diff);
        p(j) /= (1 + diff);
      }
    }
  }
  out.iterations = iter;
  return out;
}

bool hasProbabilityModel(const SvmModel& model) {
  if (isRegression(model.type)) return model.probA.size() == 1;
  if (!isClassification(model.type)) return false;  // one_class: none (LIBSVM 3.24)
  const Index pairs = model.classCount * (model.classCount - 1) / 2;
  return model.probA.size() == pairs && model.probB.size() == pairs && pairs > 0;
}

ProbabilityPrediction predictProbability(const SvmModel& model, const Vector& decisionValues) {
  ProbabilityPrediction out;
  const int k = model.classCount;
  if (k <= 1 || model.labels.size() < 2) {
    out.label = model.labels.empty() ? 0.0 : model.labels[0];
    out.probabilities = Vector::Ones(1);
    return out;
  }
  Matrix r = Matrix::Zero(k, k);
  Index pair = 0;
  for (int i = 0; i < k; ++i) {
    for (int j = i + 1; j < k; ++j) {
      const double s =
          sigmoidProbability(decisionValues(pair), model.probA(pair), model.probB(pair));
      r(i, j) = std::min(std::max(s, kMinPairProbability), 1 - kMinPairProbability);
      r(j, i) = 1 - r(i, j);
      ++pair;
    }
  }
  if (k == 2) {
    // Two classes need no coupling: the clipped sigmoid is the answer, as svm_predict_probability
    // takes it (Debian's 3.24 prints it; tests/reference/probability_cli_test.cpp). Coupling
    // would only approach it, to within its stopping tolerance.
    out.probabilities = Vector(2);
    out.probabilities << r(0, 1), r(1, 0);
  } else {
    const CoupledProbabilities coupled = coupleProbabilities(r);
    out.probabilities = coupled.p;
    out.converged = coupled.converged;
  }
  Index best = 0;
  for (Index c = 1; c < k; ++c)
    if (out.probabilities(c) > out.probabilities(best)) best = c;
  out.label = model.labels[static_cast<std::size_t>(best)];
  return out;
}

namespace {

double decisionOf(const SvmModel& model, const Matrix& x, Index r) {
  return decisionValues(model, Vector(x.row(r).transpose()))(0);
}

double decisionOf(const SvmModel& model, const SparseRows& x, Index r) {
  return decisionValues(model, x.row(r))(0);
}

double predictionOf(const SvmModel& model, const Matrix& x, Index r) {
  return predict(model, Vector(x.row(r).transpose()));
}

double predictionOf(const SvmModel& model, const SparseRows& x, Index r) {
  return predict(model, x.row(r));
}

// 0 .. l−1 in LIBSVM's shuffled order (LibsvmRandom::shuffle).
std::vector<Index> libsvmShuffle(Index l, LibsvmRandom& random) {
  std::vector<Index> perm(static_cast<std::size_t>(l));
  std::iota(perm.begin(), perm.end(), Index{0});
  random.shuffle(perm.data(), static_cast<int>(l));
  return perm;
}

// The binary C-SVC of svm_train on a fold's training part: labels ±1 with per-class costs (+1: cp,
// −1: cn), grouped as svm_group_classes (+1 first, each class in the fold's order). Returns the
// model, or the solver's refusal.
template <class Samples>
std::optional<ParameterError> trainFoldModel(const Samples& x, const Vector& foldLabels,
                                             const SvmParams& params, double cp, double cn,
                                             SvmModel& model, std::vector<std::string>& warnings) {
  const OneVsOne plan = oneVsOneSubproblems(foldLabels);
  const BinarySubproblem& sub = plan.subproblems.front();
  DualProblem dual = sub.dual(x, params);
  // ν-SVC has no C: its box is [0, 1] whatever the weights (LIBSVM solve_nu_svc).
  if (params.type == SvmType::CSvc)
    for (Index t = 0; t < sub.size(); ++t) dual.upper(t) = t < sub.countA ? cp : cn;
  SmoSolver solver(std::move(dual), smoOptions(params));
  solver.solve();
  if (solver.status() == RunStatus::InvalidInput) return ParameterError{"kernel", solver.message()};
  if (solver.status() == RunStatus::CapReached) {
    warnings.push_back(
        "not converged: a probability cross-validation fold stopped at the "
        "iteration limit after " +
        std::to_string(solver.iteration()) + " iterations (scale the data or lower C)");
  }
  const PairSolution solution = pairSolution(solver, params.bias);
  model = oneVsOneModel(x, plan, {solution.coefficients}, Vector::Constant(1, solution.rho),
                        params.kernel);
  model.type = params.type;
  if (params.precomputedKernel) keepSerialNumbers(model);
  return std::nullopt;
}

template <class Samples>
PairProbability pairProbabilityOf(const Samples& x, const BinarySubproblem& sub,
                                  const SvmParams& params, double cp, double cn,
                                  LibsvmRandom& random) {
  PairProbability result;
  ProbabilityFitInfo& info = result.info;
  const Index l = sub.size();
  info.sampleCount = l;
  info.positiveCount = sub.countA;
  info.folds = kProbabilityFolds;
  const Vector labels = sub.labels();
  const std::vector<Index> perm = libsvmShuffle(l, random);
  Vector decisions = Vector::Zero(l);
  for (int fold = 0; fold < kProbabilityFolds; ++fold) {
    const Index begin = fold * l / kProbabilityFolds;
    const Index end = (fold + 1) * l / kProbabilityFolds;
    std::vector<Index> trainRows;  // rows of x, in svm_binary_svc_probability's order
    std::vector<double> trainLabels;
    Index positives = 0;
    for (Index j = 0; j < l; ++j) {
      if (j >= begin && j < end) continue;
      const Index s = perm[static_cast<std::size_t>(j)];
      trainRows.push_back(sub.rows[static_cast<std::size_t>(s)]);
      trainLabels.push_back(labels(s));
      if (labels(s) > 0) ++positives;
    }
    const auto trainCount = static_cast<Index>(trainRows.size());
    const Index negatives = trainCount - positives;
    if (positives == 0 || negatives == 0) {
      // LIBSVM gives the held-out samples the decision value of the one class present (+1 or −1),
      // or 0 when the training part is empty, instead of training.
      const double value = positives > 0 ? 1.0 : negatives > 0 ? -1.0 : 0.0;
      for (Index j = begin; j < end; ++j) decisions(perm[static_cast<std::size_t>(j)]) = value;
      info.oneClassFolds.push_back(fold);
      continue;
    }
    SvmParams foldParams = params;
    foldParams.probability = false;
    // The fold's labels are ±1, not the data's; its two boxes are cp and cn (trainFoldModel).
    foldParams.classWeights.clear();
    const Vector foldLabels =
        Eigen::Map<const Vector>(trainLabels.data(), static_cast<Index>(trainLabels.size()));
    SvmModel model;
    if (auto e = trainFoldModel(selectRows(x, trainRows), foldLabels, foldParams, cp, cn, model,
                                info.warnings)) {
      result.error = e;
      return result;
    }
    for (Index j = begin; j < end; ++j) {
      const Index s = perm[static_cast<std::size_t>(j)];
      // × label[0] keeps the +1/−1 orientation, as LIBSVM ("ensure +1 −1 order").
      decisions(s) = decisionOf(model, x, sub.rows[static_cast<std::size_t>(s)]) * model.labels[0];
    }
  }
  info.sigmoid = fitSigmoid(decisions, labels);
  return result;
}

template <class Samples>
PairProbability svrProbabilityOf(const Samples& x, const Vector& y, const SvmParams& params,
                                 LibsvmRandom& random) {
  PairProbability result;
  ProbabilityFitInfo& info = result.info;
  const Index l = y.size();
  info.sampleCount = l;
  if (l < 2) {
    result.error = ParameterError{"data",
                                  "probability estimates (-b 1) need at least 2 samples for their "
                                  "cross-validation, got " +
                                      std::to_string(l)};
    return result;
  }
  // svm_cross_validation: more folds than samples is leave-one-out.
  const int folds = static_cast<int>(std::min<Index>(kProbabilityFolds, l));
  info.folds = folds;
  const std::vector<Index> perm = libsvmShuffle(l, random);
  SvmParams foldParams = params;
  foldParams.probability = false;
  Vector residuals(l);
  for (int fold = 0; fold < folds; ++fold) {
    const Index begin = fold * l / folds;
    const Index end = (fold + 1) * l / folds;
    std::vector<Index> trainRows;
    for (Index j = 0; j < l; ++j)
      if (j < begin || j >= end) trainRows.push_back(perm[static_cast<std::size_t>(j)]);
    Vector trainY(static_cast<Index>(trainRows.size()));
    for (std::size_t k = 0; k < trainRows.size(); ++k)
      trainY(static_cast<Index>(k)) = y(trainRows[k]);
    const SvmTrainResult trained = trainSvm(selectRows(x, trainRows), trainY, foldParams);
    if (trained.error) {
      result.error = trained.error;
      return result;
    }
    for (const std::string& w : trained.warnings)
      info.warnings.push_back(w + " (a probability cross-validation fold)");
    for (Index j = begin; j < end; ++j) {
      const Index s = perm[static_cast<std::size_t>(j)];
      residuals(s) = y(s) - predictionOf(trained.model, x, s);
    }
  }
  // Laplace scale: the mean |z|, then again without the residuals beyond 5 standard deviations
  // of the first fit (a Laplace of scale σ has standard deviation √2·σ).
  double mae = 0;
  for (Index i = 0; i < l; ++i) mae += std::fabs(residuals(i));
  mae /= static_cast<double>(l);
  const double std = std::sqrt(2 * mae * mae);
  Index count = 0;
  mae = 0;
  for (Index i = 0; i < l; ++i) {
    if (std::fabs(residuals(i)) > 5 * std) {
      ++count;
    } else {
      mae += std::fabs(residuals(i));
    }
  }
  mae /= static_cast<double>(l - count);
  info.sigma = mae;
  info.outliers = count;
  return result;
}

}  // namespace

PairProbability pairProbability(const Matrix& x, const BinarySubproblem& sub,
                                const SvmParams& params, double cp, double cn,
                                LibsvmRandom& random) {
  return pairProbabilityOf(x, sub, params, cp, cn, random);
}

PairProbability pairProbability(const SparseRows& x, const BinarySubproblem& sub,
                                const SvmParams& params, double cp, double cn,
                                LibsvmRandom& random) {
  return pairProbabilityOf(x, sub, params, cp, cn, random);
}

PairProbability svrProbability(const Matrix& x, const Vector& y, const SvmParams& params,
                               LibsvmRandom& random) {
  return svrProbabilityOf(x, y, params, random);
}

PairProbability svrProbability(const SparseRows& x, const Vector& y, const SvmParams& params,
                               LibsvmRandom& random) {
  return svrProbabilityOf(x, y, params, random);
}

}  // namespace kpg
