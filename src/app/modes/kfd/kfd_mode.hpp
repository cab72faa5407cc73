#pragma once
// Fisher's linear discriminant (course-notes 004) and its kernel form, KFD (Mika et al. 1999), on
// the lab's points: computed in one go.

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "modes/method.hpp"

#include <cstdint>
#include <string>

namespace kpg::app {

struct KfdMode {
  bool kernelForm = true;  // false: LDA (linear, 004), true: KFD with the lab's kernel
  double mu = 1e-3;        // KFD's ridge μ in N + μI
  LinearDiscriminant lda;
  KernelFisherDiscriminant kfd;
  std::string error;
  std::uint64_t built = kNotBuilt;
  bool ok() const;
  double projection(double x, double y) const;
  double threshold() const;
};

bool readKfdParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeKfdState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeKfdParams(JsonValue& out, const ModesState& modes);

}  // namespace kpg::app
