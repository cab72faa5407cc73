#pragma once
// Share links: the whole session (session_json.hpp, version 1) as base64url (RFC 4648 §5, no
// padding) in the URL fragment, `#s=<base64url of the JSON>`. The fragment never reaches a
// server. Reading a link (docs/bad-inputs.md W1): the length is checked before anything is decoded
// (a 10 MB hash is refused at once), then the alphabet and the length modulo 4 (a truncated
// link), then the JSON and its schema; any failure leaves the open session unchanged.

#include "lab/lab_state.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kpg::app {

// Characters after "#s=". 5 000 points take about 300 000; browsers accept URLs of ~2 MB.
constexpr std::size_t kMaxShareLinkChars = 1u << 20;

std::string base64UrlEncode(std::string_view bytes);
// nullopt and a message for characters outside [A-Za-z0-9_-] or an impossible length.
std::optional<std::string> base64UrlDecode(std::string_view text, std::string& error);

// "#s=..." for the current session.
std::string shareHash(const LabState& lab);

struct ShareLinkParse {
  bool present = false;  // the hash is a share link (starts with "s=" after an optional '#')
  std::optional<action::LoadSession> session;
  std::string error;  // when present and not ok
  bool ok() const { return session.has_value(); }
};

ShareLinkParse parseShareHash(std::string_view hash);

}  // namespace kpg::app
