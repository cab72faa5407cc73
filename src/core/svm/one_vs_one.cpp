#include "svm/one_vs_one.hpp"

#include "svm/svm_train.hpp"

#include <algorithm>
#include <limits>

namespace kpg {

ClassGrouping groupClasses(const Vector& y) {
  ClassGrouping g;
  g.classOf.resize(static_cast<std::size_t>(y.size()));
  for (Index r = 0; r < y.size(); ++r) {
    const int label = static_cast<int>(y(r));
    auto it = std::find(g.labels.begin(), g.labels.end(), label);
    if (it == g.labels.end()) {
      g.labels.push_back(label);
      g.counts.push_back(0);
      it = g.labels.end() - 1;
    }
    const auto k = static_cast<std::size_t>(it - g.labels.begin());
    ++g.counts[k];
    g.classOf[static_cast<std::size_t>(r)] = static_cast<int>(k);
  }
  // LIBSVM: a −1/+1 problem seen in that order is swapped so that +1 is the positive class.
  if (g.labels.size() == 2 && g.labels[0] == -1 && g.labels[1] == 1) {
    std::swap(g.labels[0], g.labels[1]);
    std::swap(g.counts[0], g.counts[1]);
    for (int& k : g.classOf) k = 1 - k;
  }
  return g;
}

Vector BinarySubproblem::labels() const {
  Vector y(size());
  y.head(countA).setOnes();
  y.tail(size() - countA).setConstant(-1.0);
  return y;
}

namespace {

template <class Samples>
DualProblem subproblemDual(const BinarySubproblem& sub, const Samples& x, const SvmParams& params) {
  const QMatrixOptions q = trainingQMatrixOptions(params, sub.size());
  if (params.type == SvmType::NuSvc)
    return nuSvcDual(selectRows(x, sub.rows), sub.labels(), params.kernel, params.nu, q);
  const double c = params.hardMargin ? std::numeric_limits<double>::infinity() : params.c;
  DualProblem dual = cSvcDual(selectRows(x, sub.rows), sub.labels(), params.kernel, c, q);
  // -wi: the box of each class's variables is its own C (solve_c_svc's get_C: Cp for y = +1,
  // Cn for y = −1); the hard margin has no box to weight.
  if (!params.hardMargin && !params.classWeights.empty()) {
    dual.upper.head(sub.countA).setConstant(weightedC(params, sub.labelA));
    dual.upper.tail(sub.size() - sub.countA).setConstant(weightedC(params, sub.labelB));
  }
  return dual;
}

}  // namespace

double weightedC(const SvmParams& params, int label) {
  double c = params.c;
  for (const ClassWeight& w : params.classWeights)
    if (w.label == label) c *= w.weight;
  return c;
}

DualProblem BinarySubproblem::dual(const Matrix& x, const SvmParams& params) const {
  return subproblemDual(*this, x, params);
}

DualProblem BinarySubproblem::dual(const SparseRows& x, const SvmParams& params) const {
  return subproblemDual(*this, x, params);
}

OneVsOne oneVsOneSubproblems(const Vector& y) {
  OneVsOne plan;
  plan.classes = groupClasses(y);
  const ClassGrouping& g = plan.classes;
  const auto k = static_cast<int>(g.labels.size());
  // Rows of each class in input order (LIBSVM's perm, cut at each class's start).
  std::vector<std::vector<Index>> members(static_cast<std::size_t>(k));
  for (Index r = 0; r < y.size(); ++r)
    members[static_cast<std::size_t>(g.classOf[static_cast<std::size_t>(r)])].push_back(r);
  for (int a = 0; a < k; ++a) {
    for (int b = a + 1; b < k; ++b) {
      const auto& rowsA = members[static_cast<std::size_t>(a)];
      const auto& rowsB = members[static_cast<std::size_t>(b)];
      BinarySubproblem sub;
      sub.classA = a;
      sub.classB = b;
      sub.labelA = g.labels[static_cast<std::size_t>(a)];
      sub.labelB = g.labels[static_cast<std::size_t>(b)];
      sub.rows = rowsA;
      sub.rows.insert(sub.rows.end(), rowsB.begin(), rowsB.end());
      sub.countA = static_cast<Index>(rowsA.size());
      plan.subproblems.push_back(std::move(sub));
    }
  }
  return plan;
}

Matrix selectRows(const Matrix& x, const std::vector<Index>& rows) {
  Matrix out(static_cast<Index>(rows.size()), x.cols());
  for (std::size_t r = 0; r < rows.size(); ++r) out.row(static_cast<Index>(r)) = x.row(rows[r]);
  return out;
}

SparseRows selectRows(const SparseRows& x, const std::vector<Index>& rows) {
  SparseRows out;
  std::size_t entries = 0;
  for (Index r : rows) entries += static_cast<std::size_t>(x.row(r).size);
  out.reserve(rows.size(), entries);
  for (Index r : rows) out.appendRow(x.row(r));
  out.setDimensionAtLeast(x.dimension());
  return out;
}

}  // namespace kpg
