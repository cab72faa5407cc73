// Whole frames of the app drawn natively (src/app/frame_ui.hpp through native_host.hpp): every
// method's screen and every tutorial page at the laptop, phone and embed layouts, and the states
// that once broke the drawing code. Run under ASan + UBSan by the frame fuzzer's build too
// (tests/fuzz/fuzz_frame.cpp), these are the panels' tests that a sanitizer can watch.

#include "frame_script.hpp"  // tests/fuzz: the frame fuzzer's script language
#include "lab/model_view.hpp"
#include "native_host.hpp"
#include "panels/plot.hpp"
#include "session/app_actions.hpp"

#include <imgui.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

using namespace kpg;
using namespace kpg::app;

TEST_CASE("frame: the start-up page draws at the laptop, phone and large layouts", "[frame]") {
  for (const NativeHostOptions options :
       {NativeHostOptions{1280, 800, 1, true}, NativeHostOptions{390, 844, 3, false},
        NativeHostOptions{1920, 1080, 2, false}, NativeHostOptions{640, 440, 1, false}}) {
    NativeHost host(options);
    int vertices = 0;
    for (int k = 0; k < 4; ++k) vertices = host.frame();
    CHECK(vertices > 1000);  // text, panels and the canvas were drawn
    CHECK(host.state().frameCount == 4);
  }
}

TEST_CASE("frame: hard margin, sigmoid and Live stop with the unbounded dual, and keep drawing",
          "[frame]") {
  // The start page (the hand-solved points, C = ∞, Live on) after choosing sigmoid in the kernel
  // list: the frame after it trapped in the browser (memory access out of bounds in the panels),
  // and the status blamed overflowing kernel values, though tanh lies in [−1, 1].
  NativeHost host(NativeHostOptions{1280, 800, 1, false});
  fuzz::ScriptPlayer player(host);
  player.frame();
  player.play(
      "{\"type\":\"setKernel\",\"kernel\":\"sigmoid\",\"gamma\":0.5,\"coef0\":0}\n"
      "frames 5\nmove 640 400\nframes 2\n");
  const LabState& lab = host.state().lab;
  CHECK(lab.model.status == SmoStatus::InvalidInput);
  CHECK(lab.model.statusText.find("the dual problem has no solution") != std::string::npos);
  CHECK(lab.model.statusText.find("overflow") == std::string::npos);
  // A phone's status bar says the stop in a few words that still name the cause.
  CHECK(briefStatusText(lab) == "the dual problem has no solution");
  REQUIRE(lab.model.valid);
  CHECK(lab.model.solution.alpha.allFinite());
  CHECK(lab.model.decision.allFinite());
  CHECK(player.framesDrawn() == 1 + 5 + 1 + 2);
}

TEST_CASE("frame: every seed of the frame fuzzer replays cleanly", "[frame]") {
  // tests/fuzz/corpus/frame: every method, tutorial page and exercise at the laptop, phone, embed,
  // small and large layouts, with clicks, drags, keys and pinches (frame_script.hpp).
  const std::filesystem::path corpus = KPG_FRAME_CORPUS_DIR;
  int played = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    const std::string script = text.str();
    INFO(entry.path().filename().string());
    NativeHostOptions options;
    options.firstVisit = script.rfind("first visit", 0) == 0;
    NativeHost host(options);
    fuzz::ScriptPlayer player(host);
    player.frame();
    player.play(script);
    CHECK(player.framesDrawn() > 1);
    ++played;
  }
  CHECK(played >= 30);
}

TEST_CASE("frame: a dashed line through a far-away point draws its visible part only", "[frame]") {
  // The pair panel's constraint line at α ≈ 1e12 (a diverged hard-margin run) ends 1e30 pixels
  // away: the float loop stepping along it never finished and filled the heap (the browser's
  // "memory access out of bounds"). Now the dashes cover the clip rectangle, in bounded number.
  NativeHost host(NativeHostOptions{1280, 800, 1, false});
  host.frame();
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 300));
  ImGui::Begin("dashes");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(ImVec2(10, 10), ImVec2(310, 210), false);
  const int before = draw->VtxBuffer.Size;
  plot::dashedLine(draw, ImVec2(20, 100), ImVec2(1e30f, 100), IM_COL32(0, 0, 0, 255));
  const int farAway = draw->VtxBuffer.Size - before;
  plot::dashedLine(draw, ImVec2(20, 100), ImVec2(310, 100), IM_COL32(0, 0, 0, 255));
  const int visible = draw->VtxBuffer.Size - before - farAway;
  // 290 px of 5 px dashes and 4 px gaps: 33 dashes, the same ones in both cases.
  CHECK(visible > 0);
  CHECK(visible % 33 == 0);
  CHECK(visible <= 33 * 16);
  CHECK(farAway == visible);
  // Entirely outside the clip rectangle, or not finite: nothing.
  const int outside = draw->VtxBuffer.Size;
  plot::dashedLine(draw, ImVec2(400, 400), ImVec2(1e30f, 1e30f), IM_COL32(0, 0, 0, 255));
  plot::dashedLine(draw, ImVec2(20, 100), ImVec2(NAN, 100), IM_COL32(0, 0, 0, 255));
  CHECK(draw->VtxBuffer.Size == outside);
  draw->PopClipRect();
  ImGui::End();
  ImGui::Render();
}
