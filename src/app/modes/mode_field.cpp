#include "modes/mode_field.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {
namespace {

double clean(double v) {
  return std::isfinite(v) ? v : std::nan("");
}

// Fills every node of `out` with value(x₁, x₂).
template <class F>
void sample(FieldGrid& out, F&& value) {
  Vector p(2);
  for (int j = 0; j < out.ny; ++j)
    for (int i = 0; i < out.nx; ++i) {
      p << out.x(i), out.y(j);
      out.at(i, j) = clean(value(p));
    }
}

}  // namespace

int gridSide(Index pointCount) {
  const double side = std::sqrt(3.0e6 / static_cast<double>(std::max<Index>(pointCount, 1)));
  return std::clamp(static_cast<int>(side), 32, 96);
}

Matrix gridRows(const FieldGrid& g) {
  Matrix rows(static_cast<Index>(g.nx) * g.ny, 2);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const Index r = static_cast<Index>(j) * g.nx + i;
      rows(r, 0) = g.x(i);
      rows(r, 1) = g.y(j);
    }
  return rows;
}

bool computeField(const ModesState& modes, const PlotRect& rect, int side, FieldGrid& out) {
  out = makeGrid(rect, side, side);
  switch (modes.mode) {
    case Mode::Perceptron: {
      const PerceptronMode& m = modes.perceptron;
      if (const Perceptron* primal = m.primalNow()) {
        sample(out, [primal](const Vector& p) { return primal->decisionValue(p); });
      } else if (const KernelPerceptron* dual = m.dualNow()) {
        sample(out, [dual](const Vector& p) { return dual->decisionValue(p); });
      } else {
        return false;
      }
      return true;
    }
    case Mode::Knn: {
      const KnnMode& m = modes.knn;
      if (!m.knn.fitted()) return false;
      sample(out, [&m](const Vector& p) { return m.knn.predict(p) > 0 ? 1.0 : -1.0; });
      return true;
    }
    case Mode::Kmeans: {
      const KernelKmeans* km = modes.kmeans.now();
      if (!km) return false;
      sample(out, [km](const Vector& p) { return static_cast<double>(km->assign(p).cluster); });
      return true;
    }
    case Mode::Kpca: {
      const KpcaMode& m = modes.kpca;
      if (!m.error.empty() || m.pca.info() != KernelPcaStatus::Success) return false;
      if (m.selected >= m.pca.eigenvalues().size()) return false;
      const Matrix proj = m.pca.projectRows(gridRows(out));
      for (Index r = 0; r < proj.rows(); ++r)
        out.values[static_cast<std::size_t>(r)] = clean(proj(r, m.selected));
      return true;
    }
    case Mode::Kfd: {
      const KfdMode& m = modes.kfd;
      if (!m.ok()) return false;
      sample(out, [&m](const Vector& p) { return m.projection(p(0), p(1)); });
      return true;
    }
    default:
      return false;
  }
}

std::vector<FieldGrid> kpcaComponentGrids(const KpcaMode& m, const PlotRect& rect, int side) {
  if (m.pca.info() != KernelPcaStatus::Success) return {};
  const Index count = m.pca.eigenvalues().size();
  const FieldGrid base = makeGrid(rect, side, side);
  const Matrix proj = m.pca.projectRows(gridRows(base));
  std::vector<FieldGrid> grids(static_cast<std::size_t>(count), base);
  for (Index c = 0; c < count; ++c)
    for (Index r = 0; r < proj.rows(); ++r)
      grids[static_cast<std::size_t>(c)].values[static_cast<std::size_t>(r)] = clean(proj(r, c));
  return grids;
}

}  // namespace kpg::app
