// The controls (issue 4, "Controls and panels"): presets and the seeded generator, the class chips
// and canvas tools, the kernel and its parameters, C on a log slider with the hard-margin switch,
// eps, the pair-selection rule, the Live switch and the stepping controls with the scrubber. Every
// change is an action (lab_state.hpp); with Live off a parameter change resets the solver and
// apply() says so in a notice, with Live on it re-converges from the previous α.

#include "modes/mode_panels.hpp"
#include "panels/lock_ui.hpp"
#include "panels/panels.hpp"

#include "data/toy_datasets.hpp"
#include "panels/plot.hpp"
#include "version.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kpg::app {
namespace {

// The generated sets (the first two presets are fixed point sets).
constexpr int kFirstGenerated = 2;

const char* const kKernelNames[] = {"linear   k = x·x′", "polynomial   (γ x·x′ + r)^p",
                                    "RBF   exp(−γ‖x − x′‖²)", "sigmoid   tanh(γ x·x′ + r)"};

bool chip(const char* text, bool selected, ImU32 colour) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour);
  const ImVec4 pale(c.x * 0.25f + 0.75f, c.y * 0.25f + 0.75f, c.z * 0.25f + 0.75f, 1);
  ImGui::PushStyleColor(ImGuiCol_Button, selected ? c : pale);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, selected ? c : ImVec4(c.x, c.y, c.z, 0.6f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, c);
  ImGui::PushStyleColor(ImGuiCol_Text, selected ? ImVec4(1, 1, 1, 1) : ImVec4(0.1f, 0.1f, 0.1f, 1));
  const bool pressed = ImGui::Button(text, ImVec2(ImGui::GetFontSize() * 5.2f, 0));
  ImGui::PopStyleColor(4);
  return pressed;
}

bool toolButton(const char* text, bool selected) {
  if (selected)
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  const bool pressed = ImGui::Button(text);
  if (selected) ImGui::PopStyleColor();
  return pressed;
}

void dataSection(LabState& lab, UiState& ui) {
  sectionTitle("Data");
  const LockedItems dataLock(LockedControl::Data);  // a course page's lock (lock_ui.hpp)
  const std::vector<PresetEntry>& presets = labPresets();
  const int presetCount = static_cast<int>(presets.size());
  ImGui::SetNextItemWidth(-1);
  // Follow the lab's preset (it may come from window.kpg.dispatch or a loaded session).
  for (int k = 0; k < presetCount; ++k) {
    if (lab.presetName == presets[k].name) ui.presetIndex = k;
  }
  ui.presetIndex = std::clamp(ui.presetIndex, 0, presetCount - 1);
  // The generator's fields start from the loaded preset's own options, so that N and noise
  // describe the points on the canvas (the xor preset is 80 points with noise 0.3).
  if (ui.generatorFieldsFor != lab.presetName) {
    ui.generatorFieldsFor = lab.presetName;
    if (const auto kind = toyKindFromName(lab.presetName); kind && isGenerated(*kind)) {
      const ToyOptions options = presetOptions(*kind);
      ui.generateCount = static_cast<int>(options.count);
      ui.generateNoise = static_cast<float>(options.noise);
      ui.generateSeed = static_cast<int>(options.seed);
    }
  }
  const bool presetOpen = ImGui::BeginCombo("##preset", presets[ui.presetIndex].label);
  dataLock.explain("preset");
  if (presetOpen) {
    for (int k = 0; k < presetCount; ++k) {
      if (ImGui::Selectable(presets[k].label, k == ui.presetIndex)) {
        ui.presetIndex = k;
        dispatchUi(lab, action::LoadPreset{presets[k].name});
      }
    }
    ImGui::EndCombo();
  }
  if (ui.presetIndex >= kFirstGenerated) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::SliderInt("N", &ui.generateCount, 4, 2000, "%d", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("noise").x - 8);
    ImGui::SliderFloat("noise", &ui.generateNoise, 0.0f, 1.0f, "%.2f");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("seed", &ui.generateSeed, 1, 10);
    ui.generateSeed = std::max(0, ui.generateSeed);
    ImGui::SameLine();
    if (ImGui::Button("Generate")) {
      dispatchUi(lab, action::Generate{presets[ui.presetIndex].name, ui.generateCount,
                                       static_cast<double>(ui.generateNoise),
                                       static_cast<std::uint64_t>(ui.generateSeed)});
    }
  }

  ImGui::TextUnformatted("Click adds:");
  ImGui::SameLine();
  if (chip("class +1", ui.currentClass > 0, plot::kPositive)) ui.currentClass = 1;
  dataLock.explain("class +1");
  ImGui::SameLine();
  if (chip("class −1", ui.currentClass < 0, plot::kNegative)) ui.currentClass = -1;
  if (toolButton("Add / move", ui.tool == CanvasTool::AddMove)) ui.tool = CanvasTool::AddMove;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click: add a point. Drag a point: move it.");
  ImGui::SameLine();
  if (toolButton("Erase", ui.tool == CanvasTool::Erase)) ui.tool = CanvasTool::Erase;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click or drag over points to delete them.");
  ImGui::SameLine();
  if (toolButton("Pan", ui.tool == CanvasTool::Pan)) ui.tool = CanvasTool::Pan;
  drawEditRow(lab, ui);
}

