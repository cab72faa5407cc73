#include "modes/kpca/kpca_mode.hpp"

#include "modes/mode_field.hpp"

#include <algorithm>

namespace kpg::app {
namespace {

void build(ModesState& modes, const LabState& lab) {
  KpcaMode& m = modes.kpca;
  m.error.clear();
  m.pca = KernelPca{};
  const Index n = lab.pointCount();
  if (n < 2) {
    m.error = "Kernel PCA needs at least 2 points.";
    return;
  }
  KernelPcaOptions o;
  o.components = static_cast<int>(std::min<Index>(kMaxPcaComponents, n));
  m.pca.compute(lab.data.points, lab.params.kernel, o);
  if (m.pca.info() != ComputeStatus::Success) m.error = m.pca.message();
  m.selected = std::clamp(m.selected, 0, std::max(0, o.components - 1));
}

std::string statusText(const ModesState& modes) {
  if (!modes.kpca.error.empty()) return modes.kpca.error;
  return modes.kpca.pca.negativeEigenvaluesClamped()
             ? "computed; small negative eigenvalues were clamped to 0"
             : "computed";
}

// The projection onto the selected component.
bool field(const ModesState& modes, FieldGrid& grid) {
  const KpcaMode& m = modes.kpca;
  if (!m.error.empty() || m.pca.info() != ComputeStatus::Success) return false;
  if (m.selected >= m.pca.eigenvalues().size()) return false;
  const Matrix proj = m.pca.projectRows(gridRows(grid));
  for (Index r = 0; r < proj.rows(); ++r)
    grid.values[static_cast<std::size_t>(r)] = finiteOrNan(proj(r, m.selected));
  return true;
}

constexpr MethodSpec kRow{
    Mode::Kpca,
    "kpca",
    "Kernel PCA",
    "",
    build,
    [](ModesState& modes) { return &modes.kpca.built; },
    MethodStepping{},
    statusText,
    readKpcaParams,
    writeKpcaState,
    nullptr,
    field,
    [](const ModesState& modes) { return modes.kpca.selected; },
    [](const ModesState&) { return true; },
    nullptr,
    nullptr,
    writeKpcaParams,
};

}  // namespace

std::vector<FieldGrid> kpcaComponentGrids(const KpcaMode& m, const PlotRect& rect, int side) {
  if (m.pca.info() != ComputeStatus::Success) return {};
  const Index count = m.pca.eigenvalues().size();
  const FieldGrid base = makeGrid(rect, side, side);
  const Matrix proj = m.pca.projectRows(gridRows(base));
  std::vector<FieldGrid> grids(static_cast<std::size_t>(count), base);
  for (Index c = 0; c < count; ++c)
    for (Index r = 0; r < proj.rows(); ++r)
      grids[static_cast<std::size_t>(c)].values[static_cast<std::size_t>(r)] =
          finiteOrNan(proj(r, c));
  return grids;
}

const MethodSpec& kpcaMethod() {
  return kRow;
}

}  // namespace kpg::app
