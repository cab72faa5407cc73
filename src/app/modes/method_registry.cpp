// The registry of the app's methods (modes/method.hpp): one row per method, in the order of Mode.
// Adding a method adds its folder, its Mode, its member of ModesState and its row here (and its
// screen in screen_registry.cpp); docs/architecture.md lists the steps.

#include "modes/mode_state.hpp"

#include "modes/kfd/kfd_mode.hpp"
#include "modes/kmeans/kmeans_mode.hpp"
#include "modes/knn/knn_mode.hpp"
#include "modes/kpca/kpca_mode.hpp"
#include "modes/perceptron/perceptron_mode.hpp"
#include "modes/svm/svm_mode.hpp"
#include "modes/svr/svr_mode.hpp"

#include <array>

namespace kpg::app {
namespace {

using Row = const MethodSpec& (*)();
constexpr std::array<Row, kModeCount> kRows = {
    svmMethod, perceptronMethod, knnMethod, kmeansMethod, kpcaMethod, kfdMethod, svrMethod,
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