void modelSection(LabState& lab, UiState& ui) {
  sectionTitle("Model");
  drawKernelControls(lab);
  const float labelWidth = ImGui::CalcTextSize("degree p").x + 10;

  bool hard = lab.params.hardMargin();
  if (!hard && std::isfinite(lab.params.c)) ui.lastFiniteC = lab.params.c;
  {
    const LockedItems cLock(LockedControl::C);
    if (ImGui::Checkbox("hard margin (C = ∞)", &hard)) {
      dispatchUi(lab,
                 action::SetC{hard ? std::numeric_limits<double>::infinity() : ui.lastFiniteC});
    }
    cLock.explain("hard margin");
    if (!hard) {
      float c = static_cast<float>(lab.params.c);
      ImGui::SetNextItemWidth(-labelWidth);
      if (ImGui::SliderFloat("C", &c, 1e-3f, 1e4f, "%.4g", ImGuiSliderFlags_Logarithmic)) {
        dispatchUi(lab, action::SetC{static_cast<double>(c)});
      }
      cLock.explain("C");
    }
  }
  const LockedItems solverLock(LockedControl::Solver);
  float eps = static_cast<float>(lab.params.eps);
  ImGui::SetNextItemWidth(-labelWidth);
  if (ImGui::SliderFloat("eps", &eps, 1e-12f, 1.0f, "%.1e", ImGuiSliderFlags_Logarithmic)) {
    dispatchUi(lab, action::SetEps{static_cast<double>(eps)});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("SMO stops when m(α) − M(α) < eps");
  solverLock.explain("eps");
  int rule = lab.params.rule == SelectionRule::SecondOrder ? 0 : 1;
  const char* rules[] = {"2nd order (WSS3)", "1st order (max violating)"};
  ImGui::SetNextItemWidth(-labelWidth);
  if (ImGui::Combo("pair", &rule, rules, 2)) {
    // (SelectionRule: how SMO picks i and j; see the pair panel's "Why".)
    dispatchUi(lab,
               action::SetRule{rule == 0 ? SelectionRule::SecondOrder : SelectionRule::FirstOrder});
  }
  int bias = lab.params.bias == BiasRule::Libsvm ? 0 : 1;
  const char* biases[] = {"LIBSVM (free SVs)", "mean over all SVs (000)"};
  ImGui::SetNextItemWidth(-labelWidth);
  if (ImGui::Combo("bias b", &bias, biases, 2)) {
    dispatchUi(lab, action::SetBiasRule{bias == 0 ? BiasRule::Libsvm
                                                  : BiasRule::AverageOverSupportVectors});
  }
}

void solverSection(LabState& lab, UiState&) {
  sectionTitle("SMO solver");
  // Live mode (lab_state.hpp LiveState): edits warm-start from the previous α and re-converge.
  bool live = lab.live.on;
  if (ImGui::Checkbox("Live", &live)) dispatchUi(lab, action::SetLive{live});
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Live: after each edit SMO restarts from the previous α (clipped to [0, C], Σ αᵢyᵢ = 0 "
        "restored, new points at 0) and runs to convergence.\nOff: edits go back to step 0, "
        "for step-by-step lessons.");
  }
  if (lab.live.on && lab.live.segments > 0) {
    ImGui::SameLine();
    if (lab.live.pending) {
      ImGui::TextDisabled("re-converging… %lld updates", static_cast<long long>(lab.stepCount()));
    } else {
      const long long n = static_cast<long long>(lab.live.warmStartUpdates);
      ImGui::TextDisabled("re-converged in %lld %s", n, n == 1 ? "update" : "updates");
    }
  }
  const bool haveSolver = lab.history.has_value();
  const LockedItems stepLock(LockedControl::Step);
  ImGui::BeginDisabled(!haveSolver);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("◀ Step back", ImVec2(half, 0))) dispatchUi(lab, action::StepBack{1});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Shift+Space");
  ImGui::SameLine();
  if (ImGui::Button("Step ▶", ImVec2(half, 0))) dispatchUi(lab, action::Step{1});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Space: one pair update");
  stepLock.explain("Step");
  const bool running = lab.playback.running;
  if (ImGui::Button(running ? "Pause" : "Run", ImVec2(half, 0))) {
    if (running) {
      dispatchUi(lab, action::Pause{});
    } else {
      dispatchUi(lab, action::Run{});
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("R: run / pause");
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(half, 0))) dispatchUi(lab, action::Reset{});
  if (ImGui::Button("Run to convergence", ImVec2(-1, 0))) {
    dispatchUi(lab, action::RunToConvergence{});
  }

  bool fastest = lab.playback.stepsPerSecond <= 0;
  if (ImGui::Checkbox("max speed", &fastest)) {
    dispatchUi(lab, action::SetSpeed{fastest ? 0.0 : 5.0});
  }
  if (!fastest) {
    ImGui::SameLine();
    float speed = static_cast<float>(lab.playback.stepsPerSecond);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderFloat("##speed", &speed, 0.5f, 500.0f, "%.3g steps/s",
                           ImGuiSliderFlags_Logarithmic)) {
      dispatchUi(lab, action::SetSpeed{static_cast<double>(speed)});
    }
  }
  const std::int64_t furthest = haveSolver ? lab.history->furthest() : 0;
  int position = static_cast<int>(std::min<std::int64_t>(lab.stepCount(), 1 << 30));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt(
          "##scrub", &position, 0,
          static_cast<int>(std::min<std::int64_t>(std::max<std::int64_t>(furthest, 1), 1 << 30)),
          lab.live.segments > 0 ? "step %d since the warm start (scrub)"
                                : "step %d (scrub the recorded steps)")) {
    dispatchUi(lab, action::Seek{position});
  }
  ImGui::EndDisabled();
}

