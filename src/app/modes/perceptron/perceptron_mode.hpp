#pragma once
// The perceptron on the lab's points: primal (course-notes 002) or dual/kernel (001), one visited
// sample per step, held in a History (timeline/history.hpp) so it steps back and seeks like the lab.

#include "modes/method.hpp"
#include "perceptron/perceptron.hpp"
#include "timeline/history.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace kpg::app {

struct PerceptronParams {
  bool kernelForm = false;  // false: primal β, β₀ (002); true: dual α = mistake counts (001)
  double learningRate = 1;  // η, primal only
  bool useBias = true;
  MistakeRule rule = MistakeRule::NonPositiveMargin;
  VisitOrder order = VisitOrder::Fixed;
  std::uint64_t seed = 1;
  int maxEpochs = 100;
  bool useStart = false;  // primal: start from startBeta, startBias (002 starts at (1, −1), −2)
  double startBeta[2] = {0, 0};
  double startBias = 0;
};

struct PerceptronMode {
  PerceptronParams params;
  std::optional<History<Perceptron>> primal;      // when !params.kernelForm
  std::optional<History<KernelPerceptron>> dual;  // when params.kernelForm
  std::string error;
  std::uint64_t built = kNotBuilt;
  // The perceptron at the current step (either form), nullptr when none was built.
  const PerceptronBase* now() const;
  const Perceptron* primalNow() const { return primal ? &primal->current() : nullptr; }
  const KernelPerceptron* dualNow() const { return dual ? &dual->current() : nullptr; }
  // The visit that led to the current step (none at step 0).
  const PerceptronStep* last() const;
};

// Its JSON (perceptron_json.cpp): setModeParams in, state().mode out.
bool readPerceptronParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writePerceptronState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writePerceptronParams(JsonValue& out, const ModesState& modes);

}  // namespace kpg::app
