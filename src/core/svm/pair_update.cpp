#include "svm/pair_update.hpp"

#include <algorithm>

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

double courseLambda(double gi, double gj, double eta, double alphaI, double upperI, double alphaJ,
                    double lowerJ) {
  return std::min({(gi - gj) / eta, upperI - alphaI, alphaJ - lowerJ});
}

void updateGradient(Vector& gradient, const Vector& qColumnI, double deltaI, const Vector& qColumnJ,
                    double deltaJ) {
  gradient += deltaI * qColumnI + deltaJ * qColumnJ;
}

}  // namespace kpg
