// The feature space's screen: the 2-D canvas on the left with the plane's trace (g(x) = w·φ(x) + b
// = 0 and ±1, the same numbers as the 3-D planes), the 3-D view of the lifted points on the right
// (view3d.hpp: orbit, zoom, keys, depth cues), the map chooser, and the kernel check card:
// k(x, z) from the kernel against φ(x)·φ(z) from the drawn coordinates.

#include "modes/featurespace/featurespace_mode.hpp"
#include "modes/featurespace/view3d.hpp"
#include "modes/mode_field.hpp"
#include "modes/mode_screen.hpp"

#include "svm/binary_solution.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

// The 3-D view's UI state between frames (focus, layout buffers) and its scene's buffers, kept in
// the UiState the screen is given. The camera is the method's (FeaturespaceMode::camera), so that
// window.kpg can read and set it.
struct SideViewCache {
  View3dState view;
  Scene3d scene;
  // What the scene was built from: while only the camera moves (an orbit, a spin) the scene is
  // kept, and a frame costs the layout and the drawing alone.
  struct Key {
    std::uint64_t modes = 0, problem = 0, model = 0, built = 0;
    std::int64_t step = -1;
    Index hover = -1;
    std::vector<int> picked;
    double plane[4] = {0, 0, 0, 0};
    bool operator==(const Key& o) const {
      return modes == o.modes && problem == o.problem && model == o.model && built == o.built &&
             step == o.step && hover == o.hover && picked == o.picked &&
             std::equal(plane, plane + 4, o.plane);
    }
  };
  std::optional<Key> built;
};

