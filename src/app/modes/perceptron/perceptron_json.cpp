// The perceptron's setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/mode_json_helpers.hpp"
#include "modes/perceptron/perceptron_mode.hpp"

namespace kpg::app {
namespace {

std::string_view statusName(RunStatus s) {
  switch (s) {
    case RunStatus::Running:
      return "running";
    case RunStatus::Converged:
      return "converged";
    case RunStatus::CapReached:
      return "epochCap";
    default:
      return "invalid";
  }
}

}  // namespace

bool readPerceptronParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$",
           {"type", "mode", "form", "learningRate", "bias", "rule", "order", "seed", "maxEpochs",
            "startBeta", "startBias"});
  PerceptronParams& p = next.perceptron.params;
  if (auto f = in.text("form")) {
    if (*f != "primal" && *f != "kernel") r.fail("$.form", "must be \"primal\" or \"kernel\"");
    p.kernelForm = *f == "kernel";
  }
  in.parameter(ParamId::PerceptronLearningRate, p.learningRate);
  if (const JsonValue* b = v.find("bias")) {
    if (!b->isBool())
      r.fail("$.bias", "must be true or false");
    else
      p.useBias = b->asBool();
  }
  if (auto f = in.text("rule")) {
    if (*f == "<=0" || *f == "nonpositive")
      p.rule = MistakeRule::NonPositiveMargin;
    else if (*f == "<0" || *f == "negative")
      p.rule = MistakeRule::NegativeMargin;
    else
      r.fail("$.rule", "must be \"<=0\" (001) or \"<0\" (002)");
  }
  if (auto f = in.text("order")) {
    if (*f == "fixed")
      p.order = VisitOrder::Fixed;
    else if (*f == "shuffle")
      p.order = VisitOrder::SeededShuffle;
    else
      r.fail("$.order", "must be \"fixed\" or \"shuffle\"");
  }
  in.integerField("seed", 0, 9007199254740991LL, p.seed);
  in.parameter(ParamId::PerceptronMaxEpochs, p.maxEpochs);
  if (const JsonValue* b = v.find("startBeta")) {
    if (b->isNull()) {
      p.useStart = false;
    } else if (r.array(*b, "$.startBeta", 2, 2)) {
      p.startBeta[0] = r.number(b->items()[0], "$.startBeta[0]", -1e6, 1e6).value_or(0);
      p.startBeta[1] = r.number(b->items()[1], "$.startBeta[1]", -1e6, 1e6).value_or(0);
      p.useStart = true;
    }
  }
  if (const JsonValue* x = v.find("startBias")) {
    if (auto n = r.number(*x, "$.startBias", -1e6, 1e6)) p.startBias = *n;
  }
  return true;
}

void writePerceptronState(JsonValue& o, const ModesState& modes, const LabState& lab) {
  const PerceptronMode& m = modes.perceptron;
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "form", str(m.params.kernelForm ? "kernel" : "primal"));
  put(o, "rule", str(m.params.rule == MistakeRule::NonPositiveMargin ? "<=0" : "<0"));
  const PerceptronBase* b = m.now();
  if (const Perceptron* primal = m.primalNow()) {
    put(o, "beta", vec(primal->beta()));
    put(o, "beta0", num(primal->bias()));
  }
  if (const KernelPerceptron* dual = m.dualNow()) {
    put(o, "alpha", vec(dual->alpha()));
    put(o, "b", num(dual->bias()));
  }
  put(o, "mistakes",
      b ? list(b->mistakesPerSample()) : list(std::vector<long long>(lab.data.labels.size(), 0)));
  put(o, "epochMistakes", list(b ? b->mistakesPerEpoch() : std::vector<int>{}));
  if (b) {
    put(o, "status", str(statusName(b->status())));
    put(o, "epochs", integer(b->epoch() + 1));
    put(o, "visits", integer(b->visits()));
    put(o, "updates", integer(b->mistakes()));
    put(o, "nextIndex", integer(b->nextIndex()));
  }
  if (const PerceptronStep* last = m.last()) {
    JsonValue s = JsonValue::object();
    put(s, "index", integer(last->index));
    put(s, "epoch", integer(last->epoch));
    put(s, "score", num(last->score));
    put(s, "margin", num(last->margin));
    put(s, "mistake", JsonValue::boolean(last->mistake));
    put(o, "last", std::move(s));
  }
}

void writePerceptronParams(JsonValue& o, const ModesState& modes) {
  const PerceptronParams& p = modes.perceptron.params;
  put(o, "form", str(p.kernelForm ? "kernel" : "primal"));
  put(o, "learningRate", num(p.learningRate));
  put(o, "bias", JsonValue::boolean(p.useBias));
  put(o, "rule", str(p.rule == MistakeRule::NonPositiveMargin ? "<=0" : "<0"));
  put(o, "order", str(p.order == VisitOrder::Fixed ? "fixed" : "shuffle"));
  put(o, "seed", integer(static_cast<long long>(p.seed)));
  put(o, "maxEpochs", integer(p.maxEpochs));
  if (p.useStart) {
    JsonValue beta = JsonValue::array();
    beta.items().push_back(num(p.startBeta[0]));
    beta.items().push_back(num(p.startBeta[1]));
    put(o, "startBeta", std::move(beta));
  } else {
    put(o, "startBeta", JsonValue::null());
  }
  put(o, "startBias", num(p.startBias));
}

}  // namespace kpg::app
