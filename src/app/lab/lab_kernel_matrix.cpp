// The lab's kernel matrix kept across edits of its points (lab_kernel_matrix.hpp).
#include "lab/lab_kernel_matrix.hpp"

#include "svm/dual_problem.hpp"

namespace kpg::app {
namespace {

bool samePoints(const PointSet& a, const PointSet& b) {
  return a.points.rows() == b.points.rows() && a.points.cols() == b.points.cols() &&
         a.labels.size() == b.labels.size() && a.points == b.points && a.labels == b.labels;
}

// The edit done on a point set, as the actions do it on the lab's (for the kept copy that says
// which points the kernel matrix holds).
void applyToPoints(PointSet& data, const SampleEdit& edit) {
  const Index n = data.points.rows();
  switch (edit.kind) {
    case SampleEdit::Kind::Add:
      data.points.conservativeResize(n + 1, 2);
      data.labels.conservativeResize(n + 1);
      data.points.row(n) = edit.point.transpose();
      data.labels(n) = edit.sign;
      break;
    case SampleEdit::Kind::Move:
      data.points.row(edit.index) = edit.point.transpose();
      break;
    case SampleEdit::Kind::Delete: {
      const Index tail = n - edit.index - 1;
      data.points.block(edit.index, 0, tail, 2) = data.points.bottomRows(tail).eval();
      data.labels.segment(edit.index, tail) = data.labels.tail(tail).eval();
      data.points.conservativeResize(n - 1, 2);
      data.labels.conservativeResize(n - 1);
      break;
    }
    case SampleEdit::Kind::Relabel:
      data.labels(edit.index) = edit.sign;
      break;
  }
}

}  // namespace

// The Q provider of the current points and kernel (LabKernelMatrix): the kept one as it is when
// it holds these points, updated in place by `edit` when it held the points just before the
// edit, or else a new one.
std::shared_ptr<const QMatrix> kernelMatrixFor(LabState& lab, const SampleEdit* edit) {
  LabKernelMatrix& kept = lab.kernelMatrix;
  const PointSet& data = lab.data;
  const QMatrixOptions options;  // cSvcDual's: precomputed while the N×N matrix fits
  const std::int64_t n = data.points.rows();
  const bool precomputed = n * n * 8 <= options.cacheBytes;
  if (kept.q && kept.kernel == lab.params.kernel) {
    if (samePoints(kept.data, data)) return kept.q;
    // use_count 1: no solver (the history was dropped) and no copy of the lab reads it.
    const bool keptPrecomputed = dynamic_cast<const PrecomputedQMatrix*>(kept.q.get()) != nullptr;
    if (edit && kept.q.use_count() == 1 && keptPrecomputed == precomputed) {
      applyToPoints(kept.data, *edit);
      if (samePoints(kept.data, data) && kept.q->applyEdit(*edit)) {
        ++kept.edits;
        return kept.q;
      }
    }
  }
  kept.q.reset();  // its memory is free before the new one takes its own
  kept.q = makeQMatrix(lab.params.kernel, data.points, DualVariableMap::classification(data.labels),
                       options.cacheBytes, options.storage, options.precomputeWhenFits, true);
  kept.kernel = lab.params.kernel;
  kept.data = data;
  ++kept.builds;
  return kept.q;
}

}  // namespace kpg::app
