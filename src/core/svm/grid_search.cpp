#include "svm/grid_search.hpp"

#include "data/number_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kpg {

namespace {

bool parseFiniteNumber(const std::string& text, double& value) {
  const NumberParse parsed = parseDecimal(text);
  if (parsed.status != NumberStatus::Ok || !std::isfinite(parsed.value)) return false;
  value = parsed.value;
  return true;
}

// How many values range_f gives, stopping early past kMaxGridAxisValues.
std::size_t countValues(const Log2Range& r) {
  std::size_t count = 0;
  double v = r.begin;
  while (count <= kMaxGridAxisValues) {
    if (r.step > 0 && v > r.end) break;
    if (r.step < 0 && v < r.end) break;
    ++count;
    v += r.step;
  }
  return count;
}

template <class Samples>
GridPlan planSearch(const Samples& x, const Vector& y, const SvmParams& params,
                    const Log2Range& log2c, const Log2Range& log2g, int folds, std::uint32_t seed) {
  GridPlan plan;
  if (auto e = checkLog2Range(log2c)) {
    plan.error = ParameterError{"log2c", *e};
    return plan;
  }
  if (auto e = checkLog2Range(log2g)) {
    plan.error = ParameterError{"log2g", *e};
    return plan;
  }
  // The parameters as every point will have them: C and γ of the first point, so that a bad
  // kernel type or eps is reported before any work (γ only matters for the kernels that use it).
  SvmParams first = params;
  first.c = powerOfTwo(log2c.begin);
  first.kernel.gamma = powerOfTwo(log2g.begin);
  if (auto e = validateTraining(x, y, first)) {
    plan.error = e;
    return plan;
  }
  if (folds < 2) {
    plan.error = ParameterError{"folds", "n-fold cross validation needs n >= 2"};
    return plan;
  }
  if (isClassification(params.type)) {
    for (Index r = 0; r < y.size(); ++r) {
      if (y(r) != std::floor(y(r))) {
        plan.error = ParameterError{"y", "class label " + formatExact(y(r)) + " is not an integer"};
        return plan;
      }
    }
  }
  if (folds > y.size()) {
    plan.warnings.push_back("folds > samples: using leave-one-out (" + std::to_string(y.size()) +
                            " folds)");
    folds = static_cast<int>(y.size());
  }
  plan.points = gridVisitOrder(log2c, log2g);
  plan.folds = libsvmFoldLayout(y, params.type, folds, seed);
  return plan;
}

template <class Samples>
GridPointResult evaluatePoint(const Samples& x, const Vector& y, const SvmParams& params,
                              const GridPlan& plan, std::size_t index,
                              std::vector<CSvcStart>* warm = nullptr) {
  GridPointResult result;
  result.point = plan.points.at(index);
  SvmParams p = params;
  p.c = powerOfTwo(result.point.log2c);
  p.kernel.gamma = powerOfTwo(result.point.log2g);
  const CrossValidationResult cv = warm && params.type == SvmType::CSvc
                                       ? crossValidateFolds(x, y, p, plan.folds, *warm)
                                       : crossValidateFolds(x, y, p, plan.folds);
  if (!cv.ok()) {
    result.error = cv.error;
    return result;
  }
  result.unconvergedSubproblems = cv.unconvergedSubproblems;
  if (isRegression(params.type)) {
    result.rate = libsvmPrintedValue(cv.meanSquaredError);
    result.squaredCorrelation = cv.squaredCorrelation;
  } else {
    result.rate = libsvmPrintedValue(100.0 * cv.accuracy);
  }
  return result;
}

}  // namespace

std::optional<std::string> checkLog2Range(const Log2Range& r) {
  if (!std::isfinite(r.begin) || !std::isfinite(r.end) || !std::isfinite(r.step))
    return "begin, end and step must be finite numbers";
  if (r.step == 0) return "the step is 0; use a step leading from begin to end, e.g. -5,15,2";
  if ((r.step > 0 && r.begin > r.end) || (r.step < 0 && r.begin < r.end))
    return "the step " + formatExact(r.step) + " leads away from end " + formatExact(r.end) +
           " (begin " + formatExact(r.begin) + "); give the step the sign of end - begin";
  if (countValues(r) > kMaxGridAxisValues)
    return "more than " + std::to_string(kMaxGridAxisValues) + " values; use a larger step";
  return std::nullopt;
}

std::optional<std::string> parseLog2Range(const std::string& text, Log2Range& range) {
  std::vector<std::string> parts(1);
  for (char ch : text) {
    if (ch == ',')
      parts.emplace_back();
    else
      parts.back() += ch;
  }
  Log2Range parsed;
  if (parts.size() != 3 || !parseFiniteNumber(parts[0], parsed.begin) ||
      !parseFiniteNumber(parts[1], parsed.end) || !parseFiniteNumber(parts[2], parsed.step))
    return "'" + text + "' is not begin,end,step (three numbers, e.g. -5,15,2)";
  if (auto e = checkLog2Range(parsed)) return "'" + text + "': " + *e;
  range = parsed;
  return std::nullopt;
}

std::vector<double> rangeValues(const Log2Range& r) {
  std::vector<double> values;
  if (checkLog2Range(r)) return values;
  double v = r.begin;
  while (true) {
    if (r.step > 0 && v > r.end) break;
    if (r.step < 0 && v < r.end) break;
    values.push_back(v);
    v = v + r.step;
  }
  return values;
}

