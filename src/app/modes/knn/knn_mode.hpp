#pragma once
// Kernel k-nearest neighbours on the lab's points (course-notes 000 "Kernelizing k-NN"):
// computed in one go; the canvas shows the vote and, under the pointer, the K nearest points.

#include "kernel_knn/kernel_knn.hpp"
#include "modes/method.hpp"

#include <cstdint>
#include <string>

namespace kpg::app {

struct KnnMode {
  int k = 3;
  KernelKnn knn;
  bool hasQuery = false;  // a query point set through window.kpg (state().mode.query)
  double queryX = 0, queryY = 0;
  std::string error;
  std::uint64_t built = kNotBuilt;
};

bool readKnnParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeKnnState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeKnnParams(JsonValue& out, const ModesState& modes);

}  // namespace kpg::app