namespace {

constexpr ImU32 kMarginInk = IM_COL32(90, 90, 100, 255);
constexpr ImU32 kStudentInk = IM_COL32(20, 140, 60, 255);  // her plane, as in the 3-D view

struct MapChoice {
  FeatureSpaceView view;
  const char* title;
  const char* tip;
};
constexpr MapChoice kChoices[] = {
    {FeatureSpaceView::Quadratic, "(x₁², √2·x₁x₂, x₂²)   k = (x·z)²",
     "Notes 000, \"(1) high dimensional spaces\": the degree-2 polynomial kernel's own map. A "
     "circle in the plane becomes a plane cut of this cone-like surface."},
    {FeatureSpaceView::Product, "(x₁, x₂, x₁x₂)   k = x·z + x₁x₂z₁z₂",
     "Notes 004, \"The kernel trick\", example 1: the product x₁x₂ as a third axis lifts XOR's "
     "corners apart: (1, 1) and (−1, −1) up, (1, −1) and (−1, 1) down."},
    {FeatureSpaceView::Squares, "(x₁², x₂²)   k = x₁²z₁² + x₂²z₂²",
     "Notes 004, example 2: only the squares, so a 2-D feature space (drawn flat in 3-D); "
     "ellipses around the origin become lines."},
    {FeatureSpaceView::Paraboloid, "(x₁, x₂, x₁² + x₂²)   k = x·z + ‖x‖²‖z‖²",
     "The lift other tools show: two rings become two heights on a bowl, and a flat plane "
     "separates them. Its true kernel is x·z + ‖x‖²‖z‖²."},
    {FeatureSpaceView::Kpca, "kernel PCA (any kernel)",
     "For kernels with no finite 3-D map (RBF, sigmoid, degree ≥ 3 or coef0 ≠ 0): the points in "
     "the first three kernel-PCA coordinates of the lab's kernel. An honest picture, not the "
     "whole feature space: the explained shares say how much it shows."},
};

std::vector<LegendItem> legend(const ModesState& modes) {
  if (!modes.featurespace.hasPlane())
    return {{plot::kPositive, LegendShape::Dot, "class +1"},
            {plot::kNegative, LegendShape::Dot, "class −1"}};
  std::vector<LegendItem> items = {{plot::kInk, LegendShape::Line, "w·φ(x) + b = 0"},
                                   {kMarginInk, LegendShape::Dashed, "= ±1 (margins)"},
                                   {plot::kInk, LegendShape::Diamond, "free SV"},
                                   {plot::kInk, LegendShape::Square, "SV at C"}};
  if (modes.featurespace.studentPlane.shown)
    items.push_back({kStudentInk, LegendShape::Line, "your plane"});
  return items;
}

void underAxes(const ModeCanvas& c) {
  if (c.grid) drawCells(c.draw, c.view, *c.grid, signRegion);
}

std::vector<SupportCategory> categories(const FeaturespaceMode& m) {
  const SmoSolver* s = m.solver();
  if (!s) return {};
  return supportCategories(s->alpha(), s->problem().lower, s->problem().upper);
}

void overAxes(const ModeCanvas& c) {
  const FeaturespaceMode& m = c.modes->featurespace;
  if (c.grid) {
    drawContour(c.draw, c.view, *c.grid, 1.0, kMarginInk, 1.5f);
    drawContour(c.draw, c.view, *c.grid, -1.0, kMarginInk, 1.5f);
    drawContour(c.draw, c.view, *c.grid, 0.0, plot::kInk, 3.0f);
  }
  if (c.grid && m.studentPlane.shown && m.view != FeatureSpaceView::Kpca) {
    // Her plane's trace on the canvas, n·φ(x) = offset: the green curve where her plane cuts the
    // surface φ(ℝ²), from the same conic as the SVM's (primal_plane.hpp planeTrace).
    FeatureSpacePlane plane;
    plane.w = studentNormal(m.studentPlane);
    plane.bias = -m.studentPlane.offset;
    const Conic trace = planeTrace(plane, m.map);
    FieldGrid mine;
    mine.rect = c.grid->rect;
    mine.nx = c.grid->nx;
    mine.ny = c.grid->ny;
    mine.values.resize(c.grid->values.size());
    sampleField(
        mine, [&trace](const Vector& p) { return conicValue(trace, Eigen::Vector2d(p(0), p(1))); });
    drawContour(c.draw, c.view, mine, 0.0, kStudentInk, 2.5f);
  }
  drawClassPoints(c);
  const std::vector<SupportCategory> cat = categories(m);
  const LabState& lab = *c.lab;
  for (Index i = 0; i < lab.pointCount() && i < static_cast<Index>(cat.size()); ++i) {
    if (cat[static_cast<std::size_t>(i)] == SupportCategory::NotSupport) continue;
    const ImVec2 p = c.view.toScreen(lab.data.points(i, 0), lab.data.points(i, 1));
    plot::marker(c.draw, p,
                 cat[static_cast<std::size_t>(i)] == SupportCategory::Free ? plot::Marker::Diamond
                                                                           : plot::Marker::Square,
                 c.radius + 1, plot::classColour(lab.data.labels(i)), plot::kInk, 2.0f);
  }
}

void tooltip(const ModeCanvas& c, Index i) {
  const FeaturespaceMode& m = c.modes->featurespace;
  ImGui::BeginTooltip();
  pointTooltipHeader(*c.lab, i, true);
  if (i < m.lifted.rows()) {
    const auto axes = featureSpaceAxes(m);
    ImGui::Text("%s: (%s, %s, %s) = (%s, %s, %s)",
                m.view == FeatureSpaceView::Kpca ? "kernel PCA" : "φ(x)", axes[0], axes[1], axes[2],
                formatShort(m.lifted(i, 0)).c_str(), formatShort(m.lifted(i, 1)).c_str(),
                formatShort(m.lifted(i, 2)).c_str());
  }
  if (m.hasPlane()) {
    ImGui::Text("w·φ(x) + b = %s", formatShort(featureSpaceValue(m, c.lab->data.points(i, 0),
                                                                 c.lab->data.points(i, 1)))
                                       .c_str());
    ImGui::Text("α = %s", formatShort(m.solver()->alpha()(i)).c_str());
  }
  ImGui::EndTooltip();
}

void sendCamera(ModesState& modes, LabState& lab, const char* key, JsonValue value) {
  JsonValue action = JsonValue::object();
  json::put(action, "type", json::str("featureSpaceCamera"));
  json::put(action, key, std::move(value));
  sendModeAction(modes, lab, action);
}

void sendPlane(ModesState& modes, LabState& lab, const StudentPlane& plane) {
  JsonValue p = JsonValue::object();
  json::put(p, "azimuth", json::num(plane.azimuth));
  json::put(p, "elevation", json::num(plane.elevation));
  json::put(p, "offset", json::num(plane.offset));
  JsonValue params = JsonValue::object();
  json::put(params, "plane", std::move(p));
  sendModeParams(modes, lab, Mode::FeatureSpace, std::move(params));
}

// The offset slider's range: the lifted points' reach along the normal, and a little beyond.
std::pair<float, float> offsetRange(const FeaturespaceMode& m) {
  if (m.lifted.rows() == 0) return {-1, 1};
  const Vector along = m.lifted * studentNormal(m.studentPlane);
  const double lo = along.minCoeff(), hi = along.maxCoeff(), pad = 0.1 * (hi - lo) + 0.1;
  return {static_cast<float>(lo - pad), static_cast<float>(hi + pad)};
}

// "Tilt the plane yourself": the student's own plane n·φ = offset, by sliders or by dragging the
// 3-D view, with how many points it leaves on the wrong side and its margin.
void studentPlaneControls(ModesState& modes, LabState& lab, UiState& ui) {
  FeaturespaceMode& m = modes.featurespace;
  sectionTitle("Your own plane");
  bool shown = m.studentPlane.shown;
  if (ImGui::Checkbox("my plane", &shown)) {
    if (shown) {
      StudentPlane start = m.studentPlane;
      if (start.offset == 0 && m.lifted.rows() > 0) {
        // Start level, through the points' middle height.
        start.offset = (m.lifted * studentNormal(start)).mean();
      }
      sendPlane(modes, lab, start);
    } else {
      JsonValue params = JsonValue::object();
      json::put(params, "plane", JsonValue::null());
      sendModeParams(modes, lab, Mode::FeatureSpace, std::move(params));
    }
  }
  tip(ui,
      "A plane n·φ = offset of your own, in green: tilt it until it separates the lifted "
      "points, then compare its margin with the SVM's.");
  markItem(ui, "featureSpace.myPlane");
  if (!m.studentPlane.shown) return;
  ImGui::SameLine();
  if (!ui.sideView) ui.sideView = std::make_shared<SideViewCache>();
  ImGui::Checkbox("drag turns my plane", &ui.sideView->view.dragTurnsPlane);
  tip(ui,
      "On: a drag in the 3-D view tilts your plane (left-right turns it, up-down tips it). "
      "Off: a drag turns the view.");
  markItem(ui, "featureSpace.dragPlane");
  StudentPlane plane = m.studentPlane;
  float az = static_cast<float>(plane.azimuth), el = static_cast<float>(plane.elevation);
  // "%.0f" prints a turn of −0.3° (or −1e-15 from atan2) as "-0": shown as 0 until she moves it.
  if (std::abs(az) < 0.5f) az = 0;
  if (std::abs(el) < 0.5f) el = 0;
  float offset = static_cast<float>(plane.offset);
  const auto [lo, hi] = offsetRange(m);
  const bool turned = ImGui::SliderFloat("turn (°)", &az, -180, 180, "%.0f");
  markItem(ui, "featureSpace.planeAzimuth");
  const bool tilted = ImGui::SliderFloat("tilt (°)", &el, -90, 90, "%.0f");
  tip(ui, "90°: the plane lies flat, φ₃ = offset; 0°: it stands upright.");
  markItem(ui, "featureSpace.planeElevation");
  // Decimals by the slider's range (2 for a range of 10 to 100): "%.3g" printed a mean of
  // points about 0 as "1.91e-10".
  const int decimals =
      std::clamp(4 - static_cast<int>(std::ceil(std::log10(std::max(hi - lo, 1e-6f)))), 0, 6);
  const std::string offsetFormat = "%." + std::to_string(decimals) + "f";
  const bool moved = ImGui::SliderFloat("offset", &offset, lo, hi, offsetFormat.c_str());
  tip(ui, "Moves the plane along its normal n: the plane is n·φ = offset.");
  markItem(ui, "featureSpace.planeOffset");
  // Only the slider she moved: the others keep their exact values (not the float, not the 0
  // shown for "-0").
  if (turned || tilted || moved) {
    if (turned) plane.azimuth = az;
    if (tilted) plane.elevation = el;
    if (moved) plane.offset = offset;
    sendPlane(modes, lab, plane);
  }
  const PlaneScore score = scoreStudentPlane(m);
  if (score.valid) {
    if (score.wrong.empty())
      ImGui::TextWrapped("It separates all %d points; margin %s (the distance to the nearest).",
                         static_cast<int>(m.y.size()), formatShort(score.margin).c_str());
    else
      ImGui::TextWrapped("%d of %d points on the wrong side (or on it).",
                         static_cast<int>(score.wrong.size()), static_cast<int>(m.y.size()));
  }
}

void controls(ModesState& modes, LabState& lab, UiState& ui) {
  FeaturespaceMode& m = modes.featurespace;
  sectionTitle("Feature map φ");
  int chosen = static_cast<int>(m.view);
  for (const MapChoice& choice : kChoices) {
    if (ImGui::RadioButton(choice.title, &chosen, static_cast<int>(choice.view)) &&
        chosen != static_cast<int>(m.view)) {
      JsonValue params = JsonValue::object();
      json::put(params, "map", json::str(featureSpaceViewName(choice.view)));
      sendModeParams(modes, lab, Mode::FeatureSpace, std::move(params));
    }
    tip(ui, choice.tip);
    markItem(ui, std::string("featureSpace.") + std::string(featureSpaceViewName(choice.view)));
  }
  if (!m.note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.45f, 0.25f, 0.05f, 1));
    ImGui::TextWrapped("Your lab kernel, %s: %s", describe(lab.params.kernel).c_str(),
                       m.note.c_str());
    ImGui::PopStyleColor();
  }
  if (m.hasPlane() && lab.pointCount() > 0) {
    sectionTitle("Kernel check: k(x, z) = φ(x)·φ(z)");
    const int n = static_cast<int>(lab.pointCount());
    int a = static_cast<int>(std::min<Index>(m.checkA, n - 1)) + 1;
    int b = static_cast<int>(std::min<Index>(m.checkB, n - 1)) + 1;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    const bool aChanged = ImGui::InputInt("x = point##checkA", &a);
    tip(ui, "The first point of the kernel check (numbered from 1, as on the canvas).");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    const bool bChanged = ImGui::InputInt("z = point##checkB", &b);
    tip(ui, "The second point: the numbers panel shows k(x, z) and φ(x)·φ(z) side by side.");
    if (aChanged || bChanged) {
      JsonValue params = JsonValue::object();
      json::put(params, "checkA", json::integer(std::clamp(a, 1, n)));
      json::put(params, "checkB", json::integer(std::clamp(b, 1, n)));
      sendModeParams(modes, lab, Mode::FeatureSpace, std::move(params));
    }
  }
  if (m.hasPlane()) studentPlaneControls(modes, lab, ui);
  sectionTitle("3-D view");
  if (ImGui::Button("Reset view")) sendCamera(modes, lab, "reset", JsonValue::boolean(true));
  tip(ui, "Back to the 3/4 view from above (also Home or 0 over the view).");
  markItem(ui, "featureSpace.resetView");
  ImGui::SameLine();
  bool spin = m.camera.autoRotate;
  if (ImGui::Checkbox("slow spin", &spin))
    sendCamera(modes, lab, "autoRotate", json::boolean(spin));
  tip(ui, "Turn the view slowly; the first drag, wheel or key stops it.");
  // Wrapped: the controls column is narrower than the sentence on a 1920 × 1080 screen.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Drag to orbit, wheel or pinch to zoom, arrows to turn.");
  ImGui::PopStyleColor();
}

