#pragma once
// The (C, γ) grid search of the LIBSVM guide (Hsu, Chang & Lin, "A Practical Guide to Support
// Vector Classification", section 3.2), as LIBSVM's tools/grid.py runs it: every pair
// (2^log2c, 2^log2g) of two ranges is rated by k-fold cross-validation and the best rate wins.
// grid.py runs one `svm-train -c C -g γ -v k` a point; every such run draws the same folds
// (svm-train never seeds rand()), so here the folds are drawn once (libsvmFoldLayout) and every
// point is cross-validated over them, which gives each point exactly svm-train's rate.
//
// What is reproduced from grid.py, because the best pair it prints depends on it:
//  * the ranges: range_f's begin, begin + step, ... while not past end (the sum accumulated in
//    doubles, as Python does);
//  * the visiting order: calculate_jobs interleaves the two axes, each permuted by
//    permute_sequence (middle first, then the halves alternately), refining C and γ in turn;
//  * the rate: svm-train's printed "%g" of the accuracy in %, read back as a number;
//  * the choice: in visiting order, a point replaces the best if its rate is higher, or equal
//    with the same γ and a smaller C (update_param); so among equal rates the earliest visited
//    wins unless a smaller C at the same γ comes later.
// For ε-SVR the rate is the cross-validation mean squared error and the lowest wins (same tie
// rule). grid.py itself is for classification: on -s 3 it takes svm-train's MSE line minus its
// last character (it strips a '%') and keeps the highest, which is not a search for the best.
//
// Every point starts SMO cold (α = 0), as each svm-train run does. A warm start along C (the
// previous C's α scaled to the new box, svm_train.hpp CSvcStart) reaches the same tolerance from
// another side, so a fold's model, and the label of a sample near its boundary, can differ from
// svm-train's, and with it the rate grid.py compares: measured on the default grid, 1 of 110
// rates of heart_scale and 7 of 110 of svmguide3 moved by one sample, for 10-20 % less time. So
// warm starts are an option (kpg grid --warm-start), not the default.
//
// Core code: no threads, no I/O. The points are independent, so a caller may evaluate them in
// any order and on any number of threads (evaluateGridPoint) and get the same results.

#include "svm/cross_validation.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

// grid.py's -log2c / -log2g "begin,end,step": the exponents begin, begin + step, ... up to end.
struct Log2Range {
  double begin = 0;
  double end = 0;
  double step = 1;
};

// grid.py's defaults: -log2c -5,15,2 and -log2g 3,-15,-2, 5 folds.
constexpr Log2Range kGridDefaultLog2C{-5, 15, 2};
constexpr Log2Range kGridDefaultLog2G{3, -15, -2};
constexpr int kGridDefaultFolds = 5;
// More values on one axis than this is a typing error (a step of 1e-9), not a grid to run.
constexpr std::size_t kMaxGridAxisValues = 1000;

// Parses "begin,end,step" (three finite numbers, '.' radix). On failure returns what is wrong:
// not three numbers, a step of 0 (grid.py would loop for ever), a step leading away from end
// (grid.py's range would be empty and it fails dividing by its length), too many values.
std::optional<std::string> parseLog2Range(const std::string& text, Log2Range& range);
// The same checks on a range given as numbers.
std::optional<std::string> checkLog2Range(const Log2Range& range);

// range_f: begin, begin + step, ... while not past end (floating-point sums, as grid.py's).
std::vector<double> rangeValues(const Log2Range& range);
// permute_sequence: the middle element, then the permuted left and right halves alternately.
std::vector<double> permuteSequence(const std::vector<double>& values);

struct GridPoint {
  double log2c = 0;
  double log2g = 0;
};
// calculate_jobs: the order grid.py visits (and, with its one local worker, reports) the points.
std::vector<GridPoint> gridVisitOrder(const Log2Range& log2c, const Log2Range& log2g);

// The rate a point gets: C-SVC the accuracy in % as svm-train prints it ("%g") read back; ε-SVR
// the mean squared error the same way. squaredCorrelation is svm-train's second SVR line.
struct GridPointResult {
  GridPoint point;
  double rate = 0;
  double squaredCorrelation = 0;  // ε-SVR
  int unconvergedSubproblems = 0;
  std::optional<ParameterError> error;
};

// 2^e as grid.py computes it (2.0**e, the C library's pow): the C and γ of a point.
double powerOfTwo(double exponent);

// A point's number read back from svm-train's "%g" (6 significant digits), as grid.py reads it.
double libsvmPrintedValue(double value);

// update_param's rule: does `candidate` replace `best`? Higher rate (C-SVC) or lower MSE (ε-SVR),
// or an equal one with the same γ and a smaller C.
bool replacesBest(const GridPointResult& candidate, const GridPointResult& best,
                  bool lowerIsBetter);
// The index of the best point in `results` (in visiting order) by that rule; results non-empty.
std::size_t bestGridPoint(const std::vector<GridPointResult>& results, bool lowerIsBetter);

// A prepared search: the points in visiting order and the folds every point uses.
struct GridPlan {
  std::vector<GridPoint> points;
  FoldLayout folds;
  std::vector<std::string> warnings;  // folds > samples → leave-one-out
  std::optional<ParameterError> error;
  bool ok() const { return !error.has_value(); }
};
// Checks the ranges, the folds (≥ 2; more than n is leave-one-out with a warning, as svm-train),
// the data and the parameters (params.c and γ are replaced per point), and draws the folds with
// LibsvmRandom(seed) (1 = svm-train's).
GridPlan planGridSearch(const Matrix& x, const Vector& y, const SvmParams& params,
                        const Log2Range& log2c, const Log2Range& log2g, int folds,
                        std::uint32_t seed);
GridPlan planGridSearch(const SparseRows& x, const Vector& y, const SvmParams& params,
                        const Log2Range& log2c, const Log2Range& log2g, int folds,
                        std::uint32_t seed);

// Cross-validates point `index` of the plan: C = 2^log2c, γ = 2^log2g, the rest of params as
// given (kernel type, eps, p, shrinking, cache, iteration cap: grid.py's pass-through options).
GridPointResult evaluateGridPoint(const Matrix& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index);
GridPointResult evaluateGridPoint(const SparseRows& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index);

// --warm-start: the points of one γ in increasing C, each fold's model started from the previous
// C's α (`warm` holds them between calls; empty for the first). See the header comment for why
// this is not the default.
GridPointResult evaluateGridPoint(const Matrix& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index,
                                  std::vector<CSvcStart>& warm);
GridPointResult evaluateGridPoint(const SparseRows& x, const Vector& y, const SvmParams& params,
                                  const GridPlan& plan, std::size_t index,
                                  std::vector<CSvcStart>& warm);

// Python's str() of a float (repr: the shortest digits that read back to the value; fixed
// notation with a ".0" for whole numbers when 1e-4 ≤ |v| < 1e16, else "1.5e-05"), or of an int
// when `asInteger` (grid.py's default ranges are ints, given ones are floats): how grid.py prints
// every number, so that kpg grid's lines read like svm-grid's byte for byte.
std::string pythonNumberText(double value, bool asInteger = false);

}  // namespace kpg
