// The grid search's rules taken from LIBSVM's tools/grid.py (range_f, permute_sequence,
// calculate_jobs, update_param), Python's float repr, and the svm_cross_validation fold layout.
// tests/reference/grid_cli_test.cpp compares the whole search with svm-grid itself.

#include "svm/grid_search.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <utility>

using namespace kpg;

TEST_CASE("parseLog2Range: begin,end,step; step 0, wrong direction and junk refused",
          "[svm][grid]") {
  Log2Range r;
  REQUIRE_FALSE(parseLog2Range("-5,15,2", r));
  CHECK(r.begin == -5);
  CHECK(r.end == 15);
  CHECK(r.step == 2);
  REQUIRE_FALSE(parseLog2Range("3,-15,-2", r));
  CHECK(r.step == -2);
  REQUIRE_FALSE(parseLog2Range("1,1,-1", r));  // one value: begin = end, either sign
  CHECK(rangeValues(r) == std::vector<double>{1});

  const Log2Range before = r;
  for (const char* bad : {"1,5,0", "5,1,1", "1,5,-1", "1,5", "1,5,2,3", "a,5,1", "1,5,", "1,,1",
                          "1,inf,1", "0,1,0.0001"}) {
    CAPTURE(bad);
    const auto e = parseLog2Range(bad, r);
    REQUIRE(e);
    CHECK_THAT(*e, Catch::Contains(bad));
    CHECK(r.begin == before.begin);  // untouched on failure
    CHECK(r.step == before.step);
  }
  CHECK_THAT(*parseLog2Range("1,5,0", r), Catch::Contains("step is 0"));
  CHECK_THAT(*parseLog2Range("5,1,1", r), Catch::Contains("leads away"));
}

TEST_CASE("rangeValues: grid.py's range_f, sums accumulated in doubles", "[svm][grid]") {
  CHECK(rangeValues({-5, 15, 2}) == std::vector<double>{-5, -3, -1, 1, 3, 5, 7, 9, 11, 13, 15});
  CHECK(rangeValues({3, -15, -2}).size() == 10);
  CHECK(rangeValues({0, 1, 0.5}) == std::vector<double>{0, 0.5, 1});
  // 0.1 + 0.1 + 0.1 > 0.3 in doubles: range_f stops before 0.3, and so must we.
  const std::vector<double> tenths = rangeValues({0, 0.3, 0.1});
  REQUIRE(tenths.size() == 3);
  CHECK(tenths[2] == 0.1 + 0.1);
}

TEST_CASE("permuteSequence: the middle, then the halves alternately", "[svm][grid]") {
  // [1..7]: middle 4; left [1,2,3] → [2,1,3]; right [5,6,7] → [6,5,7]; interleaved.
  CHECK(permuteSequence({1, 2, 3, 4, 5, 6, 7}) == std::vector<double>{4, 2, 6, 1, 5, 3, 7});
  CHECK(permuteSequence({}) == std::vector<double>{});
  CHECK(permuteSequence({9}) == std::vector<double>{9});
  std::vector<double> many;
  for (int k = 0; k < 23; ++k) many.push_back(k);
  std::vector<double> permuted = permuteSequence(many);
  std::sort(permuted.begin(), permuted.end());
  CHECK(permuted == many);  // a permutation
}

TEST_CASE("gridVisitOrder: calculate_jobs' order, every point once", "[svm][grid]") {
  // grid.py -log2c -1,3,2 -log2g -5,-1,2 (calculate_jobs run on these ranges).
  const std::vector<GridPoint> order = gridVisitOrder({-1, 3, 2}, {-5, -1, 2});
  const std::vector<std::pair<double, double>> expected = {
      {1, -3}, {1, -5}, {-1, -3}, {-1, -5}, {1, -1}, {-1, -1}, {3, -3}, {3, -5}, {3, -1}};
  REQUIRE(order.size() == expected.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    CAPTURE(k);
    CHECK(order[k].log2c == expected[k].first);
    CHECK(order[k].log2g == expected[k].second);
  }
  // The default grid: 11 × 10 points, each once.
  const std::vector<GridPoint> full = gridVisitOrder(kGridDefaultLog2C, kGridDefaultLog2G);
  CHECK(full.size() == 110);
  std::map<std::pair<double, double>, int> seen;
  for (const GridPoint& p : full) ++seen[{p.log2c, p.log2g}];
  CHECK(seen.size() == 110);
  // A one-value axis: the other axis' permuted values.
  const std::vector<GridPoint> line = gridVisitOrder({1, 7, 1}, {0, 0, 1});
  REQUIRE(line.size() == 7);
  CHECK(line[0].log2c == 4);
  CHECK(line[1].log2c == 2);
  CHECK(line[6].log2c == 7);
}

