#include "modes/mode_json.hpp"

#include "session/json.hpp"
#include "session/schema.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <type_traits>

namespace kpg::app {
namespace {

// The one JSON writer and ∞ policy (data/json_writer.hpp): ±∞ as "inf"/"-inf", NaN as null.
using json::integer;
using json::list;
using json::num;
using json::put;
using json::str;
using json::vec;

std::string_view perceptronStatusName(RunStatus s) {
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

// Reads setModeParams for `mode` into `modes` (on a copy: all or nothing).
std::string setParams(ModesState& modes, const LabState& lab, const JsonValue& v, Mode mode) {
  SchemaReader r;
  ModesState next = modes;
  // A parameter of the table (params/parameter_table.hpp): its JSON key and range are its row's.
  auto parameter = [&](ParamId id, auto& out) {
    const char* key = app::parameter(id).key;
    if (const JsonValue* x = v.find(key)) {
      if (auto n = r.parameter(*x, std::string("$.") + key, id))
        out = static_cast<std::remove_reference_t<decltype(out)>>(*n);
    }
  };
  auto integerField = [&](const char* key, long long lo, long long hi, auto& out) {
    if (const JsonValue* x = v.find(key)) {
      if (auto n = r.integer(*x, std::string("$.") + key, lo, hi))
        out = static_cast<std::remove_reference_t<decltype(out)>>(*n);
    }
  };
  auto text = [&](const char* key) -> std::optional<std::string> {
    if (const JsonValue* x = v.find(key)) return r.string(*x, std::string("$.") + key, 32);
    return std::nullopt;
  };
  switch (mode) {
    case Mode::Perceptron: {
      r.object(v, "$",
               {"type", "mode", "form", "learningRate", "bias", "rule", "order", "seed",
                "maxEpochs", "startBeta", "startBias"});
      PerceptronParams& p = next.perceptron.params;
      if (auto f = text("form")) {
        if (*f != "primal" && *f != "kernel") r.fail("$.form", "must be \"primal\" or \"kernel\"");
        p.kernelForm = *f == "kernel";
      }
      parameter(ParamId::PerceptronLearningRate, p.learningRate);
      if (const JsonValue* b = v.find("bias")) {
        if (!b->isBool())
          r.fail("$.bias", "must be true or false");
        else
          p.useBias = b->asBool();
      }
      if (auto f = text("rule")) {
        if (*f == "<=0" || *f == "nonpositive")
          p.rule = MistakeRule::NonPositiveMargin;
        else if (*f == "<0" || *f == "negative")
          p.rule = MistakeRule::NegativeMargin;
        else
          r.fail("$.rule", "must be \"<=0\" (001) or \"<0\" (002)");
      }
      if (auto f = text("order")) {
        if (*f == "fixed")
          p.order = VisitOrder::Fixed;
        else if (*f == "shuffle")
          p.order = VisitOrder::SeededShuffle;
        else
          r.fail("$.order", "must be \"fixed\" or \"shuffle\"");
      }
      integerField("seed", 0, 9007199254740991LL, p.seed);
      parameter(ParamId::PerceptronMaxEpochs, p.maxEpochs);
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
      break;
    }
    case Mode::Knn: {
      r.object(v, "$", {"type", "mode", "K", "query"});
      parameter(ParamId::KnnK, next.knn.k);
      if (const JsonValue* q = v.find("query")) {
        if (r.array(*q, "$.query", 2, 2)) {
          (void)r.number(q->items()[0], "$.query[0]", -1e6, 1e6);
          (void)r.number(q->items()[1], "$.query[1]", -1e6, 1e6);
        }
      }
      break;
    }
    case Mode::Kmeans:
      r.object(v, "$", {"type", "mode", "k", "seed", "maxIterations"});
      parameter(ParamId::KmeansK, next.kmeans.k);
      integerField("seed", 0, 9007199254740991LL, next.kmeans.seed);
      parameter(ParamId::KmeansMaxIterations, next.kmeans.maxIterations);
      break;
    case Mode::Kpca: {
      r.object(v, "$", {"type", "mode", "component"});
      int c = next.kpca.selected + 1;
      integerField("component", 1, kMaxPcaComponents, c);
      next.kpca.selected = c - 1;
      break;
    }
    case Mode::Kfd: {
      r.object(v, "$", {"type", "mode", "form", "mu"});
      if (auto f = text("form")) {
        if (*f != "lda" && *f != "kfd") r.fail("$.form", "must be \"lda\" or \"kfd\"");
        next.kfd.kernelForm = *f == "kfd";
      }
      parameter(ParamId::KfdMu, next.kfd.mu);
      break;
    }
    case Mode::Svr:
      r.object(v, "$", {"type", "mode", "C", "epsilon", "eps"});
      parameter(ParamId::SvrC, next.svr.c);
      parameter(ParamId::SvrEpsilon, next.svr.epsilon);
      parameter(ParamId::SvrEps, next.svr.eps);
      break;
    default:
      r.object(v, "$", {"type", "mode"});
      break;
  }
  if (!r.ok()) return r.error();
  modes = std::move(next);
  if (mode != Mode::Knn || v.find("K")) invalidateMode(modes, mode);
  ++modes.revision;
  ensureBuilt(modes, lab);
  return "";
}

}  // namespace

namespace {

// Each mode action: the parsed object in, the reply out; nothing changes when it refuses.
ActionReply setModeAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "mode"});
  const JsonValue* m = r.required(v, "$", "mode");
  const std::string name = m ? r.string(*m, "$.mode", 32).value_or("") : "";
  if (!r.ok()) return ActionReply::failed(r.error());
  const auto mode = modeFromName(name);
  if (!mode) return ActionReply::failed("$.mode: unknown mode " + jsonQuote(name));
  setMode(modes, lab, *mode);
  if (name == "lda" && modes.kfd.kernelForm) {
    modes.kfd.kernelForm = false;
    invalidateMode(modes, Mode::Kfd);
    ensureBuilt(modes, lab);
  }
  return {};
}