// The kernel check card's numbers: k(x, z) from the kernel and φ(x)·φ(z) from the coordinates.
void kernelCheck(const LabState& lab, const FeaturespaceMode& m) {
  const Index n = lab.pointCount();
  if (!m.hasPlane() || n < 1) return;
  ImGui::Separator();
  const Index a = std::min(m.checkA, n - 1), b = std::min(m.checkB, n - 1);
  ImGui::Text("Kernel check, x = point %d, z = point %d:", static_cast<int>(a) + 1,
              static_cast<int>(b) + 1);
  const KernelCheck check = featureSpaceKernelCheck(m, lab, a, b);
  numberLine("k(x, z) from the kernel", check.kernel);
  numberLine("φ(x)·φ(z) from the coordinates", check.dot);
  numberLine("difference", check.kernel - check.dot);
}

void numbers(const LabState& lab, const ModesState& modes, const ModesView&) {
  const FeaturespaceMode& m = modes.featurespace;
  if (!m.error.empty()) {
    ImGui::TextWrapped("%s", m.error.c_str());
    return;
  }
  if (m.view == FeatureSpaceView::Kpca) {
    ImGui::TextWrapped(
        "The points in the first three kernel-PCA coordinates of k(x, z) = %s: the directions "
        "of largest variance in the kernel's feature space. No plane is drawn: the SVM's w "
        "lives in the whole feature space, of which these are three directions.",
        describe(lab.params.kernel).c_str());
    numberLine("share of λ₁", m.explained(0));
    numberLine("share of λ₂", m.explained(1));
    numberLine("share of λ₃", m.explained(2));
    numberLine("the three together", m.explained.sum());
    return;
  }
  ImGui::TextWrapped("%s", describe(m.map).c_str());
  ImGui::TextWrapped("w = Σᵢ αᵢyᵢ φ(xᵢ), computed from the current α; f(x) = w·φ(x) + b.");
  ImGui::Text("w = (%s, %s, %s)", formatShort(m.plane.w(0)).c_str(),
              formatShort(m.plane.w(1)).c_str(), formatShort(m.plane.w(2)).c_str());
  numberLine("b", m.plane.bias);
  const double norm = m.plane.w.norm();
  if (norm > 0) numberLine("margin 1/‖w‖", 1 / norm);
  kernelCheck(lab, m);
}

