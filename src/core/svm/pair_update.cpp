#include "svm/pair_update.hpp"

#include <algorithm>
#include <limits>

namespace kpg {

PairUpdate solvePairUpdate(const PairInput& in, double tau) {
  PairUpdate out;
  out.eta = in.qii + in.qjj - 2.0 * in.yi * in.yj * in.qij;
  double eta = out.eta;
  if (eta <= 0) {
    eta = tau;
    out.tauUsed = true;
  }
  const double slope = in.yi * in.gradientI - in.yj * in.gradientJ;
  out.unclippedStep = -slope / eta;

  // α_i + y_i t ∈ [A_i, B_i] and α_j − y_j t ∈ [A_j, B_j], each an interval of t. Written so
  // that an infinite B gives ±∞ and never ∞ − ∞ (α is finite).
  const double iLow = in.yi > 0 ? in.lowerI - in.alphaI : in.alphaI - in.upperI;
  const double iHigh = in.yi > 0 ? in.upperI - in.alphaI : in.alphaI - in.lowerI;
  const double jLow = in.yj > 0 ? in.alphaJ - in.upperJ : in.lowerJ - in.alphaJ;
  const double jHigh = in.yj > 0 ? in.alphaJ - in.lowerJ : in.upperJ - in.alphaJ;
  out.lower = std::max(iLow, jLow);
  out.upper = std::min(iHigh, jHigh);
  const double t = std::clamp(out.unclippedStep, out.lower, out.upper);
  out.step = t;

  out.alphaI = in.alphaI + in.yi * t;
  out.alphaJ = in.alphaJ - in.yj * t;
  // Snap the variable(s) that define the end of the segment reached.
  if (t == iLow) out.alphaI = in.yi > 0 ? in.lowerI : in.upperI;
  if (t == iHigh) out.alphaI = in.yi > 0 ? in.upperI : in.lowerI;
  if (t == jLow) out.alphaJ = in.yj > 0 ? in.upperJ : in.lowerJ;
  if (t == jHigh) out.alphaJ = in.yj > 0 ? in.lowerJ : in.upperJ;
  out.objectiveChange = t * slope + 0.5 * out.eta * t * t;
  return out;
}

bool unboundedAlongPair(const PairUpdate& update) {
  if (!update.tauUsed) return false;
  if (update.unclippedStep > 0) return update.upper == std::numeric_limits<double>::infinity();
  if (update.unclippedStep < 0) return update.lower == -std::numeric_limits<double>::infinity();
  return false;
}

double courseLambda(double gi, double gj, double eta, double alphaI, double upperI, double alphaJ,
                    double lowerJ) {
  return std::min({(gi - gj) / eta, upperI - alphaI, alphaJ - lowerJ});
}

void updateGradient(Vector& gradient, const Vector& qColumnI, double deltaI, const Vector& qColumnJ,
                    double deltaJ) {
  updateGradient(gradient.data(), qColumnI.data(), deltaI, qColumnJ.data(), deltaJ,
                 gradient.size());
}

template <class ColumnScalar>
void updateGradient(double* gradient, const ColumnScalar* qColumnI, double deltaI,
                    const ColumnScalar* qColumnJ, double deltaJ, Index count) {
  // G_k += Q_ki Δα_i + Q_kj Δα_j, grouped as LIBSVM's loop (the same bits as Eigen's
  // G += Δα_i Q_:i + Δα_j Q_:j, which this replaced).
  for (Index k = 0; k < count; ++k)
    gradient[k] = updatedGradientEntry(gradient[k], qColumnI[k], deltaI, qColumnJ[k], deltaJ);
}

template void updateGradient<double>(double*, const double*, double, const double*, double, Index);
template void updateGradient<float>(double*, const float*, double, const float*, double, Index);

}  // namespace kpg