ActionReply modeStepAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "n"});
  long long n = 1;
  if (const JsonValue* x = v.find("n")) n = r.integer(*x, "$.n", 1, 10000000).value_or(1);
  if (!r.ok()) return ActionReply::failed(r.error());
  if (auto e = modeStep(modes, lab, n)) return ActionReply::failed(*e);
  return {};
}

// {"type":"modeStepBack", "n":1} / {"type":"modeSeek", "step":s}: rewind (lab/history.hpp).
template <bool Back>
ActionReply modeRewindAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", Back ? "n" : "step"});
  long long n = 1;
  if (Back) {
    if (const JsonValue* x = v.find("n")) n = r.integer(*x, "$.n", 1, 10000000).value_or(1);
  } else if (const JsonValue* x = r.required(v, "$", "step")) {
    n = r.integer(*x, "$.step", 0, 9007199254740991LL).value_or(0);
  }
  if (!r.ok()) return ActionReply::failed(r.error());
  if (auto e = Back ? modeStepBack(modes, lab, n) : modeSeek(modes, lab, n))
    return ActionReply::failed(*e);
  return {};
}

ActionReply modeRunAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "budgetMs"});
  double budget = 2000;
  if (const JsonValue* x = v.find("budgetMs"))
    budget = r.number(*x, "$.budgetMs", 0, 60000).value_or(0);
  if (!r.ok()) return ActionReply::failed(r.error());
  (void)modeRunToEnd(modes, lab, budget);
  return ActionReply::done(modeFinished(modes));
}

template <int Which>  // 0 play, 1 pause, 2 reset
ActionReply modePlaybackAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type"});
  if (!r.ok()) return ActionReply::failed(r.error());
  if (Which == 2)
    modeReset(modes, lab);
  else
    modes.playback.running = Which == 0 && modeCanStep(modes);
  return {};
}

ActionReply modePresetAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "name", "count", "noise", "seed"});
  const JsonValue* nm = r.required(v, "$", "name");
  const std::string name = nm ? r.string(*nm, "$.name", 32).value_or("") : "";
  long long count = 40, seed = 1;
  double noise = 0.15;
  if (const JsonValue* x = v.find("count"))
    count = static_cast<long long>(r.parameter(*x, "$.count", ParamId::GenerateCount).value_or(40));
  if (const JsonValue* x = v.find("seed"))
    seed = r.integer(*x, "$.seed", 0, 9007199254740991LL).value_or(1);
  if (const JsonValue* x = v.find("noise"))
    noise = r.parameter(*x, "$.noise", ParamId::GenerateNoise).value_or(0);
  if (!r.ok()) return ActionReply::failed(r.error());
  if (name != "sine") return ActionReply::failed("$.name: the mode presets are: \"sine\"");
  if (auto e = loadSinePreset(lab, static_cast<Index>(count), noise,
                              static_cast<std::uint64_t>(seed), false))
    return ActionReply::failed(*e);
  ensureBuilt(modes, lab);
  return {};
}