// The scene of the current step: the lifted points in class colours with the canvas's support
// vector marks, the surface φ(ℝ²) over the points' rectangle, and the plane of w and b.
void buildScene(Scene3d& scene, const FeaturespaceMode& m, const LabState& lab, Index highlight,
                const std::vector<int>& picked) {
  const Index n = m.lifted.rows();
  scene.points.resize(static_cast<std::size_t>(n));
  scene.colours.resize(static_cast<std::size_t>(n));
  scene.marks.assign(static_cast<std::size_t>(n), 0);
  for (Index i = 0; i < n; ++i) {
    scene.points[static_cast<std::size_t>(i)] = m.lifted.row(i).transpose();
    scene.colours[static_cast<std::size_t>(i)] =
        i < lab.pointCount() ? plot::classColour(lab.data.labels(i)) : plot::kInk;
  }
  const std::vector<SupportCategory> cat = categories(m);
  for (std::size_t i = 0; i < cat.size() && i < scene.marks.size(); ++i)
    scene.marks[i] = cat[i] == SupportCategory::Free ? 1 : cat[i] == SupportCategory::Bound ? 2 : 0;
  scene.highlighted = highlight < n ? static_cast<int>(highlight) : -1;
  scene.surface.clear();
  scene.surfaceU = scene.surfaceV = 0;
  if (m.view != FeatureSpaceView::Kpca && n > 0 && lab.data.points.cols() == 2) {
    // φ over the points' rectangle (10 % larger): the surface the points lie on.
    const Eigen::Vector2d lo = lab.data.points.colwise().minCoeff().transpose();
    const Eigen::Vector2d hi = lab.data.points.colwise().maxCoeff().transpose();
    const Eigen::Vector2d pad = ((hi - lo) * 0.1).cwiseMax(0.1);
    constexpr int kGrid = 25;
    scene.surfaceU = scene.surfaceV = kGrid;
    scene.surface.reserve(kGrid * kGrid);
    for (int i = 0; i < kGrid; ++i)
      for (int j = 0; j < kGrid; ++j) {
        const Eigen::Vector2d t(i / double(kGrid - 1), j / double(kGrid - 1));
        const Eigen::Vector2d x = (lo - pad) + (hi - lo + 2 * pad).cwiseProduct(t);
        scene.surface.push_back(liftPoint(m.map, x));
      }
  }
  std::vector<Eigen::Vector3d>& all = scene.surface.empty() ? scene.points : scene.surface;
  scene.box = SceneBox::fromPoints(all);
  scene.hasPlane = m.hasPlane();
  scene.w = m.plane.w;
  scene.b = m.plane.bias;
  scene.axisLabels = featureSpaceAxes(m);
  scene.hasStudentPlane = m.studentPlane.shown && m.view != FeatureSpaceView::Kpca;
  scene.studentNormal = studentNormal(m.studentPlane);
  scene.studentOffset = m.studentPlane.offset;
  scene.picked = picked;
  scene.pointRadius = n > 1000 ? 2.0f : n > 200 ? 3.0f : 4.5f;
}

