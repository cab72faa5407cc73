#pragma once
// Kernel PCA of the lab's points (course-notes 000 "Kernel PCA", Schölkopf et al. 1998): the
// projections onto the first kMaxPcaComponents components, computed in one go.

#include "kernel_pca/kernel_pca.hpp"
#include "modes/contour.hpp"
#include "modes/method.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace kpg::app {

constexpr int kMaxPcaComponents = 8;

struct KpcaMode {
  KernelPca pca;
  int selected = 0;  // component shown large on the canvas
  std::string error;
  std::uint64_t built = kNotBuilt;
};

bool readKpcaParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeKpcaState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeKpcaParams(JsonValue& out, const ModesState& modes);

// The projections onto every computed component over `rect` (the small multiples).
std::vector<FieldGrid> kpcaComponentGrids(const KpcaMode& mode, const PlotRect& rect, int side);

}  // namespace kpg::app
