#pragma once
// The lab session as JSON: autosave (localStorage), share links (share_link.hpp), export and
// import of a file, and window.kpg.state(). Version 1:
//
//   { "v": 1,
//     "points": [[x, y, label], …],           label ±1; ≤ 5000 points; |x|, |y| ≤ 1e6
//     "kernel": { "type": "rbf", "gamma": 0.5, "coef0": 0, "degree": 3 },
//                                              type linear|polynomial|rbf|sigmoid; the
//                                              parameters the type does not use may be omitted
//     "C": 10 | "inf",                         "inf" = hard margin; else 1e-6 ≤ C ≤ 1e6
//     "eps": 0.001,
//     "rule": "second-order" | "first-order",  optional (second-order)
//     "bias": "libsvm" | "average",            optional (libsvm)
//     "maxSteps": 100000,                      optional
//     "step": 12,                              optional (0): the step the solver replays to
//     "speed": 5,                              optional: Run's steps per second (0 = max)
//     "preset": "moons",                       optional, informative, ≤ 64 characters
//     "view": { "xMin": …, "xMax": …, "yMin": …, "yMax": … }   optional
//     "live": true,                            optional (true): Live mode (lab_state.hpp)
//   }
//
// Reading is strict (docs/bad-inputs.md W2, W3): the JSON reader's limits (json.hpp), then a schema check
// whose first error names the JSON path ("$.points[3][2]: label must be 1 or -1"); unknown keys
// and an unknown "v" are errors. The result is one LoadSession action: a session is applied
// whole or not at all.

#include "io/json.hpp"
#include "lab/lab_state.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace kpg::app {

constexpr int kSessionVersion = 1;

struct SessionParse {
  std::optional<action::LoadSession> session;
  std::string error;  // "$.path: what is wrong" when session is empty
  bool ok() const { return session.has_value(); }
};

SessionParse parseSession(std::string_view text);
SessionParse parseSession(const JsonValue& value);

JsonValue sessionToJsonValue(const LabState& lab);
std::string sessionToJson(const LabState& lab);

// window.kpg.state(): {"session": <as above>, "solver": {...}, "notices": [...], ...}; the
// solver part carries α, bias, ρ, the step count, the furthest recorded step, the status, the
// last step record (every SmoStep field), SV counts, objectives, gap, violation, accuracy, w,
// margin and per-point categories, decision values, slacks and KKT violations. ±∞ values are
// written as the strings "inf" / "-inf", NaN as null (data/json_writer.hpp). "replay": null, or
// the replay under way {kind, from, target, position, done, total} (lab_state.hpp Replay).
// "live", "warmStartUpdates", "livePending", "liveSegments": Live mode (lab_state.hpp LiveState).
JsonValue stateToJsonValue(const LabState& lab);
std::string stateToJson(const LabState& lab);

}  // namespace kpg::app
