#include "modes/perceptron/perceptron_mode.hpp"

#include "modes/method_stepping.hpp"
#include "modes/mode_field.hpp"

namespace kpg::app {
namespace {

void build(ModesState& modes, const LabState& lab) {
  PerceptronMode& p = modes.perceptron;
  p.primal.reset();
  p.dual.reset();
  p.error.clear();
  if (!haveBothClasses(lab)) {
    p.error = "The perceptron needs points of both classes (+1 and −1).";
    return;
  }
  PerceptronOptions o;
  o.learningRate = p.params.learningRate;
  o.useBias = p.params.useBias;
  o.rule = p.params.rule;
  o.order = p.params.order;
  o.seed = p.params.seed;
  o.maxEpochs = p.params.maxEpochs;
  if (p.params.kernelForm) {
    KernelPerceptron dual(lab.data.points, lab.data.labels, lab.params.kernel, o);
    if (dual.status() == RunStatus::InvalidInput)
      p.error = dual.message();
    else
      p.dual.emplace(std::move(dual));
  } else {
    Vector beta = Vector::Zero(2);
    if (p.params.useStart) beta << p.params.startBeta[0], p.params.startBeta[1];
    Perceptron primal(lab.data.points, lab.data.labels, o, beta,
                      p.params.useStart ? p.params.startBias : 0.0);
    if (primal.status() == RunStatus::InvalidInput)
      p.error = primal.message();
    else
      p.primal.emplace(std::move(primal));
  }
}

// The History of the form built (modes/method_stepping.hpp).
struct Histories {
  template <class Modes, class F>
  static bool with(Modes& modes, F&& f) {
    auto& p = modes.perceptron;
    if (p.primal) return f(*p.primal), true;
    if (p.dual) return f(*p.dual), true;
    return false;
  }
  static void afterMove(ModesState&, const LabState&) {}
};

std::string statusText(const ModesState& modes) {
  const PerceptronMode& p = modes.perceptron;
  if (!p.error.empty()) return p.error;
  const PerceptronBase* b = p.now();
  if (!b) return "no perceptron";
  const std::string counts =
      std::to_string(b->visits()) + " visits, " + std::to_string(b->mistakes()) + " updates";
  switch (b->status()) {
    case RunStatus::Converged:
      return "converged: epoch " + std::to_string(b->epoch() + 1) + " made no mistake (" + counts +
             ")";
    case RunStatus::CapReached:
      return "stopped at the epoch cap of " + std::to_string(p.params.maxEpochs) +
             ": every epoch made a mistake — the data are probably not separable (" + counts + ")";
    case RunStatus::Running:
      return "epoch " + std::to_string(b->epoch() + 1) + ", " + counts;
    default:
      return b->message();
  }
}

// h(x) of the current perceptron.
bool field(const ModesState& modes, FieldGrid& grid) {
  const PerceptronMode& m = modes.perceptron;
  if (const Perceptron* primal = m.primalNow()) {
    sampleField(grid, [primal](const Vector& p) { return primal->decisionValue(p); });
  } else if (const KernelPerceptron* dual = m.dualNow()) {
    sampleField(grid, [dual](const Vector& p) { return dual->decisionValue(p); });
  } else {
    return false;
  }
  return true;
}

constexpr MethodSpec kRow{
    Mode::Perceptron,
    "perceptron",
    "Perceptron",
    "",
    build,
    [](ModesState& modes) { return &modes.perceptron.built; },
    steppingOf<Histories>(),
    statusText,
    readPerceptronParams,
    writePerceptronState,
    nullptr,
    field,
    nullptr,
    [](const ModesState& modes) { return modes.perceptron.params.kernelForm; },
    nullptr,
    nullptr,
    writePerceptronParams,
};

}  // namespace

const PerceptronBase* PerceptronMode::now() const {
  if (primal) return &primal->current();
  if (dual) return &dual->current();
  return nullptr;
}

const PerceptronStep* PerceptronMode::last() const {
  if (primal && primal->lastStep()) return &*primal->lastStep();
  if (dual && dual->lastStep()) return &*dual->lastStep();
  return nullptr;
}

const MethodSpec& perceptronMethod() {
  return kRow;
}

}  // namespace kpg::app
