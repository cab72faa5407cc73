// The controls: presets and the seeded generator, the class chips and canvas tools, the kernel and
// its parameters, C on a log slider with the hard-margin switch, eps, the pair-selection rule, the
// Live switch and the stepping controls with the scrubber. Every change is an action
// (lab_state.hpp); with Live off a parameter change resets the solver and apply() says so in a
// notice, with Live on it re-converges from the previous α.

#include "modes/mode_panels.hpp"
#include "panels/file_toolbar.hpp"
#include "panels/lock_ui.hpp"
#include "panels/panels.hpp"
#include "panels/start_card.hpp"

#include "data/toy_datasets.hpp"
#include "panels/param_widgets.hpp"
#include "panels/plot.hpp"
#include "session/class_regions.hpp"
#include "session/file_actions.hpp"
#include "version.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace kpg::app {
namespace {

// The generated sets (the first two presets are fixed point sets).
constexpr int kFirstGenerated = 2;

const char* const kKernelNames[] = {"linear   k = x·x′", "polynomial   (γ x·x′ + r)ᵖ",
                                    "RBF   exp(−γ‖x − x′‖²)", "sigmoid   tanh(γ x·x′ + r)"};

void dataSection(LabState& lab, UiState& ui) {
  sectionTitle("Data");
  const LockedItems dataLock(ui, LockedControl::Data);  // a course page's lock (lock_ui.hpp)
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
  // The preview names what the canvas holds (a preset, "… (edited)", a file, a tutorial's points).
  const std::string shown = canvasDataName(lab, presets);
  const bool presetOpen = ImGui::BeginCombo("##preset", shown.c_str());
  comboTabStop("data");
  markItem(ui, "preset");
  dataLock.explain("preset");
  if (presetOpen) {
    for (int k = 0; k < presetCount; ++k) {
      if (ImGui::Selectable(presets[k].label, lab.presetName == presets[k].name)) {
        ui.presetIndex = k;
        dispatchUi(lab, ui, action::LoadPreset{presets[k].name});
      }
    }
    ImGui::EndCombo();
  }
  tip(ui,
      "The points: the notes' worked examples (fixed), or a generated set of N points with "
      "noise and a seed (the same seed gives the same points).");
  // The generator's fields belong to a generated set; a tutorial's points, a file or the
  // student's own set has none.
  const auto loadedKind = toyKindFromName(lab.presetName);
  if (ui.presetIndex >= kFirstGenerated && loadedKind && isGenerated(*loadedKind)) {
    double count = ui.generateCount;
    if (paramStepper(lab, ui, ParamId::GenerateCount, count, 10)) {
      ui.generateCount = static_cast<int>(count);
    }
    double noise = static_cast<double>(ui.generateNoise);
    if (paramStepper(lab, ui, ParamId::GenerateNoise, noise, 0.05)) {
      ui.generateNoise = static_cast<float>(noise);
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("seed", &ui.generateSeed, 1, 10);
    tip(ui, "seed: the random generator's start; the same N, noise and seed give the same points.");
    ui.generateSeed = std::max(0, ui.generateSeed);
    ImGui::SameLine();
    const bool generate = ImGui::Button("Generate");
    markItem(ui, "generate");
    if (generate) {
      dispatchUi(lab, ui,
                 action::Generate{presets[ui.presetIndex].name, ui.generateCount,
                                  static_cast<double>(ui.generateNoise),
                                  static_cast<std::uint64_t>(ui.generateSeed)});
    }
    tip(ui, "Draw a new point set with these N, noise and seed (replaces the points).");
  }
  drawClassChips(ui, true);
  drawEditRow(lab, ui);
}

// An imported file of three or more classes: every pair trained at once, the canvas coloured by
// the class that wins the one-vs-one vote (session/class_regions.hpp).
void classRegionsRow(AppState& app, UiState& ui) {
  const DataImport* shown = activeImport(app.dataImport, app.lab);
  if (!shown || shown->classes.size() < 3) return;
  bool on = currentClassRegions(app) != nullptr;
  const std::string label = "all " + std::to_string(shown->classes.size()) + " classes (regions)";
  if (ImGui::Checkbox(label.c_str(), &on)) {
    if (auto error = showClassRegions(app, on)) showFilesMessage(FilesMessageKind::Error, *error);
  }
  markItem(ui, "allClasses");
  tip(ui,
      "The lab steps the pair of classes picked above. This trains every pair (LIBSVM's "
      "one-vs-one) on the same two features with the lab's kernel and C, and colours the canvas "
      "by the class that wins the vote. An edit or another kernel or C hides them until ticked "
      "again.");
}

void modelSection(LabState& lab, UiState& ui) {
  sectionTitle("Model");
  drawKernelControls(lab, ui);

  bool hard = lab.params.hardMargin();
  if (!hard && std::isfinite(lab.params.c)) ui.lastFiniteC = lab.params.c;
  {
    const LockedItems cLock(ui, LockedControl::C);
    if (ImGui::Checkbox("hard margin (C = ∞)", &hard)) {
      dispatchUi(lab, ui,
                 action::SetC{hard ? std::numeric_limits<double>::infinity() : ui.lastFiniteC});
    }
    markItem(ui, "hardMargin");
    tip(ui,
        "Hard margin (notes 001): every point must satisfy yᵢ f(xᵢ) ≥ 1, no slack. It has a "
        "solution only when the classes can be separated in the kernel's feature space.");
    cLock.explain("hard margin");
    if (!hard) {
      double c = lab.params.c;
      if (paramSlider(lab, ui, ParamId::C, c)) {
        dispatchUi(lab, ui, action::SetC{c});
      }
      cLock.explain("C");
    }
  }
  const LockedItems solverLock(ui, LockedControl::Solver);
  double eps = lab.params.eps;
  if (paramSlider(lab, ui, ParamId::Eps, eps)) {
    dispatchUi(lab, ui, action::SetEps{eps});
  }
  solverLock.explain("eps");
  const float labelWidth = ImGui::CalcTextSize("bias b").x + 10;
  int rule = lab.params.rule == SelectionRule::SecondOrder ? 0 : 1;
  const char* rules[] = {"2nd order (WSS3)", "1st order (max violating)"};
  ImGui::SetNextItemWidth(-labelWidth);
  const bool ruleChanged = ImGui::Combo("pair", &rule, rules, 2);
  comboTabStop("pair");
  if (ruleChanged) {
    dispatchUi(lab, ui,
               action::SetRule{rule == 0 ? SelectionRule::SecondOrder : SelectionRule::FirstOrder});
  }
  tip(ui,
      "How SMO picks the pair i, j: i violates the optimality conditions most (m(α)); j by the "
      "largest decrease of the dual (2nd order, WSS3: Fan, Chen & Lin 2005, LIBSVM's rule) or the "
      "most violating partner (1st order, M(α)). The pair panel says why.");
  int bias = lab.params.bias == BiasRule::Libsvm ? 0 : 1;
  const char* biases[] = {"LIBSVM (free SVs)", "mean over all SVs (000)"};
  ImGui::SetNextItemWidth(-labelWidth);
  const bool biasChanged = ImGui::Combo("bias b", &bias, biases, 2);
  comboTabStop("bias b");
  if (biasChanged) {
    dispatchUi(
        lab, ui,
        action::SetBiasRule{bias == 0 ? BiasRule::Libsvm : BiasRule::AverageOverSupportVectors});
  }
  tip(ui,
      "The bias b of f(x) = Σ αᵢyᵢ k(xᵢ, x) + b: from the free SVs (0 < α < C, on the margin "
      "yᵢ f(xᵢ) = 1) as LIBSVM does, or the mean over all SVs as notes 000 does.");
}

void solverSection(LabState& lab, UiState& ui) {
  sectionTitle("SMO solver");
  // Live mode (lab_state.hpp LiveState): edits warm-start from the previous α and re-converge.
  bool live = lab.live.on;
  if (ImGui::Checkbox("Live", &live)) dispatchUi(lab, ui, action::SetLive{live});
  tip(ui,
      "Live: after each edit SMO restarts from the previous α (clipped to [0, C], Σ αᵢyᵢ = 0 "
      "restored, new points at 0) and runs to convergence.\nOff: edits go back to step 0, "
      "for step-by-step lessons.");
  // Only while there is a solver: a refused problem (G16, one class) has no updates to count.
  if (lab.live.on && lab.live.segments > 0 && lab.history) {
    ImGui::SameLine();
    if (lab.live.pending) {
      ImGui::TextDisabled("re-converging… %lld updates", static_cast<long long>(lab.stepCount()));
    } else {
      // The last segment's end in words: only a converged one "re-converged".
      const long long n = static_cast<long long>(lab.live.warmStartUpdates);
      const char* updates = n == 1 ? "update" : "updates";
      if (lab.model.status == SmoStatus::Converged) {
        ImGui::TextDisabled("re-converged in %lld %s", n, updates);
      } else {
        ImGui::TextColored(ImVec4(0.7f, 0.2f, 0.1f, 1), "stopped after %lld %s", n, updates);
      }
    }
  }
  const bool haveSolver = lab.history.has_value();
  const LockedItems stepLock(ui, LockedControl::Step);
  ImGui::BeginDisabled(!haveSolver);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("◀ Step back", ImVec2(half, 0))) dispatchUi(lab, ui, action::StepBack{1});
  tip(ui, "Undo the last pair update (Shift+Space or ←).");
  ImGui::SameLine();
  if (ImGui::Button("Step ▶", ImVec2(half, 0))) dispatchUi(lab, ui, action::Step{1});
  markItem(ui, "step");
  tip(ui,
      "One SMO step (Space or →): pick the pair i, j, solve the dual for αᵢ, αⱼ exactly, clip to "
      "[0, C] keeping Σ αₖyₖ = 0.");
  stepLock.explain("Step");
  const bool running = lab.playback.running;
  if (ImGui::Button(running ? "Pause" : "Run", ImVec2(half, 0))) {
    if (running) {
      dispatchUi(lab, ui, action::Pause{});
    } else {
      dispatchUi(lab, ui, action::Run{});
    }
  }
  tip(ui, "Run / pause the steps at the speed below (R).");
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(half, 0))) dispatchUi(lab, ui, action::Reset{});
  markItem(ui, "reset");
  tip(ui, "Back to step 0: every αᵢ = 0.");
  if (ImGui::Button("Run to convergence", ImVec2(-1, 0))) {
    dispatchUi(lab, ui, action::RunToConvergence{});
  }
  markItem(ui, "runToConvergence");
  tip(ui, "Step until m(α) − M(α) < eps (the KKT conditions hold to eps), time-sliced.");

  bool fastest = lab.playback.stepsPerSecond <= 0;
  if (ImGui::Checkbox("max speed", &fastest)) {
    dispatchUi(lab, ui, action::SetSpeed{fastest ? 0.0 : 5.0});
  }
  tip(ui, "Run as many steps per frame as fit in the frame's time.");
  // On a row of its own: beside the check box, a 245 px panel clipped the slider's text and the
  // unit ("log spe", "/").
  if (!fastest) {
    double speed = lab.playback.stepsPerSecond;
    if (paramSlider(lab, ui, ParamId::StepsPerSecond, speed)) {
      dispatchUi(lab, ui, action::SetSpeed{speed});
    }
  } else {
    // The same height either way: the scrubber below stays put.
    ImGui::TextDisabled("(steps per frame)");
  }
  const std::int64_t furthest = haveSolver ? lab.history->furthest() : 0;
  int position = static_cast<int>(std::min<std::int64_t>(lab.stepCount(), 1 << 30));
  // The hint in the slider when it fits (a course page's narrow panel: the number alone). A
  // format, not the text: while dragging, the slider prints the value it is moving to.
  constexpr const char* kHintedFormat = "step %d (scrub the recorded steps)";
  char hinted[64];
  std::snprintf(hinted, sizeof hinted, kHintedFormat, position);
  const bool hintFits = ImGui::CalcTextSize(hinted).x + 2 * ImGui::GetStyle().FramePadding.x <=
                        ImGui::GetContentRegionAvail().x;
  const char* scrubFormat = hintFits ? kHintedFormat : "step %d";
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt(
          "##scrub", &position, 0,
          static_cast<int>(std::min<std::int64_t>(std::max<std::int64_t>(furthest, 1), 1 << 30)),
          scrubFormat)) {
    dispatchUi(lab, ui, action::Seek{position});
  }
  tip(ui, "Drag to any recorded step: the field, the α bars and the pair panel follow.");
  ImGui::EndDisabled();
}

