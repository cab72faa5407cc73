#pragma once
// Small dense linear algebra over Rational for the worked examples: the systems are 2×2 to ~10×10
// (one unknown per training point), so plain Gauss–Jordan elimination is enough. Exact when every
// entry is exact and nothing overflows; otherwise the same code runs in double (Rational's
// inexact mode), with a relative pivot tolerance.

#include "tutorials/rational.hpp"

#include <string>
#include <vector>

namespace kpg {

using RationalVector = std::vector<Rational>;
using RationalMatrix = std::vector<RationalVector>;  // row-major

Rational dot(const RationalVector& a, const RationalVector& b);
RationalVector operator+(const RationalVector& a, const RationalVector& b);
RationalVector operator-(const RationalVector& a, const RationalVector& b);
RationalVector operator*(const Rational& s, const RationalVector& v);
bool allExact(const RationalVector& v);
bool allExact(const RationalMatrix& m);

enum class SolveStatus {
  Unique,           // one solution
  Underdetermined,  // consistent but singular: infinitely many solutions (one is returned, free
                    // unknowns set to 0)
  Inconsistent,     // no solution
};

struct LinearSolution {
  SolveStatus status = SolveStatus::Inconsistent;
  RationalVector x;
};

// Solves A·x = b (A square or not; rows = equations).
LinearSolution solveLinearSystem(const RationalMatrix& a, const RationalVector& b);

// "(1, 1/2)"
std::string formatVector(const RationalVector& v);
// "[[10, 5, -3], [5, 5, -1], [-3, -1, 1]]"
std::string formatMatrix(const RationalMatrix& m);

}  // namespace kpg
