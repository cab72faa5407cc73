#pragma once
// ε-SVR on the lab's points read as (x, t) pairs, labels ignored: the 2N-variable regression dual
// (course-notes 000 "regression case") solved by SMO one pair at a time, held in a History
// (timeline/history.hpp) so it steps back and seeks like the lab.

#include "lab/lab_state.hpp"
#include "modes/method.hpp"
#include "svm/smo_solver.hpp"
#include "svm/svm_model.hpp"
#include "timeline/history.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

struct SvrMode {
  double c = 10;
  double epsilon = 0.1;
  double eps = 1e-3;
  std::int64_t maxSteps = 100000;
  // On epsilonSvrDual: variables α (0..n−1), α* (n..2n−1).
  std::optional<History<SmoSolver>> history;
  SvmModel model;  // f(x) = Σ (αᵢ − αᵢ*) k(xᵢ, x) − ρ, for decisionValues
  Vector coef;     // αᵢ − αᵢ*
  double rho = 0;
  Index supportCount = 0;
  std::vector<double> objectives;  // objectives[s]: f(α) at step s, for s = 0 … furthest
  std::string error;
  std::uint64_t built = kNotBuilt;
  // The solver at the current step, nullptr when none was built.
  const SmoSolver* solver() const { return history ? &history->current() : nullptr; }
  // The pair update that led to the current step (none at step 0).
  const SmoStep* last() const;
};

bool readSvrParams(ModesState& next, const JsonValue& action, SchemaReader& reader);
void writeSvrState(JsonValue& out, const ModesState& modes, const LabState& lab);
// Its setModeParams members as they are (MethodSpec::writeParams).
void writeSvrParams(JsonValue& out, const ModesState& modes);

// The regression reading of the lab's points: x = column 0, t = column 1.
Matrix svrInputs(const LabState& lab);
Vector svrTargets(const LabState& lab);

// The sine preset for ε-SVR: t = sin(x) + noise on x ∈ [−3, 3] (toy_datasets' portable sin and
// seeded normals, so the same points natively and in the browser). Labels all +1.
PointSet makeSinePoints(Index count, double noise, std::uint64_t seed);
// Loads the sine preset into the lab (one LoadSession action, so undo works); switches a linear
// kernel to RBF γ = 1 (a straight line cannot follow a sine). Returns apply()'s error, if any.
std::optional<std::string> loadSinePreset(LabState& lab, Index count, double noise,
                                          std::uint64_t seed, bool postErrors);

}  // namespace kpg::app
