#pragma once
// The C++ side of `window.kpg` (web/page/calls.js; README.md "window.kpg"): the first-frame signal,
// fatal errors shown on the page, the exported functions the page calls (state, dispatch,
// session, share link, import), and hooks the UI calls to ask the page for browser-only work
// (file download and upload, PNG export, clipboard).

#include "app_state.hpp"

namespace kpg::app {

// Keeps `text` in the app state and returns it for an exported function's result: valid until the
// next exported function returns text (the page copies it at once, UTF8ToString).
const char* returnedText(std::string text);

// Tells the page the app is running (web/page/boot.js sets window.kpg.ready and hides the loader).
void notifyFirstFrame();

// Shows a readable message on the page instead of a blank canvas.
void reportFatal(const char* message);

const AppState& currentState();
struct UiState;
const UiState& currentUi();  // main.cpp: the view's UI state (the canvas rectangle)
UiState& mutableUi();        // main.cpp: the same, for the toolbar's messages

// Browser-side actions for the UI's buttons (web/page/ implements them; errors come back as
// notices in the lab):
void requestSessionExport();  // download the session as kpg-session.json
void requestSessionImport();  // open the file picker; the file is size/type-checked first (W10)
void requestPngExport();      // download the canvas as kpg-canvas.png
void requestShareLink();      // put #s=... in the address bar and copy the link to the clipboard
// The file toolbar's requests (panels/file_toolbar.hpp; web/page/files.js): "share",
// "save-session", "open-session", "import-data", "export-png", "export-model", "export-csv",
// "export-libsvm".
void requestFiles(const char* what);

// Once per frame: shows, updates or hides the page's replay progress bar ("replaying step 12 000
// of 10 000 000" with a Cancel button, web/page/bars.js), when a step / seek / session replay is under
// way (lab_state.hpp Replay).
void reportReplayProgress(const LabState& lab);

// Once per drawn frame: the lab's step in words (lab/step_words.hpp) into the page's ARIA live
// region, when it changed.
void reportStepWords(AppState& state, double nowSeconds);

}  // namespace kpg::app
