#include "data/smo_step_json.hpp"

namespace kpg {
namespace {

// Field names in both spellings, in the order both formats write them.
struct StepField {
  const char* camel;
  const char* snake;
  double SmoStep::*value;
};

constexpr StepField kMeasures[] = {
    {"mAlpha", "m_alpha", &SmoStep::mAlpha},
    {"bigMAlpha", "M_alpha", &SmoStep::bigMAlpha},
    {"violation", "violation", &SmoStep::violation},
    {"gradientI", "gradient_i", &SmoStep::gradientI},
    {"gradientJ", "gradient_j", &SmoStep::gradientJ},
    {"secondOrderGain", "second_order_gain", &SmoStep::secondOrderGain},
    {"eta", "eta", &SmoStep::eta},
};

constexpr StepField kUpdate[] = {
    {"lower", "lower", &SmoStep::lower},
    {"upper", "upper", &SmoStep::upper},
    {"unclippedStep", "unclipped_step", &SmoStep::unclippedStep},
    {"step", "step", &SmoStep::step},
    {"alphaIBefore", "alpha_i_before", &SmoStep::alphaIBefore},
    {"alphaIAfter", "alpha_i_after", &SmoStep::alphaIAfter},
    {"alphaJBefore", "alpha_j_before", &SmoStep::alphaJBefore},
    {"alphaJAfter", "alpha_j_after", &SmoStep::alphaJAfter},
    {"objectiveBefore", "objective_before", &SmoStep::objectiveBefore},
    {"objectiveAfter", "objective_after", &SmoStep::objectiveAfter},
};

// Writes the record's fields into `o`; `afterPair` adds members right after "j".
template <class AfterPair>
void putStep(JsonValue& o, const SmoStep& s, JsonKeyStyle keys, AfterPair afterPair) {
  const bool snake = keys == JsonKeyStyle::Snake;
  auto name = [&](const StepField& f) { return std::string(snake ? f.snake : f.camel); };
  json::put(o, "updated", json::boolean(s.updated));
  json::put(o, "iteration", json::integer(s.iteration));
  json::put(o, "status", json::str(smoStatusName(s.status)));
  json::put(o, "i", json::integer(s.i));
  json::put(o, "j", json::integer(s.j));
  afterPair(o);
  for (const StepField& f : kMeasures) json::put(o, name(f), json::num(s.*f.value));
  json::put(o, snake ? "tau_used" : "tauUsed", json::boolean(s.tauUsed));
  for (const StepField& f : kUpdate) json::put(o, name(f), json::num(s.*f.value));
}

}  // namespace

JsonValue smoStepJson(const SmoStep& step, JsonKeyStyle keys) {
  JsonValue o = JsonValue::object();
  putStep(o, step, keys, [](JsonValue&) {});
  return o;
}

JsonValue smoTraceStepJson(int subproblem, const SmoStep& step, Index sampleI, Index sampleJ) {
  JsonValue o = JsonValue::object();
  json::put(o, "type", json::str("step"));
  json::put(o, "subproblem", json::integer(subproblem));
  putStep(o, step, JsonKeyStyle::Snake, [&](JsonValue& object) {
    json::put(object, "sample_i", json::integer(sampleI));
    json::put(object, "sample_j", json::integer(sampleJ));
  });
  return o;
}

}  // namespace kpg