namespace {

GridPointResult point(double log2c, double log2g, double rate) {
  GridPointResult r;
  r.point = {log2c, log2g};
  r.rate = rate;
  return r;
}

}  // namespace

TEST_CASE("bestGridPoint: update_param's tie-break", "[svm][grid]") {
  // Equal rates: only a smaller C at the same gamma replaces the best; otherwise the first stays.
  std::vector<GridPointResult> visited = {point(1, -3, 80), point(3, -3, 80), point(-1, -5, 80),
                                          point(-1, -3, 80), point(-3, -1, 80)};
  CHECK(bestGridPoint(visited, false) == 3);
  visited.push_back(point(5, -7, 80.0001));  // a higher rate wins wherever it is
  CHECK(bestGridPoint(visited, false) == 5);
  // Not symmetric in C and gamma: a smaller gamma at the same C does not replace.
  CHECK(bestGridPoint({point(1, -1, 70), point(1, -3, 70)}, false) == 0);
  CHECK(replacesBest(point(0, 0, 70), point(1, 0, 70), false));
  CHECK_FALSE(replacesBest(point(1, 0, 70), point(0, 0, 70), false));
  // ε-SVR: the lowest mean squared error, the same tie rule.
  CHECK(bestGridPoint({point(1, -1, 0.5), point(3, -1, 0.25), point(-1, -1, 0.25)}, true) == 2);
  CHECK(bestGridPoint({point(1, -1, 0.5), point(3, -1, 0.75)}, true) == 0);
}

TEST_CASE("libsvmPrintedValue: svm-train's %g read back", "[svm][grid]") {
  CHECK(libsvmPrintedValue(100.0 * 227 / 270) == 84.0741);
  CHECK(libsvmPrintedValue(100.0 * 227 / 270) != 100.0 * 227 / 270);
  CHECK(libsvmPrintedValue(100) == 100);
  CHECK(libsvmPrintedValue(1.0 / 3e5) == 3.33333e-06);
}

TEST_CASE("pythonNumberText: Python's str() of floats and ints", "[svm][grid]") {
  CHECK(pythonNumberText(0.03125) == "0.03125");
  CHECK(pythonNumberText(32768) == "32768.0");
  CHECK(pythonNumberText(std::pow(2.0, -15)) == "3.0517578125e-05");
  CHECK(pythonNumberText(84.0741) == "84.0741");
  CHECK(pythonNumberText(100) == "100.0");
  CHECK(pythonNumberText(-1) == "-1.0");
  CHECK(pythonNumberText(-5, true) == "-5");
  CHECK(pythonNumberText(1e16) == "1e+16");
  CHECK(pythonNumberText(0.0001) == "0.0001");
  CHECK(pythonNumberText(0.00012) == "0.00012");
  CHECK(pythonNumberText(1.5e-5) == "1.5e-05");
  CHECK(pythonNumberText(std::sqrt(2.0)) == "1.4142135623730951");
  CHECK(pythonNumberText(123456789012345.6) == "123456789012345.6");
  CHECK(pythonNumberText(0) == "0.0");
}

