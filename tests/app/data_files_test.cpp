// The student's own data and the lab's files: import mapping, the choice of
// two features and two classes, the file:line of bad files (docs/bad-inputs.md D, C, W12-W14), and
// the export texts (points as CSV and LIBSVM, the model as a LIBSVM model file).
#include "data/number_text.hpp"
#include "io/action_router.hpp"
#include "io/data_export.hpp"
#include "io/data_import.hpp"
#include "io/session_json.hpp"
#include "session/action_json.hpp"
#include "session/file_actions.hpp"
#include "svm/model_io.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::app;

namespace {

// Iris-like rows: label first, four features; labels 1, 2, 3 (three classes).
const char* kThreeClassCsv =
    "species,sepal_length,sepal_width,petal_length,petal_width\n"
    "1,5.1,3.5,1.4,0.2\n"
    "2,7.0,3.2,4.7,1.4\n"
    "3,6.3,3.3,6.0,2.5\n"
    "1,4.9,3.0,1.4,0.2\n"
    "2,6.4,3.2,4.5,1.5\n"
    "3,5.8,2.7,5.1,1.9\n"
    "2,6.9,3.1,4.9,1.5\n";

// The numbers of one CSV row, split by hand (the test's own reading of the text above).
std::vector<double> row(const char* text, int index) {
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);  // header
  for (int k = 0; k <= index; ++k) std::getline(lines, line);
  std::vector<double> values;
  std::istringstream cells(line);
  std::string cell;
  while (std::getline(cells, cell, ',')) values.push_back(std::stod(cell));
  return values;
}

struct Files {
  LabState lab = makeLabState();
  std::optional<DataImport> imported;
  std::optional<DataImport> preview;
  ActionRouter router;
  Files() {
    addLabActions(router, lab);
    addFileActions(router, imported, preview, lab);
  }
  ActionReply dispatch(const JsonValue& action) { return router.dispatch(action); }
  ActionReply importText(const std::string& text, const std::string& format,
                         const std::string& extra = "") {
    return router.dispatch("{\"type\":\"importData\",\"format\":\"" + format +
                           "\",\"source\":\"data." + format + "\",\"text\":" + jsonQuote(text) +
                           extra + "}");
  }
};

}  // namespace

TEST_CASE("Import: three classes, four features; the picked pair is the one-vs-one sub-problem",
          "[app][files]") {
  DataImportOptions options{DataFormat::Csv, "iris.csv", kAutoLabelColumn, ""};
  DataImportResult read = readDataImport(kThreeClassCsv, options);
  REQUIRE(read.ok());
  DataImport d = *read.value;
  REQUIRE(d.classes.size() == 3);
  CHECK(d.classes[0].label == 1);
  CHECK(d.classes[0].count == 2);
  CHECK(d.classes[1].count == 3);
  CHECK(d.classes[2].count == 2);
  // More than two classes: the two smallest labels, the second as +1.
  CHECK(d.classes[static_cast<std::size_t>(d.positive)].label == 2);
  CHECK(d.classes[static_cast<std::size_t>(d.negative)].label == 1);

  REQUIRE_FALSE(chooseFeatures(d, 3, 4));
  REQUIRE_FALSE(chooseClasses(d, 2, 3));
  const PointSet points = importedPoints(d);
  // Classes 2 and 3 are rows 1, 2, 4, 5, 6 of the file (0-based); features 3 and 4 are cells 3, 4.
  const int rows[] = {1, 2, 4, 5, 6};
  REQUIRE(points.points.rows() == 5);
  for (int k = 0; k < 5; ++k) {
    const std::vector<double> cells = row(kThreeClassCsv, rows[k]);
    CHECK(points.points(k, 0) == cells[3]);
    CHECK(points.points(k, 1) == cells[4]);
    CHECK(points.labels(k) == (cells[0] == 2 ? 1.0 : -1.0));
  }
  const std::string summary = importSummary(d);
  CHECK(summary.find("Label: column 1 'species' (named like a label).") != std::string::npos);
  CHECK(summary.find("feature 3 'petal_length' and feature 4 'petal_width' (training on these "
                     "two)") != std::string::npos);
  CHECK(summary.find("one-vs-one sub-problem of these two classes (5 samples)") !=
        std::string::npos);
}

