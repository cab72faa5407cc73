#include "data/libsvm_format.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;

namespace {

ReadResult<Dataset> read(const std::string& text, LibsvmReadOptions options = {}) {
  return readLibsvm(text, "t.svm", options);
}

std::string errorOf(const std::string& text, LibsvmReadOptions options = {}) {
  const auto r = read(text, options);
  REQUIRE_FALSE(r.ok());
  return r.error->toString();
}

}  // namespace

TEST_CASE("LIBSVM reader: a sparse file is densified up to the largest index", "[data]") {
  const auto r = read("+1 1:0.5 3:2\n-1 2:-1\n");
  REQUIRE(r.ok());
  Eigen::MatrixXd x(2, 3);
  x << 0.5, 0, 2, 0, -1, 0;
  CHECK(r.value.x == x);
  CHECK(r.value.y(0) == 1.0);
  CHECK(r.value.y(1) == -1.0);
}

TEST_CASE("LIBSVM reader: heart_scale has 270 samples of 13 features", "[data]") {
  const auto r = read(testing::readTextFile(KPG_SHARED_DIR "/data/libsvm/heart_scale"));
  REQUIRE(r.ok());
  CHECK(r.value.size() == 270);
  CHECK(r.value.dimension() == 13);
  // First line: "+1 1:0.708333 2:1 3:1 4:-0.320755 ..."
  CHECK(r.value.y(0) == 1.0);
  CHECK(r.value.x(0, 0) == 0.708333);
  CHECK(r.value.x(0, 3) == -0.320755);
}

TEST_CASE("LIBSVM reader: CRLF, CR, tabs, trailing spaces, no final newline read like LF (D14)",
          "[data]") {
  const std::string lf = "+1 1:0.5 3:2\n-1 2:-1\n1 1:1e-3\n";
  const auto reference = read(lf);
  REQUIRE(reference.ok());
  const std::string variant =
      GENERATE(std::string("+1 1:0.5 3:2\r\n-1 2:-1\r\n1 1:1e-3\r\n"),
               std::string("+1\t1:0.5\t3:2\n-1\t2:-1\n1\t1:1e-3\n"),
               std::string("+1 1:0.5 3:2   \n-1 2:-1 \t\n1 1:1e-3 \n"),
               std::string("+1 1:0.5 3:2\n-1 2:-1\n1 1:1e-3"),
               std::string("\xEF\xBB\xBF+1 1:0.5 3:2\r\n-1 2:-1\r\n1 1:1e-3"),
               std::string("+1 1:0.5 3:2\n-1 2:-1\n1 1:1e-3\n\n\n"),
               // CR alone (classic Mac OS, Excel for Mac), and every ending in one file.
               std::string("+1 1:0.5 3:2\r-1 2:-1\r1 1:1e-3\r"),
               std::string("+1 1:0.5 3:2\r\n-1 2:-1\r1 1:1e-3\n"));
  const auto r = read(variant);
  REQUIRE(r.ok());
  CHECK(r.value.x == reference.value.x);
  CHECK(r.value.y == reference.value.y);
}

TEST_CASE("LIBSVM reader: errors in a file with CR line ends name the right line (D14)", "[data]") {
  CHECK(errorOf("1 1:1\r1 0:3\r") ==
        "t.svm:2:3: index 0 invalid (indices start at 1) (use --zero-based if the file counts "
        "features from 0)");
  CHECK(errorOf("1 1:1\r\r1 1:2\r") ==
        "t.svm:2: empty line (remove blank lines between samples (or pass --lenient to skip "
        "them))");
}

TEST_CASE("LIBSVM reader: comments are skipped; only comments is no samples (D1)", "[data]") {
  const auto r = read("# header\n+1 1:1 # trailing\n-1 1:2\n");
  REQUIRE(r.ok());
  CHECK(r.value.size() == 2);
  CHECK(errorOf("") ==
        "t.svm: no samples (the file is empty or has only comments) (pass a file "
        "with lines such as '+1 1:0.5 2:3')");
  CHECK_THAT(errorOf("# only\n# comments\n"), Catch::Contains("no samples"));
}

