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

TEST_CASE("CSV reader: CR-only and mixed line ends read like LF (C3, D14)", "[data]") {
  // Excel for Mac's "CSV (Macintosh)" ends lines with CR alone. Read as one line, the header was
  // taken for data: "t.csv:1:7: invalid number 'x1' at line 1 col 2".
  const auto plain = readCsv("label,a,b\n1,0.5,2\n2,1,-1\n", "t.csv");
  REQUIRE(plain.ok());
  const std::string variant = GENERATE(std::string("label,a,b\r1,0.5,2\r2,1,-1\r"),
                                       std::string("label,a,b\r\n1,0.5,2\r2,1,-1\n"),
                                       std::string("\xEF\xBB\xBFlabel,a,b\r1,0.5,2\r2,1,-1"));
  const auto r = readCsv(variant, "t.csv");
  REQUIRE(r.ok());
  CHECK(r.value.x == plain.value.x);
  CHECK(r.value.y == plain.value.y);
  // Errors name the line as an editor numbers it.
  CHECK(errorOf("1,2,3\r1,,3\r") ==
        "t.csv:2:3: missing value at line 2 col 2 (fill in or remove the row; missing values are "
        "never read as 0)");
}

TEST_CASE("CSV reader: a UTF-16 file is refused, naming UTF-16 and UTF-8 (D13)", "[data]") {
  // Excel's "Unicode Text" and Notepad's "Unicode": two bytes a character, with or without a byte
  // order mark. It was "not a text CSV file (invalid UTF-8 at byte offset 0)" with a BOM, and
  // "NUL byte at byte offset 1" without.
  const bool bigEndian = GENERATE(false, true);
  const bool bom = GENERATE(false, true);
  std::string text = bom ? (bigEndian ? "\xFE\xFF" : "\xFF\xFE") : "";
  for (const char c : std::string("x1,x2,label\r\n0.5,1,1\r\n"))
    text += bigEndian ? std::string{'\0', c} : std::string{c, '\0'};
  INFO("big-endian " << bigEndian << ", byte order mark " << bom);
  CHECK(errorOf(text) == std::string("t.csv:1:1: the file is UTF-16 (") +
                             (bigEndian ? "big" : "little") +
                             "-endian) text; a CSV file is read as UTF-8 (save it as UTF-8, e.g. "
                             "Excel's \"CSV UTF-8 (Comma delimited)\", or convert it with iconv "
                             "-f UTF-16 -t UTF-8)");
}