TEST_CASE("Import: two classes keep -1/+1, and the larger label of {0, 1} is +1", "[app][files]") {
  const auto positiveLabel = [](const char* text) {
    DataImportResult r =
        readDataImport(text, {DataFormat::Libsvm, "two.libsvm", kAutoLabelColumn, ""});
    REQUIRE(r.ok());
    const PointSet p = importedPoints(*r.value);
    REQUIRE(p.points.rows() == 3);
    CHECK(p.points(0, 0) == 0.5);
    CHECK(p.points(2, 1) == 0);  // an absent LIBSVM feature is 0
    return p.labels;
  };
  const Vector a = positiveLabel("+1 1:0.5 2:1\n-1 1:2 2:3\n+1 1:4 2:0\n");
  CHECK(a(0) == 1);
  CHECK(a(1) == -1);
  CHECK(a(2) == 1);
  const Vector b = positiveLabel("0 1:0.5 2:1\n1 1:2 2:3\n0 1:4\n");
  CHECK(b(0) == -1);
  CHECK(b(1) == 1);
  CHECK(b(2) == -1);
}

TEST_CASE("Import: bad files name file:line and change nothing (D, C, W12-W14)", "[app][files]") {
  Files f;
  const std::string before = stateToJson(f.lab);
  struct Case {
    std::string text, format, expected;
  };
  std::string big;
  for (int i = 0; i < 5001; ++i)
    big += (i % 2 ? "1" : "-1") + std::string(" 1:1 2:") + std::to_string(i) + "\n";
  std::string manyLabels;
  for (int i = 0; i < 101; ++i) manyLabels += std::to_string(i) + ".5 1:1 2:2\n";
  const Case cases[] = {
      {"label,a,b\n1,1,2\n-1,NA,3\n", "csv", "data.csv:3:"},                          // C2
      {"label,a,b\n1,1,2\n-1,3\n", "csv", "data.csv:3: expected 3 columns"},          // C1
      {"+1 1:1 2:2\n-1 2:1 1:3\n", "libsvm", "data.libsvm:2:"},                       // D8
      {"", "libsvm", "data.libsvm: no samples"},                                      // D1
      {big, "libsvm", "data.libsvm:5001: more than 5000 samples"},                    // W12
      {"1 1:1\n-1 1:2\n", "libsvm", "data.libsvm: 1 feature; the canvas needs two"},  // W13
      {"1 1:1 2:2e7\n-1 1:2 2:1\n", "libsvm",
       "data.libsvm: sample 1, feature 2 = 2e+07: the lab's coordinates lie within ±1e6"},  // W13
      {"1 1:1 2:2\n1 1:2 2:1\n", "libsvm", "data.libsvm: every sample has the label 1"},    // W14
      {manyLabels, "libsvm", "data.libsvm: 101 different labels"},                          // W14
  };
  for (const Case& c : cases) {
    const ActionReply reply = f.importText(c.text, c.format);
    INFO(c.expected);
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.error.rfind(c.expected, 0) == 0);
    CHECK(stateToJson(f.lab) == before);
    CHECK_FALSE(f.imported);
  }
  // The W12 message says what to do.
  CHECK(f.importText(big, "libsvm").error.find("the lab holds at most 5000 points") !=
        std::string::npos);
  // Choices out of range, on a good file: nothing changes either.
  CHECK(f.importText(kThreeClassCsv, "csv", ",\"x\":5").error ==
        "data.csv: feature 5 does not exist (the file has 4 features, numbered 1 to 4)");
  CHECK(f.importText(kThreeClassCsv, "csv", ",\"positive\":7").error ==
        "data.csv: no class with the label 7 (the file's labels: 1, 2, 3)");
  CHECK(f.importText(kThreeClassCsv, "csv", ",\"bogus\":1").error.rfind("$: unknown key", 0) == 0);
  CHECK(stateToJson(f.lab) == before);
}

