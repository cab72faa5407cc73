#include "tutorials/tutorial.hpp"

#include "data/json_text.hpp"

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

namespace {

std::string valueText(const NamedValue& value) {
  if (value.exact.empty()) return value.name + " ≈ " + formatDecimal(value.value);
  std::string text = value.name + " = " + value.exact;
  const std::string decimal = formatDecimal(value.value);
  if (decimal != value.exact) text += "  (≈ " + decimal + ")";
  return text;
}

std::string jsonStrings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + jsonQuote(items[i]);
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
  std::string out = "{\"id\":" + jsonQuote(tutorial.id) +
                    ",\"title\":" + jsonQuote(tutorial.title) +
                    ",\"source\":" + jsonQuote(tutorial.source) + ",\"pages\":[";
  for (std::size_t p = 0; p < tutorial.pages.size(); ++p) {
    const TutorialPage& page = tutorial.pages[p];
    out += (p ? "," : "") + std::string("{\"title\":") + jsonQuote(page.title) +
           ",\"paragraphs\":" + jsonStrings(page.paragraphs) + ",\"formulas\":[";
    for (std::size_t f = 0; f < page.formulas.size(); ++f) {
      out += (f ? "," : "") + std::string("{\"text\":") + jsonQuote(page.formulas[f].text) +
             ",\"comment\":" + jsonQuote(page.formulas[f].comment) + "}";
    }
    out += "],\"values\":[";
    for (std::size_t v = 0; v < page.values.size(); ++v) {
      const NamedValue& value = page.values[v];
      out += (v ? "," : "") + std::string("{\"name\":") + jsonQuote(value.name) +
             ",\"exact\":" + jsonQuote(value.exact) + ",\"value\":" + jsonNumber(value.value) + "}";
    }
    out += "],\"notesCorrection\":" + jsonQuote(page.notesCorrection) + "}";
  }
  out += "],\"warnings\":" + jsonStrings(tutorial.warnings) + "}";
  return out;
}

}  // namespace kpg
