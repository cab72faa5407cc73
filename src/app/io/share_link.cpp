#include "io/share_link.hpp"

#include "io/session_json.hpp"

#include <array>

namespace kpg::app {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

}  // namespace

std::string base64UrlEncode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const auto v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]) << 16 |
                                              static_cast<unsigned char>(bytes[i + 1]) << 8 |
                                              static_cast<unsigned char>(bytes[i + 2]));
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]) << 16);
    if (rest == 2) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    if (rest == 2) out += kAlphabet[(v >> 6) & 63];
  }
  return out;
}

std::optional<std::string> base64UrlDecode(std::string_view text, std::string& error) {
  // Tolerate the padding some tools append.
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) {
    error = "the link is truncated (its length is not possible for base64url)";
    return std::nullopt;
  }
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int v = sextet(text[i]);
    if (v < 0) {
      const auto c = static_cast<unsigned char>(text[i]);
      error =
          "the link is not valid base64url (character " +
          (c >= 0x21 && c < 0x7F ? std::string("'") + text[i] + "'" : "code " + std::to_string(c)) +
          " at position " + std::to_string(i) + ")";
      return std::nullopt;
    }
    buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  return out;
}

std::string shareHash(const LabState& lab) {
  return "#s=" + base64UrlEncode(sessionToJson(lab));
}

ShareLinkParse parseShareHash(std::string_view hash) {
  ShareLinkParse result;
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.substr(0, 2) != "s=") return result;
  result.present = true;
  hash.remove_prefix(2);
  // Size first, before any decoding (W1).
  if (hash.size() > kMaxShareLinkChars) {
    result.error = "the link is too long (" + std::to_string(hash.size()) +
                   " characters; at most " + std::to_string(kMaxShareLinkChars) + ")";
    return result;
  }
  if (hash.empty()) {
    result.error = "the link carries no session";
    return result;
  }
  std::string error;
  const std::optional<std::string> json = base64UrlDecode(hash, error);
  if (!json) {
    result.error = error;
    return result;
  }
  SessionParse session = parseSession(*json);
  if (!session.ok()) {
    result.error = session.error;
    if (session.error.rfind("not valid JSON", 0) == 0) {
      result.error += " (the link may be truncated or damaged)";
    }
    return result;
  }
  result.session = std::move(session.session);
  return result;
}

}  // namespace kpg::app
