#pragma once
// The multi-class regions of an imported file (with more than two classes the lab steps the
// one-vs-one sub-problem of the two classes the student picks and shows the multi-class regions
// once trained). The lab steps one pair; "All classes" trains every pair of LIBSVM's one-vs-one
// scheme (core svm/one_vs_one.hpp, trainSvm) on the same two features with the lab's kernel, C and
// eps, and the canvas shows which class wins the vote at every place (core predict: the pair votes
// of svm_predict). No GL, no ImGui: part of kpg_app_logic, tested by
// tests/app/class_regions_test.cpp.
//
// The regions belong to the problem they were trained for: an edit, another feature or class
// choice, or another kernel or C (lab.problemRevision) leaves them stale, and they are hidden
// until trained again.

#include "io/data_import.hpp"
#include "io/json.hpp"
#include "lab/lab_state.hpp"
#include "svm/svm_train.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

class ActionRouter;
struct AppState;

// Each sub-problem stops within this many pair updates (the lab's own cap is larger: it steps
// one sub-problem; this trains up to 100·99/2 of them in one go).
constexpr std::int64_t kRegionMaxIterations = 200000;
// The grid the regions are drawn on: cells across the view's longer side.
constexpr int kRegionGridCells = 96;

struct ClassRegions {
  std::uint64_t problemRevision = 0;   // the lab's problem the regions were trained with
  std::vector<ImportedClass> classes;  // the file's classes, ascending by label
  SvmModel model;                      // k(k−1)/2 pair models on the two shown features
  std::vector<SubproblemInfo> subproblems;
  bool converged = false;       // every sub-problem reached eps
  double trainingAccuracy = 0;  // over every sample of the file, on the two features
  Index samples = 0;

  // The vote at each cell of the last grid (regionGrid): index into `classes`, row-major from
  // the top-left, cols × rows cells over `gridView`.
  ViewWindow gridView;
  int cols = 0, rows = 0;
  std::vector<int> cellClass;
};

struct ClassRegionsResult {
  std::optional<ClassRegions> value;
  std::string error;
};

// Trains every one-vs-one pair of the import's classes on its two shown features with the lab's
// kernel, C (C = ∞: hard margin) and eps. An error (a parameter the core refuses, a file of one
// class) leaves nothing.
ClassRegionsResult trainClassRegions(const DataImport& data, const LabState& lab);

// The index into `regions.classes` that wins the vote at (x₁, x₂).
int regionClassAt(const ClassRegions& regions, double x1, double x2);

// Fills cellClass over `view` (kRegionGridCells across the longer side) unless it already holds
// that view.
void updateRegionGrid(ClassRegions& regions, const ViewWindow& view);

// The regions when they belong to the lab's current problem and to the import it shows, else
// nullptr.
const ClassRegions* currentClassRegions(const AppState& app);

// Trains the regions of the import on the canvas (on) or drops them (off); an error, and no
// change, without an import of three or more classes or when the core refuses the training.
std::optional<std::string> showClassRegions(AppState& app, bool on);

// window.kpg: {"type":"showClassRegions","on":true|false} trains (on) or hides (off) the regions;
// refused, changing nothing, without an import of three or more classes on the canvas.
void addClassRegionActions(ActionRouter& router, AppState& app);
// state().classRegions: null, or {classes:[{label, name, count}], trainingAccuracy, converged,
// samples, subproblems:[{labelA, labelB, iterations, supportVectors, converged}], stale}.
JsonValue classRegionsJson(const AppState& app);

}  // namespace kpg::app
