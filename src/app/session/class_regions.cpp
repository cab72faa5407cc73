#include "session/class_regions.hpp"

#include "app_state.hpp"
#include "io/action_router.hpp"
#include "io/schema.hpp"
#include "session/file_actions.hpp"
#include "svm/svm_model.hpp"

#include <algorithm>
#include <cmath>

namespace kpg::app {

namespace {

using json::integer;
using json::put;
using json::str;

// The import's samples on its two shown features: what the lab's points are made of, for every
// class instead of two.
Matrix shownFeatures(const DataImport& data) {
  Matrix x(data.data.size(), 2);
  x.col(0) = data.data.x.col(data.featureX);
  x.col(1) = data.data.x.col(data.featureY);
  return x;
}

}  // namespace

ClassRegionsResult trainClassRegions(const DataImport& data, const LabState& lab) {
  ClassRegionsResult result;
  SvmParams params;
  params.kernel = lab.params.kernel;
  params.hardMargin = lab.params.hardMargin();
  params.c = params.hardMargin ? 1.0 : lab.params.c;
  params.eps = lab.params.eps;
  params.selection = lab.params.rule;
  params.bias = lab.params.bias;
  params.maxIterations = kRegionMaxIterations;
  const Matrix x = shownFeatures(data);
  SvmTrainResult trained = trainSvmWithoutProbability(x, data.data.y, params);
  if (!trained.ok()) {
    result.error = trained.error->parameter + ": " + trained.error->message;
    return result;
  }
  ClassRegions r;
  r.problemRevision = lab.problemRevision;
  r.classes = data.classes;
  r.model = std::move(trained.model);
  r.subproblems = std::move(trained.subproblems);
  r.converged = trained.converged();
  r.samples = x.rows();
  const Vector predicted = predictRows(r.model, x);
  Index correct = 0;
  for (Index i = 0; i < x.rows(); ++i) {
    if (predicted(i) == data.data.y(i)) ++correct;
  }
  r.trainingAccuracy =
      x.rows() > 0 ? static_cast<double>(correct) / static_cast<double>(x.rows()) : 0.0;
  result.value = std::move(r);
  return result;
}

int regionClassAt(const ClassRegions& regions, double x1, double x2) {
  Vector point(2);
  point << x1, x2;
  return importedClassIndex(regions.classes, predict(regions.model, point));
}

void updateRegionGrid(ClassRegions& regions, const ViewWindow& view) {
  const double width = view.xMax - view.xMin, height = view.yMax - view.yMin;
  if (!(width > 0) || !(height > 0)) return;
  const double cell = std::max(width, height) / kRegionGridCells;
  const int cols = std::clamp(static_cast<int>(std::ceil(width / cell)), 1, kRegionGridCells);
  const int rows = std::clamp(static_cast<int>(std::ceil(height / cell)), 1, kRegionGridCells);
  const ViewWindow& g = regions.gridView;
  if (regions.cols == cols && regions.rows == rows && g.xMin == view.xMin && g.xMax == view.xMax &&
      g.yMin == view.yMin && g.yMax == view.yMax) {
    return;
  }
  regions.gridView = view;
  regions.cols = cols;
  regions.rows = rows;
  regions.cellClass.assign(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows), -1);
  for (int row = 0; row < rows; ++row) {
    // Row 0 is the top of the view; each cell is judged at its centre.
    const double x2 = view.yMax - (row + 0.5) * height / rows;
    for (int col = 0; col < cols; ++col) {
      const double x1 = view.xMin + (col + 0.5) * width / cols;
      regions.cellClass[static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) +
                        static_cast<std::size_t>(col)] = regionClassAt(regions, x1, x2);
    }
  }
}

const ClassRegions* currentClassRegions(const AppState& app) {
  const std::optional<ClassRegions>& r = app.classRegions;
  if (!r || r->problemRevision != app.lab.problemRevision) return nullptr;
  return activeImport(app.dataImport, app.lab) ? &*r : nullptr;
}

std::optional<std::string> showClassRegions(AppState& app, bool on) {
  if (!on) {
    app.classRegions.reset();
    return std::nullopt;
  }
  const DataImport* shown = activeImport(app.dataImport, app.lab);
  if (!shown || shown->classes.size() < 3) {
    return std::string(
        "the regions of every class need an imported file of three or more classes on the "
        "canvas (Import data)");
  }
  ClassRegionsResult trained = trainClassRegions(*shown, app.lab);
  if (!trained.value) return "could not train every class: " + trained.error;
  app.classRegions = std::move(trained.value);
  return std::nullopt;
}

void addClassRegionActions(ActionRouter& router, AppState& app) {
  router.add("showClassRegions", [&app](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type", "on"});
    const JsonValue* on = r.required(v, "$", "on");
    if (r.ok() && !on->isBool()) r.fail("$.on", "expected true or false");
    if (!r.ok()) return ActionReply::failed(r.error());
    if (auto error = showClassRegions(app, on->asBool()))
      return ActionReply::failed("$.on: " + *error);
    return ActionReply{};
  });
}

JsonValue classRegionsJson(const AppState& app) {
  if (!app.classRegions) return JsonValue::null();
  const ClassRegions& r = *app.classRegions;
  JsonValue o = JsonValue::object();
  JsonValue classes = JsonValue::array();
  for (const ImportedClass& c : r.classes) {
    JsonValue item = JsonValue::object();
    put(item, "label", json::num(c.label));
    put(item, "name", str(c.name));
    put(item, "count", integer(c.count));
    classes.items().push_back(std::move(item));
  }
  put(o, "classes", std::move(classes));
  put(o, "trainingAccuracy", json::num(r.trainingAccuracy));
  put(o, "converged", JsonValue::boolean(r.converged));
  put(o, "samples", integer(r.samples));
  JsonValue subproblems = JsonValue::array();
  for (const SubproblemInfo& s : r.subproblems) {
    JsonValue item = JsonValue::object();
    put(item, "labelA", integer(s.labelA));
    put(item, "labelB", integer(s.labelB));
    put(item, "iterations", integer(s.iterations));
    put(item, "supportVectors", integer(s.supportVectors));
    put(item, "converged", JsonValue::boolean(s.status == RunStatus::Converged));
    subproblems.items().push_back(std::move(item));
  }
  put(o, "subproblems", std::move(subproblems));
  // Hidden (and not drawn) once the problem changed: an edit, another choice, kernel or C.
  put(o, "stale", JsonValue::boolean(currentClassRegions(app) == nullptr));
  return o;
}

}  // namespace kpg::app
