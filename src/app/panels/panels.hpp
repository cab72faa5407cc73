#pragma once
// Panels: free functions over the lab state (src/app/lab/lab_state.hpp) and the view's own UI
// state, one per window. Panels change the lab only through apply(lab, action) — the same actions
// window.kpg.dispatch sends — and show only numbers the core computed (lab.model).

#include "app_state.hpp"
#include "lab/lab_state.hpp"
#include "panels/canvas_view.hpp"
#include "panels/keyboard_focus.hpp"
#include "platform.hpp"
#include "render/field_image.hpp"

#include <imgui.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kpg::app {

enum class CanvasTool { AddMove, Erase, Pan };

// A press on the canvas (mouse button or one finger), followed until release.
struct CanvasGesture {
  bool active = false;
  ImVec2 start;
  double startSeconds = 0;
  Index pointIndex = -1;  // the point under the press, −1: empty space
  bool moved = false;     // left the tap radius: a drag, not a tap
  bool longPressDone = false;
  bool draggingPoint = false;
  int heldFrames = 0;  // frames that saw the button held since the press
};

// Window rectangles for the current display size (fixed layout, 1024×768 and up).
struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};
enum class FilesMessageKind { Info, Copied, Error };

// What the toolbar keeps between frames.
struct FilesUi {
  PanelRect rect;  // the toolbar's rectangle (set by fileToolbarLayout)
  std::string message;
  FilesMessageKind messageKind = FilesMessageKind::Info;
  double messageSince = -1;  // seconds; -1: shown from the next frame on
  // Each button's rectangle in CSS pixels, by name ("share", "export-png", ...), for the browser
  // tests (kpg_files_ui_json): found by what they are, not by pixel guesses.
  std::vector<std::pair<std::string, ImVec4>> rects;
  bool typing = false;         // ImGui has a text field focused: the page leaves paste to it
  std::string previewError;    // the import dialog's refused label column or import
  int previewScrolledTo = -1;  // the dialog's table was scrolled to this label column
  int previewFrames = 0;       // frames the dialog has been drawn since it opened
  float importHeight = 0;      // the import row's rows as last drawn (they wrap on a phone)
};

// The phone layout's sections (below kPhoneLayoutBelow CSS px): the canvas on
// top at full width, one of these under it, chosen by the tabs between them.
enum class PhoneSection { Controls, Pair, Plots };

// A screen's side view's state between frames (its camera focus, its drawing buffers): defined by
// the screen that has one (modes/featurespace/featurespace_screen.cpp), created on its first frame.
struct SideViewCache;

// What the view keeps between frames (not saved with the session).
struct UiState {
  int currentClass = 1;  // the class chip: label of points added by clicking
  CanvasTool tool = CanvasTool::AddMove;
  bool showField = true;
  bool showKkt = false;
  bool showLegend = true;
  double lastFiniteC = 1.0;  // restored when the hard-margin switch is turned off

  Index hoverIndex = -1;   // point under the pointer on the canvas or the bar chart (this frame)
  Index hoverNext = -1;    // collected during the frame, becomes hoverIndex next frame
  Index pinnedIndex = -1;  // a tapped point keeps its tooltip
  CanvasGesture gesture;
  PinchDelta pinch;  // this frame's two-finger pinch (platform.hpp), set by main.cpp

  // Filled by the canvas panel, read by the field renderer next frame.
  CanvasView canvas;
  bool canvasValid = false;
  double viewChangedSeconds = -1;  // last zoom/pan: the field previews while the view moves
  FieldImage field;
  std::string fieldError;

  // Generator controls.
  int presetIndex = 0;
  int generateCount = 100;
  float generateNoise = 0.15f;
  int generateSeed = 1;
  std::string generatorFieldsFor;  // the preset whose options the fields above were set from

  // The newest notice and when it first showed: info and "solver reset" notices step aside after
  // a few seconds (warnings and errors stay until dismissed).
  std::uint64_t noticeId = 0;
  double noticeSince = 0;

  double nowSeconds = 0;
  float devicePixelRatio = 1;

  // For panels/param_widgets.hpp, start_card.hpp and canvas_panel.cpp: the typed field being edited
  // and its text, the tooltip shown last (for window.kpg), the start card, the canvas's cursor
  // readout, colour bar and the linear kernel's w and margin.
  ImGuiID typedId = 0;
  std::string typedText;
  std::string tooltip;
  int tooltipFrame = -10;
  bool startCardOpen = false;
  bool startCardLoaded = false;           // the first-visit flag has been read from localStorage
  bool startCardFirstVisit = false;       // open because of the first visit (not by Help)
  float startCardRect[4] = {0, 0, 0, 0};  // left, top, right, bottom when last drawn
  struct CursorReadout {
    bool inside = false;  // the pointer is over the canvas
    double x1 = 0, x2 = 0;
    bool hasF = false;  // a model exists: f(x) = Σ αᵢyᵢ k(xᵢ, x) + b from the core
    double f = 0;
  } cursor;
  // Rectangles of named controls drawn in the last frames (markItem), for browser tests that
  // move the mouse onto them: name → (x0, y0, x1, y1) in CSS pixels and the frame drawn.
  struct ItemRect {
    ImVec4 rect;
    int frame = 0;
  };
  std::map<std::string, ItemRect> itemRects;
  bool colourBarShown = false;
  bool linearShown = false;
  double linearW[2] = {0, 0};
  double linearMargin = 0;  // m = 1/‖w‖ (notes 001 Q7, step 7)
  double linearWidth = 0;   // 2/‖w‖, the band between f = −1 and f = +1
  FilesUi files;            // the Share / files toolbar (panels/file_toolbar.cpp)
  PhoneSection phoneSection = PhoneSection::Controls;  // the phone layout's section shown
  KeyboardFocus focus;  // Tab through the controls (panels/keyboard_focus.hpp)

