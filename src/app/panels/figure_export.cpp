// Export PNG: the canvas as a clean figure, rendered offscreen at 2×.
//
// In the feature space the 3-D view's window (drawn beside the canvas on a laptop) is part of the
// figure too: the canvas with the planes' trace on the left, the lifted points and planes on the
// right, as on screen.
//
// What is drawn: the canvas window's draw list of the last frame (the decision field image that
// render/ drew on the GPU, the grid with tick labels, the points with their SV markers, the
// legend strip under the plot) and a colour bar for f(x) added on the right, with the same map as
// shaders/field_colour.frag. It goes through the same renderer as the screen
// (ImGui_ImplOpenGL3_RenderDrawData) into a framebuffer object of scale × the figure's CSS size,
// with the projection placed on the figure's rectangle, so nothing of the other windows (panels,
// tooltips, the toolbar) is in it. Limits: the field image is the one on screen (rendered at the
// screen's device pixels, scaled up by the GPU's linear filter), and text is the screen's font
// atlas, magnified.

#include "panels/colour_bar.hpp"
#include "panels/file_toolbar.hpp"
#include "panels/plot.hpp"

#include <GLES3/gl3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace kpg::app {
namespace {

constexpr float kBarArea = 74;  // CSS pixels right of the plot for the colour bar and its ticks

}  // namespace

Figure renderFigure(const AppState& state, const UiState& ui, float scale) {
  Figure figure;
  const bool svm = state.modes.mode == Mode::Svm;
  ImGuiWindow* window =
      ImGui::FindWindowByName(svm ? "Canvas: the data and f(x)" : "###modecanvas");
  // The other methods publish their canvas's rectangle with canvasValid false (it gates the SVM
  // field's rendering, mode_screen.cpp): their figure needs only the window drawn.
  if (!window || !window->WasActive || (svm && !ui.canvasValid) ||
      window->DrawList->CmdBuffer.empty() || ui.canvas.max.x <= ui.canvas.min.x) {
    figure.error = "the canvas is not drawn yet";
    return figure;
  }
  const bool bar = svm && state.lab.model.valid && ui.showField;
  // The figure: the plot and what the canvas window draws under it (the legend strip), and the
  // colour bar's area on the right.
  const ImVec2 plotMax = ui.canvas.max;
  ImVec2 max(plotMax.x + (bar ? kBarArea : 0),
             std::max(plotMax.y, std::min(window->InnerRect.Max.y, window->Rect().Max.y)));
  ImVec2 min = ui.canvas.min;
  // The feature space's 3-D view, when it is drawn this frame beside the canvas (not on the
  // phone's other tab).
  ImGuiWindow* side = state.modes.mode == Mode::FeatureSpace
                          ? ImGui::FindWindowByName("###featurespace3d")
                          : nullptr;
  if (side && (!side->WasActive || side->Hidden || side->DrawList->CmdBuffer.empty()))
    side = nullptr;
  if (side) {
    const ImRect r = side->InnerRect;
    min = ImVec2(std::min(min.x, r.Min.x), std::min(min.y, r.Min.y));
    max = ImVec2(std::max(max.x, r.Max.x), std::max(max.y, r.Max.y));
  }
  figure.cssWidth = max.x - min.x;
  figure.cssHeight = max.y - min.y;
  figure.plot = ImVec4(ui.canvas.min.x - min.x, ui.canvas.min.y - min.y, plotMax.x - min.x,
                       plotMax.y - min.y);
  figure.width = static_cast<int>(std::lround(figure.cssWidth * scale));
  figure.height = static_cast<int>(std::lround(figure.cssHeight * scale));
  if (figure.width < 16 || figure.height < 16 || figure.width > 8192 || figure.height > 8192) {
    figure.error = "the canvas is too small or too large for a figure";
    return figure;
  }

  // Under the canvas: white; over it (after), the colour bar's area, which covers the window's
  // padding and border right of the plot.
  ImDrawList under(ImGui::GetDrawListSharedData());
  under._ResetForNewFrame();
  under.PushClipRect(min, max);
  under.PushTextureID(ImGui::GetIO().Fonts->TexID);
  under.AddRectFilled(min, max, IM_COL32_WHITE);
  ImDrawList over(ImGui::GetDrawListSharedData());
  over._ResetForNewFrame();
  over.PushClipRect(min, max);
  over.PushTextureID(ImGui::GetIO().Fonts->TexID);
  if (bar) {
    over.AddRectFilled(ImVec2(plotMax.x, min.y), max, IM_COL32_WHITE);
    drawColourBar(&over, ImVec2(plotMax.x, min.y), ImVec2(max.x, plotMax.y));
  }
  over.AddRect(ui.canvas.min, plotMax, IM_COL32(120, 120, 120, 255), 0, 0, 1.0f);

  // The canvas window's list, its background recoloured white (the legend strip sits on it).
  const ImU32 windowBg = ImGui::GetColorU32(ImGuiCol_WindowBg);
  const auto whiteClone = [windowBg](ImGuiWindow* w) {
    ImDrawList* list = w->DrawList->CloneOutput();
    for (ImDrawVert& v : list->VtxBuffer) {
      if (v.col == windowBg) v.col = IM_COL32_WHITE;
    }
    return list;
  };
  ImDrawList* canvas = whiteClone(window);
  ImDrawList* view3d = side ? whiteClone(side) : nullptr;
  ImDrawList* lists[] = {&under, canvas, &over, view3d};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = view3d ? 4 : 3;
  for (int k = 0; k < data.CmdListsCount; ++k) {
    ImDrawList* list = lists[k];
    data.TotalVtxCount += list->VtxBuffer.Size;
    data.TotalIdxCount += list->IdxBuffer.Size;
  }
  data.DisplayPos = min;
  data.DisplaySize = ImVec2(figure.cssWidth, figure.cssHeight);
  data.FramebufferScale = ImVec2(scale, scale);

  GLuint texture = 0, framebuffer = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, figure.width, figure.height, 0, GL_RGBA,
               GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    figure.error = "the browser's WebGL could not make an offscreen framebuffer";
  } else {
    glViewport(0, 0, figure.width, figure.height);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    const auto w = static_cast<std::size_t>(figure.width);
    const auto h = static_cast<std::size_t>(figure.height);
    std::vector<unsigned char> pixels(w * h * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, figure.width, figure.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    figure.rgba.resize(pixels.size());
    for (std::size_t row = 0; row < h; ++row) {  // GL's rows start at the bottom
      std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>((h - 1 - row) * w * 4), w * 4,
                  figure.rgba.begin() + static_cast<std::ptrdiff_t>(row * w * 4));
    }
  }
  IM_DELETE(canvas);
  if (view3d) IM_DELETE(view3d);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &texture);
  return figure;
}

}  // namespace kpg::app
