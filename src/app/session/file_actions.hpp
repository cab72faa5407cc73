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

void addFileActions(ActionRouter& router, std::optional<DataImport>& imported, LabState& lab);

// state().dataImport: null, or the import the canvas shows {source, format, samples, features,
// classes: [{label, name, count}], x, y (1-based), positive, negative, summary}.
JsonValue importStateJson(const std::optional<DataImport>& imported, const LabState& lab);

// The import the canvas shows, or nullptr when the lab holds other points.
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
