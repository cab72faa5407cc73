#include "lab/one_point_edit.hpp"

#include "svm/warm_start.hpp"

namespace kpg::app {

std::optional<OnePointEdit> onePointEdit(const PointSet& from, const PointSet& to) {
  const Index n = from.points.rows(), m = to.points.rows();
  if (from.points.cols() != to.points.cols() || n == 0 || m == 0) return std::nullopt;
  auto sameRow = [&](Index i, Index j) {
    return from.labels(i) == to.labels(j) && from.points.row(i) == to.points.row(j);
  };
  if (m == n) {
    Index changed = -1;
    for (Index i = 0; i < n; ++i) {
      if (sameRow(i, i)) continue;
      if (changed >= 0) return std::nullopt;
      changed = i;
    }
    if (changed < 0) return std::nullopt;
    OnePointEdit one{SampleEdit{}, sameIndices(n)};
    one.edit.index = changed;
    if (from.labels(changed) == to.labels(changed)) {
      one.edit.kind = SampleEdit::Kind::Move;
      one.edit.point = to.points.row(changed).transpose();
    } else if (from.points.row(changed) == to.points.row(changed)) {
      one.edit.kind = SampleEdit::Kind::Relabel;
      one.edit.sign = to.labels(changed);
      one.origin[static_cast<std::size_t>(changed)] = -1;  // its old α was for the other class
    } else {
      return std::nullopt;
    }
    return one;
  }
  if (m == n + 1) {  // appended (AddPoint adds at the end)
    for (Index i = 0; i < n; ++i)
      if (!sameRow(i, i)) return std::nullopt;
    OnePointEdit one{SampleEdit{SampleEdit::Kind::Add, n, to.points.row(n).transpose(),
                                static_cast<double>(to.labels(n))},
                     sameIndices(n)};
    one.origin.push_back(-1);
    return one;
  }
  if (m + 1 == n) {  // one deleted: the first row that differs, the rest shifted up by one
    Index k = 0;
    while (k < m && sameRow(k, k)) ++k;
    for (Index i = k; i < m; ++i)
      if (!sameRow(i + 1, i)) return std::nullopt;
    OnePointEdit one{SampleEdit{SampleEdit::Kind::Delete, k, Vector(), 1}, sameIndices(n)};
    one.origin.erase(one.origin.begin() + k);
    return one;
  }
  return std::nullopt;
}

}  // namespace kpg::app