TEST_CASE("Import through the router: the lab shows the choice; chooseImport switches it",
          "[app][files]") {
  Files f;
  const ActionReply reply = f.importText(kThreeClassCsv, "csv", ",\"x\":3,\"y\":4");
  REQUIRE(reply.ok());
  REQUIRE(f.imported);
  CHECK(f.lab.presetName == "imported: data.csv");
  CHECK(f.lab.pointCount() == 5);  // classes 1 (2 samples) and 2 (3 samples)
  CHECK(f.lab.data.points(0, 0) == 1.4);
  CHECK(f.lab.data.points(0, 1) == 0.2);
  CHECK(f.lab.stepCount() == 0);
  CHECK(activeImport(f.imported, f.lab) != nullptr);

  // Numeric classes 1, 2, 3: which is +1 is not the file's label, so the legend says both.
  CHECK(importedClassWords(activeImport(f.imported, f.lab), -1) == "class 1 (−1)");
  REQUIRE(f.router.dispatch(R"({"type":"chooseImport","positive":3,"negative":1})").ok());
  CHECK(importedClassWords(activeImport(f.imported, f.lab), 1) == "class 3 (+1)");
  CHECK(f.lab.pointCount() == 4);
  for (Index i = 0; i < 4; ++i) {
    // Class 3's petals are longer than 5, class 1's shorter than 2.
    CHECK((f.lab.data.labels(i) > 0) == (f.lab.data.points(i, 0) > 5));
  }
  CHECK(f.router.dispatch(R"({"type":"chooseImport","x":2,"y":2})").error ==
        "the two features shown must differ (both are 2)");
  // A preset ends the import: chooseImport then has nothing to act on.
  REQUIRE(f.router.dispatch(R"({"type":"preset","name":"moons"})").ok());
  CHECK(activeImport(f.imported, f.lab) == nullptr);
  CHECK(f.router.dispatch(R"({"type":"chooseImport","x":1})").error ==
        "$: no imported data on the canvas (import a file first)");
}

TEST_CASE("Import: iris and wine as pandas writes them, the label found where it is",
          "[app][files]") {
  // tests/data/make_csv_examples.py: a header, the class in the last column (text for iris,
  // 0/1/2 for wine). Read with the label in column 1 they were refused.
  const auto file = [](const char* name) {
    std::ifstream in(std::string(KPG_SOURCE_DIR "/tests/data/") + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    REQUIRE(!text.str().empty());
    return text.str();
  };
  Files f;
  const std::string iris = file("iris.csv");
  ActionReply reply = f.importText(iris, "csv");
  REQUIRE(reply.ok());
  const JsonValue state = importStateJson(f.imported, f.lab);
  CHECK(state.find("labelColumn")->asNumber() == 5);
  CHECK(state.find("label")->asString() == "column 5 'species' (named like a label)");
  REQUIRE(state.find("featureNames")->items().size() == 4);
  CHECK(state.find("featureNames")->items()[2].asString() == "petal_length");
  const auto& classes = state.find("classes")->items();
  REQUIRE(classes.size() == 3);
  const char* names[] = {"setosa", "versicolor", "virginica"};
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(classes[k].find("name")->asString() == names[k]);
    CHECK(classes[k].find("count")->asNumber() == 50);
  }
  CHECK(state.find("summary")->asString().find(
            "Class versicolor is y = +1, class setosa is y = −1") != std::string::npos);
  CHECK(f.lab.pointCount() == 100);

  // By number or by name: the wine's last column by number, then a column of iris that is not
  // the label, refused with where the text is.
  reply = f.importText(file("wine.csv"), "csv", ",\"labelColumn\":14");
  REQUIRE(reply.ok());
  CHECK(importStateJson(f.imported, f.lab).find("classes")->items().size() == 3);
  CHECK(f.importText(iris, "csv", ",\"labelName\":\"sepal_length\"").error ==
        "data.csv:2:17: invalid number 'setosa' at line 2 col 5 (column 5 'species' holds text: "
        "choose it as the label column, or remove it (the label column is column 1 "
        "'sepal_length'))");
  // Regression targets say which column the label was taken from.
  CHECK(f.importText(file("wine.csv"), "csv", ",\"labelColumn\":1").error ==
        "data.csv: 126 different labels in column 1 'alcohol' (chosen): these look like "
        "regression targets; the lab classifies (at most 100 classes); or choose another label "
        "column");
  CHECK(f.importText(iris, "csv", ",\"labelColumn\":0").error.rfind("$.labelColumn", 0) == 0);

  // Another label column of the import shown: the file read again, or nothing changes.
  REQUIRE(f.importText(file("wine.csv"), "csv").ok());
  const std::string before = stateToJson(f.lab);
  CHECK(f.router.dispatch(R"({"type":"chooseImport","labelColumn":1})").error ==
        "data.csv: 126 different labels in column 1 'alcohol' (chosen): these look like "
        "regression targets; the lab classifies (at most 100 classes); or choose another label "
        "column");
  CHECK(stateToJson(f.lab) == before);
  CHECK(importStateJson(f.imported, f.lab).find("labelColumn")->asNumber() == 14);
  REQUIRE(f.importText(iris, "csv", ",\"labelColumn\":5").ok());
  reply = f.router.dispatch(R"({"type":"chooseImport","labelColumn":5,"x":3,"y":4})");
  REQUIRE(reply.ok());
  CHECK(f.lab.data.points(0, 0) == 1.4);  // setosa's first petal length
  CHECK(importStateJson(f.imported, f.lab).find("label")->asString() ==
        "column 5 'species' (chosen)");
}

