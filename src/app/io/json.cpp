#include "io/json.hpp"

#include "data/number_text.hpp"

#include <cmath>
#include <set>

namespace kpg::app {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonParse run() {
    JsonParse result;
    if (text_.size() > kMaxJsonBytes) {
      return fail(0, "the text is " + std::to_string(text_.size()) + " bytes; at most " +
                         std::to_string(kMaxJsonBytes) + " are accepted");
    }
    State state = State::Value;
    while (true) {
      skipSpace();
      if (state == State::Value || state == State::ValueOrEnd) {
        if (pos_ >= text_.size()) return fail(pos_, "unexpected end of the text");
        const char c = text_[pos_];
        if (state == State::ValueOrEnd && c == ']') {
          ++pos_;
          if (!close()) return error_;
          state = State::After;
          continue;
        }
        if (!countValue()) return error_;
        if (c == '[' || c == '{') {
          if (stack_.size() >= kMaxJsonDepth) {
            return fail(pos_, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
          }
          ++pos_;
          stack_.push_back(Frame{c == '[' ? JsonValue::array() : JsonValue::object(), {}, {}});
          state = c == '[' ? State::ValueOrEnd : State::KeyOrEnd;
          continue;
        }
        std::optional<JsonValue> scalar = parseScalar();
        if (!scalar) return error_;
        if (!attach(std::move(*scalar))) return error_;
        state = State::After;
        continue;
      }
      if (state == State::Key || state == State::KeyOrEnd) {
        if (pos_ >= text_.size()) return fail(pos_, "unexpected end of the text");
        if (state == State::KeyOrEnd && text_[pos_] == '}') {
          ++pos_;
          if (!close()) return error_;
          state = State::After;
          continue;
        }
        if (text_[pos_] != '"') return fail(pos_, "expected a string key in quotes");
        const std::size_t keyOffset = pos_;
        std::optional<std::string> key = parseString();
        if (!key) return error_;
        Frame& top = stack_.back();
        if (!top.keys.insert(*key).second) {
          return fail(keyOffset, "duplicate key \"" + *key + "\"");
        }
        top.key = std::move(*key);
        skipSpace();
        if (pos_ >= text_.size() || text_[pos_] != ':') return fail(pos_, "expected ':'");
        ++pos_;
        state = State::Value;
        continue;
      }
      // State::After: a value is complete.
      if (stack_.empty()) {
        if (pos_ != text_.size()) return fail(pos_, "unexpected text after the JSON value");
        result.value = std::move(root_);
        return result;
      }
      if (pos_ >= text_.size()) return fail(pos_, "unexpected end of the text");
      const char c = text_[pos_++];
      const bool inArray = stack_.back().value.isArray();
      if (c == ',') {
        state = inArray ? State::Value : State::Key;
      } else if ((inArray && c == ']') || (!inArray && c == '}')) {
        if (!close()) return error_;
      } else {
        return fail(pos_ - 1, inArray ? "expected ',' or ']'" : "expected ',' or '}'");
      }
    }
  }

 private:
  enum class State { Value, ValueOrEnd, Key, KeyOrEnd, After };
  struct Frame {
    JsonValue value;
    std::string key;
    std::set<std::string> keys;
  };

  JsonParse fail(std::size_t offset, std::string message) {
    error_.value.reset();
    error_.error = JsonError{offset, std::move(message)};
    return error_;
  }

  bool countValue() {
    if (++values_ > kMaxJsonValues) {
      fail(pos_, "more than " + std::to_string(kMaxJsonValues) + " values");
      return false;
    }
    return true;
  }

  void skipSpace() {
    while (pos_ < text_.size() && isSpace(text_[pos_])) ++pos_;
  }

  bool attach(JsonValue value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      return true;
    }
    Frame& top = stack_.back();
    if (top.value.isArray()) {
      top.value.items().push_back(std::move(value));
    } else {
      top.value.members().emplace_back(std::move(top.key), std::move(value));
      top.key.clear();
    }
    return true;
  }

  bool close() {
    JsonValue done = std::move(stack_.back().value);
    stack_.pop_back();
    return attach(std::move(done));
  }

  std::optional<JsonValue> parseScalar() {
    const char c = text_[pos_];
    if (c == '"') {
      std::optional<std::string> s = parseString();
      if (!s) return std::nullopt;
      return JsonValue::string(std::move(*s));
    }
    if (c == '-' || isDigit(c)) return parseNumber();
    for (const auto& [word, value] :
         {std::pair<std::string_view, int>{"true", 1}, {"false", 0}, {"null", -1}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return value < 0 ? JsonValue::null() : JsonValue::boolean(value == 1);
      }
    }
    if (text_.substr(pos_, 3) == "NaN" || text_.substr(pos_, 8) == "Infinity") {
      fail(pos_, "NaN and Infinity are not JSON numbers");
      return std::nullopt;
    }
    fail(pos_, std::string("unexpected character '") + c + "'");
    return std::nullopt;
  }

