// LDA / KFD's setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/kfd/kfd_mode.hpp"
#include "modes/mode_json_helpers.hpp"

namespace kpg::app {

bool readKfdParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "form", "mu"});
  if (auto f = in.text("form")) {
    if (*f != "lda" && *f != "kfd") r.fail("$.form", "must be \"lda\" or \"kfd\"");
    next.kfd.kernelForm = *f == "kfd";
  }
  in.parameter(ParamId::KfdMu, next.kfd.mu);
  return true;
}

void writeKfdState(JsonValue& o, const ModesState& modes, const LabState& lab) {
  const KfdMode& m = modes.kfd;
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "form", str(m.kernelForm ? "kfd" : "lda"));
  if (!m.ok()) return;
  put(o, "threshold", num(m.threshold()));
  if (m.kernelForm) {
    put(o, "alpha", vec(m.kfd.alpha()));
    put(o, "J", num(m.kfd.rayleighQuotient()));
    put(o, "mu", num(m.kfd.muUsed()));
  } else {
    put(o, "direction", vec(m.lda.direction()));
    put(o, "J", num(m.lda.rayleighQuotient()));
  }
  JsonValue proj = JsonValue::array();
  long long correct = 0;
  for (Index i = 0; i < lab.pointCount(); ++i) {
    Vector p = lab.data.points.row(i).transpose();
    proj.items().push_back(num(m.projection(p(0), p(1))));
    const double pred = m.kernelForm ? m.kfd.predict(p) : m.lda.predict(p);
    if (pred == lab.data.labels(i)) ++correct;
  }
  put(o, "projections", std::move(proj));
  put(o, "trainingAccuracy",
      num(lab.pointCount() > 0
              ? static_cast<double>(correct) / static_cast<double>(lab.pointCount())
              : 0));
}

void writeKfdParams(JsonValue& o, const ModesState& modes) {
  put(o, "form", str(modes.kfd.kernelForm ? "kfd" : "lda"));
  put(o, "mu", num(modes.kfd.mu));
}

}  // namespace kpg::app
