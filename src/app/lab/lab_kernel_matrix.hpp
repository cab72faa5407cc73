#pragma once
// The Q provider the lab's solver reads (LabState::kernelMatrix, lab_state.hpp): kept across
// edits of the points and updated in place by QMatrix::applyEdit (src/core/svm/q_matrix.hpp), one
// kernel column per edit instead of the N × N matrix; built anew for a new kernel or point set.

#include "lab/lab_state.hpp"

#include <memory>

namespace kpg::app {

// The Q provider of the lab's current points and kernel: the kept one as it is when it holds
// these points, updated in place by `edit` when it held the points just before the edit (and
// nothing else reads it), or else a new one.
std::shared_ptr<const QMatrix> kernelMatrixFor(LabState& lab, const SampleEdit* edit);

}  // namespace kpg::app
