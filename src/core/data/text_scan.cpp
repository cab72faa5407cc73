#include "data/text_scan.hpp"

#include "data/number_text.hpp"

#include <algorithm>
#include <cstdint>

namespace kpg {

std::string ReadError::toString() const {
  std::string s = source.empty() ? std::string("<input>") : source;
  if (line > 0) {
    s += ":" + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
  }
  s += ": " + message;
  if (!hint.empty()) s += " (" + hint + ")";
  return s;
}

namespace text {

ReadError makeError(std::string_view source, std::size_t line, std::size_t column,
                    std::string message, std::string hint) {
  ReadError e;
  e.source = std::string(source);
  e.line = line;
  e.column = column;
  e.message = std::move(message);
  e.hint = std::move(hint);
  return e;
}

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is invalid (overlong forms,
// surrogates and code points above U+10FFFF included, RFC 3629).
std::size_t utf8SequenceLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t b0 = byte(i);
  std::size_t length = 0;
  std::uint32_t lowest = 0;
  std::uint32_t codePoint = 0;
  if (b0 < 0x80) return 1;
  if ((b0 & 0xE0) == 0xC0) {
    length = 2, lowest = 0x80, codePoint = b0 & 0x1Fu;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3, lowest = 0x800, codePoint = b0 & 0x0Fu;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4, lowest = 0x10000, codePoint = b0 & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    codePoint = (codePoint << 6) | (byte(i + k) & 0x3Fu);
  }
  if (codePoint < lowest || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
    return 0;
  return length;
}

// "little-endian" or "big-endian" when `text`, the start of an input, is UTF-16: a byte order mark,
// or, in its first 32 characters, at least three in four with one byte 0 and the other not (ASCII
// as UTF-16). Otherwise empty.
std::string_view utf16ByteOrder(std::string_view text) {
  if (text.substr(0, 2) == "\xFF\xFE") return "little-endian";
  if (text.substr(0, 2) == "\xFE\xFF") return "big-endian";
  const std::size_t pairs = std::min<std::size_t>(text.size() / 2, 32);
  std::size_t little = 0, big = 0;
  for (std::size_t k = 0; k < pairs; ++k) {
    const bool first = text[2 * k] != '\0', second = text[2 * k + 1] != '\0';
    little += first && !second ? 1 : 0;
    big += !first && second ? 1 : 0;
  }
  if (pairs > 0 && 4 * little >= 3 * pairs) return "little-endian";
  if (pairs > 0 && 4 * big >= 3 * pairs) return "big-endian";
  return {};
}

}  // namespace

std::optional<ReadError> checkIsText(std::string_view text, std::string_view source,
                                     std::string_view what, std::size_t firstLine,
                                     std::size_t firstOffset) {
  if (firstOffset == 0) {
    const std::string_view order = utf16ByteOrder(text);
    if (!order.empty()) {
      return makeError(source, firstLine, 1,
                       "the file is UTF-16 (" + std::string(order) + ") text; a " +
                           std::string(what) + " is read as UTF-8",
                       "save it as UTF-8, e.g. Excel's \"CSV UTF-8 (Comma delimited)\", or "
                       "convert it with iconv -f UTF-16 -t UTF-8");
    }
  }
  std::size_t line = firstLine;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\0') {
      return makeError(source, line, 0,
                       "not a text " + std::string(what) + " (NUL byte at byte offset " +
                           std::to_string(firstOffset + i) + ")",
                       "pass a text file; binary files and images cannot be read");
    }
    const std::size_t length = utf8SequenceLength(text, i);
    if (length == 0) {
      return makeError(source, line, 0,
                       "not a text " + std::string(what) + " (invalid UTF-8 at byte offset " +
                           std::to_string(firstOffset + i) + ")",
                       "pass a UTF-8 or ASCII text file");
    }
    // A line ends at '\n' and at a '\r' not followed by one, as LineReader counts them.
    if (c == '\n' || (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) ++line;
    i += length;
  }
  return std::nullopt;
}

std::string_view stripBom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

std::size_t findLineEnd(std::string_view text, std::size_t from) {
  // A byte at a time: memchr for '\n' and then '\r' before it would search a CR-only file to its
  // end for every line.
  for (std::size_t i = from; i < text.size(); ++i)
    if (text[i] == '\n' || text[i] == '\r') return i;
  return std::string_view::npos;
}

bool LineReader::next(std::string_view& line) {
  if (position_ >= text_.size() || tooLong_) return false;
  const std::size_t end = findLineEnd(text_, position_);
  const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
  ++lineNumber_;
  if (stop - position_ > maxLineBytes_) {
    tooLong_ = true;
    return false;
  }
  line = text_.substr(position_, stop - position_);
  lastTerminated_ = end != std::string_view::npos;
  position_ = lastTerminated_ ? end + terminatorLength(text_, end) : text_.size();
  return true;
}

bool isBlank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

void splitTokens(std::string_view line, std::vector<Token>& tokens) {
  tokens.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    tokens.push_back({line.substr(start, i - start), start + 1});
  }
}

