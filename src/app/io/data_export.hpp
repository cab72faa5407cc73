#pragma once
// The lab's points and model as files: the points on the canvas as CSV or LIBSVM
// data, and the model at the current step as a LIBSVM model file that svm-predict reads. The
// texts come from the core's writers (data/libsvm_format.hpp writeLibsvm, svm/model_io.hpp
// writeModel) and its exact number form (formatExact), so export → import gives the same points.
// No GL, no ImGui: part of kpg_app_logic, tested by tests/app/data_files_test.cpp.

#include "io/data_import.hpp"
#include "lab/lab_state.hpp"

#include <string>

namespace kpg::app {

// The canvas's points: CSV with the header "label,x1,x2" (the label first, as readCsv's default
// label column), one row per point, label 1 or -1; LIBSVM "label 1:x1 2:x2" (writeLibsvm).
std::string exportPoints(const LabState& lab, DataFormat format);

struct ModelExport {
  std::string text;   // a LIBSVM model file (writeModel), labels 1 and -1, features 1 and 2
  std::string error;  // when there is no solver (the lab's problem error)
  bool ok() const { return error.empty(); }
};

// The binary C-SVC model of the lab's current step: f(x) = Σ αᵢyᵢ k(xᵢ, x) − ρ, the model the
// canvas draws (lab.model.model), so svm-predict's labels are the signs of the lab's f.
ModelExport exportModel(const LabState& lab);

}  // namespace kpg::app
