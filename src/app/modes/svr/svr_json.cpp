// ε-SVR's setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/mode_json_helpers.hpp"
#include "modes/svr/svr_mode.hpp"

#include "svm/optimality.hpp"

#include <cmath>

namespace kpg::app {

bool readSvrParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "C", "epsilon", "eps"});
  in.parameter(ParamId::SvrC, next.svr.c);
  in.parameter(ParamId::SvrEpsilon, next.svr.epsilon);
  in.parameter(ParamId::SvrEps, next.svr.eps);
  return true;
}

void writeSvrState(JsonValue& o, const ModesState& modes, const LabState& lab) {
  const SvrMode& m = modes.svr;
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "C", num(m.c));
  put(o, "epsilon", num(m.epsilon));
  const SmoSolver* solver = m.solver();
  if (!solver) return;
  const Index n = solver->alpha().size() / 2;
  put(o, "step", integer(solver->iteration()));
  put(o, "status", str(smoStatusName(solver->status())));
  put(o, "objective", num(solver->objective()));
  put(o, "nSV", integer(m.supportCount));
  put(o, "bias", num(-m.rho));
  put(o, "alpha", vec(solver->alpha().head(n)));
  put(o, "alphaStar", vec(solver->alpha().tail(n)));
  JsonValue fitted = JsonValue::array();
  Vector p(1);
  for (Index i = 0; i < lab.pointCount(); ++i) {
    p(0) = lab.data.points(i, 0);
    const Vector f = decisionValues(m.model, p);
    fitted.items().push_back(num(f.size() > 0 ? f(0) : std::nan("")));
  }
  put(o, "fitted", std::move(fitted));
}

void writeSvrParams(JsonValue& o, const ModesState& modes) {
  const SvrMode& m = modes.svr;
  put(o, "C", num(m.c));
  put(o, "epsilon", num(m.epsilon));
  put(o, "eps", num(m.eps));
}

}  // namespace kpg::app
