#include "data/csv_format.hpp"

#include "test_values.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace kpg;

namespace {

std::string errorOf(const std::string& text, CsvReadOptions options = {}) {
  const auto r = readCsv(text, "t.csv", options);
  REQUIRE_FALSE(r.ok());
  return r.error->toString();
}

// The files as pandas' to_csv(index=False) writes them (tests/data/make_csv_examples.py).
std::string exampleFile(const std::string& name) {
  return testing::readTextFile(KPG_SOURCE_DIR "/tests/data/" + name);
}

std::string withoutFirstLine(const std::string& text) {
  return text.substr(text.find('\n') + 1);
}

ReadResult<CsvTable> readAuto(const std::string& text, CsvReadOptions options = {}) {
  options.labelColumn = kAutoLabelColumn;
  return readCsvTable(text, "t.csv", options);
}

// How many samples carry each label 0, 1, ...
std::vector<int> classCounts(const Eigen::VectorXd& y) {
  std::vector<int> counts;
  for (const double label : y) {
    const auto k = static_cast<std::size_t>(label);
    if (label < 0 || label != static_cast<double>(k)) return {-1};  // not a class number
    if (counts.size() <= k) counts.resize(k + 1);
    ++counts[k];
  }
  return counts;
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

TEST_CASE("CSV reader: iris as pandas writes it finds the species column by its name", "[data]") {
  const auto r = readAuto(exampleFile("iris.csv"));
  REQUIRE(r.ok());
  const CsvLayout& layout = r.value.layout;
  CHECK(layout.header);
  CHECK(layout.columns == 5);
  CHECK(layout.labelColumn == 5);
  CHECK(layout.choice == LabelChoice::NamedLikeLabel);
  CHECK(describeLabelColumn(layout) == "column 5 'species' (named like a label)");
  const Dataset& data = r.value.data;
  CHECK(data.featureNames ==
        std::vector<std::string>{"sepal_length", "sepal_width", "petal_length", "petal_width"});
  // Numbered in order of first appearance: the file lists setosa first.
  CHECK(data.classNames == std::vector<std::string>{"setosa", "versicolor", "virginica"});
  CHECK(classCounts(data.y) == std::vector<int>{50, 50, 50});
  REQUIRE(data.x.rows() == 150);
  REQUIRE(data.x.cols() == 4);
  CHECK(data.x(0, 0) == 5.1);
  CHECK(data.x(149, 3) == 1.8);

  // Without the header the species is the last column holding text.
  const auto bare = readAuto(withoutFirstLine(exampleFile("iris.csv")));
  REQUIRE(bare.ok());
  CHECK_FALSE(bare.value.layout.header);
  CHECK(bare.value.layout.labelColumn == 5);
  CHECK(bare.value.layout.choice == LabelChoice::Text);
  CHECK(bare.value.data.featureNames.empty());
  CHECK(bare.value.data.x == data.x);
  CHECK(bare.value.data.y == data.y);
  CHECK(describeLabelColumn(bare.value.layout) == "column 5 (holds text)");
}

TEST_CASE("CSV reader: wine as scikit-learn's frame has it takes the class, not alcohol",
          "[data]") {
  // With the label in column 1 the 126 distinct alcohol values looked like regression targets.
  const std::string wine = exampleFile("wine.csv");
  const auto r = readAuto(wine);
  REQUIRE(r.ok());
  CHECK(r.value.layout.labelColumn == 14);
  CHECK(r.value.layout.choice == LabelChoice::NamedLikeLabel);
  CHECK(r.value.data.x.cols() == 13);
  CHECK(r.value.data.featureNames.front() == "alcohol");
  CHECK(r.value.data.featureNames.back() == "proline");
  CHECK(r.value.data.classNames.empty());
  CHECK(classCounts(r.value.data.y) == std::vector<int>{59, 71, 48});

  // A header naming the class otherwise, and no header: three whole numbers in 178 rows.
  std::string renamed = wine;
  renamed.replace(renamed.find(",target\n"), 8, ",cultivar\n");
  for (const std::string& variant : {renamed, withoutFirstLine(wine)}) {
    const auto other = readAuto(variant);
    INFO((other.ok() ? describeLabelColumn(other.value.layout) : other.error->toString()));
    REQUIRE(other.ok());
    CHECK(other.value.layout.labelColumn == 14);
    CHECK(other.value.layout.choice == LabelChoice::FewIntegers);
    CHECK(other.value.data.x == r.value.data.x);
    CHECK(other.value.data.y == r.value.data.y);
  }
}

TEST_CASE("CSV reader: the automatic label column in small files", "[data]") {
  const auto [text, column, choice] = GENERATE(table<std::string, std::size_t, LabelChoice>({
      // A header's label name wins over the first column (it used to take x1).
      {"x1,x2,label\n0.5,1,1\n-2,0.3,-1\n", 3, LabelChoice::NamedLikeLabel},
      {"Class,a,b\n1,0.5,2\n2,1,-1\n", 1, LabelChoice::NamedLikeLabel},
      {"a,b,y\n0.5,1,1.5\n2,3,4.25\n", 3, LabelChoice::NamedLikeLabel},
      // With an x column, y is a coordinate: the text column is the class.
      {"x,y,kind\n0.5,1,a\n2,3,b\n", 3, LabelChoice::Text},
      // Text first, last a measurement.
      {"cat,0.5,1.5\ndog,1,2.25\n", 1, LabelChoice::Text},
      // The only text column, in the middle.
      {"0.5,cat,1.5\n1,dog,2.25\n", 2, LabelChoice::OnlyText},
      // Nothing looks like a class: LIBSVM's first column.
      {"0.5,1.25,3.5\n1.5,2,4.75\n2.5,3,5.5\n", 1, LabelChoice::First},
      // Two whole values in a small file.
      {"0.5,1.25,1\n1.5,2,-1\n2.5,3,1\n", 3, LabelChoice::FewIntegers},
  }));
  INFO(text);
  const auto r = readAuto(text);
  REQUIRE(r.ok());
  CHECK(r.value.layout.labelColumn == column);
  CHECK(r.value.layout.choice == choice);
}

TEST_CASE("CSV reader: a label column chosen by name or number overrides the guess", "[data]") {
  const std::string iris = exampleFile("iris.csv");
  CsvReadOptions options;
  options.labelName = "Species";  // case-insensitive when no name matches exactly
  auto r = readAuto(iris, options);
  REQUIRE(r.ok());
  CHECK(r.value.layout.labelColumn == 5);
  CHECK(r.value.layout.choice == LabelChoice::Named);

  // The wine's numbers as classes by column number, proline as a regression target by name.
  options = {};
  options.labelColumn = 14;
  const auto wine = readCsvTable(exampleFile("wine.csv"), "t.csv", options);
  REQUIRE(wine.ok());
  CHECK(wine.value.layout.choice == LabelChoice::Given);
  CHECK(wine.value.data.featureNames.size() == 13);
  options = {};
  options.labelName = "proline";
  r = readAuto(exampleFile("wine.csv"), options);
  REQUIRE(r.ok());
  CHECK(r.value.layout.labelColumn == 13);
  CHECK(r.value.data.featureNames.back() == "target");
  CHECK(r.value.data.y(0) == 1065);
}

TEST_CASE("CSV reader: a label column that cannot be says where the label is and what to do",
          "[data]") {
  const std::string iris = exampleFile("iris.csv");
  // The first column, LIBSVM's convention, on the file as pandas writes it.
  CHECK(errorOf(iris) ==
        "t.csv:2:17: invalid number 'setosa' at line 2 col 5 (column 5 'species' holds text: "
        "choose it as the label column, or remove it (the label column is column 1 "
        "'sepal_length'))");
  CsvReadOptions options;
  options.labelName = "petal_width";
  options.labelColumn = kAutoLabelColumn;
  CHECK(errorOf(iris, options) ==
        "t.csv:2:17: invalid number 'setosa' at line 2 col 5 (column 5 'species' holds text: "
        "choose it as the label column, or remove it (the label column is column 4 "
        "'petal_width'))");
  options.labelName = "kind";
  CHECK(errorOf(iris, options) ==
        "t.csv:1: no column is named 'kind'; the header names 'sepal_length', 'sepal_width', "
        "'petal_length', 'petal_width', 'species' (choose one of the header's names, or the label "
        "column by number)");
  CHECK_THAT(errorOf(withoutFirstLine(iris), options),
             Catch::StartsWith("t.csv:1: no column is named 'kind': the file has no header row"));
  // Two text columns: the last is the label, the other is named in the error.
  options = {};
  options.labelColumn = kAutoLabelColumn;
  CHECK(errorOf("a,b,c\nred,0.5,cat\nblue,1,dog\n", options) ==
        "t.csv:2:1: invalid number 'red' at line 2 col 1 (column 1 'a' holds text: choose it as "
        "the label column, or remove it (the label column is column 3 'c'))");
  // The reader's own errors are unchanged by the guess.
  CHECK_THAT(errorOf("a,b,c\n1,2\n", options),
             Catch::StartsWith("t.csv:2: expected 3 columns, found 2"));
  CHECK_THAT(errorOf("1\n2\n", options), Catch::StartsWith("t.csv:1: only one column"));
  CHECK_THAT(errorOf("", options), Catch::StartsWith("t.csv: no samples"));
}
