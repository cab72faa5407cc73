#include "perceptron/perceptron.hpp"

#include "data/number_text.hpp"
#include "kernel_pca/gram_budget.hpp"
#include "kernels/gram_matrix.hpp"
#include "kernels/kernel_block.hpp"

#include <cmath>
#include <utility>

namespace kpg {

namespace {

bool isMistake(MistakeRule rule, double margin) {
  return rule == MistakeRule::NonPositiveMargin ? margin <= 0.0 : margin < 0.0;
}

}  // namespace

std::string_view perceptronStatusText(RunStatus status) {
  return runStatusWords(status, "did not converge (data not separable?)");
}

void PerceptronBase::fail(std::string message) {
  status_ = RunStatus::InvalidInput;
  message_ = std::move(message);
}

bool PerceptronBase::initialize(const Matrix& x, const Vector& y, const PerceptronOptions& options,
                                const char* what) {
  options_ = options;
  if (auto error = checkSamples(x, what)) {
    fail(*error);
    return false;
  }
  TwoClassResult labels = twoClassLabels(y, x.rows(), what);
  if (!labels.labels) {
    fail(labels.error);
    return false;
  }
  labels_ = std::move(*labels.labels);
  if (!(options.maxEpochs >= 1)) {
    fail(std::string(what) + ": maxEpochs must be >= 1, got " + std::to_string(options.maxEpochs));
    return false;
  }
  if (!std::isfinite(options.learningRate) || !(options.learningRate > 0.0)) {
    fail(std::string(what) + ": the learning rate must be a finite number > 0, got " +
         formatExact(options.learningRate));
    return false;
  }
  order_.resize(static_cast<std::size_t>(x.rows()));
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<Eigen::Index>(i);
  mistakesPerSample_.assign(order_.size(), 0);
  rngState_ = options.seed;
  if (options.order == VisitOrder::SeededShuffle) shuffleOrder();
  status_ = RunStatus::Running;
  message_ = "running";
  return true;
}

void PerceptronBase::shuffleOrder() {
  // Fisher–Yates with a portable generator; the modulo bias (< n/2⁶⁴) is irrelevant here.
  for (std::size_t i = order_.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(nextRandom(rngState_) % i);
    std::swap(order_[i - 1], order_[j]);
  }
}

Eigen::Index PerceptronBase::nextIndex() const {
  // Finished at an epoch's end, position_ is one past the order: there is no next sample.
  if (status_ != RunStatus::Running || position_ >= static_cast<Eigen::Index>(order_.size()))
    return -1;
  return order_[static_cast<std::size_t>(position_)];
}

bool PerceptronBase::advance(Eigen::Index i, bool mistake) {
  ++visits_;
  if (mistake) {
    ++mistakes_;
    ++mistakesThisEpoch_;
    ++mistakesPerSample_[static_cast<std::size_t>(i)];
  }
  ++position_;
  if (position_ < static_cast<Eigen::Index>(order_.size())) return false;
  // End of an epoch: converged if it made no mistake.
  mistakesPerEpoch_.push_back(mistakesThisEpoch_);
  if (mistakesThisEpoch_ == 0) {
    status_ = RunStatus::Converged;
    message_ = "converged after " + std::to_string(epoch_ + 1) + " epoch(s), " +
               std::to_string(mistakes_) + " update(s)";
  } else if (epoch_ + 1 >= options_.maxEpochs) {
    status_ = RunStatus::CapReached;
    message_ = "did not converge (data not separable?): " + std::to_string(mistakesThisEpoch_) +
               " mistake(s) in epoch " + std::to_string(epoch_ + 1) + " of " +
               std::to_string(options_.maxEpochs);
  } else {
    ++epoch_;
    position_ = 0;
    mistakesThisEpoch_ = 0;
    if (options_.order == VisitOrder::SeededShuffle) shuffleOrder();
  }
  return true;
}

double PerceptronBase::originalLabel(double sign) const {
  return sign > 0.0 ? labels_.positiveLabel : labels_.negativeLabel;
}

PerceptronStep PerceptronBase::step() {
  PerceptronStep record;
  record.statusAfter = status_;
  record.stepsDone = visits_;
  if (status_ != RunStatus::Running) return record;
  const Eigen::Index i = nextIndex();
  const double yi = labels_.sign(i);
  record.epoch = epoch_;
  record.index = i;
  record.score = trainingScore(i);
  record.margin = yi * record.score;
  record.mistake = isMistake(options_.rule, record.margin);
  visit(i, yi, record.mistake, record);
  record.epochEnded = advance(i, record.mistake);
  record.stepsDone = visits_;
  record.statusAfter = status_;
  return record;
}

std::int64_t PerceptronBase::run(std::int64_t maxSteps) {
  return runSteps(*this, maxSteps);
}

RunStatus PerceptronBase::solve() {
  return solveSteps(*this);
}

// ---------------------------------------------------------------------------------------------
// Primal

Perceptron::Perceptron(const Matrix& x, const Vector& y, const PerceptronOptions& options)
    : Perceptron(x, y, options, Vector::Zero(x.cols()), 0.0) {}

Perceptron::Perceptron(const Matrix& x, const Vector& y, const PerceptronOptions& options,
                       const Vector& initialBeta, double initialBias) {
  if (!initialize(x, y, options, "perceptron")) return;
  if (initialBeta.size() != x.cols()) {
    fail("perceptron: the initial beta has " + std::to_string(initialBeta.size()) +
         " components for " + std::to_string(x.cols()) + " features");
    return;
  }
  if (!initialBeta.allFinite() || !std::isfinite(initialBias)) {
    fail("perceptron: the initial beta and bias must be finite");
    return;
  }
  x_ = x;
  beta_ = initialBeta;
  bias_ = options.useBias ? initialBias : 0.0;
}

double Perceptron::decisionValue(const VectorRef& x) const {
  return beta_.dot(x) + bias_;
}

double Perceptron::predict(const VectorRef& x) const {
  return originalLabel(decisionValue(x) > 0.0 ? 1.0 : -1.0);
}

double Perceptron::trainingScore(Eigen::Index i) const {
  return decisionValue(x_.row(i).transpose());
}

void Perceptron::visit(Eigen::Index i, double yi, bool mistake, PerceptronStep& record) {
  record.betaBefore = beta_;
  record.biasBefore = bias_;
  if (mistake) {
    // 002: β ← β + α y x, β₀ ← β₀ + α y (α there is the learning rate, η here).
    beta_ += options_.learningRate * yi * x_.row(i).transpose();
    if (options_.useBias) bias_ += options_.learningRate * yi;
  }
  record.betaAfter = beta_;
  record.biasAfter = bias_;
}

// ---------------------------------------------------------------------------------------------
// Dual / kernel

KernelPerceptron::KernelPerceptron(const Matrix& x, const Vector& y, const KernelParams& kernel,
                                   const PerceptronOptions& options) {
  if (!initialize(x, y, options, "kernel perceptron")) return;
  if (auto error = validate(kernel)) {
    fail("kernel perceptron: " + error->message);
    return;
  }
  if (auto error = checkGramBudget(x.rows(), 1, options.gramBudgetBytes, "the kernel perceptron")) {
    fail(*error);
    return;
  }
  x_ = x;
  kernel_ = kernel;
  auto gram = std::make_shared<Matrix>(gramMatrix(kernel, x));
  if (auto error = checkKernelFinite(*gram, "kernel perceptron")) {  // P3, G7
    fail(*error);
    return;
  }
  gram_ = std::move(gram);
  alpha_ = Vector::Zero(x.rows());
}

double KernelPerceptron::trainingScore(Eigen::Index i) const {
  // Σⱼ αⱼ yⱼ K(j, i): only samples with a mistake contribute, as in 000's "keeping only l indices
  // with a non 0 update".
  double sum = bias_;
  for (Eigen::Index j = 0; j < alpha_.size(); ++j) {
    if (alpha_(j) != 0.0) sum += alpha_(j) * labels_.sign(j) * (*gram_)(j, i);
  }
  return sum;
}

double KernelPerceptron::decisionValue(const VectorRef& x) const {
  double sum = bias_;
  for (Eigen::Index j = 0; j < alpha_.size(); ++j) {
    if (alpha_(j) != 0.0)
      sum += alpha_(j) * labels_.sign(j) * kernelValue(kernel_, x_.row(j).transpose(), x);
  }
  return sum;
}

double KernelPerceptron::predict(const VectorRef& x) const {
  return originalLabel(decisionValue(x) > 0.0 ? 1.0 : -1.0);
}

void KernelPerceptron::visit(Eigen::Index i, double yi, bool mistake, PerceptronStep& record) {
  record.alphaBefore = alpha_(i);
  record.biasBefore = bias_;
  if (mistake) {
    alpha_(i) += 1.0;  // 001: αᵢ ← αᵢ + 1
    if (options_.useBias) bias_ += yi;
  }
  record.alphaAfter = alpha_(i);
  record.biasAfter = bias_;
}

}  // namespace kpg
