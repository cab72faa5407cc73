// The colour bar of f(x) (colour_bar.hpp).

#include "panels/colour_bar.hpp"

#include "panels/plot.hpp"

#include <cmath>
#include <string>

namespace kpg::app {
namespace {

ImVec4 mixColour(ImVec4 a, ImVec4 b, float t) {
  return ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1);
}

}  // namespace

// shaders/field_colour.frag's tint of f: pale, towards the class colour of sign(f).
ImU32 fieldColour(double f) {
  const float strength = 0.85f * (1.0f - std::exp(-0.9f * static_cast<float>(std::abs(f))));
  const ImVec4 tint = ImGui::ColorConvertU32ToFloat4(f >= 0 ? plot::kPositive : plot::kNegative);
  const ImVec4 white(1, 1, 1, 1);
  return ImGui::ColorConvertFloat4ToU32(mixColour(white, mixColour(white, tint, 0.55f), strength));
}

// The colour bar: f from −3 to 3, the boundary f = 0 and the margins f = ±1 marked as on the
// canvas.
void drawColourBar(ImDrawList* draw, ImVec2 min, ImVec2 max) {
  const float lh = ImGui::GetFontSize();
  const ImVec2 top(min.x + 10, min.y + lh + 10);
  const ImVec2 bottom(min.x + 26, max.y - lh - 10);
  const float height = bottom.y - top.y;
  if (height < 40) return;
  constexpr double fMax = 3;
  const auto yOf = [&](double f) {
    return top.y + static_cast<float>((fMax - f) / (2 * fMax)) * height;
  };
  const int slices = 120;
  for (int k = 0; k < slices; ++k) {
    const double f0 = fMax - 2 * fMax * k / slices, f1 = fMax - 2 * fMax * (k + 1) / slices;
    draw->AddRectFilled(ImVec2(top.x, yOf(f0)), ImVec2(bottom.x, yOf(f1) + 0.5f),
                        fieldColour(0.5 * (f0 + f1)));
  }
  draw->AddRect(top, bottom, plot::kInk, 0, 0, 1.0f);
  draw->AddLine(ImVec2(top.x, yOf(0)), ImVec2(bottom.x, yOf(0)), plot::kInk, 2.2f);
  draw->AddLine(ImVec2(top.x, yOf(1)), ImVec2(bottom.x, yOf(1)), plot::kPositive, 1.6f);
  draw->AddLine(ImVec2(top.x, yOf(-1)), ImVec2(bottom.x, yOf(-1)), plot::kNegative, 1.6f);
  for (int f = -3; f <= 3; ++f) {
    const float y = yOf(f);
    draw->AddLine(ImVec2(bottom.x, y), ImVec2(bottom.x + 4, y), plot::kInk, 1.0f);
    const std::string text = f > 0   ? "+" + std::to_string(f)
                             : f < 0 ? "−" + std::to_string(-f)
                                     : "0";
    draw->AddText(ImVec2(bottom.x + 7, y - lh / 2), plot::kInk, text.c_str());
  }
  draw->AddText(ImVec2(min.x + 6, min.y + 4), plot::kInk, "f(x)");
  draw->AddText(ImVec2(min.x + 6, max.y - lh - 4), plot::kMuted, "|f| > 3");
}

}  // namespace kpg::app