TEST_CASE("Export: CSV and LIBSVM texts read back to the same points, bit for bit",
          "[app][files]") {
  Files f;
  REQUIRE(f.router.dispatch(R"({"type":"clearPoints"})").ok());
  const double values[][3] = {{0.1, 1.0 / 3, 1}, {-1e-300, 123456.789, -1}, {2, -0.7, 1}};
  for (const auto& v : values) {
    REQUIRE_FALSE(apply(f.lab, action::AddPoint{v[0], v[1], static_cast<int>(v[2])}, false));
  }
  CHECK(exportPoints(f.lab, DataFormat::Csv) ==
        "label,x1,x2\n1,0.1,0.3333333333333333\n-1,-1e-300,123456.789\n1,2,-0.7\n");
  for (DataFormat format : {DataFormat::Csv, DataFormat::Libsvm}) {
    const std::string text = exportPoints(f.lab, format);
    DataImportResult back = readDataImport(text, {format, "export", kAutoLabelColumn, ""});
    REQUIRE(back.ok());
    const PointSet p = importedPoints(*back.value);
    REQUIRE(p.points.rows() == 3);
    for (Index i = 0; i < 3; ++i) {
      CHECK(p.points(i, 0) == values[i][0]);
      CHECK(p.points(i, 1) == values[i][1]);
      CHECK(p.labels(i) == values[i][2]);
    }
  }
  CHECK(f.router.dispatchJson(R"({"type":"exportData","format":"xml"})") ==
        R"({"ok":false,"error":"$.format: must be \"csv\" or \"libsvm\""})");
}

TEST_CASE("Export model: the model file's f(x) is the lab's at every training point",
          "[app][files]") {
  Files f;
  REQUIRE(f.router.dispatch(R"({"type":"preset","name":"moons"})").ok());
  REQUIRE(f.router.dispatch(R"({"type":"step","n":15})").ok());
  const ActionReply reply = f.router.dispatch(R"({"type":"exportModel"})");
  REQUIRE(reply.ok());
  const std::string text = reply.extra.find("text")->asString();
  CHECK(text.rfind("svm_type c_svc\nkernel_type rbf\n", 0) == 0);
  const ReadResult<SvmModel> model = readModel(text, "lab.model");
  REQUIRE(model.ok());
  REQUIRE(f.lab.model.valid);
  for (Index i = 0; i < f.lab.pointCount(); ++i) {
    const Vector x = f.lab.data.points.row(i).transpose();
    const double value = decisionValues(model.value, x)(0);
    // The lab's f at the training points comes from the solver's gradient; the model file's from
    // the kernel sums: equal to rounding.
    CHECK(std::abs(value - f.lab.model.decision(i)) <= 1e-9 * (1 + std::abs(value)));
    // label 1 is listed first, so f > 0 predicts 1 (svm-predict's vote).
    CHECK(predict(model.value, x) == (value > 0 ? 1 : -1));
  }
  REQUIRE(f.router.dispatch(R"({"type":"clearPoints"})").ok());
  const ActionReply none = f.router.dispatch(R"({"type":"exportModel"})");
  CHECK(none.error.rfind("no model to export: ", 0) == 0);
}

