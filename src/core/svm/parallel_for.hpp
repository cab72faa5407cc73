#pragma once
// How the kernel cache spreads the entries of one Q column over threads (issue 11, `kpg train
// -j`). The core has no threads of its own (it also runs in the browser): a caller that has some
// passes a ParallelFor, which must call body(begin, end) for disjoint ranges that cover
// [0, count) and return when all are done. Each entry of a column is computed on its own (one dot
// product and one map, kernel_block.hpp), so the values, and the model, do not depend on how the
// range is cut: `kpg train -j 1` and `-j 2` write the same bytes
// (tests/reference/svm_engine_test.cpp). Empty: one thread.

#include <Eigen/Core>

#include <functional>

namespace kpg {

using ParallelFor =
    std::function<void(Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>&)>;

}  // namespace kpg
