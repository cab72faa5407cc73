// libFuzzer harness: share links (src/app/io/share_link), "#s=<base64url of the session>".
// Input: the URL fragment. Properties beyond "no crash, no sanitizer report, no timeout":
//  - base64url: any bytes encode and decode back to themselves; text that decodes re-encodes to
//    text that decodes to the same bytes;
//  - a link that opens applies to a fresh lab; the lab's own link then opens, applies and gives
//    the same link again (nothing lost through a share);
//  - a link that does not open has a message when it is a share link at all;
//  - the whole app's link (session/app_link.hpp: the session plus the method and the tutorial
//    page), which the page opens: a refused link leaves window.kpg.state() unchanged, an accepted
//    one gives the same app link back after a second share.
// Links asking for more replay than session_work.hpp allows are parsed but not applied (F5).

#include "fuzz_check.hpp"
#include "session_work.hpp"

#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"

#include <memory>

using namespace kpg;
using namespace kpg::app;

namespace {

// The page's path (js_bridge.cpp kpg_open_share_hash): parseAppShareHash, then applyAppLink on the
// whole application state.
void checkAppLink(std::string_view text) {
  const AppLinkParse parsed = parseAppShareHash(text);
  if (!parsed.ok()) {
    KPG_FUZZ_CHECK(!parsed.present || !parsed.error.empty(),
                   "a refused app link without a message");
    return;
  }
  if (!fuzz::boundedWork(parsed.link->session)) return;
  auto app = std::make_unique<AppState>();
  const std::string before = writeJson(appStateJson(*app));
  if (auto refused = applyAppLink(*app, *parsed.link)) {
    KPG_FUZZ_CHECK(writeJson(appStateJson(*app)) == before,
                   "a refused app link changed state(): " + *refused);
    return;
  }
  fuzz::finishReplay(app->lab);
  const std::string hash = appShareHash(*app);
  const AppLinkParse reopened = parseAppShareHash(hash);
  KPG_FUZZ_CHECK(reopened.ok(), "the app's own link does not open: " + reopened.error);
  auto copy = std::make_unique<AppState>();
  const auto refused = applyAppLink(*copy, *reopened.link);
  KPG_FUZZ_CHECK(!refused, "the app's own link does not apply: " + refused.value_or(""));
  fuzz::finishReplay(copy->lab);
  KPG_FUZZ_CHECK(appShareHash(*copy) == hash, "app link → state → app link differs");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::asText(data, size);
  checkAppLink(text);
  std::string error;
  const std::string encoded = base64UrlEncode(text);
  const auto raw = base64UrlDecode(encoded, error);
  KPG_FUZZ_CHECK(raw && *raw == text, "base64url encode → decode lost bytes: " + error);
  if (const auto decoded = base64UrlDecode(text, error)) {
    const auto again = base64UrlDecode(base64UrlEncode(*decoded), error);
    KPG_FUZZ_CHECK(again && *again == *decoded, "base64url decode → encode → decode differs");
  }

  const ShareLinkParse link = parseShareHash(text);
  if (!link.ok()) {
    KPG_FUZZ_CHECK(!link.present || !link.error.empty(), "a refused link without a message");
    return 0;
  }
  KPG_FUZZ_CHECK(link.present, "a link that opens but is not a share link");
  if (!fuzz::boundedWork(*link.session)) return 0;

  LabState lab = makeLabState();
  const std::string before = stateToJson(lab);
  if (auto refused = apply(lab, *link.session, false)) {
    KPG_FUZZ_CHECK(stateToJson(lab) == before, "a refused link changed the state: " + *refused);
    KPG_FUZZ_CHECK(false, "a link that opens was refused by apply: " + *refused);
  }
  fuzz::finishReplay(lab);  // as the page does over frames (F5); see fuzz_session.cpp
  const std::string hash = shareHash(lab);
  const ShareLinkParse reopened = parseShareHash(hash);
  KPG_FUZZ_CHECK(reopened.ok(), "the lab's own link does not open: " + reopened.error);
  LabState copy = makeLabState();
  const auto refused = apply(copy, *reopened.session, false);
  KPG_FUZZ_CHECK(!refused, "the lab's own link does not apply: " + refused.value_or(""));
  fuzz::finishReplay(copy);
  KPG_FUZZ_CHECK(shareHash(copy) == hash, "link → session → link differs");
  return 0;
}
