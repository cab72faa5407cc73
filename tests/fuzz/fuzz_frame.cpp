// libFuzzer harness: whole frames of the app, drawn natively with ImGui alone (src/app/frame_ui.hpp
// through native_host.hpp) under ASan + UBSan: window.kpg actions mixed with a person's input
// (pointer moves, clicks, drags, wheel, keys, typing, pinches) at the laptop, small, phone, large
// and embed layouts, for every method and tutorial (the seeds open each one). The input is a frame
// script (frame_script.hpp), one command a line, so a finding is a readable reproducer that
// tests/app/frame_test.cpp can replay.
// Properties beyond "no crash, no sanitizer report, no ImGui assertion, no timeout":
//  - every vertex of every frame's draw data is finite;
//  - a refused action leaves window.kpg.state() unchanged;
//  - at the end, state() is valid JSON and the lab's session saves, parses and applies again.
// The font atlas is built once and shared; each input gets a new ImGui context and a new app.

#include "frame_script.hpp"
#include "fuzz_check.hpp"
#include "io/json.hpp"
#include "io/session_json.hpp"
#include "native_host.hpp"
#include "session/app_actions.hpp"

using namespace kpg;
using namespace kpg::app;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view script = fuzz::asText(data, size);
  // The first line may ask for the first-visit start card ("first visit").
  NativeHostOptions options;
  if (fuzz::startsWith(script, "first visit")) options.firstVisit = true;
  NativeHost host(options, sharedFontAtlas());
  fuzz::ScriptPlayer player(host);
  player.frame();
  player.play(script);
  player.frame();

  const JsonParse json = parseJson(writeJson(appStateJson(host.state())));
  KPG_FUZZ_CHECK(json.ok(), "state() is not JSON: " + json.error.message);
  LabState& lab = host.state().lab;
  fuzz::finishReplay(lab);
  const std::string saved = sessionToJson(lab);
  const SessionParse reread = parseSession(saved);
  KPG_FUZZ_CHECK(reread.ok(), "the lab's own session is refused: " + reread.error);
  return 0;
}
