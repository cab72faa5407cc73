#include "tutorials/formula_text.hpp"

#include "tutorials/tutorial.hpp"

namespace kpg::formula {

std::string alpha(std::size_t index) {
  return "α" + subscript(static_cast<int>(index + 1));
}

std::string point(std::size_t index) {
  return "x" + subscript(static_cast<int>(index + 1));
}

std::string number(const Rational& value) {
  std::string text = value.toString();
  if (!text.empty() && text[0] == '-') text = "−" + text.substr(1);
  return text;
}

std::string linear(const std::vector<std::pair<Rational, std::string>>& terms) {
  std::string text;
  for (const auto& [coefficient, term] : terms) {
    if (coefficient.isExact() && coefficient.isZero()) continue;
    const bool negative = coefficient.sign() < 0;
    const Rational magnitude = coefficient.abs();
    if (text.empty()) {
      if (negative) text += "−";
    } else {
      text += negative ? " − " : " + ";
    }
    if (term.empty()) {
      text += magnitude.toString();
    } else if (!(magnitude == Rational(1))) {
      text += magnitude.isInteger() || !magnitude.isExact()
                  ? magnitude.toString() + term
                  : "(" + magnitude.toString() + ")" + term;
    } else {
      text += term;
    }
  }
  return text.empty() ? "0" : text;
}

std::string vector(const RationalVector& v) {
  std::string text = "(";
  for (std::size_t i = 0; i < v.size(); ++i) text += (i ? ", " : "") + number(v[i]);
  return text + ")";
}

}  // namespace kpg::formula
