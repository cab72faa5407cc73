// Kernel k-means' setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/kmeans/kmeans_mode.hpp"
#include "modes/mode_json_helpers.hpp"

#include <algorithm>
#include <cstddef>

namespace kpg::app {

bool readKmeansParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "k", "seed", "maxIterations"});
  in.parameter(ParamId::KmeansK, next.kmeans.k);
  in.integerField("seed", 0, 9007199254740991LL, next.kmeans.seed);
  in.parameter(ParamId::KmeansMaxIterations, next.kmeans.maxIterations);
  return true;
}

void writeKmeansState(JsonValue& o, const ModesState& modes, const LabState&) {
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
}

void writeKmeansParams(JsonValue& o, const ModesState& modes) {
  const KmeansMode& m = modes.kmeans;
  put(o, "k", integer(m.k));
  put(o, "seed", integer(static_cast<long long>(m.seed)));
  put(o, "maxIterations", integer(m.maxIterations));
}

}  // namespace kpg::app