ActionReply setModeParamsAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  Mode mode = modes.mode;
  if (const JsonValue* m = v.find("mode")) {
    const std::string name = m->isString() ? m->asString() : "";
    const auto parsedMode = modeFromName(name);
    if (!parsedMode) return ActionReply::failed("$.mode: unknown mode");
    mode = *parsedMode;
  }
  const std::string e = setParams(modes, lab, v, mode);
  if (!e.empty()) return ActionReply::failed(e);
  if (const JsonValue* q = v.find("query")) {
    // k-NN query point for state().mode.query.
    modes.knn.hasQuery = true;
    modes.knn.queryX = q->items()[0].asNumber();
    modes.knn.queryY = q->items()[1].asNumber();
  }
  return {};
}

using ModeAction = ActionReply (*)(ModesState&, LabState&, const JsonValue&);
struct ModeActionEntry {
  const char* type;
  ModeAction run;
};
// The canvas modes' actions (mode_json.hpp): add a name here to add one.
constexpr ModeActionEntry kModeActions[] = {
    {"setMode", setModeAction},
    {"modeStep", modeStepAction},
    {"modeStepBack", modeRewindAction<true>},
    {"modeSeek", modeRewindAction<false>},
    {"modeRun", modeRunAction},
    {"modePlay", modePlaybackAction<0>},
    {"modePause", modePlaybackAction<1>},
    {"modeReset", modePlaybackAction<2>},
    {"modePreset", modePresetAction},
    {"setModeParams", setModeParamsAction},
};

}  // namespace

void addModeActions(ActionRouter& router, ModesState& modes, LabState& lab) {
  for (const ModeActionEntry& entry : kModeActions) {
    const ModeAction run = entry.run;
    router.add(entry.type, [&modes, &lab, run](const JsonValue& v) { return run(modes, lab, v); });
  }
}