TEST_CASE("libsvmFoldLayout: stratified folds of C-SVC, a plain split otherwise", "[svm][grid]") {
  // 3 classes of 10, 7 and 4 samples, interleaved.
  Vector y(21);
  for (Index r = 0; r < 21; ++r) y(r) = r < 12 ? (r % 2 == 0 ? 1 : 2) : (r < 17 ? 1 : 3);
  std::map<int, Index> classSize;
  for (Index r = 0; r < y.size(); ++r) ++classSize[static_cast<int>(y(r))];
  for (std::uint32_t seed : {1u, 2u, 77u}) {
    CAPTURE(seed);
    const FoldLayout layout = libsvmFoldLayout(y, SvmType::CSvc, 4, seed);
    REQUIRE(layout.folds() == 4);
    std::vector<Index> sorted = layout.order;
    std::sort(sorted.begin(), sorted.end());
    for (Index r = 0; r < 21; ++r) CHECK(sorted[static_cast<std::size_t>(r)] == r);
    CHECK(layout.start.front() == 0);
    CHECK(layout.start.back() == 21);
    // Fold f holds class c's share [f·n_c/4, (f+1)·n_c/4) of that class.
    for (int f = 0; f < 4; ++f) {
      std::map<int, Index> inFold;
      for (Index m = layout.start[static_cast<std::size_t>(f)];
           m < layout.start[static_cast<std::size_t>(f) + 1]; ++m)
        ++inFold[static_cast<int>(y(layout.order[static_cast<std::size_t>(m)]))];
      for (const auto& [label, n] : classSize) CHECK(inFold[label] == (f + 1) * n / 4 - f * n / 4);
    }
  }
  CHECK(libsvmFoldLayout(y, SvmType::CSvc, 4, 1).order !=
        libsvmFoldLayout(y, SvmType::CSvc, 4, 2).order);
  // ε-SVR and leave-one-out: fold i = [i·n/k, (i+1)·n/k) of one permutation.
  for (const auto& [type, folds] :
       {std::pair<SvmType, int>{SvmType::EpsilonSvr, 4}, {SvmType::CSvc, 21}}) {
    const FoldLayout layout = libsvmFoldLayout(y, type, folds, 1);
    for (int i = 0; i <= folds; ++i)
      CHECK(layout.start[static_cast<std::size_t>(i)] == static_cast<Index>(i) * 21 / folds);
    std::vector<Index> sorted = layout.order;
    std::sort(sorted.begin(), sorted.end());
    for (Index r = 0; r < 21; ++r) CHECK(sorted[static_cast<std::size_t>(r)] == r);
  }
}

TEST_CASE("evaluateGridPoint --warm-start: from the previous C's alpha, rates near cold starts",
          "[svm][grid]") {
  // Two overlapping Gaussian classes: at large C many samples sit near the boundary, where a
  // model stopped at the tolerance from another start may label them otherwise.
  std::mt19937_64 engine(20261123);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Index n = 120;
  Matrix x(n, 2);
  Vector y(n);
  for (Index r = 0; r < n; ++r) {
    y(r) = r % 3 == 0 ? -1 : 1;
    x(r, 0) = normal(engine) + 0.8 * y(r);
    x(r, 1) = normal(engine) - 0.4 * y(r);
  }
  SvmParams params;
  const Log2Range cs{-3, 9, 2};
  const Log2Range gs{-1, -1, 1};
  const GridPlan plan = planGridSearch(x, y, params, cs, gs, 5, 1);
  REQUIRE(plan.ok());
  std::vector<std::size_t> byC(plan.points.size());
  std::iota(byC.begin(), byC.end(), std::size_t{0});
  std::sort(byC.begin(), byC.end(), [&](std::size_t a, std::size_t b) {
    return plan.points[a].log2c < plan.points[b].log2c;
  });
  std::vector<CSvcStart> warm;
  for (std::size_t k : byC) {
    CAPTURE(plan.points[k].log2c);
    const GridPointResult cold = evaluateGridPoint(x, y, params, plan, k);
    const GridPointResult warmed = evaluateGridPoint(x, y, params, plan, k, warm);
    REQUIRE_FALSE(cold.error);
    REQUIRE_FALSE(warmed.error);
    // Each fold's α is kept for the next C: feasible for this C.
    const double c = powerOfTwo(plan.points[k].log2c);
    REQUIRE(warm.size() == 5);
    for (const CSvcStart& fold : warm) {
      CHECK(fold.c == c);
      REQUIRE(fold.alpha.size() == 1);
      CHECK(fold.alpha[0].minCoeff() >= 0);
      CHECK(fold.alpha[0].maxCoeff() <= c);
    }
    // The same tolerance reached from another start: at most a few labels of 120 move.
    CHECK(std::abs(warmed.rate - cold.rate) <= 100.0 * 3 / static_cast<double>(n) + 1e-9);
  }
}
