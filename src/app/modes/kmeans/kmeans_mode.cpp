#include "modes/kmeans/kmeans_mode.hpp"

#include "modes/method_stepping.hpp"
#include "modes/mode_field.hpp"

#include <cmath>

namespace kpg::app {
namespace {

void build(ModesState& modes, const LabState& lab) {
  KmeansMode& m = modes.kmeans;
  m.history.reset();
  m.objectives.clear();
  m.error.clear();
  if (lab.pointCount() == 0) {
    m.error = kNoPointsYet;
    return;
  }
  if (m.k > lab.pointCount()) {
    m.error = "k = " + std::to_string(m.k) + " clusters need at least " + std::to_string(m.k) +
              " points (have " + std::to_string(lab.pointCount()) + ").";
    return;
  }
  KernelKmeansOptions o;
  o.clusters = m.k;
  o.seed = m.seed;
  o.maxIterations = m.maxIterations;
  KernelKmeans kmeans(lab.data.points, lab.params.kernel, o);
  if (kmeans.status() == RunStatus::InvalidInput) {
    m.error = kmeans.message();
    return;
  }
  m.history.emplace(std::move(kmeans));
}

struct Histories {
  template <class Modes, class F>
  static bool with(Modes& modes, F&& f) {
    if (modes.kmeans.history) return f(*modes.kmeans.history), true;
    return false;
  }
  // The objective of a step reached for the first time (the objective plot).
  static void afterMove(ModesState& modes, const LabState&) {
    KmeansMode& m = modes.kmeans;
    const auto s = static_cast<std::size_t>(m.history->position());
    if (s == m.objectives.size() + 1) {
      const double f = m.history->current().objective();
      m.objectives.push_back(std::isfinite(f) ? f : 0.0);
    }
  }
};

std::string statusText(const ModesState& modes) {
  const KmeansMode& m = modes.kmeans;
  if (!m.error.empty()) return m.error;
  const KernelKmeans* km = m.now();
  if (!km) return "no clustering";
  const std::string it = std::to_string(km->iteration());
  switch (km->status()) {
    case RunStatus::Converged:
      return "converged after " + it + " steps: the last step changed no assignment";
    case RunStatus::CapReached:
      return "stopped at the step cap (" + it + " steps)";
    default:
      return km->iteration() == 0
                 ? "k-means++ chose the first means: press Step"
                 : "step " + it + ", " + std::to_string(m.last() ? m.last()->changed : 0) +
                       " points changed cluster";
  }
}

// The nearest mean's cluster index.
bool field(const ModesState& modes, FieldGrid& grid) {
  const KernelKmeans* km = modes.kmeans.now();
  if (!km) return false;
  sampleField(grid, [km](const Vector& p) { return static_cast<double>(km->assign(p).cluster); });
  return true;
}

constexpr MethodSpec kRow{
    Mode::Kmeans,
    "kmeans",
    "Kernel k-means",
    "",
    build,
    [](ModesState& modes) { return &modes.kmeans.built; },
    steppingOf<Histories>(),
    statusText,
    readKmeansParams,
    writeKmeansState,
    nullptr,
    field,
    nullptr,
    [](const ModesState&) { return true; },
    nullptr,
    nullptr,
    writeKmeansParams,
};

}  // namespace

const KernelKmeansStep* KmeansMode::last() const {
  return history && history->lastStep() ? &*history->lastStep() : nullptr;
}

const MethodSpec& kmeansMethod() {
  return kRow;
}

}  // namespace kpg::app