std::vector<double> permuteSequence(const std::vector<double>& seq) {
  const std::size_t n = seq.size();
  if (n <= 1) return seq;
  const std::size_t mid = n / 2;
  const std::vector<double> left =
      permuteSequence(std::vector<double>(seq.begin(), seq.begin() + mid));
  const std::vector<double> right =
      permuteSequence(std::vector<double>(seq.begin() + mid + 1, seq.end()));
  std::vector<double> out{seq[mid]};
  for (std::size_t k = 0; k < left.size() || k < right.size(); ++k) {
    if (k < left.size()) out.push_back(left[k]);
    if (k < right.size()) out.push_back(right[k]);
  }
  return out;
}

std::vector<GridPoint> gridVisitOrder(const Log2Range& log2c, const Log2Range& log2g) {
  const std::vector<double> c = permuteSequence(rangeValues(log2c));
  const std::vector<double> g = permuteSequence(rangeValues(log2g));
  std::vector<GridPoint> points;
  if (c.empty() || g.empty()) return points;
  // calculate_jobs: refine C when i/nr_c < j/nr_g (compared as Python's float quotients), else γ.
  const double nc = static_cast<double>(c.size());
  const double ng = static_cast<double>(g.size());
  std::size_t i = 0, j = 0;
  while (i < c.size() || j < g.size()) {
    if (static_cast<double>(i) / nc < static_cast<double>(j) / ng) {
      for (std::size_t k = 0; k < j; ++k) points.push_back({c[i], g[k]});
      ++i;
    } else {
      for (std::size_t k = 0; k < i; ++k) points.push_back({c[k], g[j]});
      ++j;
    }
  }
  return points;
}

double powerOfTwo(double exponent) {
  return std::pow(2.0, exponent);
}

double libsvmPrintedValue(double value) {
  if (!std::isfinite(value)) return value;
  const NumberParse parsed = parseDecimal(formatDisplay(value, 6));
  return parsed.status == NumberStatus::Ok ? parsed.value : value;
}

bool replacesBest(const GridPointResult& candidate, const GridPointResult& best,
                  bool lowerIsBetter) {
  const bool better = lowerIsBetter ? candidate.rate < best.rate : candidate.rate > best.rate;
  return better || (candidate.rate == best.rate && candidate.point.log2g == best.point.log2g &&
                    candidate.point.log2c < best.point.log2c);
}

std::size_t bestGridPoint(const std::vector<GridPointResult>& results, bool lowerIsBetter) {
  // update_param starts from rate −1, below every accuracy, so the first point always takes it.
  std::size_t best = 0;
  for (std::size_t k = 1; k < results.size(); ++k)
    if (replacesBest(results[k], results[best], lowerIsBetter)) best = k;
  return best;
}

GridPlan planGridSearch(const Matrix& x, const Vector& y, const SvmParams& params,
                        const Log2Range& log2c, const Log2Range& log2g, int folds,
                        std::uint32_t seed) {
  return planSearch(x, y, params, log2c, log2g, folds, seed);
}

GridPlan planGridSearch(const SparseRows& x, const Vector& y, const SvmParams& params,
                        const Log2Range& log2c, const Log2Range& log2g, int folds,
                        std::uint32_t seed) {
  return planSearch(x, y, params, log2c, log2g, folds, seed);
}

GridPointResult evaluateGridPoint(const Matrix& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index) {
  return evaluatePoint(x, y, params, plan, index);
}

GridPointResult evaluateGridPoint(const SparseRows& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index) {
  return evaluatePoint(x, y, params, plan, index);
}

GridPointResult evaluateGridPoint(const Matrix& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index,
                                  std::vector<CSvcStart>& warm) {
  return evaluatePoint(x, y, params, plan, index, &warm);
}

GridPointResult evaluateGridPoint(const SparseRows& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index,
                                  std::vector<CSvcStart>& warm) {
  return evaluatePoint(x, y, params, plan, index, &warm);
}

std::string pythonNumberText(double value, bool asInteger) {
  if (asInteger && std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e18)
    return std::to_string(static_cast<long long>(value));
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // The shortest round-trip digits and their decimal exponent, from the scientific form
  // "d.ddde±xx": the fewest digits that read back exactly, correctly rounded, are the digits of
  // Python's repr (David Gay's shortest). std::to_chars for double would do it in one call, but
  // the wasm build's libc++ lacks it, so %.*e is tried with 1 to 17 digits.
  char buffer[64];
  for (int precision = 0; precision <= 16; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*e", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  std::string text(buffer);
  for (char& c : text)
    if (c == ',') c = '.';  // a C locale with a decimal comma (strtod read it the same way)
  std::string sign;
  if (text[0] == '-') {
    sign = "-";
    text.erase(0, 1);
  }
  const std::size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  const int exponent = std::atoi(text.c_str() + e + 1);
  if (digits.size() > 1) digits.erase(1, 1);  // drop the '.'
  // float_repr_style "short": repr switches to exponent form outside 1e-4 ≤ |v| < 1e16.
  if (value != 0 && (exponent < -4 || exponent >= 16)) {
    std::string mantissa = digits.substr(0, 1);
    if (digits.size() > 1) mantissa += "." + digits.substr(1);
    const int shown = exponent < 0 ? -exponent : exponent;
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (shown < 10 ? "0" : "") +
           std::to_string(shown);
  }
  const int point = exponent + 1;  // digits before the decimal point
  std::string out;
  if (point <= 0) {
    out = "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  } else if (static_cast<std::size_t>(point) >= digits.size()) {
    out = digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0') + ".0";
  } else {
    out = digits.substr(0, static_cast<std::size_t>(point)) + "." +
          digits.substr(static_cast<std::size_t>(point));
  }
  return sign + out;
}

}  // namespace kpg
