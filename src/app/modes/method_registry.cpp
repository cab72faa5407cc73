// The registry of the app's methods (modes/method.hpp): one row per method, in the order of Mode,
// each made by its folder's <folder>Method(). Adding a method adds its folder and its line in
// modes/methods.def, which this table, Mode, ModesState and the screens are made from.

#include "modes/mode_state.hpp"

#include <array>

namespace kpg::app {
namespace {

using Row = const MethodSpec& (*)();
constexpr std::array<Row, kModeCount> kRows = {
#define KPG_METHOD(Enumerator, folder, State) folder##Method,
#include "modes/methods.def"
#undef KPG_METHOD
};

}  // namespace

const MethodSpec& methodSpec(Mode mode) {
  const auto i = static_cast<std::size_t>(mode);
  return kRows[i < kRows.size() ? i : 0]();
}

std::string_view modeName(Mode mode) {
  return methodSpec(mode).name;
}

std::string_view modeTitle(Mode mode) {
  return methodSpec(mode).title;
}

const MethodSpec* methodByName(std::string_view name) {
  for (const Row row : kRows) {
    const MethodSpec& spec = row();
    if (name == spec.name || (!spec.alias.empty() && name == spec.alias)) return &spec;
  }
  return nullptr;
}

std::optional<Mode> modeFromName(std::string_view name) {
  if (const MethodSpec* spec = methodByName(name)) return spec->mode;
  return std::nullopt;
}

}  // namespace kpg::app
