#pragma once
// The perceptron (Rosenblatt 1958), primal and dual/kernel forms.
//
// Primal (course-notes 002 "Perceptron Learning Algorithm"): h(x) = ⟨β, x⟩ + β₀. Visiting the
// samples one at a time, on a mistake at (xᵢ, yᵢ), yᵢ ∈ {−1, +1}:
//     β ← β + η yᵢ xᵢ,   β₀ ← β₀ + η yᵢ            (η = learning rate)
// Dual/kernel (course-notes 001 "The Dual/Kernel Perceptron"; 000 "perceptron algorithm (3)"):
// w = Σⱼ αⱼ yⱼ φ(xⱼ) with αⱼ the number of mistakes made on sample j, so
//     h(x) = Σⱼ αⱼ yⱼ k(xⱼ, x) (+ b),   on a mistake at i:  αᵢ ← αᵢ + 1  (b ← b + yᵢ)
// The bias b is optional (001 has none; with it the dual perceptron equals the primal one on the
// linear kernel with η = 1).
//
// What counts as a mistake differs between the sources, so it is a choice (MistakeRule). Training
// has converged when one full pass (epoch) over the data makes no mistake. On data that is not
// separable this never happens (000: "If the data are not separable, the learning algorithm does
// not converge at all"), so an epoch cap stops it and the status says so (docs/bad-inputs.md G13).
//
// Shape (run_status.hpp, docs/architecture.md): construct → status(); step() visits ONE sample and
// returns a record (statusAfter, stepsDone = visits so far); run(n) and solve() loop over step(),
// written once in PerceptronBase for both forms. The state is small and copyable; the kernel
// perceptron shares its Gram matrix between copies (std::shared_ptr<const Matrix>), so snapshots
// are cheap and the app's History rewinds them exactly.

#include "kernels/kernel.hpp"
#include "perceptron/sample_checks.hpp"
#include "run_status.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kpg {

enum class MistakeRule {
  // y·h(x) ≤ 0: course-notes 001 (primal and dual pseudo-code) and 000 ("update if y w·x ≤ 0").
  // A point exactly on the boundary counts as a mistake; needed when starting from w = 0.
  NonPositiveMargin,
  // y·h(x) < 0: course-notes 002, line 7 of learn-perceptron ("if y(β₀ + ⟨β, x⟩) < 0"). A point on
  // the boundary is accepted. From β = 0 this rule never updates; 002 starts from a given β.
  NegativeMargin,
};

enum class VisitOrder {
  Fixed,          // samples 0, 1, ..., n−1 in every epoch (001)
  SeededShuffle,  // a new permutation per epoch from a seeded generator (002: "in random order")
};

struct PerceptronOptions {
  double learningRate = 1.0;  // η; the primal form only (the dual counts mistakes)
  bool useBias = true;        // learn β₀ (primal) / b (dual)
  MistakeRule rule = MistakeRule::NonPositiveMargin;
  VisitOrder order = VisitOrder::Fixed;
  std::uint64_t seed = 1;  // for VisitOrder::SeededShuffle
  int maxEpochs = 1000;
  std::size_t gramBudgetBytes = std::size_t{1} << 30;  // kernel form: the n×n Gram matrix (R1)
};

// One visited sample: what was seen and what changed.
struct PerceptronStep {
  int epoch = 0;            // 0-based epoch of this visit
  Eigen::Index index = -1;  // the visited sample (row of x)
  double score = 0.0;       // h(xᵢ) before any update
  double margin = 0.0;      // yᵢ·h(xᵢ)
  bool mistake = false;     // whether the rule fired and an update was made
  // Primal: β and β₀ before/after (equal when no mistake). Dual: αᵢ and b before/after.
  Vector betaBefore, betaAfter;
  double biasBefore = 0.0, biasAfter = 0.0;
  double alphaBefore = 0.0, alphaAfter = 0.0;
  bool epochEnded = false;     // this visit was the last of its epoch
  std::int64_t stepsDone = 0;  // visits made after this one (0 when nothing was visited)
  // Converged: a full epoch without a mistake; CapReached: maxEpochs epochs, each with a mistake
  // ("did not converge (data not separable?)"); InvalidInput: refused at construction.
  RunStatus statusAfter = RunStatus::Running;
};

// The perceptron's words for a status ("converged", "did not converge (data not separable?)"):
// what `kpg perceptron` prints after "status:".
std::string_view perceptronStatusText(RunStatus status);

// Shared by both forms: options, labels, visiting order, epoch bookkeeping, and the one step()
// (visit, mistake test, update through the form's own hooks), run() and solve().
class PerceptronBase {
 public:
  virtual ~PerceptronBase() = default;

