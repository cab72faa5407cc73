// The registry of methods (src/app/modes/method.hpp): one row per Mode, in its order, with a
// complete set of members for what the method says it does; the shared code reads nothing else.
#include "modes/mode_field.hpp"
#include "modes/mode_json.hpp"
#include "modes/mode_state.hpp"

#include "io/json.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <type_traits>

using namespace kpg;
using namespace kpg::app;

namespace {

// state().mode without its revision, which counts every move.
std::string withoutRevision(const JsonValue& mode) {
  const std::string text = writeJson(mode);
  const std::size_t at = text.find(R"("revision":)");
  REQUIRE(at != std::string::npos);
  const std::size_t end = text.find(',', at);
  return text.substr(0, at) + text.substr(end + 1);
}

}  // namespace

TEST_CASE("Method registry: methods.def's rows are the Modes, their folders and their names",
          "[app][modes][registry]") {
  // A row's folder is the method's name in window.kpg, links and sessions, and its ModesState
  // member; kModeCount counts the rows.
  int rows = 0;
#define KPG_METHOD(Enumerator, folder, State)                            \
  CHECK(static_cast<int>(Mode::Enumerator) == rows++);                   \
  CHECK(methodSpec(Mode::Enumerator).name == std::string_view(#folder)); \
  CHECK(modeFromName(#folder) == Mode::Enumerator);                      \
  static_assert(std::is_same_v<decltype(ModesState::folder), State>);
#include "modes/methods.def"
#undef KPG_METHOD
  CHECK(rows == kModeCount);
  CHECK(rows == 8);
}

TEST_CASE("Method registry: one row per Mode, in its order, names and aliases unique",
          "[app][modes][registry]") {
  std::set<std::string> names;
  for (int k = 0; k < kModeCount; ++k) {
    const Mode mode = static_cast<Mode>(k);
    const MethodSpec& spec = methodSpec(mode);
    INFO("row " << k << " (" << spec.name << ")");
    CHECK(spec.mode == mode);
    CHECK_FALSE(spec.title.empty());
    CHECK(names.insert(std::string(spec.name)).second);
    if (!spec.alias.empty()) CHECK(names.insert(std::string(spec.alias)).second);
    CHECK(modeFromName(spec.name) == mode);
    if (!spec.alias.empty()) CHECK(modeFromName(spec.alias) == mode);
    CHECK(modeName(mode) == spec.name);
    // Every row answers the shared questions.
    CHECK(spec.statusText != nullptr);
    CHECK(spec.readParams != nullptr);
    CHECK(spec.usesKernel != nullptr);
    // A method built from the lab's points says which revision it was built for; the lab has
    // neither (its state is the LabState).
    CHECK((spec.build == nullptr) == (spec.built == nullptr));
    CHECK((spec.build == nullptr) == (spec.writeState == nullptr));
    // Stepping is all or nothing.
    const MethodStepping& s = spec.stepping;
    const int members = (s.forward != nullptr) + (s.seek != nullptr) + (s.position != nullptr) +
                        (s.furthest != nullptr) + (s.canStep != nullptr);
    CHECK((members == 0 || members == 5));
    if (!spec.alias.empty()) CHECK(spec.selectAlias != nullptr);
    if (spec.fieldVariant) CHECK(spec.field != nullptr);
  }
  CHECK(modeFromName("") == std::nullopt);
  CHECK(modeFromName("SVM") == std::nullopt);  // names are exact
  CHECK(methodSpec(Mode::Svm).build == nullptr);
}

TEST_CASE("Method registry: each method's row builds, steps and rewinds on the same points",
          "[app][modes][registry]") {
  LabState lab = makeLabState();
  REQUIRE_FALSE(apply(lab, action::Generate{"blobs", 24, 0.2, 5}, false));
  for (int k = 0; k < kModeCount; ++k) {
    const Mode mode = static_cast<Mode>(k);
    const MethodSpec& spec = methodSpec(mode);
    if (!spec.build) continue;
    INFO(spec.name);
    ModesState modes;
    setMode(modes, lab, mode);
    REQUIRE(*spec.built(modes) == lab.problemRevision);
    CHECK(modeStatusText(modes) == spec.statusText(modes));
    FieldGrid grid;
    const bool drew = computeField(modes, PlotRect{-2, 2, -2, 2}, 32, grid);
    CHECK(drew == (spec.field != nullptr));
    if (!spec.stepping.forward) {
      CHECK(modeStep(modes, lab, 1).has_value());  // "this mode has no steps"
      CHECK(modeFinished(modes));
      continue;
    }
    // Three steps forward, back to 1 and forward again: the same state() (timeline/history.hpp).
    REQUIRE_FALSE(modeStep(modes, lab, 3));
    const std::int64_t reached = modePosition(modes);
    CHECK(reached > 0);
    CHECK(reached <= 3);
    const std::string at = withoutRevision(modeStateJson(modes, lab));
    REQUIRE_FALSE(modeSeek(modes, lab, 1));
    CHECK(modePosition(modes) == 1);
    CHECK(withoutRevision(modeStateJson(modes, lab)) != at);
    REQUIRE_FALSE(modeSeek(modes, lab, reached));
    CHECK(withoutRevision(modeStateJson(modes, lab)) == at);
  }
}