void viewSection(UiState& ui) {
  sectionTitle("Show");
  ImGui::Checkbox("field f(x)", &ui.showField);
  tip(ui,
      "The decision function f(x) = Σ αᵢyᵢ k(xᵢ, x) + b as colour (the bar right of the canvas).");
  ImGui::SameLine();
  ImGui::Checkbox("legend", &ui.showLegend);
  tip(ui, "The legend under the canvas: classes, SV markers, f = 0 and f = ±1.");
  ImGui::Checkbox("KKT violations (yellow halos)", &ui.showKkt);
  tip(ui,
      "A halo on each point that violates its optimality (KKT) condition: α = 0 needs "
      "yf ≥ 1, 0 < α < C needs yf = 1, α = C needs yf ≤ 1. Larger halo, larger violation.");
}

}  // namespace

void sectionTitle(const char* text) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.15f, 0.25f, 0.45f, 1));
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

void drawEditRow(LabState& lab, UiState& ui) {
  const bool dataLocked = uiLocked(ui, LockedControl::Data);
  ImGui::BeginDisabled(lab.undoStack.empty() || dataLocked);
  if (ImGui::Button("Undo")) dispatchUi(lab, ui, action::Undo{});
  ImGui::EndDisabled();
  tip(ui, "Undo the last edit of the points (Ctrl+Z; Cmd+Z on a Mac).");
  ImGui::SameLine();
  ImGui::BeginDisabled(lab.redoStack.empty() || dataLocked);
  if (ImGui::Button("Redo")) dispatchUi(lab, ui, action::Redo{});
  ImGui::EndDisabled();
  tip(ui, "Redo the edit undone last (Ctrl+Shift+Z or Ctrl+Y).");
  ImGui::SameLine();
  if (ImGui::Button("Fit view")) {
    dispatchUi(lab, ui, action::SetView{fittedWindow(lab.data.points)});
    ui.viewChangedSeconds = ui.nowSeconds;
  }
  tip(ui, "Zoom and pan so that every point is in view.");
  ImGui::SameLine();
  ImGui::TextDisabled("%d pts", static_cast<int>(lab.pointCount()));
}