void viewSection(UiState& ui) {
  sectionTitle("Show");
  ImGui::Checkbox("field f(x)", &ui.showField);
  ImGui::SameLine();
  ImGui::Checkbox("legend", &ui.showLegend);
  ImGui::Checkbox("KKT violations (yellow halos)", &ui.showKkt);
}

}  // namespace

const std::vector<PresetEntry>& labPresets() {
  static const std::vector<PresetEntry> presets = {
      {"hand-solved", "Hand-solved (notes 001, Q7)"},
      {"perceptron", "Perceptron example (notes 002)"},
      {"xor", "XOR"},
      {"moons", "Two moons"},
      {"circles", "Circles"},
      {"blobs", "Overlapping blobs (soft margin)"},
      {"separable", "Linearly separable"},
  };
  return presets;
}

void sectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.15f, 0.25f, 0.45f, 1));
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

void drawEditRow(LabState& lab, UiState& ui) {
  const bool dataLocked = uiLocked(LockedControl::Data);
  ImGui::BeginDisabled(lab.undoStack.empty() || dataLocked);
  if (ImGui::Button("Undo")) dispatchUi(lab, action::Undo{});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(lab.redoStack.empty() || dataLocked);
  if (ImGui::Button("Redo")) dispatchUi(lab, action::Redo{});
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Fit view")) {
    dispatchUi(lab, action::SetView{fittedWindow(lab.data.points)});
    ui.viewChangedSeconds = ui.nowSeconds;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%d pts", static_cast<int>(lab.pointCount()));
}

void drawKernelControls(LabState& lab) {
  KernelParams kernel = lab.params.kernel;
  int type = static_cast<int>(kernel.type);
  const LockedItems kernelLock(LockedControl::Kernel);  // the type, r and p
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##kernel", &type, kKernelNames, 4)) {
    kernel.type = static_cast<KernelType>(type);
    dispatchUi(lab, action::SetKernel{kernel});
    return;
  }
  kernelLock.explain("kernel");
  bool changed = false;
  const float labelWidth = ImGui::CalcTextSize("degree p").x + 10;
  if (kernel.type != KernelType::Linear) {
    float gamma = static_cast<float>(kernel.gamma);
    // γ has its own lock: a page may lock the kernel and leave γ to the student.
    ImGui::EndDisabled();
    {
      const LockedItems gammaLock(LockedControl::Gamma);
      ImGui::SetNextItemWidth(-labelWidth);
      if (ImGui::SliderFloat("γ", &gamma, 1e-3f, 1e3f, "%.4g", ImGuiSliderFlags_Logarithmic)) {
        kernel.gamma = static_cast<double>(gamma);
        changed = true;
      }
      gammaLock.explain("gamma");
    }
    ImGui::BeginDisabled(kernelLock.locked());
  }
  if (kernel.type == KernelType::Polynomial || kernel.type == KernelType::Sigmoid) {
    float coef0 = static_cast<float>(kernel.coef0);
    ImGui::SetNextItemWidth(-labelWidth);
    if (ImGui::SliderFloat("r", &coef0, -5.0f, 5.0f, "%.3g")) {
      kernel.coef0 = static_cast<double>(coef0);
      changed = true;
    }
    kernelLock.explain("r");
  }
  if (kernel.type == KernelType::Polynomial) {
    int degree = kernel.degree;
    ImGui::SetNextItemWidth(-labelWidth);
    if (ImGui::SliderInt("degree p", &degree, 1, 8)) {
      kernel.degree = degree;
      changed = true;
    }
  }
  if (changed) dispatchUi(lab, action::SetKernel{kernel});
}

void drawControlsPanel(LabState& lab, ModesState& modes, UiState& ui, const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  // The product and build version head the first window (issue 2); the ### id keeps the
  // window's identity independent of its title.
  if (ImGui::Begin("Kernel Playground · SMO lab###controls", nullptr, flags)) {
    drawModeSelector(modes, lab);  // modes/mode_panels.hpp (issue 6)
    dataSection(lab, ui);
    modelSection(lab, ui);
    solverSection(lab, ui);
    viewSection(ui);
    ImGui::Spacing();
    ImGui::TextDisabled("Kernel Playground %s", kVersion);
  }
  ImGui::End();
}

}  // namespace kpg::app
