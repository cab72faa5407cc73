#include "modes/knn/knn_mode.hpp"

#include "modes/mode_field.hpp"

#include <algorithm>

namespace kpg::app {
namespace {

void build(ModesState& modes, const LabState& lab) {
  KnnMode& m = modes.knn;
  m.error.clear();
  m.knn = KernelKnn{};
  if (lab.pointCount() == 0) {
    m.error = kNoPointsYet;
    return;
  }
  const int k = std::clamp(m.k, 1, static_cast<int>(lab.pointCount()));
  if (m.knn.compute(lab.data.points, lab.data.labels, lab.params.kernel, k).info() !=
      ComputeStatus::Success)
    m.error = m.knn.message();
  if (k != m.k && m.error.empty()) {
    m.error = "K = " + std::to_string(m.k) + " > N: using K = " + std::to_string(k) + ".";
  }
}

std::string statusText(const ModesState& modes) {
  return modes.knn.error.empty() ? "K = " + std::to_string(modes.knn.k) +
                                       ": hover the canvas to see the K nearest neighbours"
                                 : modes.knn.error;
}

// The predicted class, ±1.
bool field(const ModesState& modes, FieldGrid& grid) {
  const KnnMode& m = modes.knn;
  if (!m.knn.fitted()) return false;
  sampleField(grid, [&m](const Vector& p) { return m.knn.predict(p) > 0 ? 1.0 : -1.0; });
  return true;
}

constexpr MethodSpec kRow{
    Mode::Knn,
    "knn",
    "Kernel k-NN",
    "",
    build,
    [](ModesState& modes) { return &modes.knn.built; },
    MethodStepping{},
    statusText,
    readKnnParams,
    writeKnnState,
    nullptr,
    field,
    nullptr,
    [](const ModesState&) { return true; },
    nullptr,
    nullptr,
    writeKnnParams,
};

}  // namespace

const MethodSpec& knnMethod() {
  return kRow;
}

}  // namespace kpg::app
