#pragma once
// The Tutorials panel's state (guided tutorials): which worked example is open, on which
// page, and on which data it is derived. No GL, no ImGui: the panel (tutorials_panel.cpp) and
// window.kpg (js_bridge.cpp) both go through these functions.
//
// Every number on a page comes from the core's derivations (src/core/tutorials, deriveTutorial):
//   - source Notes: on the course notes' own data (what the student just read);
//   - source Canvas: on the lab's current points, re-derived whenever the lab's problem changes
//     (lab.problemRevision), so dragging a point updates the same derivation.
// The canvas follows the page: while the tutorial is open on the notes' data, the
// lab shows the page's points and parameters (tryItActions), and the student's own lab waits in
// TutorialState::studentLab; it comes back when the tutorial closes or derives on "my points".
// "Try it", or any edit of the shown points, makes them the student's own (source Canvas, the
// derivation then follows the edits); the perceptron tutorials' Try it opens the perceptron mode. Two pages are tied to the lab itself: the hand-solved example's last page (the
// same problem solved by SMO on the canvas, compared with the exact α) and the SMO anatomy pages
// (the lab's live step record next to the notes' formulas).
// The page is remembered per tutorial, so leaving and coming back shows the same page.

#include "io/action_router.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_state.hpp"
#include "tutorials/tutorial.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

// Exact derivations on more points than this get slow and unreadable: the page then says so and
// derives on the notes' data.
constexpr Index kMaxTutorialPoints = 8;
// A derivation slower than this is not repeated on every frame of a drag (only when it ends).
constexpr double kDragDeriveMs = 40;

enum class TutorialSource { Notes, Canvas };

struct TutorialEntry {
  std::string id;     // deriveTutorial id
  std::string label;  // "1 · The hand-solved SVM"
};
// The tutorials in the order the panel lists and numbers them.
const std::vector<TutorialEntry>& tutorialEntries();

struct TutorialState {
  bool open = false;  // the panel is shown (in place of the pair panel)
  std::string id = "hand-solved-svm";
  std::map<std::string, int> pageById;  // remembered page of every tutorial visited
  TutorialSource source = TutorialSource::Notes;

  // Cache of the derivation (refreshTutorial keeps it current).
  std::optional<Tutorial> derived;
  std::string derivedId;
  TutorialSource derivedSource = TutorialSource::Notes;
  std::uint64_t derivedRevision = std::numeric_limits<std::uint64_t>::max();
  std::string dataNote;  // "the notes' data" / "your 4 canvas points" / why the notes' data
  std::uint64_t derivations = 0;  // how many times a derivation ran (tests: edits re-derive)
  double lastDeriveMs = 0;

  // The canvas following the page (followTutorialPage): the student's own lab while the canvas
  // shows the notes' points, the page's data last loaded, the page it was checked against ("id
  // page": a frame on the same page needs no new check) and the lab's problem revision right
  // after loading it (a later revision means the student edited the shown points).
  std::optional<LabState> studentLab;
  std::optional<action::LoadSession> followed;
  std::string followedPage;
  std::uint64_t followedRevision = 0;

  int page() const;
};

// Re-derives when the tutorial, the source or (source Canvas) the lab's problem changed; clamps
// the page.
void refreshTutorial(TutorialState& tutorial, const LabState& lab);

int tutorialPageCount(const TutorialState& tutorial);
// The page shown: the derived page, or the lab-driven page built from the lab now.
TutorialPage tutorialPage(const TutorialState& tutorial, const LabState& lab);
// Warnings for the current page: the derivation's own plus the page's data notes.
std::vector<std::string> tutorialWarnings(const TutorialState& tutorial, const LabState& lab);
// The hand-solved example's SMO page and the SMO anatomy step pages show the lab's step record.
bool pageShowsLiveStep(const TutorialState& tutorial);
// The Mercer pages' Gram heatmap: the key prefix of its numbers in the page ("" or "sigmoid_"), or
// null on a page without one.
const char* gramHeatmapPrefix(const TutorialState& tutorial);

// Opens tutorial `id` (at `page`, or at its remembered page). Error text for an unknown id or a
// page out of range; nothing changes then.
std::optional<std::string> openTutorial(TutorialState& tutorial, const LabState& lab,
                                        std::string_view id, std::optional<int> page);
void tutorialNext(TutorialState& tutorial);
void tutorialBack(TutorialState& tutorial);
void closeTutorial(TutorialState& tutorial);
void setTutorialPage(TutorialState& tutorial, int page);

// What "Try it" does for the current page, as the lab's own actions (also what the canvas shows
// while it follows the page).
std::vector<LabAction> tryItActions(const TutorialState& tutorial);
// Keeps the canvas on the page (see the header comment): loads the page's data when the page
// needs other data than the canvas shows, hands the shown points to the student when they were
// edited, and brings the student's own lab back when the tutorial closes or derives on "my
// points". Called after every window.kpg action and at the start of every frame; true when it
// changed the lab.
bool followTutorialPage(TutorialState& tutorial, LabState& lab);
// The points on the canvas become the student's: nothing waits to come back (Try it, an edit, a
// share link that replaces the lab).
void dropStudentLab(TutorialState& tutorial);
// The lab the student owns: the one waiting while the canvas shows the notes' points, else the
// lab itself (what autosave, Save session and share links write).
const LabState& studentLab(const TutorialState& tutorial, const LabState& lab);
// One sentence for the Try-it button's tooltip / the page footer, and the button's label.
std::string tryItDescription(const TutorialState& tutorial);
std::string tryItLabel(const TutorialState& tutorial);
// What the canvas holds now, in one sentence for the panel ("" when the tutorial has no say).
std::string canvasNote(const TutorialState& tutorial, const LabState& lab);
// Makes the page's points the student's own (applying tryItActions unless the canvas already
// shows them), switches to source Canvas, and opens the method the tutorial is about (the
// perceptron tutorials: the perceptron mode, in its primal or kernel form, from 002's start);
// the first error, if any.
std::optional<std::string> tutorialTryIt(TutorialState& tutorial, LabState& lab, ModesState& modes);

// window.kpg: {"type":"openTutorial","id":..,"page":..}, {"type":"tutorialNext"},
// {"type":"tutorialBack"}, {"type":"closeTutorial"}, {"type":"tutorialTryIt"},
// {"type":"tutorialSource","source":"notes"|"canvas"}, registered with the one router
// (io/action_router.hpp). Unknown fields and wrong types are refused with their JSON path.
void addTutorialActions(ActionRouter& router, TutorialState& tutorial, LabState& lab,
                        ModesState& modes);
// The "tutorial" member of window.kpg.state(): {open, id, page, pageCount, title, pageTitle,
// source, dataNote, values:[{name, exact, value}], warnings, notesCorrection, derivations}.
JsonValue tutorialStateJson(TutorialState& tutorial, const LabState& lab);

}  // namespace kpg::app