  std::optional<JsonValue> parseNumber() {
    // RFC 8259 §6: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    const std::size_t start = pos_;
    std::size_t p = pos_;
    auto digits = [&]() {
      const std::size_t from = p;
      while (p < text_.size() && isDigit(text_[p])) ++p;
      return p - from;
    };
    if (p < text_.size() && text_[p] == '-') ++p;
    if (p < text_.size() && text_[p] == '0') {
      ++p;
    } else if (digits() == 0) {
      fail(start, "malformed number");
      return std::nullopt;
    }
    if (p < text_.size() && text_[p] == '.') {
      ++p;
      if (digits() == 0) {
        fail(start, "malformed number (digits must follow '.')");
        return std::nullopt;
      }
    }
    if (p < text_.size() && (text_[p] == 'e' || text_[p] == 'E')) {
      ++p;
      if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) ++p;
      if (digits() == 0) {
        fail(start, "malformed number (digits must follow the exponent)");
        return std::nullopt;
      }
    }
    if (p < text_.size() && (isDigit(text_[p]) || text_[p] == '.')) {
      fail(start, "malformed number (leading zero)");
      return std::nullopt;
    }
    const NumberParse number = parseDecimal(text_.substr(start, p - start));
    if (number.status == NumberStatus::NotFinite) {
      fail(start, "number out of range (not a finite double): " +
                      std::string(text_.substr(start, std::min<std::size_t>(p - start, 40))));
      return std::nullopt;
    }
    if (number.status != NumberStatus::Ok) {
      fail(start, "malformed number");
      return std::nullopt;
    }
    pos_ = p;
    return JsonValue::number(number.value);
  }

  int hexValue(char c) const {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  std::optional<std::uint32_t> parseHex4() {
    if (pos_ + 4 > text_.size()) return std::nullopt;
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const int h = hexValue(text_[pos_ + static_cast<std::size_t>(k)]);
      if (h < 0) return std::nullopt;
      v = v * 16 + static_cast<std::uint32_t>(h);
    }
    pos_ += 4;
    return v;
  }

  // Validates one UTF-8 sequence starting at pos_ (RFC 3629: no overlongs, no surrogates).
  bool copyUtf8(std::string& out) {
    const auto b0 = static_cast<unsigned char>(text_[pos_]);
    std::size_t length = 0;
    std::uint32_t cp = 0;
    if (b0 < 0x80) {
      length = 1;
      cp = b0;
    } else if ((b0 & 0xE0) == 0xC0) {
      length = 2;
      cp = b0 & 0x1Fu;
    } else if ((b0 & 0xF0) == 0xE0) {
      length = 3;
      cp = b0 & 0x0Fu;
    } else if ((b0 & 0xF8) == 0xF0) {
      length = 4;
      cp = b0 & 0x07u;
    } else {
      return false;
    }
    if (pos_ + length > text_.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto b = static_cast<unsigned char>(text_[pos_ + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3Fu);
    }
    static constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMinimum[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    out.append(text_.substr(pos_, length));
    pos_ += length;
    return true;
  }

  std::optional<std::string> parseString() {
    const std::size_t start = pos_;
    ++pos_;  // the opening quote
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) {
        fail(start, "unterminated string");
        return std::nullopt;
      }
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) {
        fail(pos_, "control character in a string (escape it)");
        return std::nullopt;
      }
      if (c != '\\') {
        if (!copyUtf8(out)) {
          fail(pos_, "invalid UTF-8 in a string");
          return std::nullopt;
        }
        continue;
      }
      ++pos_;
      if (pos_ >= text_.size()) {
        fail(start, "unterminated string");
        return std::nullopt;
      }
      const char e = text_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const std::size_t escape = pos_ - 2;
          std::optional<std::uint32_t> cp = parseHex4();
          if (!cp) {
            fail(escape, "malformed \\u escape");
            return std::nullopt;
          }
          if (*cp >= 0xD800 && *cp <= 0xDBFF) {
            // A high surrogate must be followed by \u and a low surrogate.
            if (text_.substr(pos_, 2) != "\\u") {
              fail(escape, "unpaired surrogate in a \\u escape");
              return std::nullopt;
            }
            pos_ += 2;
            std::optional<std::uint32_t> low = parseHex4();
            if (!low || *low < 0xDC00 || *low > 0xDFFF) {
              fail(escape, "unpaired surrogate in a \\u escape");
              return std::nullopt;
            }
            *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
          } else if (*cp >= 0xDC00 && *cp <= 0xDFFF) {
            fail(escape, "unpaired surrogate in a \\u escape");
            return std::nullopt;
          }
          appendUtf8(out, *cp);
          break;
        }
        default:
          fail(pos_ - 2, "unknown escape in a string");
          return std::nullopt;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t values_ = 0;
  std::vector<Frame> stack_;
  JsonValue root_;
  JsonParse error_;
};

}  // namespace

JsonParse parseJson(std::string_view text) {
  return Parser(text).run();
}

}  // namespace kpg::app
