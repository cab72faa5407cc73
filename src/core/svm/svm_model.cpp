#include "svm/svm_model.hpp"

#include <algorithm>

namespace kpg {

namespace {

// k(a, b) with LIBSVM's sparse semantics when the lengths differ: the shorter vector is read as
// padded with zeros.
double kernelValueAnyLength(const KernelParams& kernel, const VectorRef& a, const VectorRef& b) {
  if (a.size() == b.size()) return kernelValue(kernel, a, b);
  const Index d = std::max(a.size(), b.size());
  Vector pa = Vector::Zero(d);
  Vector pb = Vector::Zero(d);
  pa.head(a.size()) = a;
  pb.head(b.size()) = b;
  return kernelValue(kernel, pa, pb);
}

}  // namespace

Vector decisionValues(const SvmModel& model, const VectorRef& x) {
  const Index total = model.supportVectorCount();
  Vector k(total);
  for (Index s = 0; s < total; ++s) {
    k(s) = kernelValueAnyLength(model.kernel, model.supportVectors.row(s).transpose(), x);
  }
  if (model.type == SvmType::EpsilonSvr) {
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

double predict(const SvmModel& model, const VectorRef& x) {
  const Vector values = decisionValues(model, x);
  if (model.type == SvmType::EpsilonSvr) return values(0);
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

Vector predictRows(const SvmModel& model, const Matrix& x) {
  Vector out(x.rows());
  for (Index r = 0; r < x.rows(); ++r) out(r) = predict(model, Vector(x.row(r).transpose()));
  return out;
}

}  // namespace kpg