TEST_CASE("LIBSVM reader: every bad input names the line, the column and what to do", "[data]") {
  // docs/bad-inputs.md D2-D13, D15, D17: the input and the start of the expected message.
  const auto [text, expected] = GENERATE(table<std::string, std::string>({
      {"1 1:1\n\n1 1:2\n", "t.svm:2: empty line"},                                            // D2
      {"1 1:1\n  \t\n1 1:2\n", "t.svm:2: empty line"},                                        // D2
      {"1 1:1\n1:0.5 2:3\n", "t.svm:2:1: missing label"},                                     // D3
      {"abc 1:1\n", "t.svm:1:1: invalid label 'abc'"},                                        // D3
      {"1.5.2 1:1\n", "t.svm:1:1: invalid label '1.5.2'"},                                    // D3
      {"nan 1:1\n", "t.svm:1:1: non-finite label 'nan'"},                                     // D4
      {"1 1:inf\n", "t.svm:1:5: non-finite value 'inf' for feature 1"},                       // D4
      {"1 1:2 2:-inf\n", "t.svm:1:9: non-finite value '-inf' for feature 2"},                 // D4
      {"1 1:1e400\n", "t.svm:1:5: non-finite value '1e400' for feature 1"},                   // D4
      {"3 1 2\n", "t.svm:1:3: expected index:value, found '1'"},                              // D5
      {"1 1:\n", "t.svm:1:5: missing value after '1:'"},                                      // D5
      {"1 :0.5\n", "t.svm:1:3: missing feature index in ':0.5'"},                             // D5
      {"1 1::2\n", "t.svm:1:5: more than one ':' in '1::2'"},                                 // D5
      {"1 1:2:3\n", "t.svm:1:6: more than one ':' in '1:2:3'"},                               // D5
      {"1 0:1\n", "t.svm:1:3: index 0 invalid (indices start at 1)"},                         // D6
      {"1 -1:3\n", "t.svm:1:3: negative feature index -1"},                                   // D7
      {"1 3:1 2:1\n", "t.svm:1:7: feature indices out of order: 2 after 3"},                  // D8
      {"1 2:1 2:5\n", "t.svm:1:7: duplicate feature index 2"},                                // D9
      {"1 2147483648:1\n", "t.svm:1:3: index out of range: 2147483648"},                      // D10
      {"1 123456789012345678901234567890:1\n", "t.svm:1:3: index out of range"},              // D10
      {"1 2000000000:1\n2 1:1\n", "t.svm:1:3: feature index 2000000000 exceeds the budget"},  // D11
      {"1 1:0x1p3\n", "t.svm:1:5: invalid value '0x1p3' for feature 1 (hexadecimal"},         // D15
      {"1 1:0,5\n", "t.svm:1:5: invalid value '0,5' for feature 1 (use '.'"},                 // D15
      {"1 1:1_000\n", "t.svm:1:5: invalid value '1_000' for feature 1 (remove the digit"},
      {"1 qid:3 1:1\n", "t.svm:1:3: qid: tokens (ranking data) are not supported"},  // D17
      {"1,2 1:1\n", "t.svm:1:1: multi-label '1,2' is not supported"},                // D17
      {"\x89PNG\r\n", "t.svm:1: not a text LIBSVM data file (invalid UTF-8 at byte offset 0)"},
      {"svm_type c_svc\nkernel_type rbf\n", "t.svm:1:1: this is a LIBSVM model file"},  // D13
      {"1\n-1\n", "t.svm: no features"},
  }));
  INFO(text);
  CHECK_THAT(errorOf(text), Catch::StartsWith(expected));
}

TEST_CASE("LIBSVM reader: a NUL byte is reported at its byte offset (D13)", "[data]") {
  const std::string text("1 1:1\n-1 1:\0", 12);
  CHECK_THAT(errorOf(text), Catch::StartsWith("t.svm:2: not a text LIBSVM data file (NUL byte "
                                              "at byte offset 11)"));
}

TEST_CASE("LIBSVM reader: zero-based mode accepts index 0 (D6)", "[data]") {
  LibsvmReadOptions options;
  options.zeroBased = true;
  const auto r = read("1 0:2 2:3\n", options);
  REQUIRE(r.ok());
  CHECK(r.value.dimension() == 3);
  CHECK(r.value.x(0, 0) == 2.0);
  CHECK(r.value.x(0, 2) == 3.0);
}

TEST_CASE("LIBSVM reader: lenient mode skips blank lines (D2)", "[data]") {
  LibsvmReadOptions options;
  options.skipBlankLines = true;
  const auto r = read("1 1:1\n\n \n-1 1:2\n", options);
  REQUIRE(r.ok());
  CHECK(r.value.size() == 2);
}

TEST_CASE("LIBSVM reader: line and memory budgets refuse before allocating (D11, D12)", "[data]") {
  LibsvmReadOptions options;
  options.limits.maxLineBytes = 64;
  CHECK_THAT(errorOf("1 1:1\n1 " + std::string(100, '1') + ":1\n", options),
             Catch::StartsWith("t.svm:2: line too long (more than 64 bytes)"));
  options = {};
  options.limits.maxLines = 2;
  CHECK_THAT(errorOf("1 1:1\n1 1:1\n1 1:1\n", options),
             Catch::StartsWith("t.svm:3: more than 2 samples"));
  options = {};
  options.limits.maxDenseBytes = 1000;
  // 3 samples × 100 features × 8 bytes = 2400 bytes > 1000.
  CHECK_THAT(errorOf("1 100:1\n1 1:1\n1 1:1\n", options),
             Catch::StartsWith("t.svm: exceeds memory budget: 3 samples × 100 features"));
}