TEST_CASE("CSV reader: an empty last column from a trailing ',' says so and what to do (C1, C2)",
          "[data]") {
  // Excel writes a ',' at the end of every line when a column right of the data is not quite
  // empty (a formatted cell): every row then ends with an empty cell.
  const std::string trailing =
      " (the line ends with ',', so its last column is empty: a spreadsheet writes that for a "
      "column right of the data; delete that column, or the ',' at the end of every line)";
  CHECK(errorOf("x1,x2,label,\r\n0.5,1,1,\r\n") ==
        "t.csv:2:9: missing value at line 2 col 4" + trailing);
  CHECK(errorOf("1,2,3,\n") == "t.csv:1:7: missing value at line 1 col 4" + trailing);
  // The header without it, the rows with it: one column too many.
  CHECK(errorOf("x1,x2,label\n0.5,1,1,  \n") == "t.csv:2: expected 3 columns, found 4" + trailing);
  // A missing value elsewhere, or a last cell that is quoted empty or NA, keeps C2's words.
  const std::string missing = " (fill in or remove the row; missing values are never read as 0)";
  CHECK(errorOf("1,2,3\n1,,3\n") == "t.csv:2:3: missing value at line 2 col 2" + missing);
  CHECK(errorOf("1,2,3\n1,2,NA\n") == "t.csv:2:5: missing value at line 2 col 3" + missing);
  CHECK(errorOf("1,2,3\n1,2,\"\"\n") == "t.csv:2:5: missing value at line 2 col 3" + missing);
  CHECK(errorOf("1,2,3\n1,2,3,4\n") ==
        "t.csv:2: expected 3 columns, found 4 (every row needs the same number of cells as the "
        "first row)");
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

TEST_CASE("CSV reader: one stray label is refused, not read as a class name (C4, F3)", "[data]") {
  // Before the fix the typo turned the whole column into names and 1 became class 0.
  CHECK_THAT(errorOf("y,a\n1,0.5\n1,0.7\n0x10,2\n-1,3\n"),
             Catch::StartsWith("t.csv:4:1: label '0x10' is not a number while the other labels "
                               "are numbers (1 of 4 labels)") &&
                 Catch::Contains("hexadecimal"));
  CHECK_THAT(errorOf("y,a\n1,0.5\ncat,0.7\n-1,3\n"),
             Catch::StartsWith("t.csv:3:1: label 'cat' is not a number while the other labels "
                               "are numbers"));
  // The other way round: a number among names.
  CHECK_THAT(errorOf("y,a\ncat,0.5\ndog,0.7\n3,1\n"),
             Catch::StartsWith("t.csv:4:1: label '3' is a number while the other labels are "
                               "class names (1 of 3 labels)"));
}

TEST_CASE("CSV reader: a model's class names map another file's names to its labels (C4, F3)",
          "[data]") {
  // The training file meets cat first, the test file dog first: numbering the test file again
  // would swap the classes.
  const auto train = readCsv("y,a\ncat,2\ndog,1\ncat,2\n", "train.csv");
  REQUIRE(train.ok());
  REQUIRE(train.value.classNames == std::vector<std::string>{"cat", "dog"});
  CsvReadOptions options;
  options.knownClassNames = &train.value.classNames;
  const auto test = readCsv("y,a\ndog,1\ncat,2\ndog,3\n", "test.csv", options);
  REQUIRE(test.ok());
  CHECK(test.value.y(0) == 1);  // dog is label 1 in training
  CHECK(test.value.y(1) == 0);
  CHECK(test.value.y(2) == 1);
  CHECK(test.value.classNames == train.value.classNames);
  // A name the model does not know, and a number, which is a name here too.
  CHECK_THAT(errorOf("y,a\ndog,1\nbird,2\n", options),
             Catch::StartsWith("t.csv:3:1: class 'bird' is not one the model knows (cat, dog)"));
  CHECK_THAT(errorOf("y,a\n0,1\n", options),
             Catch::StartsWith("t.csv:2:1: class '0' is not one the model knows (cat, dog)"));
}

TEST_CASE("Class-name file: round trip, and a file of another model is refused (C4, F3)",
          "[data]") {
  const std::vector<std::string> names = {"cat", "say \"hi\", small", " spaced "};
  const std::string model = "svm_type c_svc\nlabel 0 1 2\n";
  const std::string text = writeClassNames(names, model);
  const auto read = readClassNames(text, "m.classes");
  REQUIRE(read.ok());
  CHECK(read.value.names == names);
  CHECK(read.value.modelChecksum == modelChecksum(model));
  CHECK_FALSE(checkClassNamesMatch(read.value, "m.classes", model, "m", {0, 1, 2}).has_value());
  // FNV-1a 64 of "a" (the published test vector).
  CHECK(modelChecksum("a") == 0xaf63dc4c8601ec8cULL);
  // The model was replaced after the names were written.
  const auto other = checkClassNamesMatch(read.value, "m.classes", model + " ", "m", {0, 1, 2});
  REQUIRE(other.has_value());
  CHECK_THAT(*other, Catch::StartsWith("m.classes belongs to another model than m"));
  // A label the names file does not cover.
  const auto label = checkClassNamesMatch(read.value, "m.classes", model, "m", {0, 3});
  REQUIRE(label.has_value());
  CHECK_THAT(*label, Catch::StartsWith("m has label 3, which m.classes does not name"));
  // Damaged files.
  const auto [bad, expected] = GENERATE(table<std::string, std::string>({
      {"0 \"cat\"\n", "m.classes: no model_checksum line"},
      {"model_checksum fnv1a64 0123\n0 \"cat\"\n", "m.classes:1: bad model_checksum line"},
      {"model_checksum fnv1a64 0123456789abcdef\n1 \"cat\"\n",
       "m.classes:2: expected '0 \"name\"'"},
      {"model_checksum fnv1a64 0123456789abcdef\n0 \"cat\n", "m.classes:2: the name must be"},
      {"model_checksum fnv1a64 0123456789abcdef\n", "m.classes: no class names"},
  }));
  const auto damaged = readClassNames(bad, "m.classes");
  REQUIRE_FALSE(damaged.ok());
  CHECK_THAT(damaged.error->toString(), Catch::StartsWith(expected));
}
