#pragma once
// window.kpg's file actions, in the one router (action_router.hpp):
//
//   {"type":"importData", "text":"...", "format":"csv"|"libsvm", "source":"iris.csv",
//    "x":1, "y":2, "positive":2, "negative":3}
//       reads the text with the core's reader (data_import.hpp); x, y (1-based features) and
//       positive, negative (labels as in the file) are optional. {"ok":true, "summary",
//       "samples", "features", "classes":[{label, name, count}]} or {"ok":false, "error":
//       "iris.csv:12:3: ..."}; a refused file changes nothing.
//       CSV: "labelColumn" (1-based) or "labelName" (a header's name) choose the label column,
//       found as the file was written otherwise (csv_format.hpp).
//   {"type":"chooseImport", "labelColumn":5, "x":3, "y":4, "positive":2, "negative":3}
//       another label column (the CSV read again), two features or classes of the import on the
//       canvas (every field optional).
//   {"type":"importData", ..., "preview":true}
//       a CSV file read and held for the import dialog (panels/file_toolbar.hpp), the lab
//       unchanged: {"ok":true, "preview":{source, names, rows, labelColumn (1-based), x, y,
//       summary}}. The file chooser, a drop and a paste open CSV files this way.
//   {"type":"choosePreview", "labelColumn":5}   another label column for the file held
//   {"type":"confirmImport"}   the file held goes to the canvas, as importData would put it
//   {"type":"cancelImport"}    the file held is dropped; nothing else changes
//   {"type":"exportData", "format":"csv"|"libsvm"}   {"ok":true, "text"}: the canvas's points
//   {"type":"exportModel"}                           {"ok":true, "text"}: LIBSVM model file
//
// The import stays with the lab while the lab's preset is importPresetName (an edit keeps it,
// loading a preset or a session ends it).

#include "io/data_import.hpp"
#include "io/json.hpp"
#include "lab/lab_state.hpp"

#include <optional>

namespace kpg::app {

class ActionRouter;

// `preview`: the file the import dialog shows, read but not on the canvas.
void addFileActions(ActionRouter& router, std::optional<DataImport>& imported,
                    std::optional<DataImport>& preview, LabState& lab);

// state().importPreview: null, or the dialog's {source, names, rows, labelColumn (1-based),
// x, y (1-based file columns of x₁, x₂), summary}.
JsonValue previewStateJson(const std::optional<DataImport>& preview);

// The import dialog's Import: the held file reloads the lab (default features and classes) and
// becomes the import; an error (and no change) when the lab refuses it.
std::optional<std::string> confirmImport(std::optional<DataImport>& preview,
                                         std::optional<DataImport>& imported, LabState& lab);

// state().dataImport: null, or the import the canvas shows {source, format, samples, features,
// classes: [{label, name, count}], x, y (1-based), positive, negative, summary}.
JsonValue importStateJson(const std::optional<DataImport>& imported, const LabState& lab);

// The import the canvas shows, or nullptr when the lab holds other points.
// A class's words in the legend: "class +1" / "class −1" for drawn or generated points (no
// import) and for a file whose labels are ±1 already; otherwise the file's own class with the sign
// the lab gives it ("setosa (+1)", "class 3 (−1)"), so the student sees which of her classes is
// which colour. `sign`: +1 or −1.
std::string importedClassWords(const DataImport* shown, int sign);
const DataImport* activeImport(const std::optional<DataImport>& imported, const LabState& lab);

// Shows another two features or classes (1-based features, labels as in the file; nullopt keeps
// the current choice) and reloads the lab; an error changes nothing.
std::optional<std::string> chooseImport(DataImport& imported, LabState& lab, std::optional<int> x,
                                        std::optional<int> y, std::optional<double> positive,
                                        std::optional<double> negative);
// Reads the CSV import again with another label column (1-based) and reloads the lab with the
// default choice of features and classes; an error changes nothing.
std::optional<std::string> chooseImportLabel(DataImport& imported, LabState& lab, int column);

}  // namespace kpg::app
