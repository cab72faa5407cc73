#pragma once
// How the solver spreads its O(n) work over threads (`kpg train -j`): the entries of a
// Q column (q_columns.hpp), the gradient's update with the next gap, the selection of j
// (working_set.hpp) and Ḡ's update (smo_solver.cpp). The core has no threads of its own (it also
// runs in the browser): a caller that has some passes a ParallelFor, which must call body(begin,
// end) for disjoint ranges that cover [0, count) and return when all are done. Every entry is
// computed on its own (one dot product and one map, one update), and the passes that choose an
// index combine their parts' choices in the parts' order with the same ties (reduceOverParts), so
// the values, the path and the model do not depend on how the range is cut: `kpg train -j 1` and
// `-j 2` write the same bytes (tests/reference/svm_engine_test.cpp). Empty: one thread.

#include <Eigen/Core>

#include <algorithm>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

namespace kpg {

using ParallelFor =
    std::function<void(Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>&)>;

// The browser build has no threads (no -pthread), and no ParallelFor is given there: the code
// that cuts the passes is left out of its download, which has a size budget
// (web/tests/dist.test.mjs; it cost 6.8 KB at gzip -9). A pass there runs whole on its thread.
// CMake says which build this is (svm/sources.cmake sets KPG_CUTS_PASSES for every user of the
// core); the branches below are `if constexpr`, so the browser's drop out unseen.
inline constexpr bool kCutsPasses = KPG_CUTS_PASSES != 0;

// True when [0, count) is worth cutting: a ParallelFor is given and each of two parts gets
// `minimumPart` entries, enough to pay for handing one over (thread_pool.hpp).
inline bool worthCutting(const ParallelFor* parallel, Eigen::Index count,
                         Eigen::Index minimumPart) {
  return kCutsPasses && parallel != nullptr && *parallel && count >= 2 * minimumPart;
}

// body over [0, count), cut by `parallel` when worthCutting, else on this thread.
template <class Body>
void forEachPart(const ParallelFor* parallel, Eigen::Index count, Eigen::Index minimumPart,
                 Body&& body) {
  if constexpr (kCutsPasses) {
    if (worthCutting(parallel, count, minimumPart)) {
      (*parallel)(count, [&](Eigen::Index begin, Eigen::Index end) { body(begin, end); });
      return;
    }
  }
  body(Eigen::Index{0}, count);
}

// pass(begin, end) → Result over the parts of [0, count), then combine(accumulated, next) over
// the parts' results in the order of their ranges, whatever order the threads ended in. A search
// whose ties go to the last index (working_set.cpp) so finds what one pass over [0, count) finds.
template <class Result, class Pass, class Combine>
Result reduceOverParts(const ParallelFor* parallel, Eigen::Index count, Eigen::Index minimumPart,
                       Pass&& pass, Combine&& combine) {
  if constexpr (kCutsPasses) {
    if (!worthCutting(parallel, count, minimumPart)) return pass(Eigen::Index{0}, count);
    std::vector<std::pair<Eigen::Index, Result>> parts;
    parts.reserve(8);
    std::mutex mutex;
    (*parallel)(count, [&](Eigen::Index begin, Eigen::Index end) {
      Result part = pass(begin, end);
      const std::lock_guard<std::mutex> lock(mutex);
      parts.emplace_back(begin, part);
    });
    std::sort(parts.begin(), parts.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    Result result = parts.front().second;
    for (std::size_t k = 1; k < parts.size(); ++k) combine(result, parts[k].second);
    return result;
  } else {
    (void)parallel;
    (void)minimumPart;
    (void)combine;
    return pass(Eigen::Index{0}, count);
  }
}

}  // namespace kpg
