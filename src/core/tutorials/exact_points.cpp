#include "tutorials/exact_points.hpp"

#include <cstdlib>

namespace kpg {

ExactPoints exactPoints(const std::vector<std::vector<std::int64_t>>& x,
                        const std::vector<int>& y) {
  ExactPoints points;
  for (const auto& row : x) {
    RationalVector v;
    for (std::int64_t value : row) v.emplace_back(value);
    points.x.push_back(v);
  }
  points.y = y;
  return points;
}

ExactPoints exactPointsFromDataset(const Dataset& data) {
  ExactPoints points;
  for (Eigen::Index i = 0; i < data.x.rows(); ++i) {
    RationalVector v;
    for (Eigen::Index j = 0; j < data.x.cols(); ++j)
      v.push_back(Rational::fromDouble(data.x(i, j)));
    points.x.push_back(v);
    points.y.push_back(i < data.y.size() ? static_cast<int>(std::lround(data.y(i))) : 0);
  }
  return points;
}

Dataset toDataset(const ExactPoints& points) {
  Dataset data;
  const auto n = static_cast<Eigen::Index>(points.size());
  const auto d = static_cast<Eigen::Index>(points.dimension());
  data.x.resize(n, d);
  data.y.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < d; ++j) {
      data.x(i, j) = points.x[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].toDouble();
    }
    data.y(i) = points.y[static_cast<std::size_t>(i)];
  }
  return data;
}

namespace {

std::vector<std::string_view> splitFields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() &&
           (line[i] == ' ' || line[i] == '\t' || line[i] == ',' || line[i] == '\r'))
      ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != ',' &&
           line[i] != '\r')
      ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

std::string quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}

}  // namespace

PointsParseResult parsePoints(std::string_view text) {
  PointsParseResult result;
  ExactPoints points;
  int lineNumber = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++lineNumber;
    const std::size_t hash = line.find('#');
    if (hash != std::string_view::npos) line = line.substr(0, hash);
    const auto fields = splitFields(line);
    if (fields.empty()) continue;
    const std::string where = "line " + std::to_string(lineNumber) + ": ";
    const bool libsvm = line.find(':') != std::string_view::npos;
    RationalVector x;
    std::string_view labelText;
    if (libsvm) {
      labelText = fields[0];
      for (std::size_t f = 1; f < fields.size(); ++f) {
        const std::size_t colon = fields[f].find(':');
        const auto index = colon == std::string_view::npos
                               ? std::nullopt
                               : Rational::parse(fields[f].substr(0, colon));
        if (!index || !index->isInteger() || index->numerator() < 1 || index->numerator() > 1000) {
          result.error =
              where + quoted(fields[f]) + " is not index:value with an index from 1 to 1000";
          return result;
        }
        const auto value = Rational::parse(fields[f].substr(colon + 1));
        if (!value) {
          result.error = where + quoted(fields[f].substr(colon + 1)) + " is not a number";
          return result;
        }
        const auto slot = static_cast<std::size_t>(index->numerator() - 1);
        if (x.size() <= slot) x.resize(slot + 1, Rational(0));
        x[slot] = *value;
      }
    } else {
      labelText = fields.back();
      for (std::size_t f = 0; f + 1 < fields.size(); ++f) {
        const auto value = Rational::parse(fields[f]);
        if (!value) {
          result.error = where + quoted(fields[f]) + " is not a number";
          return result;
        }
        x.push_back(*value);
      }
    }
    const auto label = Rational::parse(labelText);
    if (!label || !(*label == Rational(1) || *label == Rational(-1))) {
      result.error = where + "the label " + quoted(labelText) +
                     " must be +1 or -1 (the last number on the line; LIBSVM lines start with it)";
      return result;
    }
    points.x.push_back(x);
    points.y.push_back(label->sign());
  }
  // LIBSVM lines may omit trailing zero features: pad to the widest.
  std::size_t width = 0;
  for (const auto& v : points.x) width = std::max(width, v.size());
  for (std::size_t i = 0; i < points.x.size(); ++i) {
    if (points.x[i].size() != width) {
      if (text.find(':') == std::string_view::npos) {
        result.error = "point " + std::to_string(i + 1) + " has " +
                       std::to_string(points.x[i].size()) + " coordinates but point 1 has " +
                       std::to_string(points.x[0].size());
        return result;
      }
      points.x[i].resize(width, Rational(0));
    }
  }
  if (points.x.empty()) {
    result.error = "no points: write one point per line, coordinates then the label (+1 or -1)";
    return result;
  }
  result.points = points;
  return result;
}

std::string checkBinaryPoints(const ExactPoints& points) {
  if (points.size() < 2) return "at least 2 points are needed (one of each class)";
  if (points.y.size() != points.size()) return "there must be one label per point";
  const std::size_t d = points.dimension();
  if (d == 0) return "the points need at least one coordinate";
  bool positive = false, negative = false;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (points.x[i].size() != d) {
      return "point " + std::to_string(i + 1) + " has " + std::to_string(points.x[i].size()) +
             " coordinates, point 1 has " + std::to_string(d);
    }
    if (points.y[i] == 1) {
      positive = true;
    } else if (points.y[i] == -1) {
      negative = true;
    } else {
      return "point " + std::to_string(i + 1) + " has label " + std::to_string(points.y[i]) +
             "; labels must be +1 or -1";
    }
  }
  if (!positive || !negative) return "both classes (+1 and -1) must have at least one point";
  return "";
}

}  // namespace kpg
