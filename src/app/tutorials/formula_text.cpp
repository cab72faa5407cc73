#include "tutorials/formula_text.hpp"

#include "data/number_text.hpp"

#include <algorithm>

namespace kpg::app {

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return std::string(s);
}

// "x1^2" → "x₁²", "x1x2" → "x₁x₂": a digit after a letter is a subscript, after ^ a superscript.
std::string monomial(const std::string& token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    const char c = token[i];
    if (c == '^' && i + 1 < token.size() && isDigit(token[i + 1])) {
      out += superscript(token[++i] - '0');
    } else if (isDigit(c) && i > 0 && token[i - 1] >= 'a' && token[i - 1] <= 'z') {
      out += subscript(c - '0');
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string minusSigns(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool afterLetter = i > 0 && ((text[i - 1] >= 'a' && text[i - 1] <= 'z') ||
                                       (text[i - 1] >= 'A' && text[i - 1] <= 'Z'));
    if (text[i] == '-' && !afterLetter) {
      out += "−";
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<MatrixFormula> splitMatrix(std::string_view text) {
  const std::size_t open = text.find("[[");
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t close = text.find("]]", open);
  if (close == std::string_view::npos) return std::nullopt;
  MatrixFormula m;
  m.before = trimmed(text.substr(0, open));
  m.after = trimmed(text.substr(close + 2));
  // The inside: "10, 5, -3], [5, 5, -1], [-3, -1, 1"
  std::string_view inside = text.substr(open + 2, close - open - 2);
  while (true) {
    const std::size_t end = inside.find(']');
    const std::string_view row = inside.substr(0, end);
    std::vector<std::string> entries;
    std::size_t start = 0;
    while (start <= row.size()) {
      const std::size_t comma = row.find(',', start);
      const std::string entry = trimmed(
          row.substr(start, comma == std::string_view::npos ? row.size() - start : comma - start));
      if (entry.empty()) return std::nullopt;
      entries.push_back(minusSigns(entry));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (!m.rows.empty() && entries.size() != m.rows.front().size()) return std::nullopt;
    m.rows.push_back(std::move(entries));
    if (end == std::string_view::npos) break;
    const std::size_t next = inside.find('[', end);
    if (next == std::string_view::npos) return std::nullopt;
    inside.remove_prefix(next + 1);
  }
  return m;
}

std::string mathName(const std::string& name) {
  static const std::pair<const char*, const char*> greek[] = {
      {"alpha", "α"}, {"beta", "β"}, {"lambda", "λ"}, {"eta", "η"}, {"phi", "φ"}, {"xi", "ξ"}};
  std::string out;
  std::size_t i = 0;
  while (i < name.size()) {
    std::size_t end = name.find('_', i);
    if (end == std::string::npos) end = name.size();
    std::string token = name.substr(i, end - i);
    const bool digits = !token.empty() &&
                        std::all_of(token.begin(), token.end(), [](char c) { return isDigit(c); });
    // Subscripts after a symbol (α₁, K₁₂, w₂); "step_3_i" stays "step 3 i".
    const std::size_t space = out.rfind(' ');
    const std::string last = space == std::string::npos ? out : out.substr(space + 1);
    const bool isSymbol = last.size() <= 2;  // a letter, or a Greek letter (2 bytes)
    if (digits && !out.empty() && isSymbol) {
      for (char c : token) out += subscript(c - '0');
    } else {
      for (const auto& [latin, symbol] : greek) {
        if (token == latin) token = symbol;
      }
      if (!out.empty()) out += ' ';
      out += monomial(token);
    }
    i = end + 1;
  }
  return out;
}

}  // namespace kpg::app