JsonValue modeStateJson(ModesState& modes, const LabState& lab) {
  ensureBuilt(modes, lab);
  JsonValue o = JsonValue::object();
  put(o, "name", str(modeName(modes.mode)));
  put(o, "statusText", str(modeStatusText(modes)));
  put(o, "running", JsonValue::boolean(modes.playback.running));
  put(o, "finished", JsonValue::boolean(modeFinished(modes)));
  put(o, "position", integer(modePosition(modes)));  // the step shown (modeSeek, modeStepBack)
  put(o, "furthest", integer(modeFurthest(modes)));
  put(o, "revision", integer(static_cast<long long>(modes.revision)));
  switch (modes.mode) {
    case Mode::Perceptron: {
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
          b ? list(b->mistakesPerSample())
            : list(std::vector<long long>(lab.data.labels.size(), 0)));
      put(o, "epochMistakes", list(b ? b->mistakesPerEpoch() : std::vector<int>{}));
      if (b) {
        put(o, "status", str(perceptronStatusName(b->status())));
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
      break;
    }
    case Mode::Knn: {
      const KnnMode& m = modes.knn;
      put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
      put(o, "K", integer(m.knn.fitted() ? m.knn.k() : m.k));
      if (m.hasQuery && m.knn.fitted()) {
        Vector q(2);
        q << m.queryX, m.queryY;
        const KnnQuery r = m.knn.query(q);
        JsonValue qo = JsonValue::object();
        put(qo, "x", num(m.queryX));
        put(qo, "y", num(m.queryY));
        put(qo, "prediction", num(r.prediction));
        JsonValue idx = JsonValue::array();
        for (const KnnNeighbor& nb : r.neighbors) idx.items().push_back(integer(nb.index));
        put(qo, "neighbors", std::move(idx));
        put(qo, "voteTie", JsonValue::boolean(r.voteTie));
        put(o, "query", std::move(qo));
      }
      break;
    }
    case Mode::Kmeans: {
      const KmeansMode& m = modes.kmeans;
      put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
      put(o, "k", integer(m.k));
      put(o, "seed", integer(static_cast<long long>(m.seed)));
      if (const KernelKmeans* km = m.now()) {
        const auto shown = static_cast<std::ptrdiff_t>(
            std::min<std::size_t>(m.objectives.size(), static_cast<std::size_t>(km->iteration())));
        put(o, "objectives",
            list(std::vector<double>(m.objectives.begin(), m.objectives.begin() + shown)));
        put(o, "assignment", list(km->assignment()));
        put(o, "objective", num(km->objective()));
        put(o, "iteration", integer(km->iteration()));
        put(o, "converged", JsonValue::boolean(km->status() == RunStatus::Converged));
        put(o, "status", str(kmeansStatusText(km->status())));
        put(o, "initialCenters", list(km->initialCenters()));
        put(o, "clusterSizes", list(km->clusterSizes()));
      } else {
        put(o, "objectives", list(m.objectives));
      }
      break;
    }
    case Mode::Kpca: {
      const KpcaMode& m = modes.kpca;
      put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
      put(o, "status", str(m.pca.info() == KernelPcaStatus::Success ? "success" : m.pca.message()));
      put(o, "eigenvalues", vec(m.pca.eigenvalues()));
      const Vector& sp = m.pca.spectrum();
      put(o, "spectrum", vec(sp.head(std::min<Index>(sp.size(), 64))));
      put(o, "mostNegativeEigenvalue", num(m.pca.mostNegativeEigenvalue()));
      put(o, "negativeClamped", JsonValue::boolean(m.pca.negativeEigenvaluesClamped()));
      put(o, "notPsd",
          JsonValue::boolean(m.pca.info() == KernelPcaStatus::NotPositiveSemidefinite));
      put(o, "component", integer(m.selected + 1));
      break;
    }
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
      put(o, "form", str(m.kernelForm ? "kfd" : "lda"));
      if (m.ok()) {
        put(o, "threshold", num(m.threshold()));
        if (m.kernelForm) {
          put(o, "alpha", vec(m.kfd.alpha()));
          put(o, "J", num(m.kfd.rayleighQuotient()));
          put(o, "mu", num(m.kfd.muUsed()));
        } else {
          put(o, "direction", vec(m.lda.direction()));
          put(o, "J", num(m.lda.rayleighQuotient()));
        }
        JsonValue proj = JsonValue::array();
        long long correct = 0;
        for (Index i = 0; i < lab.pointCount(); ++i) {
          Vector p = lab.data.points.row(i).transpose();
          proj.items().push_back(num(m.projection(p(0), p(1))));
          const double pred = m.kernelForm ? m.kfd.predict(p) : m.lda.predict(p);
          if (pred == lab.data.labels(i)) ++correct;
        }
        put(o, "projections", std::move(proj));
        put(o, "trainingAccuracy",
            num(lab.pointCount() > 0
                    ? static_cast<double>(correct) / static_cast<double>(lab.pointCount())
                    : 0));
      }
      break;
    }
    case Mode::Svr: {
      const SvrMode& m = modes.svr;
      put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
      put(o, "C", num(m.c));
      put(o, "epsilon", num(m.epsilon));
      if (const SmoSolver* solver = m.solver()) {
        const Index n = solver->alpha().size() / 2;
        put(o, "step", integer(solver->iteration()));
        put(o, "status", str(smoStatusName(solver->status())));
        put(o, "objective", num(solver->objective()));
        put(o, "nSV", integer(m.supportCount));
        put(o, "bias", num(-m.rho));
        put(o, "alpha", vec(solver->alpha().head(n)));
        put(o, "alphaStar", vec(solver->alpha().tail(n)));
        JsonValue fitted = JsonValue::array();
        Vector p(1);
        for (Index i = 0; i < lab.pointCount(); ++i) {
          p(0) = lab.data.points(i, 0);
          const Vector f = decisionValues(m.model, p);
          fitted.items().push_back(num(f.size() > 0 ? f(0) : std::nan("")));
        }
        put(o, "fitted", std::move(fitted));
      }
      break;
    }
    default:
      break;
  }
  return o;
}

}  // namespace kpg::app
