// Kernel PCA's setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/kpca/kpca_mode.hpp"
#include "modes/mode_json_helpers.hpp"

#include <algorithm>

namespace kpg::app {

bool readKpcaParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "component"});
  int c = next.kpca.selected + 1;
  in.integerField("component", 1, kMaxPcaComponents, c);
  next.kpca.selected = c - 1;
  // Choosing among the components computed needs no new decomposition (its clamp is build's).
  const Index computed = next.kpca.pca.eigenvalues().size();
  if (computed == 0 || next.kpca.built == kNotBuilt) return true;
  next.kpca.selected = std::min(next.kpca.selected, static_cast<int>(computed) - 1);
  return false;
}

void writeKpcaState(JsonValue& o, const ModesState& modes, const LabState&) {
  const KpcaMode& m = modes.kpca;
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "status", str(m.pca.info() == ComputeStatus::Success ? "success" : m.pca.message()));
  put(o, "eigenvalues", vec(m.pca.eigenvalues()));
  const Vector& sp = m.pca.spectrum();
  put(o, "spectrum", vec(sp.head(std::min<Index>(sp.size(), 64))));
  put(o, "mostNegativeEigenvalue", num(m.pca.mostNegativeEigenvalue()));
  put(o, "negativeClamped", JsonValue::boolean(m.pca.negativeEigenvaluesClamped()));
  put(o, "notPsd", JsonValue::boolean(m.pca.info() == ComputeStatus::NotPositiveSemidefinite));
  put(o, "component", integer(m.selected + 1));
}

void writeKpcaParams(JsonValue& o, const ModesState& modes) {
  put(o, "component", integer(modes.kpca.selected + 1));
}

}  // namespace kpg::app
