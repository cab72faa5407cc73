#include "data/csv_format.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace kpg;

namespace {

std::string errorOf(const std::string& text, CsvReadOptions options = {}) {
  const auto r = readCsv(text, "t.csv", options);
  REQUIRE_FALSE(r.ok());
  return r.error->toString();
}

}  // namespace

TEST_CASE("CSV reader: a header is detected and the label column is selectable (C3)", "[data]") {
  const std::string text = "x1,x2,label\n0.5,1,1\n-2,3e-1,-1\n";
  CsvReadOptions options;
  options.labelColumn = -1;
  const auto r = readCsv(text, "t.csv", options);
  REQUIRE(r.ok());
  Eigen::MatrixXd x(2, 2);
  x << 0.5, 1, -2, 0.3;
  CHECK(r.value.x == x);
  CHECK(r.value.y(0) == 1);
  CHECK(r.value.y(1) == -1);
  CHECK(r.value.classNames.empty());

  options.labelColumn = 3;
  const auto same = readCsv(text, "t.csv", options);
  REQUIRE(same.ok());
  CHECK(same.value.x == x);

  // Without a header the first row is data; forcing a header drops it.
  const auto noHeader = readCsv("1,0.5,1\n-1,-2,0.3\n", "t.csv");
  REQUIRE(noHeader.ok());
  CHECK(noHeader.value.size() == 2);
  options = {};
  options.header = CsvHeader::Present;
  const auto forced = readCsv("1,0.5,1\n-1,-2,0.3\n", "t.csv", options);
  REQUIRE(forced.ok());
  CHECK(forced.value.size() == 1);
  CHECK(forced.value.y(0) == -1);
}

TEST_CASE("CSV reader: BOM, CRLF, spaces and quotes read like the plain file (C3, D14)", "[data]") {
  const auto plain = readCsv("label,a,b\n1,0.5,2\n2,1,-1\n", "t.csv");
  REQUIRE(plain.ok());
  const std::string variant =
      GENERATE(std::string("\xEF\xBB\xBFlabel,a,b\r\n1,0.5,2\r\n2,1,-1\r\n"),
               std::string("label , a , b\n1 , 0.5,\t2\n2,1,-1"),
               std::string("\"label\",\"a\",\"b\"\n\"1\",\"0.5\",2\n2,1,\"-1\"\n"));
  const auto r = readCsv(variant, "t.csv");
  REQUIRE(r.ok());
  CHECK(r.value.x == plain.value.x);
  CHECK(r.value.y == plain.value.y);
}

TEST_CASE("CSV reader: class names become ids in order of first appearance (C4)", "[data]") {
  CsvReadOptions options;
  options.labelColumn = -1;
  const auto r = readCsv("1,2,cat\n3,4,dog\n5,6,cat\n7,8,\"bird, small\"\n", "t.csv", options);
  REQUIRE(r.ok());
  CHECK(r.value.classNames == std::vector<std::string>{"cat", "dog", "bird, small"});
  CHECK(r.value.y(0) == 0);
  CHECK(r.value.y(1) == 1);
  CHECK(r.value.y(2) == 0);
  CHECK(r.value.y(3) == 2);
  options.numericLabels = true;
  CHECK_THAT(errorOf("1,2,cat\n3,4,dog\n", options),
             Catch::StartsWith("t.csv:1:5: non-numeric target 'cat' for regression"));
}

TEST_CASE("CSV reader: bad inputs name the line, the column and what to do (C1-C3)", "[data]") {
  const auto [text, expected] = GENERATE(table<std::string, std::string>({
      {"1,2,3\n1,2\n", "t.csv:2: expected 3 columns, found 2"},                          // C1
      {"1,2,3\n1,2,3,4\n", "t.csv:2: expected 3 columns, found 4"},                      // C1
      {"1,2,3\n1,,3\n", "t.csv:2:3: missing value at line 2 col 2"},                     // C2
      {"1,2,3\n1,NA,3\n", "t.csv:2:3: missing value at line 2 col 2"},                   // C2
      {"1,2,3\n1,2,?\n", "t.csv:2:5: missing value at line 2 col 3"},                    // C2
      {"1,2,3\n,2,3\n", "t.csv:2:1: missing value at line 2 col 1"},                     // C2
      {"a;b;c\n1;2;3\n", "t.csv:1:2: ';' is not a supported delimiter"},                 // C3
      {"a\tb\tc\n1\t2\t3\n", "t.csv:1:2: tab is not a supported delimiter"},             // C3
      {"1,\"1,5\",3\n", "t.csv:1:3: invalid number '1,5' at line 1 col 2 (use '.'"},     // C3
      {"1,\"2\n", "t.csv:1: unterminated quoted cell"},                                  //
      {"1,inf,3\n", "t.csv:1:3: non-finite value 'inf' at line 1 col 2"},                // D4
      {"1,1e400,3\n", "t.csv:1:3: non-finite value '1e400' at line 1 col 2"},            // D4
      {"1,0x10,3\n", "t.csv:1:3: invalid number '0x10' at line 1 col 2 (hexadecimal"},   // D15
      {"1,2\n\n1,2\n", "t.csv:2: empty line"},                                           // D2
      {"a,b\n", "t.csv: no samples"},                                                    // D1
      {"", "t.csv: no samples"},                                                         // D1
      {"1\n2\n", "t.csv:1: only one column"},                                            // G1
      {"1,\x89PNG\n", "t.csv:1: not a text CSV file (invalid UTF-8 at byte offset 2)"},  // D13
  }));
  INFO(text);
  CHECK_THAT(errorOf(text), Catch::StartsWith(expected));
}

TEST_CASE("CSV reader: a label column outside the row is refused", "[data]") {
  CsvReadOptions options;
  options.labelColumn = 4;
  CHECK_THAT(errorOf("1,2,3\n", options),
             Catch::StartsWith("t.csv:1: label column 4 does not exist; the file has 3 columns"));
}
