#include "svm/svm_model.hpp"

#include "svm/sparse_kernel.hpp"

#include <algorithm>
#include <cmath>

namespace kpg {

namespace {

// k(sv_s, x) for the dense support vectors, where x has any length and `xExtraSquared` is ‖·‖² of
// features of x the caller left out (beyond the model's dimension). LIBSVM's sparse semantics:
// the shorter side is read as padded with zeros, so the common head is compared and each tail
// adds its squared norm to ‖sv − x‖² and nothing to sv·x. No padded copy is made: a test point with
// index 1 000 000 against a 13-feature model costs 13 products a support vector (F4).
Vector denseKernelColumn(const SvmModel& model, const VectorRef& x, double xExtraSquared) {
  const Matrix& sv = model.supportVectors;
  if (model.precomputedKernel) {
    Vector k(sv.rows());
    for (Index s = 0; s < sv.rows(); ++s) k(s) = precomputedKernelValue(sv(s, 0), x);
    return k;
  }
  const Index total = sv.rows();
  const Index d = sv.cols();
  const Index m = std::min(d, x.size());
  const double xTail = xExtraSquared + (x.size() > m ? x.tail(x.size() - m).squaredNorm() : 0.0);
  Vector k(total);
  for (Index s = 0; s < total; ++s) {
    if (d == x.size() && d > 0 && xTail == 0.0) {
      k(s) = kernelValue(model.kernel, sv.row(s).transpose(), x);
      continue;
    }
    // F7: with d = 0, sv.row(s) would offset the matrix's null data pointer; only blocks of
    // positive size are formed here.
    double dot = 0;
    double distance = xTail;
    if (m > 0) {
      const Vector head = sv.row(s).head(m).transpose();
      dot = head.dot(x.head(m));
      distance += (head - x.head(m)).squaredNorm();
    }
    if (d > m) distance += sv.row(s).tail(d - m).squaredNorm();
    k(s) = kernelFromProducts(model.kernel, dot, distance);
  }
  return k;
}

Vector sparseKernelColumn(const SvmModel& model, const SparseRowView& x) {
  const Index total = model.sparseSupportVectors.rows();
  Vector k(total);
  if (model.precomputedKernel) {
    for (Index s = 0; s < total; ++s) {
      const SparseRowView sv = model.sparseSupportVectors.row(s);
      k(s) = precomputedKernelValue(sv.size > 0 && sv.columns[0] == 0 ? sv.values[0] : 0.0, x);
    }
    return k;
  }
  for (Index s = 0; s < total; ++s)
    k(s) = kernelValue(model.kernel, model.sparseSupportVectors.row(s), x);
  return k;
}

// Σ coef k − rho per one-vs-one pair (svm_model.hpp), from k(sv_s, x) for every s.
Vector combine(const SvmModel& model, const Vector& k) {
  const Index total = k.size();
  if (!isClassification(model.type)) {
    Vector out(1);
    out(0) = (total > 0 ? model.coefficients.row(0).dot(k) : 0.0) - model.rho(0);
    return out;
  }
  const int classes = model.classCount;
  std::vector<Index> start(static_cast<std::size_t>(classes), 0);
  for (int c = 1; c < classes; ++c) {
    start[static_cast<std::size_t>(c)] = start[static_cast<std::size_t>(c - 1)] +
                                         model.supportCounts[static_cast<std::size_t>(c - 1)];
  }
  Vector out(classes * (classes - 1) / 2);
  Index p = 0;
  for (int a = 0; a < classes; ++a) {
    for (int b = a + 1; b < classes; ++b) {
      double sum = 0;
      const Index sa = start[static_cast<std::size_t>(a)];
      const Index sb = start[static_cast<std::size_t>(b)];
      for (Index t = 0; t < model.supportCounts[static_cast<std::size_t>(a)]; ++t)
        sum += model.coefficients(b - 1, sa + t) * k(sa + t);
      for (Index t = 0; t < model.supportCounts[static_cast<std::size_t>(b)]; ++t)
        sum += model.coefficients(a, sb + t) * k(sb + t);
      out(p) = sum - model.rho(p);
      ++p;
    }
  }
  return out;
}

}  // namespace

double precomputedKernelValue(double serial, const VectorRef& x) {
  const double column = std::floor(serial);
  if (!(column >= 0) || column >= static_cast<double>(x.size())) return 0.0;
  return x(static_cast<Index>(column));
}

double precomputedKernelValue(double serial, const SparseRowView& x) {
  const double column = std::floor(serial);
  if (!(column >= 0) || column > 2147483647.0) return 0.0;
  const int wanted = static_cast<int>(column);
  for (Index k = 0; k < x.size; ++k)
    if (x.columns[k] == wanted) return x.values[k];
  return 0.0;
}

Vector decisionValues(const SvmModel& model, const VectorRef& x) {
  if (!model.isSparse()) return combine(model, denseKernelColumn(model, x, 0.0));
  SparseRow row;
  for (Index j = 0; j < x.size(); ++j)
    if (x(j) != 0.0) row.push(static_cast<int>(j), x(j));
  return combine(model, sparseKernelColumn(model, row.view()));
}

Vector decisionValues(const SvmModel& model, const SparseRowView& x) {
  if (model.isSparse()) return combine(model, sparseKernelColumn(model, x));
  if (model.precomputedKernel) {
    // The serial numbers index x itself: no dense head of the model's one column.
    const Matrix& sv = model.supportVectors;
    Vector k(sv.rows());
    for (Index s = 0; s < sv.rows(); ++s) k(s) = precomputedKernelValue(sv(s, 0), x);
    return combine(model, k);
  }
  // A dense model: x's features within the model's dimension scattered into a dense head (the
  // model's size, not x's largest index), the rest only counted in ‖x‖².
  const Index d = model.supportVectors.cols();
  Vector head = Vector::Zero(d);
  double extra = 0;
  for (Index k = 0; k < x.size; ++k) {
    if (x.columns[k] < d) {
      head(x.columns[k]) = x.values[k];
    } else {
      extra += x.values[k] * x.values[k];
    }
  }
  return combine(model, denseKernelColumn(model, head, extra));
}

double predictFromDecisionValues(const SvmModel& model, const Vector& values) {
  if (isRegression(model.type)) return values(0);
  if (model.type == SvmType::OneClass) return values(0) > 0 ? 1.0 : -1.0;
  const int classes = model.classCount;
  if (classes <= 0 || model.labels.empty()) return 0.0;
  std::vector<int> votes(static_cast<std::size_t>(classes), 0);
  Index p = 0;
  for (int a = 0; a < classes; ++a) {
    for (int b = a + 1; b < classes; ++b) {
      ++votes[static_cast<std::size_t>(values(p) > 0 ? a : b)];
      ++p;
    }
  }
  int best = 0;
  for (int c = 1; c < classes; ++c) {
    if (votes[static_cast<std::size_t>(c)] > votes[static_cast<std::size_t>(best)]) best = c;
  }
  return model.labels[static_cast<std::size_t>(best)];
}

double predict(const SvmModel& model, const VectorRef& x) {
  return predictFromDecisionValues(model, decisionValues(model, x));
}

double predict(const SvmModel& model, const SparseRowView& x) {
  return predictFromDecisionValues(model, decisionValues(model, x));
}

Vector predictRows(const SvmModel& model, const Matrix& x) {
  Vector out(x.rows());
  for (Index r = 0; r < x.rows(); ++r) out(r) = predict(model, Vector(x.row(r).transpose()));
  return out;
}

}  // namespace kpg