std::optional<FeatureError> parseFeature(const Token& token, bool zeroBased,
                                         long long previousIndex, long long maxIndex,
                                         long long& index, double& value) {
  const std::string_view t = token.text;
  const std::size_t colon = t.find(':');
  const std::string quoted = "'" + std::string(t) + "'";
  if (colon == std::string_view::npos) {
    return FeatureError{token.column, "expected index:value, found " + quoted,
                        "features are written as index:value, e.g. 3:0.5"};
  }
  const std::string_view indexText = t.substr(0, colon);
  const std::string_view valueText = t.substr(colon + 1);
  if (indexText == "qid") {
    return FeatureError{token.column, "qid: tokens (ranking data) are not supported",
                        "remove the qid:... column"};
  }
  if (indexText.empty()) {
    return FeatureError{token.column, "missing feature index in " + quoted,
                        "write index:value, e.g. 3:0.5"};
  }
  if (valueText.empty()) {
    return FeatureError{token.column + colon + 1,
                        "missing value after '" + std::string(indexText) + ":'",
                        "write index:value, e.g. 3:0.5"};
  }
  if (valueText.find(':') != std::string_view::npos) {
    return FeatureError{token.column + colon + 1 + valueText.find(':'),
                        "more than one ':' in " + quoted, "write index:value, e.g. 3:0.5"};
  }
  if (indexText[0] == '-') {
    return FeatureError{token.column, "negative feature index " + std::string(indexText),
                        zeroBased ? "indices start at 0" : "indices start at 1"};
  }
  bool overflow = false;
  if (!parseUnsigned(indexText, kMaxLibsvmIndex, index, overflow)) {
    return FeatureError{token.column,
                        "feature index '" + std::string(indexText) + "' is not a whole number",
                        "indices are positive integers written in decimal"};
  }
  if (overflow) {
    return FeatureError{token.column,
                        "index out of range: " + std::string(indexText) + " is above 2147483647",
                        "feature indices must fit a 32-bit integer"};
  }
  // The densified dimension is the largest index (one-based) or index + 1 (zero-based); refusing
  // it here keeps a 3-line file with index 2e9 from allocating 2e9 columns (D11).
  if (index + (zeroBased ? 1 : 0) > maxIndex) {
    return FeatureError{token.column,
                        "feature index " + std::to_string(index) + " exceeds the budget of " +
                            std::to_string(maxIndex) + " features",
                        "raise --max-features if the data really has that many features"};
  }
  if (index == 0 && !zeroBased) {
    return FeatureError{token.column, "index 0 invalid (indices start at 1)",
                        "use --zero-based if the file counts features from 0"};
  }
  if (index == previousIndex) {
    return FeatureError{token.column, "duplicate feature index " + std::to_string(index),
                        "each feature may appear once per line"};
  }
  if (index < previousIndex) {
    return FeatureError{token.column,
                        "feature indices out of order: " + std::to_string(index) + " after " +
                            std::to_string(previousIndex),
                        "sort each line's features by increasing index"};
  }
  const NumberParse number = parseDecimal(valueText);
  if (number.status == NumberStatus::NotFinite) {
    return FeatureError{
        token.column + colon + 1,
        "non-finite value '" + std::string(valueText) + "' for feature " + std::to_string(index),
        numberHint(number.status)};
  }
  if (number.status != NumberStatus::Ok) {
    return FeatureError{
        token.column + colon + 1,
        "invalid value '" + std::string(valueText) + "' for feature " + std::to_string(index),
        numberHint(number.status)};
  }
  value = number.value;
  return std::nullopt;
}

}  // namespace text
}  // namespace kpg