TEST_CASE("LIBSVM writer: writing and reading back gives the same data", "[data]") {
  Dataset data;
  data.x.resize(3, 4);
  data.x << 0.1, 0, -2.5e-7, 1.0 / 3.0, 0, 0, 0, 7, 1e300, -0.0, 3, 0;
  data.y.resize(3);
  data.y << 1, -1, 2.5;
  const std::string text = writeLibsvm(data);
  CHECK(text.substr(0, text.find('\n')) == "1 1:0.1 3:-2.5e-07 4:0.3333333333333333");
  const auto back = read(text);
  REQUIRE(back.ok());
  CHECK(back.value.x == data.x);
  CHECK(back.value.y == data.y);
}

TEST_CASE("F8: rows whose features are all zero survive writing and reading back", "[data][F8]") {
  // The reliability audit's reproducer (docs/bad-inputs.md F8) without the byte its fuzz harness
  // read: 3 features, all zero. The writer used to drop every zero and write "0.5\n7\n", which has
  // no features at all.
  const auto r = read("# c\n# com;ent\n+.5 3:-0e-3\n7\n");
  REQUIRE(r.ok());
  CHECK(r.value.dimension() == 3);
  const std::string text = writeLibsvm(r.value);
  CHECK(text == "0.5 3:0\n7\n");
  const auto back = read(text);
  REQUIRE(back.ok());
  CHECK(back.value.x == r.value.x);
  CHECK(back.value.y == r.value.y);
  // A last column of zeros below non-zero ones keeps the dimension the same way.
  Dataset data;
  data.x.resize(2, 3);
  data.x << 1, 0, 0, 0, 2, 0;
  data.y.resize(2);
  data.y << 1, -1;
  CHECK(writeLibsvm(data) == "1 1:1 3:0\n-1 2:2\n");
  const auto again = read(writeLibsvm(data));
  REQUIRE(again.ok());
  CHECK(again.value.x == data.x);
}

TEST_CASE("F4: sparse rows hold index 2 000 000 000 without densifying (D11)", "[data][F4]") {
  const std::string text = "1 2000000000:1.5\n-1 1:1 # comment\n";
  const auto sparse = readLibsvmSparse(text, "t.svm");
  REQUIRE(sparse.ok());
  CHECK(sparse.value.size() == 2);
  CHECK(sparse.value.dimension() == 2000000000);
  CHECK(sparse.value.x.storedEntries() == 2);
  const SparseRowView far = sparse.value.x.row(0);
  REQUIRE(far.size == 1);
  CHECK(far.columns[0] == 1999999999);
  CHECK(far.values[0] == 1.5);
  CHECK(sparse.value.y(1) == -1.0);
  // The dense reader refuses it at the token; densifying the sparse rows refuses it too.
  CHECK_THAT(errorOf(text), Catch::StartsWith("t.svm:1:3: feature index 2000000000 exceeds"));
  const auto dense = toDenseDataset(sparse.value, "t.svm", ReadLimits{});
  REQUIRE_FALSE(dense.ok());
  CHECK_THAT(dense.error->toString(),
             Catch::StartsWith("t.svm: the samples have 2000000000 features, above the budget"));
}

TEST_CASE("LIBSVM line parser: line by line gives readLibsvm's samples and errors", "[data]") {
  const std::string heart = testing::readTextFile(KPG_SHARED_DIR "/data/libsvm/heart_scale");
  const auto whole = read(heart);
  REQUIRE(whole.ok());
  LibsvmLineParser parser("t.svm", {}, 1000);
  text::LineReader reader(heart, 1 << 20);
  std::string_view line;
  SparseRows rows;
  SparseRow row;
  std::vector<double> labels;
  double label = 0;
  while (reader.next(line)) {
    REQUIRE(parser.parse(line, reader.lineNumber(), label, row) !=
            LibsvmLineParser::Outcome::Error);
    labels.push_back(label);
    rows.appendRow(row.view());
  }
  CHECK_FALSE(parser.finish());
  rows.setDimensionAtLeast(parser.dimension());
  CHECK(rows.toDense() == whole.value.x);
  CHECK(Eigen::Map<Eigen::VectorXd>(labels.data(), 270) == whole.value.y);

  // A blank line is an error only once a sample follows it, reported at the blank line (D2).
  LibsvmLineParser strict("t.svm", {}, 1000);
  CHECK(strict.parse("1 1:1", 1, label, row) == LibsvmLineParser::Outcome::Sample);
  CHECK(strict.parse("", 2, label, row) == LibsvmLineParser::Outcome::Skipped);
  CHECK(strict.parse("# note", 3, label, row) == LibsvmLineParser::Outcome::Skipped);
  CHECK(strict.parse("2 1:1", 4, label, row) == LibsvmLineParser::Outcome::Error);
  CHECK(strict.error().toString() == errorOf("1 1:1\n\n# note\n2 1:1\n"));
  LibsvmLineParser empty("t.svm", {}, 1000);
  REQUIRE(empty.finish());
  CHECK(empty.finish()->toString() == errorOf("# only a comment\n"));
}
