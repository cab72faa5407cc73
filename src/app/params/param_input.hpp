#pragma once
// Setting a number on screen, without ImGui so that tests/app checks it:
//
// - A parameter's slider moves over a ladder of "nice" values. Where the range spans decades (γ,
//   C, eps, μ, the perceptron's η, SMO's speed) the ladder is logarithmic, ten rungs a decade
//   (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ), so a pixel of drag is the same *ratio* everywhere
//   and the values the student lands on are the ones she would type ("γ = 0.5, C = 100"). A
//   linear range (r, the tube ε, noise) moves by a fixed step. Arrow keys move one rung.
// - A typed value is read with the core's decimal reader (data/number_text.hpp: '.' as radix in
//   every locale, no nan/inf), refused with a message naming the range when it is not a number
//   (or not whole where a whole number is needed), and clamped into the range with a message
//   when it lies outside. A typed value never becomes NaN (docs/bad-inputs.md W15).
// - Points are numbered from 1 on screen, as the notes do (α₁, α₂, α₃ in course-notes 001 Q7);
//   indices in the code, in sessions and in window.kpg.state() stay 0-based.

#include "kernels/kernel.hpp"  // Index

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

struct ParamRange {
  const char* symbol = "";  // the course's name of the parameter: "γ", "C", "eps", "N"
  double min = 0;           // a typed value is accepted within [min, max]
  double max = 1;
  bool logarithmic = false;  // the ladder: ten nice values a decade (its low end > 0), else `step`
  double step = 0.1;         // linear ladder: low end, + step, …, high end
  bool integer = false;      // typed values must be whole numbers
  // The slider's span, inside [min, max] (NaN: [min, max]); the parameter table's rows set it
  // (params/parameter_table.hpp), so that a typed value may go where window.kpg may.
  double sliderMin = NAN;
  double sliderMax = NAN;
};

// The slider's rungs, ascending, min and max included (at most a few hundred).
std::vector<double> sliderLadder(const ParamRange& range);
// The rung nearest `value` (in ratio on a logarithmic ladder), for the slider's position.
int ladderPosition(const std::vector<double>& ladder, const ParamRange& range, double value);

// A typed value: accepted (maybe clamped, with `message` saying so) or refused (`ok` false,
// `message` says what to type; the parameter keeps its value).
struct TypedValue {
  bool ok = false;
  bool clamped = false;
  double value = 0;
  std::string message;
};
TypedValue parseTypedValue(const ParamRange& range, std::string_view text);

// A bound as a person writes it: 0.001, 5000, 1e-6, 1e6 (formatDisplay's six digits, without
// the exponent's sign and padding: 1e-06 and 1e+06 read as noise).
std::string boundText(double value);

// "0.001 to 1000", "0 to 1e6" (boundText), the range as the messages state it.
std::string rangeText(const ParamRange& range);

// The number a person reads for point index i (0-based inside): i + 1.
inline long long pointNumber(Index i) {
  return static_cast<long long>(i) + 1;
}

}  // namespace kpg::app
