#include "modes/svm/svm_mode.hpp"

#include "io/schema.hpp"

namespace kpg::app {
namespace {

// setModeParams for the lab: it has no method parameters of its own (its C, kernel and eps are
// the lab's, set by setParams and setKernel).
bool readParams(ModesState&, const JsonValue& v, SchemaReader& r) {
  r.object(v, "$", {"type", "mode"});
  return false;
}

constexpr MethodSpec kRow{
    Mode::Svm,        "svm",
    "SVM lab (SMO)",  "",
    nullptr,          nullptr,
    MethodStepping{}, [](const ModesState&) { return std::string(); },
    readParams,       nullptr,
    nullptr,          nullptr,
    nullptr,          [](const ModesState&) { return true; },
};

}  // namespace

const MethodSpec& svmMethod() {
  return kRow;
}

}  // namespace kpg::app
