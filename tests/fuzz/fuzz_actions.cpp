// libFuzzer harness: window.kpg.dispatch as the page runs it: the one router over the whole
// application state (session/app_actions.hpp makeAppRouter: the lab's, the canvas modes' and the
// tutorials' actions, mode rewinds and cancelReplay among them). Input: up to 64 actions, one JSON
// object per line, applied in order to the start-up application; after each accepted action the
// frame loop's UI-free part runs once (the lab's solver/replay slice and the modes' animation).
// Properties beyond "no crash, no sanitizer report, no timeout":
//  - dispatch answers {"ok":true…} or {"ok":false,"error":…} with a non-empty error;
//  - a refused action leaves window.kpg.state() unchanged (appStateJson: nothing half-applied in
//    the lab, the modes or the tutorials, no notice posted);
//  - state() is always valid JSON;
//  - at the end, the session the lab saves parses, applies to a fresh lab and saves identically.
// Actions asking for more work than session_work.hpp allows are skipped (F5: the lab's replay
// is time-sliced in the page; a mode's steps are bounded by its own caps but still cost time).

#include "fuzz_check.hpp"
#include "session_work.hpp"

#include "io/session_json.hpp"
#include "session/action_json.hpp"
#include "session/app_actions.hpp"

#include <memory>

using namespace kpg;
using namespace kpg::app;

namespace {

constexpr int kMaxActions = 64;

bool startsWith(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// The canvas modes' and tutorials' actions state their work in these members.
bool boundedGenericWork(const JsonValue& action) {
  if (!action.isObject()) return true;
  const auto within = [&](const char* name, double limit) {
    const JsonValue* v = action.find(name);
    return !v || !v->isNumber() || v->asNumber() <= limit;
  };
  return within("n", fuzz::kMaxFuzzSteps) && within("step", fuzz::kMaxFuzzSteps) &&
         within("count", fuzz::kMaxFuzzPoints) && within("budgetMs", fuzz::kMaxFuzzBudgetMs) &&
         within("maxIterations", fuzz::kMaxFuzzSteps);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest = fuzz::asText(data, size);
  // AppState holds the lab's history and the modes' grids: on the heap, as the page's one state.
  auto app = std::make_unique<AppState>();
  const ActionRouter router = makeAppRouter(*app);
  std::string state = writeJson(appStateJson(*app));
  for (int count = 0; count < kMaxActions && !rest.empty(); ++count) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);

    const ActionParse parsed = parseAction(line);  // the lab's own actions
    if (parsed.ok() && !fuzz::boundedWork(*parsed.action)) continue;
    const JsonParse generic = parseJson(line);
    if (generic.ok() && !boundedGenericWork(*generic.value)) continue;

    const std::string answer = router.dispatchJson(line);
    const std::string after = writeJson(appStateJson(*app));
    if (startsWith(answer, "{\"ok\":false,\"error\":")) {
      KPG_FUZZ_CHECK(answer.size() > std::string_view("{\"ok\":false,\"error\":\"\"}").size(),
                     "a refusal without a message");
      KPG_FUZZ_CHECK(after == state,
                     "a refused action changed state(): " + std::string(line) + " → " + answer);
      continue;
    }
    KPG_FUZZ_CHECK(startsWith(answer, "{\"ok\":true"), "unexpected answer " + answer);
    KPG_FUZZ_CHECK(generic.ok(), "an action that is not JSON was accepted: " + answer);
    advance(app->lab, 0.1, 2.0);
    advanceModes(app->modes, app->lab, 0.1, 2.0);
    state = writeJson(appStateJson(*app));
    const JsonParse json = parseJson(state);
    KPG_FUZZ_CHECK(json.ok(), "state() is not JSON: " + json.error.message);
  }

  fuzz::finishReplay(app->lab);  // as the page does over frames (F5); see fuzz_session.cpp
  const std::string saved = sessionToJson(app->lab);
  const SessionParse reread = parseSession(saved);
  KPG_FUZZ_CHECK(reread.ok(), "the lab's own session is refused: " + reread.error);
  if (!fuzz::boundedWork(*reread.session)) return 0;
  LabState copy = makeLabState();
  const auto error = apply(copy, *reread.session, false);
  KPG_FUZZ_CHECK(!error, "the lab's own session does not apply: " + error.value_or(""));
  fuzz::finishReplay(copy);
  KPG_FUZZ_CHECK(sessionToJson(copy) == saved, "session → JSON → session differs");
  return 0;
}
