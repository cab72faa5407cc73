// The methods' screens by Mode: the UI half of the registry (modes/method.hpp is the UI-free
// half, modes/method_registry.cpp its rows). Each screen is in its method's folder.

#include "modes/mode_screen.hpp"

#include <array>

namespace kpg::app {
namespace {

using Screen = const ModeScreen& (*)();
constexpr std::array<Screen, kModeCount> kScreens = {
#define KPG_METHOD(Enumerator, folder, State) folder##Screen,
#include "modes/methods.def"
#undef KPG_METHOD
};

}  // namespace

const ModeScreen& methodScreen(Mode mode) {
  const auto i = static_cast<std::size_t>(mode);
  return kScreens[i < kScreens.size() ? i : 0]();
}

}  // namespace kpg::app
