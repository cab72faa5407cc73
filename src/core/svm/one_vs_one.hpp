#pragma once
// One-vs-one decomposition of a k-class C-SVC (course-notes 000 "classification", 004 "SVC";
// LIBSVM svm.cpp svm_group_classes and the pair loop of svm_train): k(k−1)/2 binary problems,
// one per pair of classes (a, b), a < b in class order, with y = +1 for class a.
//
// Class order is the order of first appearance in y, except that LIBSVM swaps a two-class problem
// whose labels are −1 then +1 so that +1 comes first. Within a sub-problem the rows are class a's
// then class b's, each in input order (LIBSVM's `perm`): the variable order decides SMO's
// tie-breaks and so its path, which is why trainSvm, cross-validation and `kpg trace` all take
// their sub-problems from here (`kpg trace` once built its own, in input order, and
// took 245 iterations where `kpg train` took 230).

#include "data/sparse_rows.hpp"
#include "svm/dual_problem.hpp"

#include <vector>

namespace kpg {

struct SvmParams;

// LIBSVM's class grouping: labels in order of first appearance (with the −1/+1 swap), and for
// each sample the index of its class in that order.
struct ClassGrouping {
  std::vector<int> labels;
  std::vector<Index> counts;
  std::vector<int> classOf;  // per sample
};
ClassGrouping groupClasses(const Vector& y);

// One binary sub-problem: classes (a, b) of the grouping.
struct BinarySubproblem {
  int classA = 0;  // positions in ClassGrouping::labels, a < b
  int classB = 0;
  int labelA = 0;  // the labels, y = +1 for labelA
  int labelB = 0;
  std::vector<Index> rows;  // rows of x: class a's, then class b's, each in input order
  Index countA = 0;         // rows[0 .. countA) are class a

  Index size() const { return static_cast<Index>(rows.size()); }
  // The ±1 labels of the dual: +1 for the first countA rows, −1 for the rest.
  Vector labels() const;
  // The C-SVC dual over these rows (cSvcDual; C = +∞ for params.hardMargin; each class's box
  // weightedC with -wi), or for ν-SVC nuSvcDual (no C, no weights, as LIBSVM). Built on demand: a
  // dual may hold its whole Q matrix, so sub-problems are solved one at a time.
  DualProblem dual(const Matrix& x, const SvmParams& params) const;
  // The same over sparse rows (data/sparse_rows.hpp), for data that are mostly zeros.
  DualProblem dual(const SparseRows& x, const SvmParams& params) const;
};

struct OneVsOne {
  ClassGrouping classes;
  std::vector<BinarySubproblem> subproblems;  // pair order (0,1), (0,2) .. (1,2) ..
};

// y: integer class labels (checked by trainSvm before; a non-integer is truncated here).
OneVsOne oneVsOneSubproblems(const Vector& y);

// C·weight for the class `label` (LIBSVM svm_train's weighted_C: every -wi entry naming the
// label multiplies, an entry naming no class of the data is ignored with a warning by trainSvm).
double weightedC(const SvmParams& params, int label);

// The given rows of x, in that order. The sparse form keeps x's dimension.
Matrix selectRows(const Matrix& x, const std::vector<Index>& rows);
SparseRows selectRows(const SparseRows& x, const std::vector<Index>& rows);

}  // namespace kpg
