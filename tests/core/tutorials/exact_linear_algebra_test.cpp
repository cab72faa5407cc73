#include "tutorials/exact_linear_algebra.hpp"

#include <catch2/catch.hpp>

using kpg::Rational;
using kpg::RationalMatrix;
using kpg::RationalVector;
using kpg::SolveStatus;

namespace {

// The points of course-notes 001 Question 7: x₁ = (1, 3), x₂ = (2, 1) labelled +1, x₃ = (0, 1)
// labelled −1.
const std::vector<RationalVector> kPoints = {{1, 3}, {2, 1}, {0, 1}};
const std::vector<int> kLabels = {1, 1, -1};

}  // namespace

TEST_CASE("Exact linear algebra: vector arithmetic stays exact", "[tutorials]") {
  const RationalVector a{Rational(1), Rational(1, 2)};
  const RationalVector b{Rational(2), Rational(4)};
  CHECK(kpg::dot(a, b) == Rational(4));  // 1·2 + (1/2)·4
  CHECK(kpg::dot(RationalVector{Rational(1, 3)}, RationalVector{Rational(3, 7)}) == Rational(1, 7));
  CHECK(a + b == RationalVector{Rational(3), Rational(9, 2)});
  CHECK(a - b == RationalVector{Rational(-1), Rational(-7, 2)});
  CHECK(Rational(-2, 3) * b == RationalVector{Rational(-4, 3), Rational(-8, 3)});
  // A shorter right operand counts as zeros; the result has the left operand's length.
  CHECK(a + RationalVector{Rational(1)} == RationalVector{Rational(2), Rational(1, 2)});
  CHECK(kpg::allExact(a));
  CHECK_FALSE(kpg::allExact(RationalVector{Rational(1), Rational::approximate(0.5)}));
}

TEST_CASE("Exact linear algebra: the hand-solved SVM's system gives alpha = (1/4, 3/8, 5/8)",
          "[tutorials]") {
  // Q_ij = y_i y_j <x_i, x_j>, the matrix 001 writes out: [[10, 5, -3], [5, 5, -1], [-3, -1, 1]].
  RationalMatrix q(3, RationalVector(3));
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      q[i][j] = Rational(kLabels[i] * kLabels[j]) * kpg::dot(kPoints[i], kPoints[j]);
    }
  }
  CHECK(kpg::formatMatrix(q) == "[[10, 5, -3], [5, 5, -1], [-3, -1, 1]]");

  // Every point on its margin: y_i f(x_i) = 1, i.e. Σ_j Q_ij α_j + y_i b = 1, and Σ y_i α_i = 0.
  // Unknowns (α₁, α₂, α₃, b). Solved by hand: α = (1/4, 3/8, 5/8), w = (1, 1/2), b = −3/2.
  RationalMatrix a(4, RationalVector(4));
  RationalVector rhs(4, Rational(1));
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) a[i][j] = q[i][j];
    a[i][3] = Rational(kLabels[i]);
    a[3][i] = Rational(kLabels[i]);
  }
  a[3][3] = Rational(0);
  rhs[3] = Rational(0);
  const kpg::LinearSolution s = kpg::solveLinearSystem(a, rhs);
  REQUIRE(s.status == SolveStatus::Unique);
  CHECK(s.x == RationalVector{Rational(1, 4), Rational(3, 8), Rational(5, 8), Rational(-3, 2)});
  CHECK(kpg::allExact(s.x));
  CHECK(kpg::formatVector(s.x) == "(1/4, 3/8, 5/8, -3/2)");

  // w = Σ α_i y_i x_i = (1, 1/2).
  RationalVector w{Rational(0), Rational(0)};
  for (std::size_t i = 0; i < 3; ++i) w = w + Rational(kLabels[i]) * s.x[i] * kPoints[i];
  CHECK(kpg::formatVector(w) == "(1, 1/2)");
}

