// The ladder of slider values and typed-value checks (param_input.hpp).

#include "params/param_input.hpp"

#include "data/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {
namespace {

// Ten nice values a decade: each rung is 1.1 to 1.33 times the one before.
constexpr double kMantissas[] = {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8};
// A ladder never holds more rungs than this (a linear range with a tiny step).
constexpr int kMaxRungs = 2000;

bool sameValue(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

}  // namespace

std::vector<double> sliderLadder(const ParamRange& range) {
  std::vector<double> ladder;
  const double from = std::isnan(range.sliderMin) ? range.min : range.sliderMin;
  const double to = std::isnan(range.sliderMax) ? range.max : range.sliderMax;
  const double lo = std::min(from, to), hi = std::max(from, to);
  ladder.push_back(lo);
  if (range.logarithmic && lo > 0) {
    for (int decade = static_cast<int>(std::floor(std::log10(lo)));
         decade <= static_cast<int>(std::ceil(std::log10(hi))); ++decade) {
      for (double m : kMantissas) {
        double v = m * std::pow(10.0, decade);
        if (range.integer) v = std::round(v);
        if (v > lo && v < hi && !sameValue(v, ladder.back()) && v > ladder.back()) {
          ladder.push_back(v);
        }
      }
    }
  } else {
    const double step = range.step > 0 ? range.step : (hi - lo) / 100;
    const int rungs = std::min(kMaxRungs, static_cast<int>(std::floor((hi - lo) / step + 1e-9)));
    // lo + k·step rounded to a few decimals below the step, so that the rungs are the decimal
    // values a person types (0.3, not 0.30000000000000004 = 6 × 0.05).
    const double scale = std::pow(10.0, std::ceil(-std::log10(step)) + 3);
    for (int k = 1; k <= rungs; ++k) {
      const double v = std::round((lo + k * step) * scale) / scale;
      if (v < hi && !sameValue(v, hi) && v > ladder.back()) ladder.push_back(v);
    }
  }
  if (hi > lo) ladder.push_back(hi);
  return ladder;
}

int ladderPosition(const std::vector<double>& ladder, const ParamRange& range, double value) {
  if (ladder.empty() || !std::isfinite(value)) return 0;
  const bool ratio = range.logarithmic && ladder.front() > 0 && value > 0;
  int best = 0;
  double bestDistance = INFINITY;
  for (std::size_t k = 0; k < ladder.size(); ++k) {
    const double d = ratio ? std::abs(std::log(ladder[k] / value)) : std::abs(ladder[k] - value);
    if (d < bestDistance) {
      bestDistance = d;
      best = static_cast<int>(k);
    }
  }
  return best;
}

std::string boundText(double value) {
  std::string t = formatDisplay(value, 6);
  const std::size_t e = t.find('e');
  if (e == std::string::npos) return t;
  std::string exponent = t.substr(e + 1);
  const bool negative = exponent[0] == '-';
  if (exponent[0] == '-' || exponent[0] == '+') exponent.erase(0, 1);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return t.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

std::string rangeText(const ParamRange& range) {
  return boundText(range.min) + " to " + boundText(range.max);
}

TypedValue parseTypedValue(const ParamRange& range, std::string_view text) {
  TypedValue out;
  // Surrounding blanks are forgiven (a pasted value often carries them).
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  const std::string symbol = range.symbol;
  const std::string wants = range.integer ? " takes a whole number from " : " takes a number from ";
  const NumberParse parsed = parseDecimal(text);
  if (parsed.status != NumberStatus::Ok) {
    // The quote is cut at 24 bytes, on a character boundary (the text may be UTF-8).
    std::size_t cut = std::min<std::size_t>(text.size(), 24);
    while (cut < text.size() && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
      --cut;
    out.message = (text.empty() ? std::string("an empty field")
                                : "“" + std::string(text.substr(0, cut)) + "”") +
                  " is not a number: " + symbol + wants + rangeText(range);
    const bool specific = parsed.status == NumberStatus::DecimalComma ||
                          parsed.status == NumberStatus::HexFloat ||
                          parsed.status == NumberStatus::DigitSeparator;
    if (specific) out.message += " (" + numberHint(parsed.status) + ")";
    return out;
  }
  double v = parsed.value;
  if (range.integer && v != std::round(v)) {
    out.message = symbol + " = " + formatDisplay(v, 6) + " is not whole: " + symbol + wants +
                  rangeText(range);
    return out;
  }
  out.ok = true;
  if (v < range.min || v > range.max) {
    const double clampedValue = std::clamp(v, range.min, range.max);
    out.clamped = true;
    out.message = symbol + " = " + formatDisplay(v, 6) + " is outside " + rangeText(range) +
                  ": set to " + boundText(clampedValue);
    v = clampedValue;
  }
  out.value = v;
  return out;
}

}  // namespace kpg::app