  // What the page and the open exercise allow this frame, handed to the panels by buildFrameUi
  // (frame_ui.cpp) from the application's state, so that a panel reads its parameters only.
  Locks locks;                  // the course page's or the exercise's locks (page.locks)
  bool embedWithLocks = false;  // the compact embed layout with something locked
  bool picksPoints = false;     // the open exercise asks for points: a click picks, not adds
  std::vector<Index> picked;    // points clicked this frame, for the exercise (applied after)
  // The lockable controls the last frame drew (panels/lock_ui.hpp), for window.kpg's
  // kpg_lockable_items_json: cleared by the first control a new frame draws.
  struct DrawnLockable {
    std::string item;
    LockedControl control;
    bool locked;
    float rect[4];  // left, top, right, bottom in CSS pixels of the page
  };
  int lockablesFrame = -1;
  std::vector<DrawnLockable> lockablesDrawn;
  bool lockablesScrolled = false;  // the embed layout showed the first unlocked control once
  // A 3-D view was clicked last (modes/featurespace/view3d.hpp): the arrow keys turn it and do
  // not step the method.
  bool viewTakesArrows = false;
  double view3dMs = -1;  // the 3-D view's own time in the last frame that drew it (kpg.view())
  // Where the 3-D view drew its first points (CSS pixels; NaN behind the eye), for kpg.view() and
  // the browser tests' real clicks on lifted points.
  std::vector<ImVec2> view3dPoints;
  std::shared_ptr<SideViewCache> sideView;
};

struct Layout {
  PanelRect controls, canvas, pair, dual, convergence, status;
  // The phone layout (computePhoneLayout): controls, pair and the plots share one area under the
  // canvas and only ui.phoneSection's is drawn; `tabs` is the strip that chooses it.
  bool phone = false;
  PanelRect tabs;
  ImVec2 helpAnchor;  // the top-right corner of the Help button (start_card.cpp)
};
Layout computeLayout(ImVec2 display);
// Below this width (CSS px) the page is one column: a phone held upright.
constexpr float kPhoneLayoutBelow = 700;
// The one-column layout: the canvas first at full width, then the section tabs (44 px touch
// targets), then the chosen section, then the status bar.
Layout computePhoneLayout(ImVec2 display);
// Whether ImGui's frames are sized for fingers (44 CSS px) this frame: the phone layout.
void applyTouchSizes(bool phone);
// The phone layout's section tabs; whether `section` is drawn this frame.
void drawPhoneTabs(const AppState& state, UiState& ui, const Layout& layout);
bool sectionShown(const Layout& layout, const UiState& ui, PhoneSection section);

void drawControlsPanel(AppState& app, UiState& ui, const PanelRect& rect);
// A controls-panel section heading (used by the lab's and the other methods' controls).
void sectionTitle(const char* text);
// Undo, Redo, Fit view and the point count: the editing row under the data presets.
void drawEditRow(LabState& lab, UiState& ui);
// The kernel choice and its parameters γ, r, p, shared by the SVM lab and the other methods.
void drawKernelControls(LabState& lab, UiState& ui);
// `regions` (with the import they belong to): the multi-class regions of an imported file of three
// or more classes, drawn in place of the field (session/class_regions.hpp).
void drawCanvasPanel(LabState& lab, UiState& ui, const PanelRect& rect,
                     ClassRegions* regions = nullptr, const DataImport* shown = nullptr);
void drawDualPanel(LabState& lab, UiState& ui, const PanelRect& rect);
void drawPairPanel(LabState& lab, UiState& ui, const PanelRect& rect);
void drawConvergencePanel(LabState& lab, UiState& ui, const PanelRect& rect);
void drawStatusBar(LabState& lab, UiState& ui, const PanelRect& rect);
// Space = step, Shift+Space = step back, R = run/pause (not while typing in a text field).
void handleShortcuts(LabState& lab, UiState& ui);

// Applies an action from the UI; errors are posted as notices by apply() itself.
void dispatchUi(LabState& lab, const UiState& ui, const LabAction& action);

}  // namespace kpg::app
