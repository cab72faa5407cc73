#include "tutorials/tutorial.hpp"

#include <cmath>
#include <cstdio>

namespace kpg {

NamedValue namedValue(std::string name, const Rational& value) {
  return NamedValue{std::move(name), value.isExact() ? value.toString() : "", value.toDouble()};
}

NamedValue namedValue(std::string name, const Surd& value) {
  return NamedValue{std::move(name), value.isExact() ? value.toString() : "", value.toDouble()};
}

NamedValue namedDouble(std::string name, double value) {
  return NamedValue{std::move(name), "", value};
}

std::optional<NamedValue> findValue(const Tutorial& tutorial, std::string_view name) {
  for (const auto& page : tutorial.pages) {
    for (const auto& value : page.values) {
      if (value.name == name) return value;
    }
  }
  return std::nullopt;
}

std::string subscript(int number) {
  static const char* const kDigits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
  if (number < 0) return "₋" + subscript(-number);
  std::string digits = std::to_string(number);
  std::string text;
  for (char c : digits) text += kDigits[c - '0'];
  return text;
}

std::string superscript(int number) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  if (number < 0) return "⁻" + superscript(-number);
  std::string digits = std::to_string(number);
  std::string text;
  for (char c : digits) text += kDigits[c - '0'];
  return text;
}

namespace {

std::string valueText(const NamedValue& value) {
  if (value.exact.empty()) return value.name + " ≈ " + formatDecimal(value.value);
  std::string text = value.name + " = " + value.exact;
  const std::string decimal = formatDecimal(value.value);
  if (decimal != value.exact) text += "  (≈ " + decimal + ")";
  return text;
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string jsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string jsonStrings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + jsonString(items[i]);
  return out + "]";
}

}  // namespace

std::string renderText(const Tutorial& tutorial) {
  std::string out = tutorial.title;
  if (!tutorial.source.empty()) out += " (" + tutorial.source + ")";
  out += "\n" + std::string(60, '=') + "\n";
  for (const auto& warning : tutorial.warnings) out += "NOTE: " + warning + "\n";
  for (std::size_t p = 0; p < tutorial.pages.size(); ++p) {
    const TutorialPage& page = tutorial.pages[p];
    out += "\nStep " + std::to_string(p + 1) + ". " + page.title + "\n";
    for (const auto& paragraph : page.paragraphs) out += "  " + paragraph + "\n";
    if (!page.formulas.empty()) out += "\n";
    for (const auto& formula : page.formulas) {
      out += "      " + formula.text;
      if (!formula.comment.empty()) out += "      [" + formula.comment + "]";
      out += "\n";
    }
    if (!page.values.empty()) {
      out += "\n  Values:\n";
      for (const auto& value : page.values) out += "    " + valueText(value) + "\n";
    }
    if (!page.notesCorrection.empty())
      out += "\n  Fix to the notes: " + page.notesCorrection + "\n";
  }
  return out;
}

std::string renderJson(const Tutorial& tutorial) {
  std::string out = "{\"id\":" + jsonString(tutorial.id) +
                    ",\"title\":" + jsonString(tutorial.title) +
                    ",\"source\":" + jsonString(tutorial.source) + ",\"pages\":[";
  for (std::size_t p = 0; p < tutorial.pages.size(); ++p) {
    const TutorialPage& page = tutorial.pages[p];
    out += (p ? "," : "") + std::string("{\"title\":") + jsonString(page.title) +
           ",\"paragraphs\":" + jsonStrings(page.paragraphs) + ",\"formulas\":[";
    for (std::size_t f = 0; f < page.formulas.size(); ++f) {
      out += (f ? "," : "") + std::string("{\"text\":") + jsonString(page.formulas[f].text) +
             ",\"comment\":" + jsonString(page.formulas[f].comment) + "}";
    }
    out += "],\"values\":[";
    for (std::size_t v = 0; v < page.values.size(); ++v) {
      const NamedValue& value = page.values[v];
      out += (v ? "," : "") + std::string("{\"name\":") + jsonString(value.name) +
             ",\"exact\":" + jsonString(value.exact) + ",\"value\":" + jsonNumber(value.value) +
             "}";
    }
    out += "],\"notesCorrection\":" + jsonString(page.notesCorrection) + "}";
  }
  out += "],\"warnings\":" + jsonStrings(tutorial.warnings) + "}";
  return out;
}

}  // namespace kpg
