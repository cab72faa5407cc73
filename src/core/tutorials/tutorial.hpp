#pragma once
// The shape every guided tutorial is derived into: a Tutorial is a list of pages, each
// with a few sentences, formula lines in readable Unicode, and named values. Every number is
// computed from the data the function was given — nothing is typed in — so the UI re-derives the
// whole tutorial when the student drags a point, and the CLI (`kpg example`) prints the same
// records. Values are machine-readable: name → exact text ("3/8", "2/√5") and a double, so a
// browser test can check them through renderJson().
//
// Where a course-notes slide has a typo that the derivation fixes, the page's notesCorrection says
// what the notes print and what is right, citing the file.

#include "data/number_text.hpp"  // subscript, superscript
#include "tutorials/rational.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

struct NamedValue {
  std::string name;   // stable key, e.g. "alpha_1", "w_2", "margin"
  std::string exact;  // "3/8", "2/√5", "-3/2"; empty when the value is only approximate
  double value = 0.0;
};

struct FormulaLine {
  std::string text;     // "α₃ = α₁ + α₂"
  std::string comment;  // optional, e.g. "from Σαᵢyᵢ = 0"
};

struct TutorialPage {
  std::string title;
  std::vector<std::string> paragraphs;
  std::vector<FormulaLine> formulas;
  std::vector<NamedValue> values;
  std::string notesCorrection;  // empty when the notes are right on this step
};

struct Tutorial {
  std::string id;  // "hand-solved-svm"
  std::string title;
  std::string source;  // "course-notes 001, Question 7"
  std::vector<TutorialPage> pages;
  // Set when the derivation's method does not apply to the given data (e.g. a point whose α
  // would be negative): said once here, explained on the page where it shows.
  std::vector<std::string> warnings;
};

// Builders used by every tutorial.
NamedValue namedValue(std::string name, const Rational& value);
NamedValue namedValue(std::string name, const Surd& value);
NamedValue namedDouble(std::string name, double value);

// The first value called `name` on any page.
std::optional<NamedValue> findValue(const Tutorial& tutorial, std::string_view name);

// Plain text for the terminal: numbered pages, formulas indented, values as "name = exact (≈ d)".
std::string renderText(const Tutorial& tutorial);
// {"id":..., "title":..., "pages":[{"title":..., "paragraphs":[...], "formulas":[{"text":...}],
//  "values":[{"name":..., "exact":..., "value":...}], "notesCorrection":...}], "warnings":[...]}
std::string renderJson(const Tutorial& tutorial);

}  // namespace kpg
