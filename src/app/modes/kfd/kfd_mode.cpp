#include "modes/kfd/kfd_mode.hpp"

#include "modes/mode_field.hpp"

namespace kpg::app {
namespace {

void build(ModesState& modes, const LabState& lab) {
  KfdMode& m = modes.kfd;
  m.error.clear();
  m.lda = LinearDiscriminant{};
  m.kfd = KernelFisherDiscriminant{};
  if (!haveBothClasses(lab)) {
    m.error = "Fisher's discriminant needs points of both classes (+1 and −1).";
    return;
  }
  if (m.kernelForm) {
    KfdOptions o;
    o.mu = m.mu;
    m.kfd.compute(lab.data.points, lab.data.labels, lab.params.kernel, o);
    if (m.kfd.info() != ComputeStatus::Success) m.error = m.kfd.message();
  } else {
    m.lda.compute(lab.data.points, lab.data.labels);
    if (m.lda.info() != ComputeStatus::Success) m.error = m.lda.message();
  }
}

// The projection onto Fisher's direction.
bool field(const ModesState& modes, FieldGrid& grid) {
  const KfdMode& m = modes.kfd;
  if (!m.ok()) return false;
  sampleField(grid, [&m](const Vector& p) { return m.projection(p(0), p(1)); });
  return true;
}

constexpr MethodSpec kRow{
    Mode::Kfd,
    "kfd",
    "LDA / kernel Fisher (KFD)",
    "lda",
    build,
    [](ModesState& modes) { return &modes.kfd.built; },
    MethodStepping{},
    [](const ModesState& modes) {
      return modes.kfd.error.empty() ? std::string("computed") : modes.kfd.error;
    },
    readKfdParams,
    writeKfdState,
    // setMode "lda": the linear form.
    [](ModesState& modes) {
      if (!modes.kfd.kernelForm) return;
      modes.kfd.kernelForm = false;
      modes.kfd.built = kNotBuilt;
    },
    field,
    nullptr,
    [](const ModesState& modes) { return modes.kfd.kernelForm; },
    nullptr,
    nullptr,
    writeKfdParams,
};

}  // namespace

bool KfdMode::ok() const {
  return error.empty() &&
         (kernelForm ? kfd.info() == ComputeStatus::Success : lda.info() == ComputeStatus::Success);
}

double KfdMode::projection(double x, double y) const {
  Vector p(2);
  p << x, y;
  return kernelForm ? kfd.projection(p) : lda.projection(p);
}

double KfdMode::threshold() const {
  return kernelForm ? kfd.threshold() : lda.threshold();
}

const MethodSpec& kfdMethod() {
  return kRow;
}

}  // namespace kpg::app
