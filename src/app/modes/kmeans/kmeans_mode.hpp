#pragma once
// Kernel k-means on the lab's points (course-notes 000 "Kernel K-Means"): one assignment + mean
// update per step, held in a History (timeline/history.hpp) so it steps back and seeks like the lab.

#include "kernel_kmeans/kernel_kmeans.hpp"
#include "modes/method.hpp"
#include "timeline/history.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

struct KmeansMode {
  int k = 3;
  std::uint64_t seed = 1;
  int maxIterations = 100;
  std::optional<History<KernelKmeans>> history;
  std::vector<double> objectives;  // objectives[s − 1]: after step s, for s = 1 … furthest
  std::string error;
  std::uint64_t built = kNotBuilt;
  const KernelKmeans* now() const { return history ? &history->current() : nullptr; }
  const KernelKmeansStep* last() const;
};

bool readKmeansParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeKmeansState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeKmeansParams(JsonValue& out, const ModesState& modes);

}  // namespace kpg::app
