#pragma once
// The file toolbar: one row at the top of the canvas column, at the same
// place in every mode: Share (copies the link), Save session, Open session, Import data, and
// Export ▾ (PNG figure, LIBSVM model, data as CSV or LIBSVM). When the canvas shows imported data
// a second row names the file and lets the student pick the two features shown and the two
// classes the lab steps (io/data_import.hpp). The buttons ask the page for the browser-only
// part (file picker, download, clipboard: web/page/files.js) through js_bridge; the
// logic is in io/data_import, data_export and file_actions (kpg_app_logic, tested natively).
//
// Its messages ("link copied", an import's file:line error) are the toolbar's own, not lab
// notices: a refused file leaves kpg.state() exactly as it was.

#include "app_state.hpp"
#include "panels/panels.hpp"

#include <imgui.h>

#include <string>
#include <utility>
#include <vector>

namespace kpg::app {

// The toolbar's state (FilesUi, panels.hpp) lives in UiState: main.cpp's view.
FilesUi& filesUi();

// Takes the toolbar's rows from the top of the canvas column (after tutorialLayout).
void fileToolbarLayout(const AppState& state, Layout& layout);
void drawFileToolbar(AppState& state, UiState& ui);
// The import dialog (issue 31): while a CSV file is held (AppState::importPreview), a modal
// "Import iris.csv" with its first rows, the label column marked and chosen there, what the lab
// will get, and Import / Cancel. Its items are marked (markItem): "import-label",
// "import-label/N", "import-confirm", "import-cancel".
void drawImportDialog(AppState& state, UiState& ui);

// A message under the toolbar: errors stay until dismissed or replaced, others fade.
void showFilesMessage(FilesMessageKind kind, std::string text);

// The canvas as a figure (Export PNG), rendered offscreen at `scale` × its CSS size: the canvas
// window's own draw list of the last frame (the decision field image, axes with ticks, points,
// the legend strip under the plot), plus a colour bar for f(x) on the right, through the same
// ImGui OpenGL renderer into a framebuffer object. RGBA rows top first.
struct Figure {
  std::string error;
  int width = 0, height = 0;  // device pixels of the image
  float cssWidth = 0, cssHeight = 0;
  ImVec4 plot;  // the plot rectangle within the figure, CSS pixels (x0, y0, x1, y1)
  std::vector<unsigned char> rgba;
};
Figure renderFigure(const AppState& state, const UiState& ui, float scale);

}  // namespace kpg::app