TEST_CASE("Import dialog: iris's first rows, the label column marked, nothing imported yet",
          "[app][files][preview]") {
  std::ifstream in(KPG_SOURCE_DIR "/tests/data/iris.csv", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  Files f;
  const std::size_t pointsBefore = static_cast<std::size_t>(f.lab.pointCount());
  ActionReply reply = f.importText(text.str(), "csv", ",\"preview\":true");
  REQUIRE(reply.ok());
  REQUIRE(f.preview);
  CHECK(!f.imported);
  CHECK(static_cast<std::size_t>(f.lab.pointCount()) == pointsBefore);

  const ImportPreview p = importPreview(*f.preview);
  CHECK(p.names == std::vector<std::string>{"sepal_length", "sepal_width", "petal_length",
                                            "petal_width", "species"});
  CHECK(p.labelColumn == 4);
  CHECK(p.columnX == 0);
  CHECK(p.columnY == 1);
  REQUIRE(p.rows.size() == 8);
  CHECK(p.rows[0] == std::vector<std::string>{"5.1", "3.5", "1.4", "0.2", "setosa"});
  CHECK(p.rows[7] == std::vector<std::string>{"5.0", "3.4", "1.5", "0.2", "setosa"});
  CHECK(p.summary ==
        "150 points; classes setosa / versicolor / virginica; the lab uses two: versicolor "
        "(y = +1) and setosa (y = −1), 100 points, x₁ sepal_length, x₂ sepal_width");
  const JsonValue state = previewStateJson(f.preview);
  CHECK(state.find("labelColumn")->asNumber() == 5);
  CHECK(state.find("rows")->items().size() == 8);

  // A column that cannot be the label (species would then be a text feature): refused, the
  // dialog's file unchanged.
  reply = f.router.dispatch("{\"type\":\"choosePreview\",\"labelColumn\":1}");
  CHECK(!reply.ok());
  CHECK(importPreview(*f.preview).labelColumn == 4);

  // Cancel: the file dropped, the lab as it was.
  REQUIRE(f.router.dispatch("{\"type\":\"cancelImport\"}").ok());
  CHECK(!f.preview);
  CHECK(!f.imported);
  CHECK(static_cast<std::size_t>(f.lab.pointCount()) == pointsBefore);

  // Import: the lab gets what the summary said.
  REQUIRE(f.importText(text.str(), "csv", ",\"preview\":true").ok());
  REQUIRE(f.router.dispatch("{\"type\":\"confirmImport\"}").ok());
  CHECK(!f.preview);
  REQUIRE(f.imported);
  CHECK(f.lab.pointCount() == 100);
  CHECK(importStateJson(f.imported, f.lab).find("labelColumn")->asNumber() == 5);
  CHECK(!f.router.dispatch("{\"type\":\"confirmImport\"}").ok());
  // The legend names her classes with the sign the lab gave them, as the summary said.
  const DataImport* shown = activeImport(f.imported, f.lab);
  REQUIRE(shown != nullptr);
  CHECK(importedClassWords(shown, 1) == "versicolor (+1)");
  CHECK(importedClassWords(shown, -1) == "setosa (−1)");
  CHECK(importedClassWords(nullptr, 1) == "class +1");
  CHECK(importedClassWords(nullptr, -1) == "class −1");
}

TEST_CASE("Import dialog: another label column changes the preview and its summary",
          "[app][files][preview]") {
  Files f;
  const std::string csv =
      "species,sepal_length,sepal_width,petal_length,petal_width\n"
      "1,5.1,3.5,1.4,0.2\n1,4.9,3.0,1.4,0.2\n2,7.0,3.2,4.7,1.4\n2,6.4,3.2,4.5,1.4\n"
      "3,6.3,3.3,6.0,2.5\n3,5.8,2.7,5.1,2.5\n";
  REQUIRE(f.importText(csv, "csv", ",\"preview\":true").ok());
  // The columns (0-based) and the summary, counted from the six rows above: two points each of
  // species 1, 2, 3 and of petal widths 0.2, 1.4, 2.5; the lab takes the second class as +1.
  const auto requirePreview = [&](int label, int x, int y, const std::string& summary) {
    const ImportPreview p = importPreview(*f.preview);
    CHECK(p.labelColumn == label);
    CHECK(p.columnX == x);
    CHECK(p.columnY == y);
    CHECK(p.summary == summary);
  };
  requirePreview(0, 1, 2,
                 "6 points; classes 1 / 2 / 3; the lab uses two: 2 (y = +1) and 1 (y = −1), "
                 "4 points, x₁ sepal_length, x₂ sepal_width");
  REQUIRE(f.router.dispatch("{\"type\":\"choosePreview\",\"labelColumn\":5}").ok());
  requirePreview(4, 0, 1,
                 "6 points; classes 0.2 / 1.4 / 2.5; the lab uses two: 1.4 (y = +1) and 0.2 "
                 "(y = −1), 4 points, x₁ species, x₂ sepal_length");
  CHECK(!f.imported);
  REQUIRE(f.router.dispatch("{\"type\":\"confirmImport\"}").ok());
  REQUIRE(f.imported);
  CHECK(f.imported->layout.labelColumn == 5);
  CHECK(f.lab.pointCount() == 4);
}