  // Visits one sample (nothing when not Running; the record then carries the status only).
  PerceptronStep step();
  // Up to `maxSteps` visits, stopping when finished; returns the number made.
  std::int64_t run(std::int64_t maxSteps);
  // Runs until converged or the epoch cap.
  RunStatus solve();

  RunStatus status() const { return status_; }
  // The reason for InvalidInput, or a sentence describing the final state.
  const std::string& message() const { return message_; }
  bool finished() const { return status_ != RunStatus::Running; }
  std::int64_t stepsDone() const { return visits_; }
  int epoch() const { return epoch_; }  // epochs started so far minus one (0 during the first)
  long long visits() const { return visits_; }
  long long mistakes() const { return mistakes_; }  // total updates
  int mistakesThisEpoch() const { return mistakesThisEpoch_; }
  // Updates made at each sample (the dual α of course-notes 001 for either form).
  const std::vector<long long>& mistakesPerSample() const { return mistakesPerSample_; }
  // Mistakes of each completed epoch, in order.
  const std::vector<int>& mistakesPerEpoch() const { return mistakesPerEpoch_; }
  const TwoClassLabels& labels() const { return labels_; }
  const PerceptronOptions& options() const { return options_; }
  // The sample the next step() visits; −1 once finished.
  Eigen::Index nextIndex() const;

 protected:
  PerceptronBase() = default;
  PerceptronBase(const PerceptronBase&) = default;
  PerceptronBase(PerceptronBase&&) = default;
  PerceptronBase& operator=(const PerceptronBase&) = default;
  PerceptronBase& operator=(PerceptronBase&&) = default;

  bool initialize(const Matrix& x, const Vector& y, const PerceptronOptions& options,
                  const char* what);
  void fail(std::string message);
  double originalLabel(double sign) const;

  // The form's own parts of a visit: h(xᵢ) at training sample i, and the update (when `mistake`)
  // with the before/after values it records (primal: β, β₀; dual: αᵢ, b).
  virtual double trainingScore(Eigen::Index i) const = 0;
  virtual void visit(Eigen::Index i, double yi, bool mistake, PerceptronStep& record) = 0;

  PerceptronOptions options_;
  TwoClassLabels labels_;
  std::vector<Eigen::Index> order_;
  Eigen::Index position_ = 0;
  int epoch_ = 0;
  int mistakesThisEpoch_ = 0;
  long long visits_ = 0;
  long long mistakes_ = 0;
  std::vector<long long> mistakesPerSample_;
  std::vector<int> mistakesPerEpoch_;
  std::uint64_t rngState_ = 0;
  RunStatus status_ = RunStatus::InvalidInput;
  std::string message_;

 private:
  void shuffleOrder();
  // Advances the visiting position after a visit; sets status at an epoch's end.
  bool advance(Eigen::Index i, bool mistake);
};

class Perceptron : public PerceptronBase {
 public:
  // β and β₀ start at zero unless given (002 starts from β = (1, −1), β₀ = −2).
  Perceptron(const Matrix& x, const Vector& y, const PerceptronOptions& options);
  Perceptron(const Matrix& x, const Vector& y, const PerceptronOptions& options,
             const Vector& initialBeta, double initialBias);

  const Vector& beta() const { return beta_; }
  double bias() const { return bias_; }
  double decisionValue(const VectorRef& x) const;  // ⟨β, x⟩ + β₀
  // The original label: positive when h(x) > 0, else negative (000: "+1 if w·x + b > 0").
  double predict(const VectorRef& x) const;

 private:
  double trainingScore(Eigen::Index i) const override;
  void visit(Eigen::Index i, double yi, bool mistake, PerceptronStep& record) override;

  Matrix x_;
  Vector beta_;
  double bias_ = 0.0;
};

class KernelPerceptron : public PerceptronBase {
 public:
  // options.learningRate is ignored: α counts mistakes (001). useBias defaults to true in
  // PerceptronOptions; set it false for 001's exact algorithm.
  KernelPerceptron(const Matrix& x, const Vector& y, const KernelParams& kernel,
                   const PerceptronOptions& options);

  const Vector& alpha() const { return alpha_; }  // mistake counts per training sample
  double bias() const { return bias_; }
  const KernelParams& kernel() const { return kernel_; }
  const Matrix& samples() const { return x_; }
  // Σⱼ αⱼ yⱼ k(xⱼ, x) + b.
  double decisionValue(const VectorRef& x) const;
  double predict(const VectorRef& x) const;

 private:
  double trainingScore(Eigen::Index i) const override;
  void visit(Eigen::Index i, double yi, bool mistake, PerceptronStep& record) override;

  Matrix x_;
  KernelParams kernel_;
  std::shared_ptr<const Matrix> gram_;
  Vector alpha_;
  double bias_ = 0.0;
};

}  // namespace kpg
