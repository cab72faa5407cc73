// libFuzzer harness: the window.kpg.dispatch path (src/app/session/action_json applied to
// LabState), as the reliability audit's fuzz_actions. Input: up to 64 actions, one JSON object per
// line, applied in order to the start-up lab; after each accepted action the frame loop runs once
// (advance). Properties beyond "no crash, no sanitizer report, no timeout":
//  - dispatch answers {"ok":true…} or {"ok":false,"error":…} with a non-empty error;
//  - a refused action leaves stateToJson unchanged (nothing half-applied, no notice posted);
//  - stateToJson is always valid JSON;
//  - at the end, the session the lab saves parses, applies to a fresh lab and saves identically.
// Actions asking for more work than session_work.hpp allows are skipped (F5: synchronous replay).

#include "fuzz_check.hpp"
#include "session_work.hpp"

#include "session/action_json.hpp"
#include "session/session_json.hpp"

using namespace kpg;
using namespace kpg::app;

namespace {

constexpr int kMaxActions = 64;

bool startsWith(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest = fuzz::asText(data, size);
  LabState lab = makeLabState();
  std::string state = stateToJson(lab);
  for (int count = 0; count < kMaxActions && !rest.empty(); ++count) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);

    const ActionParse parsed = parseAction(line);
    if (parsed.ok() && !fuzz::boundedWork(*parsed.action)) continue;
    const std::string answer = dispatchJson(lab, line);
    const std::string after = stateToJson(lab);
    if (startsWith(answer, "{\"ok\":false,\"error\":")) {
      KPG_FUZZ_CHECK(answer.size() > std::string_view("{\"ok\":false,\"error\":\"\"}").size(),
                     "a refusal without a message");
      KPG_FUZZ_CHECK(!parsed.ok() || after == state,
                     "a refused action changed the state: " + std::string(line) + " → " + answer);
      KPG_FUZZ_CHECK(parsed.ok() || after == state, "an unparsed action changed the state");
      continue;
    }
    KPG_FUZZ_CHECK(startsWith(answer, "{\"ok\":true"), "unexpected answer " + answer);
    KPG_FUZZ_CHECK(parsed.ok(), "an action that does not parse was accepted: " + answer);
    advance(lab, 0.1, 2.0);
    state = stateToJson(lab);
    const JsonParse json = parseJson(state);
    KPG_FUZZ_CHECK(json.ok(), "stateToJson is not JSON: " + json.error.message);
  }

  const std::string saved = sessionToJson(lab);
  const SessionParse reread = parseSession(saved);
  KPG_FUZZ_CHECK(reread.ok(), "the lab's own session is refused: " + reread.error);
  if (!fuzz::boundedWork(*reread.session)) return 0;
  LabState copy = makeLabState();
  const auto error = apply(copy, *reread.session, false);
  KPG_FUZZ_CHECK(!error, "the lab's own session does not apply: " + error.value_or(""));
  KPG_FUZZ_CHECK(sessionToJson(copy) == saved, "session → JSON → session differs");
  return 0;
}