void sideView(AppState& state, UiState& ui, const PanelRect& rect) {
  FeaturespaceMode& m = state.modes.featurespace;
  beginPanel("Feature space φ(x) in 3-D###featurespace3d", rect, ImGuiWindowFlags_NoScrollbar);
  ImGui::TextWrapped("%s", m.view == FeatureSpaceView::Kpca
                               ? "kernel PCA coordinates (PC 1, PC 2, PC 3)"
                               : describe(m.map).c_str());
  if (m.studentPlane.shown) {
    // Her plane's score where she looks while she tilts it (the sliders may be scrolled away).
    const PlaneScore score = scoreStudentPlane(m);
    if (score.valid) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.08f, 0.45f, 0.2f, 1));
      // The margin on a line of its own: ImGui wraps after a '.', which cut a number in two
      // ("0." / "02326") on a phone.
      if (score.wrong.empty()) {
        ImGui::TextWrapped("Your plane (green) separates all %d points.",
                           static_cast<int>(m.y.size()));
        ImGui::Text("Its margin: %s", formatShort(score.margin).c_str());
      } else
        ImGui::TextWrapped("Your plane (green): %d of %d points on the wrong side.",
                           static_cast<int>(score.wrong.size()), static_cast<int>(m.y.size()));
      ImGui::PopStyleColor();
    }
  }
  const auto started = std::chrono::steady_clock::now();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (!ui.sideView) ui.sideView = std::make_shared<SideViewCache>();
  Scene3d& scene = ui.sideView->scene;
  static const std::vector<int> kNone;
  SideViewCache::Key key;
  key.modes = state.modes.revision;
  key.problem = state.lab.problemRevision;
  key.model = state.lab.modelRevision;
  key.built = m.built;
  key.step = m.history ? m.history->position() : -1;
  key.hover = ui.hoverIndex;
  key.picked = ui.picksPoints ? state.exercise.selected : kNone;
  key.plane[0] = m.studentPlane.shown ? 1 : 0;
  key.plane[1] = m.studentPlane.azimuth;
  key.plane[2] = m.studentPlane.elevation;
  key.plane[3] = m.studentPlane.offset;
  if (!(ui.sideView->built && *ui.sideView->built == key)) {
    buildScene(scene, m, state.lab, ui.hoverIndex, key.picked);
    ui.sideView->built = std::move(key);
  }
  View3dState& view = ui.sideView->view;
  view.camera = m.camera;  // the slow spin advances in drawView3d
  const View3dInput input = drawView3d(
      ImGui::GetWindowDrawList(), a, ImVec2(a.x + avail.x, a.y + avail.y), view, scene, &ui.pinch);
  markItem(ui, "featureSpace.view");  // the view's rectangle, for window.kpg's guide
  m.camera = view.camera;  // the screen owns its camera (orbit, zoom, keys): no model changes
  ui.viewTakesArrows = view3dOwnsArrowKeys(view);
  if (input.moved || view.camera.autoRotate) requestFrame(state);
  if (input.hoveredPoint >= 0) ui.hoverNext = input.hoveredPoint;
  if (input.clickedPoint >= 0) {
    if (ui.picksPoints)  // an exercise asks for points: the click picks it (frame_ui.cpp)
      ui.picked.push_back(input.clickedPoint);
    else
      ui.pinnedIndex = ui.pinnedIndex == input.clickedPoint ? -1 : input.clickedPoint;
  }
  if ((input.planeDx != 0 || input.planeDy != 0) && m.studentPlane.shown) {
    // Half a degree per pixel: a drag across the view turns the plane by about a half turn.
    StudentPlane plane = m.studentPlane;
    plane.azimuth = std::remainder(plane.azimuth + 0.5 * input.planeDx, 360.0);
    plane.elevation = std::clamp(plane.elevation - 0.5 * input.planeDy, -90.0, 90.0);
    sendPlane(state.modes, state.lab, plane);
    requestFrame(state);
  }
  constexpr std::size_t kReportedPoints = 500;
  ui.view3dPoints.clear();
  for (std::size_t i = 0; i < view.layout.points.size() && i < kReportedPoints; ++i) {
    const Projection& p = view.layout.points[i];
    const float nan = std::numeric_limits<float>::quiet_NaN();
    ui.view3dPoints.push_back(p.inFront ? ImVec2(p.x, p.y) : ImVec2(nan, nan));
  }
  ui.view3dMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  ImGui::End();
}

constexpr const char* kPlotsTitle = "Feature space###modeplots";
constexpr ModeScreen kScreen{
    kPlotsTitle, "x₁ →",    "↑ x₂",
    legend,      underAxes, overAxes,
    nullptr,     tooltip,   controls,
    numbers,     nullptr,   "One SMO pair update on the lifted points: w, b and the planes move.",
    nullptr,     sideView};

}  // namespace

const ModeScreen& featurespaceScreen() {
  return kScreen;
}

}  // namespace kpg::app
