#pragma once
// Two point sets that differ by one point's move, relabel, append or deletion, found as that
// SampleEdit (src/core/svm/q_matrix.hpp): undo and redo (lab_state.cpp) then edit the kept kernel
// matrix in O(N) instead of building it again in O(N²).

#include "lab/lab_state.hpp"

#include <optional>
#include <vector>

namespace kpg::app {

// Undo and redo as one point's edit (a move, a relabel, an append or a deletion), when the two
// point sets differ by that alone, so the kernel matrix is edited in O(N) (SampleEdit) instead of
// built again in O(N²); the origin carries α over as the action itself would. Otherwise nothing
// (several points differ: a generator, a clear, an import; or a deleted point put back in the
// middle, which no SampleEdit is).
struct OnePointEdit {
  SampleEdit edit;
  std::vector<Index> origin;
};
std::optional<OnePointEdit> onePointEdit(const PointSet& from, const PointSet& to);

}  // namespace kpg::app
