#include "tutorials/exact_points.hpp"

#include <catch2/catch.hpp>

using kpg::ExactPoints;
using kpg::Rational;
using kpg::RationalVector;

namespace {

// Course-notes 001 Question 7: (1, 3) and (2, 1) labelled +1, (0, 1) labelled −1.
ExactPoints notesPoints() {
  return kpg::exactPoints({{1, 3}, {2, 1}, {0, 1}}, {1, 1, -1});
}

std::string parseError(const char* text) {
  const auto r = kpg::parsePoints(text);
  return r.points ? std::string("(parsed)") : r.error;
}

}  // namespace

TEST_CASE("Exact points: integer literals are held as exact fractions", "[tutorials]") {
  const ExactPoints p = notesPoints();
  CHECK(p.size() == 3);
  CHECK(p.dimension() == 2);
  CHECK(p.x[1] == RationalVector{Rational(2), Rational(1)});
  CHECK(p.y == std::vector<int>{1, 1, -1});
  CHECK(ExactPoints{}.dimension() == 0);
}

TEST_CASE("Exact points: the plain and the LIBSVM forms both read the notes' points",
          "[tutorials]") {
  const ExactPoints expected = notesPoints();
  for (const char* text : {
           "1 3 +1\n2 1 1\n0 1 -1\n", "# 001 Question 7\n1, 3, 1\r\n2,1,1   # x2\n\n0\t1\t-1",
           "+1 1:1 2:3\n+1 1:2 2:1\n-1 2:1\n",  // LIBSVM: the missing 1:0 is a zero
       }) {
    INFO(text);
    const auto r = kpg::parsePoints(text);
    REQUIRE(r.points);
    CHECK(r.error.empty());
    CHECK(r.points->x == expected.x);
    CHECK(r.points->y == expected.y);
  }
}

TEST_CASE("Exact points: decimals the student types stay exact", "[tutorials]") {
  const auto r = kpg::parsePoints("0.1 -2.75 1\n1e-3 3/8 -1\n");
  REQUIRE(r.points);
  CHECK(r.points->x[0] == RationalVector{Rational(1, 10), Rational(-11, 4)});
  CHECK(r.points->x[1] == RationalVector{Rational(1, 1000), Rational(3, 8)});
  CHECK(kpg::allExact(r.points->x[0]));
}

TEST_CASE("Exact points: bad text is reported by line, nothing is relabelled", "[tutorials]") {
  CHECK(parseError("1 2 1\n1 abc 1\n") == "line 2: 'abc' is not a number");
  CHECK(parseError("1 2 0\n") ==
        "line 1: the label '0' must be +1 or -1 (the last number on the line; LIBSVM lines start "
        "with it)");
  CHECK(parseError("1 2 1\n1 -1\n") == "point 2 has 1 coordinates but point 1 has 2");
  CHECK(parseError("") ==
        "no points: write one point per line, coordinates then the label (+1 or -1)");
  CHECK(parseError("# only a comment\n") ==
        "no points: write one point per line, coordinates then the label (+1 or -1)");
  CHECK(parseError("1 0:5\n") == "line 1: '0:5' is not index:value with an index from 1 to 1000");
  CHECK(parseError("1 1001:5\n") ==
        "line 1: '1001:5' is not index:value with an index from 1 to 1000");
  CHECK(parseError("1 1:x\n") == "line 1: 'x' is not a number");
}

TEST_CASE("Exact points: the classification examples' sanity checks", "[tutorials]") {
  CHECK(kpg::checkBinaryPoints(notesPoints()).empty());
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{1, 3}}, {1})) ==
        "at least 2 points are needed (one of each class)");
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{1, 3}, {2, 1}}, {1, 1})) ==
        "both classes (+1 and -1) must have at least one point");
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{1, 3}, {2, 1}}, {1, 0})) ==
        "point 2 has label 0; labels must be +1 or -1");
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{1, 3}, {2}}, {1, -1})) ==
        "point 2 has 1 coordinates, point 1 has 2");
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{}, {}}, {1, -1})) ==
        "the points need at least one coordinate");
  CHECK(kpg::checkBinaryPoints(kpg::exactPoints({{1}, {2}}, {1})) ==
        "there must be one label per point");
}

TEST_CASE("Exact points: a Dataset converts through the shortest decimal", "[tutorials]") {
  kpg::Dataset data;
  data.x.resize(2, 2);
  data.x << 0.1, 3, 2.5, -1.0 / 3.0;
  data.y.resize(2);
  data.y << 1, -1;
  const ExactPoints p = kpg::exactPointsFromDataset(data);
  REQUIRE(p.size() == 2);
  CHECK(p.x[0] == RationalVector{Rational(1, 10), Rational(3)});  // 0.1 is 1/10, not 2^-55·…
  CHECK(p.x[1][0] == Rational(5, 2));
  // 1/3 has no short decimal: its shortest round-trip text has 16 digits, 3333333333333333/10^16.
  CHECK(p.x[1][1].toDouble() == -1.0 / 3.0);
  CHECK(p.y == std::vector<int>{1, -1});
  // And back: every double is recovered exactly.
  const kpg::Dataset back = kpg::toDataset(p);
  CHECK(back.x == data.x);
  CHECK(back.y == data.y);
}
