// libFuzzer harness: session JSON (src/app/io/json and session_json): autosave, export and
// import. Input: the JSON text. Properties beyond "no crash, no sanitizer report, no timeout":
//  - the JSON layer is stable: parse → write → parse → write gives the same text;
//  - a session that parses is accepted by apply() on a fresh lab (the schema check is complete);
//  - its re-serialisation parses, applies, and serialises to the same text (nothing lost);
//  - a refused apply (should one happen) leaves stateToJson unchanged.
// Sessions asking for more replay than session_work.hpp allows are parsed but not applied (F5).

#include "fuzz_check.hpp"
#include "session_work.hpp"

#include "io/session_json.hpp"

using namespace kpg;
using namespace kpg::app;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::asText(data, size);
  const JsonParse json = parseJson(text);
  if (json.ok()) {
    const std::string once = writeJson(*json.value);
    const JsonParse back = parseJson(once);
    KPG_FUZZ_CHECK(back.ok(), "writeJson wrote text parseJson refuses: " + back.error.message +
                                  "\n" + once.substr(0, 400));
    KPG_FUZZ_CHECK(writeJson(*back.value) == once, "JSON parse → write is not stable");
  }

  const SessionParse parsed = parseSession(text);
  if (!parsed.ok()) {
    KPG_FUZZ_CHECK(!parsed.error.empty(), "a refused session without a message");
    return 0;
  }
  KPG_FUZZ_CHECK(json.ok(), "a session parsed from text that is not JSON");
  if (!fuzz::boundedWork(*parsed.session)) return 0;

  LabState lab = makeLabState();
  const std::string before = stateToJson(lab);
  if (auto error = apply(lab, *parsed.session, false)) {
    KPG_FUZZ_CHECK(stateToJson(lab) == before, "a refused session changed the state: " + *error);
    KPG_FUZZ_CHECK(false, "a session that parses was refused by apply: " + *error);
  }
  // The page continues a replay frame by frame (F5); the session is compared once it is done, so
  // that how much of it the first 40 ms covered (the machine's speed) does not enter.
  fuzz::finishReplay(lab);
  const std::string saved = sessionToJson(lab);
  const SessionParse reread = parseSession(saved);
  KPG_FUZZ_CHECK(reread.ok(),
                 "the app's own session is refused: " + reread.error + "\n" + saved.substr(0, 400));
  LabState copy = makeLabState();
  const auto error = apply(copy, *reread.session, false);
  KPG_FUZZ_CHECK(!error, "the app's own session does not apply: " + error.value_or(""));
  fuzz::finishReplay(copy);
  KPG_FUZZ_CHECK(sessionToJson(copy) == saved, "session → JSON → session differs:\n" + saved +
                                                   "\n--- then:\n" + sessionToJson(copy));
  return 0;
}
