// The file toolbar's side of window.kpg (panels/file_toolbar.hpp; web/page/files.js):
// the toolbar's rectangles and message for tests, feedback from the page ("link copied", an
// import's error), the key the address bar follows, and the offscreen figure for Export PNG.

#include "app_state.hpp"
#include "data/json_text.hpp"
#include "js_bridge.hpp"
#include "panels/file_toolbar.hpp"

#include <emscripten.h>

#include <string>

extern "C" {

// {"rects": {"share": [x0, y0, x1, y1], ...} (CSS pixels of the page), "message", "messageKind"
// ("info"|"copied"|"error"), "typing": ImGui has a text field focused}.
EMSCRIPTEN_KEEPALIVE const char* kpg_files_ui_json() {
  using kpg::jsonNumber;
  using kpg::jsonQuote;
  const kpg::app::FilesUi& f = kpg::app::filesUi();
  std::string out = "{\"rects\":{";
  bool first = true;
  for (const auto& [name, r] : f.rects) {
    out += (first ? "" : ",") + jsonQuote(name) + ":[" + jsonNumber(r.x) + "," + jsonNumber(r.y) +
           "," + jsonNumber(r.z) + "," + jsonNumber(r.w) + "]";
    first = false;
  }
  const char* kind = f.messageKind == kpg::app::FilesMessageKind::Error    ? "error"
                     : f.messageKind == kpg::app::FilesMessageKind::Copied ? "copied"
                                                                           : "info";
  out += "},\"message\":" + jsonQuote(f.message) + ",\"messageKind\":\"" + kind +
         "\",\"typing\":" + (f.typing ? "true" : "false") + "}";
  return kpg::app::returnedText(std::move(out));
}

// The page's word for the toolbar: kind 0 info, 1 "link copied", 3 error.
EMSCRIPTEN_KEEPALIVE void kpg_files_message(int kind, const char* text) {
  using kpg::app::FilesMessageKind;
  kpg::app::requestFrame(kpg::app::mutableState());  // render on change: the message shows
  kpg::app::showFilesMessage(kind == 3   ? FilesMessageKind::Error
                             : kind == 1 ? FilesMessageKind::Copied
                                         : FilesMessageKind::Info,
                             text ? text : "");
}

// What the share link depends on, cheap to compute: the page's address-bar follower compares it
// every few hundred ms and writes the link 500 ms after it stops changing.
EMSCRIPTEN_KEEPALIVE const char* kpg_link_key() {
  const kpg::app::AppState& app = kpg::app::currentState();
  const kpg::app::LabState& lab = app.lab;
  using kpg::jsonNumber;
  return kpg::app::returnedText(
      std::to_string(lab.problemRevision) + "|" + std::to_string(lab.stepCount()) + "|" +
      jsonNumber(lab.view.xMin) + "," + jsonNumber(lab.view.xMax) + "," +
      jsonNumber(lab.view.yMin) + "," + jsonNumber(lab.view.yMax) + "|" +
      jsonNumber(lab.playback.stepsPerSecond) + "|" + lab.presetName + "|" +
      std::string(kpg::app::modeName(app.modes.mode)) + "|" +
      (app.tutorial.open ? app.tutorial.id + ":" + std::to_string(app.tutorial.page())
                         : std::string("-")) +
      "|" + kpg::writeJson(kpg::app::pageSettingsJson(app.page)));
}

// Renders the figure at 2× (file_toolbar.hpp renderFigure) and returns {"ok", "width",
// "height", "cssWidth", "cssHeight", "plot": [x0, y0, x1, y1], "pointer"}: the RGBA bytes stay
// at `pointer` until the next call. {"ok":false,"error"} when the canvas is not drawn.
EMSCRIPTEN_KEEPALIVE const char* kpg_export_figure(double scale) {
  using kpg::jsonNumber;
  kpg::app::Figure figure = kpg::app::renderFigure(kpg::app::currentState(), kpg::app::currentUi(),
                                                   static_cast<float>(scale));
  if (!figure.error.empty()) {
    return kpg::app::returnedText("{\"ok\":false,\"error\":" + kpg::jsonQuote(figure.error) + "}");
  }
  std::vector<unsigned char>& keptRgba = kpg::app::mutableState().figureRgba;
  keptRgba = std::move(figure.rgba);
  return kpg::app::returnedText(
      "{\"ok\":true,\"width\":" + std::to_string(figure.width) + ",\"height\":" +
      std::to_string(figure.height) + ",\"cssWidth\":" + jsonNumber(figure.cssWidth) +
      ",\"cssHeight\":" + jsonNumber(figure.cssHeight) + ",\"plot\":[" + jsonNumber(figure.plot.x) +
      "," + jsonNumber(figure.plot.y) + "," + jsonNumber(figure.plot.z) + "," +
      jsonNumber(figure.plot.w) +
      "],\"pointer\":" + std::to_string(reinterpret_cast<std::uintptr_t>(keptRgba.data())) + "}");
}

}  // extern "C"
