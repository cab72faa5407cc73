#pragma once
// Formula strings for the tutorial pages: "5α₁ + 2α₂ − 2", "(1, 1/2)". Internal to the tutorials.

#include "tutorials/exact_linear_algebra.hpp"

#include <string>
#include <utility>
#include <vector>

namespace kpg::formula {

// "α₁"
std::string alpha(std::size_t index);  // 0-based index → α with 1-based subscript
// "x₃"
std::string point(std::size_t index);

// Σ coefficientᵢ·termᵢ with signs as " + " / " − ", unit coefficients omitted, zero terms dropped;
// an empty term is a constant. "0" when everything vanishes.
std::string linear(const std::vector<std::pair<Rational, std::string>>& terms);

// "(1, 3)" with fractions.
std::string vector(const RationalVector& v);

// "-3/2" → "−3/2" (typographic minus for formula lines; values keep ASCII '-').
std::string number(const Rational& value);

}  // namespace kpg::formula
