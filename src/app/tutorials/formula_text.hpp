#pragma once
// The notes' formulas as a reader sees them on paper (no raw TeX on screen; subscripts and
// superscripts drawn, matrices as aligned grids). The core writes a matrix inline,
// "X′X′ᵀ = [[10, 5, -3], [5, 5, -1], [-3, -1, 1]]" (core tutorials/tutorial.hpp); the panel draws
// it as a grid of right-aligned entries between brackets. No ImGui: part of kpg_app_logic,
// tested by tests/app/formula_text_test.cpp.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

// A formula holding one matrix literal: the text before it, its rows of entries (minus signs as
// the typographic "−"), the text after it.
struct MatrixFormula {
  std::string before;
  std::vector<std::vector<std::string>> rows;
  std::string after;
};

// The first "[[…], […]]" of `text` with at least one row, every row of the same length; nullopt
// when there is none (or it is not rectangular).
std::optional<MatrixFormula> splitMatrix(std::string_view text);

// Hyphens used as minus signs ("-3/4", "2 - √5", "x = -1") written as "−"; a hyphen between
// letters ("x-axis", "one-vs-one") stays.
std::string minusSigns(std::string_view text);

// A value's name as the notes write it: "alpha_1" → "α₁", "K_12" → "K₁₂",
// "f_coefficient_x1^2" → "f coefficient x₁²", "step_3_i" → "step 3 i".
std::string mathName(const std::string& name);

}  // namespace kpg::app