TEST_CASE("Exact linear algebra: singular systems are underdetermined or inconsistent",
          "[tutorials]") {
  const RationalMatrix a{{Rational(1), Rational(2)}, {Rational(2), Rational(4)}};
  // x + 2y = 3 twice over: a line of solutions; the free unknown y is set to 0.
  const auto line = kpg::solveLinearSystem(a, {Rational(3), Rational(6)});
  CHECK(line.status == SolveStatus::Underdetermined);
  CHECK(line.x == RationalVector{Rational(3), Rational(0)});
  // x + 2y = 3 and 2x + 4y = 7: no solution.
  const auto none = kpg::solveLinearSystem(a, {Rational(3), Rational(7)});
  CHECK(none.status == SolveStatus::Inconsistent);
  CHECK(none.x.empty());
  // The zero matrix with a zero right-hand side: every x solves it.
  const RationalMatrix zero{{Rational(0), Rational(0)}, {Rational(0), Rational(0)}};
  const auto all = kpg::solveLinearSystem(zero, {Rational(0), Rational(0)});
  CHECK(all.status == SolveStatus::Underdetermined);
  CHECK(all.x == RationalVector{Rational(0), Rational(0)});
}

TEST_CASE("Exact linear algebra: a zero pivot is swapped; more equations than unknowns",
          "[tutorials]") {
  // [[0, 1], [1, 0]] (x, y) = (2, 3): the first pivot is 0, so the rows are swapped.
  const auto swapped = kpg::solveLinearSystem(
      {{Rational(0), Rational(1)}, {Rational(1), Rational(0)}}, {Rational(2), Rational(3)});
  CHECK(swapped.status == SolveStatus::Unique);
  CHECK(swapped.x == RationalVector{Rational(3), Rational(2)});
  // x + y = 3, x − y = 1, 2x = 4: three consistent equations, (2, 1).
  const RationalMatrix tall{
      {Rational(1), Rational(1)}, {Rational(1), Rational(-1)}, {Rational(2), Rational(0)}};
  const auto consistent = kpg::solveLinearSystem(tall, {Rational(3), Rational(1), Rational(4)});
  CHECK(consistent.status == SolveStatus::Unique);
  CHECK(consistent.x == RationalVector{Rational(2), Rational(1)});
  // Change the third to 2x = 5: inconsistent.
  const auto clash = kpg::solveLinearSystem(tall, {Rational(3), Rational(1), Rational(5)});
  CHECK(clash.status == SolveStatus::Inconsistent);
  // 3x = 1 is 1/3 exactly, not 0.333….
  const auto third = kpg::solveLinearSystem({{Rational(3)}}, {Rational(1)});
  CHECK(third.x.at(0).toString() == "1/3");
}

TEST_CASE("Exact linear algebra: inexact entries solve in double with partial pivoting",
          "[tutorials]") {
  // [[√2, 1], [1, 1]] (x, y) = (√2 + 1, 2) has the solution (1, 1).
  const double root2 = 1.4142135623730951;
  const RationalMatrix a{{Rational::approximate(root2), Rational(1)}, {Rational(1), Rational(1)}};
  CHECK_FALSE(kpg::allExact(a));
  const auto s = kpg::solveLinearSystem(a, {Rational::approximate(root2 + 1), Rational(2)});
  REQUIRE(s.status == SolveStatus::Unique);
  CHECK(s.x[0].toDouble() == Approx(1.0).epsilon(1e-12));
  CHECK(s.x[1].toDouble() == Approx(1.0).epsilon(1e-12));
  // In double, "singular" means a pivot below 1e-12 of the largest entry: [[1, 1], [1, 1 + 1e-15]]
  // is treated as rank one.
  const RationalMatrix nearlySingular{{Rational::approximate(1.0), Rational(1)},
                                      {Rational(1), Rational::approximate(1.0 + 1e-15)}};
  const auto r = kpg::solveLinearSystem(nearlySingular, {Rational(2), Rational(2)});
  CHECK(r.status == SolveStatus::Underdetermined);
}

TEST_CASE("Exact linear algebra: vectors and matrices print as the notes write them",
          "[tutorials]") {
  CHECK(kpg::formatVector({}) == "()");
  CHECK(kpg::formatVector({Rational(-3, 2)}) == "(-3/2)");
  CHECK(kpg::formatMatrix({}) == "[]");
  CHECK(kpg::formatMatrix({{Rational(1, 2), Rational(0)}, {Rational(0), Rational(2)}}) ==
        "[[1/2, 0], [0, 2]]");
  CHECK(kpg::formatVector({Rational::approximate(0.5)}) == "(≈0.5)");
}
