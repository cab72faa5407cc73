#pragma once
// A script of what a person and a page do to the app, one command a line, played on a NativeHost
// (src/app/native_host.hpp) frame by frame: the frame fuzzer's input language
// (tests/fuzz/fuzz_frame.cpp) and the frame tests' (tests/app/frame_test.cpp), so that a finding
// is a readable file that a test replays. Lines:
//   {…}                      window.kpg.dispatch(line)
//   layout NAME              laptop 1280×800 ratio 1, small 1024×768, phone 390×844 ratio 3,
//                            large 1920×1080 ratio 2, embed 640×440 (an iframe of a course page)
//   move X Y                 the pointer to (X, Y) in CSS pixels (taken modulo the display)
//   down B / up B            mouse button B (0 left, 1 right) pressed / released; a frame follows
//   click X Y                move, press, a frame, release, a frame
//   drag X0 Y0 X1 Y1 N       press at (X0, Y0), N moves with a frame each to (X1, Y1), release
//   wheel DY [DX]            wheel notches (one frame)
//   key CODE [MODS]          a DOM keyCode pressed and released with a frame each; MODS any of
//                            c s a m (ctrl shift alt meta), e.g. "key 90 c" is Ctrl+Z
//   text STRING              typed characters (one frame)
//   pinch ZOOM PANX PANY     a two-finger pinch's change (one frame)
//   leave                    the pointer leaves the page (one frame)
//   frames N                 N frames (1/60 s each)
//   wait S                   one frame S seconds after the last (timers: notices, long presses)
// Anything else is ignored. Work is bounded (session_work.hpp, kMaxScriptFrames) so that a run
// stays short; every frame's draw data is checked (finite vertices), and every refused action must
// leave window.kpg.state() unchanged.

#include "fuzz_check.hpp"
#include "io/json.hpp"
#include "native_host.hpp"
#include "session/action_json.hpp"
#include "session/app_actions.hpp"
#include "session_work.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

namespace kpg::fuzz {

constexpr int kMaxScriptFrames = 90;
constexpr int kMaxScriptLines = 200;

struct Layout {
  const char* name;
  float width, height, ratio;
};
constexpr Layout kLayouts[] = {{"laptop", 1280, 800, 1},
                               {"small", 1024, 768, 1},
                               {"phone", 390, 844, 3},
                               {"large", 1920, 1080, 2},
                               {"embed", 640, 440, 1}};

inline bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Every vertex ImGui was asked to draw has finite coordinates: a NaN or ∞ reaching the draw lists
// is a value the panels did not check (a plot of a diverged α, a label at a non-finite place).
inline void checkDrawData() {
  const ImDrawData* draw = ImGui::GetDrawData();
  KPG_FUZZ_CHECK(draw != nullptr && draw->Valid, "no draw data after a frame");
  for (int l = 0; l < draw->CmdListsCount; ++l) {
    const ImDrawList* list = draw->CmdLists[l];
    for (const ImDrawVert& v : list->VtxBuffer) {
      KPG_FUZZ_CHECK(std::isfinite(v.pos.x) && std::isfinite(v.pos.y) && std::isfinite(v.uv.x) &&
                         std::isfinite(v.uv.y),
                     "a vertex at a non-finite position in draw list '" +
                         std::string(list->_OwnerName ? list->_OwnerName : "?") + "'");
    }
  }
}

class ScriptPlayer {
 public:
  explicit ScriptPlayer(app::NativeHost& host) : host_(host) {}

  int framesDrawn() const { return frames_; }
  bool budgetLeft() const { return frames_ < kMaxScriptFrames; }

  void frame(double seconds = 1.0 / 60.0) {
    if (!budgetLeft()) return;
    host_.frame(seconds);
    ++frames_;
    checkDrawData();
  }

  void play(std::string_view script) {
    int lines = 0;
    while (!script.empty() && lines++ < kMaxScriptLines && budgetLeft()) {
      const std::size_t end = script.find('\n');
      const std::string_view line = script.substr(0, end);
      script = end == std::string_view::npos ? std::string_view() : script.substr(end + 1);
      command(line);
    }
  }

