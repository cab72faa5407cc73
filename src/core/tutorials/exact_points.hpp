#pragma once
// Labelled points held exactly, the input of the worked examples. Coordinates the student typed as
// integers or decimals stay exact ("0.1" is 1/10), so the derivations print fractions; anything
// else falls back to doubles (Rational's inexact mode).

#include "data/dataset.hpp"
#include "tutorials/exact_linear_algebra.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

struct ExactPoints {
  std::vector<RationalVector> x;  // one point per entry, all of the same dimension
  std::vector<int> y;             // labels, +1 or −1 for the classification examples

  std::size_t size() const { return x.size(); }
  std::size_t dimension() const { return x.empty() ? 0 : x[0].size(); }
};

// From integer literals: exactPoints({{1, 3}, {2, 1}, {0, 1}}, {1, 1, -1}).
ExactPoints exactPoints(const std::vector<std::vector<std::int64_t>>& x, const std::vector<int>& y);
// From the app's Dataset (doubles → shortest decimal → exact fraction where possible).
ExactPoints exactPointsFromDataset(const Dataset& data);
Dataset toDataset(const ExactPoints& points);

struct PointsParseResult {
  std::optional<ExactPoints> points;
  std::string error;  // "line 3: 'abc' is not a number", when points is empty
};

// Text the student wrote, one point per line, '#' starts a comment. Either
//   x1 x2 ... label         (spaces or commas; the label is the last number), or
//   label 1:x1 2:x2 ...     (LIBSVM format, recognized by the ':')
// Labels must be +1 or −1: a 0/1 label is reported, not silently relabelled.
PointsParseResult parsePoints(std::string_view text);

// "Sanity" problems the classification examples reject: fewer than 2 points, mixed dimensions,
// labels other than ±1, only one class. Empty when fine.
std::string checkBinaryPoints(const ExactPoints& points);

}  // namespace kpg