void drawKernelControls(LabState& lab, UiState& ui) {
  KernelParams kernel = lab.params.kernel;
  int type = static_cast<int>(kernel.type);
  const LockedItems kernelLock(ui, LockedControl::Kernel);  // the type, r and p
  ImGui::SetNextItemWidth(-1);
  const bool kernelChanged = ImGui::Combo("##kernel", &type, kKernelNames, 4);
  comboTabStop("kernel");
  markItem(ui, "kernel");
  if (kernelChanged) {
    kernel.type = static_cast<KernelType>(type);
    dispatchUi(lab, ui, action::SetKernel{kernel});
    return;
  }
  tip(ui,
      "The kernel k(x, x′) = φ(x)·φ(x′): an inner product in a feature space, computed without "
      "φ (notes 000). Linear: w = Σ αᵢyᵢxᵢ is shown under the canvas. RBF and polynomial bend "
      "the boundary; sigmoid is not positive semi-definite (Mercer) for every γ, r.");
  kernelLock.explain("kernel");
  bool changed = false;
  if (kernel.type != KernelType::Linear) {
    // γ has its own lock: a page may lock the kernel and leave γ to the student.
    ImGui::EndDisabled();
    {
      const LockedItems gammaLock(ui, LockedControl::Gamma);
      if (paramSlider(lab, ui, ParamId::Gamma, kernel.gamma)) {
        changed = true;
      }
      gammaLock.explain("gamma");
    }
    ImGui::BeginDisabled(kernelLock.locked());
  }
  if (kernel.type == KernelType::Polynomial || kernel.type == KernelType::Sigmoid) {
    if (paramSlider(lab, ui, ParamId::Coef0, kernel.coef0)) {
      changed = true;
    }
    kernelLock.explain("r");
  }
  if (kernel.type == KernelType::Polynomial) {
    double degree = kernel.degree;
    if (paramSlider(lab, ui, ParamId::Degree, degree)) {
      kernel.degree = static_cast<int>(degree);
      changed = true;
    }
  }
  if (changed) dispatchUi(lab, ui, action::SetKernel{kernel});
}

void drawControlsPanel(AppState& app, UiState& ui, const PanelRect& rect) {
  LabState& lab = app.lab;
  ModesState& modes = app.modes;
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 // A scrollbar that came and went with the preset's rows would
                                 // move every control sideways.
                                 ImGuiWindowFlags_AlwaysVerticalScrollbar;
  // The product and build version head the first window; the ### id keeps the
  // window's identity independent of its title.
  if (ImGui::Begin(titleBesideHelp("Kernel Playground · SMO lab###controls", "SMO lab###controls",
                                   rect.size.x),
                   nullptr, flags)) {
    drawModeSelector(modes, lab, ui);  // modes/mode_panels.hpp
    // The solver's block first: its place never depends on the preset's generator rows or the
    // kernel's parameter rows.
    solverSection(lab, ui);
    dataSection(lab, ui);
    classRegionsRow(app, ui);
    modelSection(lab, ui);
    viewSection(ui);
    ImGui::Spacing();
    ImGui::TextDisabled("Kernel Playground %s", kVersion);
  }
  ImGui::End();
}

}  // namespace kpg::app