  void command(std::string_view line) {
    if (startsWith(line, "{")) {
      dispatch(std::string(line));
      return;
    }
    std::istringstream in{std::string(line)};
    std::string verb;
    in >> verb;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const auto coordinate = [&in](float size) {
      double v = 0;
      in >> v;
      if (!std::isfinite(v)) v = 0;
      v = std::fmod(std::abs(v), static_cast<double>(size));
      return static_cast<float>(v);
    };
    if (verb == "layout") {
      std::string name;
      in >> name;
      for (const Layout& l : kLayouts)
        if (name == l.name) host_.resize(l.width, l.height, l.ratio);
      frame();
    } else if (verb == "move") {
      const float x = coordinate(display.x), y = coordinate(display.y);
      host_.mouseMove(x, y);
      frame();
    } else if (verb == "down" || verb == "up") {
      int button = 0;
      in >> button;
      host_.mouseButton(std::clamp(button, 0, 2), verb == "down");
      frame();
    } else if (verb == "click") {
      const float x = coordinate(display.x), y = coordinate(display.y);
      host_.mouseMove(x, y);
      frame();
      host_.mouseButton(0, true);
      frame();
      host_.mouseButton(0, false);
      frame();
    } else if (verb == "drag") {
      const float x0 = coordinate(display.x), y0 = coordinate(display.y);
      const float x1 = coordinate(display.x), y1 = coordinate(display.y);
      int n = 4;
      in >> n;
      n = std::clamp(n, 1, 12);
      host_.mouseMove(x0, y0);
      frame();
      host_.mouseButton(0, true);
      frame();
      for (int k = 1; k <= n; ++k) {
        const float t = static_cast<float>(k) / static_cast<float>(n);
        host_.mouseMove(x0 + t * (x1 - x0), y0 + t * (y1 - y0));
        frame();
      }
      host_.mouseButton(0, false);
      frame();
    } else if (verb == "wheel") {
      double dy = 0, dx = 0;
      in >> dy >> dx;
      if (!std::isfinite(dy)) dy = 0;
      if (!std::isfinite(dx)) dx = 0;
      host_.wheel(static_cast<float>(std::clamp(dx, -20.0, 20.0)),
                  static_cast<float>(std::clamp(dy, -20.0, 20.0)));
      frame();
    } else if (verb == "key") {
      int code = 0;
      std::string mods;
      in >> code >> mods;
      const bool ctrl = mods.find('c') != std::string::npos;
      const bool shift = mods.find('s') != std::string::npos;
      const bool alt = mods.find('a') != std::string::npos;
      const bool meta = mods.find('m') != std::string::npos;
      host_.modifiers(ctrl, shift, alt, meta);
      host_.key(code, true);
      frame();
      host_.key(code, false);
      host_.modifiers(false, false, false, false);
      frame();
    } else if (verb == "text") {
      std::string rest;
      std::getline(in, rest);
      if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
      host_.text(rest.substr(0, 64));
      frame();
    } else if (verb == "pinch") {
      double zoom = 1, panX = 0, panY = 0;
      in >> zoom >> panX >> panY;
      app::PinchDelta pinch;
      pinch.active = true;
      pinch.zoom = std::isfinite(zoom) ? static_cast<float>(std::clamp(zoom, 0.05, 20.0)) : 1.0f;
      pinch.centreX = display.x / 2;
      pinch.centreY = display.y / 2;
      pinch.panX = std::isfinite(panX) ? static_cast<float>(std::clamp(panX, -2000.0, 2000.0)) : 0;
      pinch.panY = std::isfinite(panY) ? static_cast<float>(std::clamp(panY, -2000.0, 2000.0)) : 0;
      host_.pinch(pinch);
      frame();
    } else if (verb == "leave") {
      host_.mouseMove(-FLT_MAX, -FLT_MAX);
      frame();
    } else if (verb == "frames") {
      int n = 1;
      in >> n;
      n = std::clamp(n, 1, 30);
      for (int k = 0; k < n; ++k) frame();
    } else if (verb == "wait") {
      double seconds = 1;
      in >> seconds;
      if (!std::isfinite(seconds)) seconds = 1;
      frame(std::clamp(seconds, 1.0 / 60.0, 30.0));
    }
  }

  // window.kpg.dispatch as the page calls it; actions asking for more work than a fuzz iteration
  // allows are skipped (session_work.hpp).
  void dispatch(const std::string& line) {
    const app::ActionParse parsed = app::parseAction(line);
    if (parsed.ok() && !boundedWork(*parsed.action)) return;
    const app::JsonParse generic = app::parseJson(line);
    if (generic.ok() && generic.value->isObject()) {
      const auto within = [&](const char* name, double limit) {
        const JsonValue* v = generic.value->find(name);
        return !v || !v->isNumber() || v->asNumber() <= limit;
      };
      if (!within("n", kMaxFuzzSteps) || !within("step", kMaxFuzzSteps) ||
          !within("count", kMaxFuzzPoints) || !within("budgetMs", kMaxFuzzBudgetMs) ||
          !within("maxIterations", kMaxFuzzSteps))
        return;
    }
    const std::string before = writeJson(app::appStateJson(host_.state()));
    const std::string answer = host_.dispatch(line);
    if (startsWith(answer, "{\"ok\":false,\"error\":")) {
      KPG_FUZZ_CHECK(writeJson(app::appStateJson(host_.state())) == before,
                     "a refused action changed state(): " + line + " → " + answer);
    } else {
      KPG_FUZZ_CHECK(startsWith(answer, "{\"ok\":true"), "unexpected answer " + answer);
    }
    fuzz::finishReplay(host_.state().lab);  // the page replays over frames (F5)
  }

 private:
  app::NativeHost& host_;
  int frames_ = 0;
};

}  // namespace kpg::fuzz
