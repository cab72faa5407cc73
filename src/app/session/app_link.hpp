#pragma once
// The share link of the whole app (a link carries the method, the tutorial page and the view): the
// lab's session (session_json.hpp, with its view) plus two optional members,
//   "mode": "kpca"                              the canvas method (omitted for the SVM lab)
//   "modeParams": {"component": 2}              its parameters, as setModeParams takes them
//                                               (modes/mode_json.hpp; omitted when it has none)
//   "tutorial": {"id": "smo", "page": 3}        the open tutorial and its page (omitted: closed)
//   "page": {"locks": ["C"], "panels": [...], "embed": true, "autorun": false}
//                                               a course page's settings (page_settings.hpp;
//                                               omitted when all default)
//   "exercise": {"id": "smo-first-pair"} or {...}  the open exercise
// in the same #s=<base64url of the JSON> form (share_link.hpp), so older links open unchanged.
// Reading checks everything (the session's schema, the mode's name, the tutorial's id) before
// anything is applied; applying restores the lab, the method and the tutorial together, or
// nothing (a tutorial page out of range undoes the rest).

#include "app_state.hpp"
#include "lab/lab_state.hpp"
#include "modes/mode_state.hpp"
#include "tutorials/tutorial_state.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace kpg::app {

struct AppLink {
  action::LoadSession session;
  std::optional<Mode> mode;
  std::optional<JsonValue> modeParams;  // checked against the mode's reader when parsed
  std::optional<std::string> tutorialId;
  std::optional<int> tutorialPage;
  // "source": "canvas" when the tutorial derives on the link's own points (tutorial_state.hpp);
  // without it, the canvas follows the page's notes data.
  TutorialSource tutorialSource = TutorialSource::Notes;
  PageSettings page;  // default when the link has no "page"
  // "exercise": {"id": "smo-first-pair"} (built-in) or a whole definition (exercises/): opened
  // after the rest, so the link opens exactly that exercise.
  std::optional<Exercise> exercise;
  bool exerciseBuiltin = false;
};

struct AppLinkParse {
  bool present = false;  // the hash is a share link ("#s=...")
  std::optional<AppLink> link;
  std::string error;
  bool ok() const { return link.has_value(); }
};

std::string appShareHash(const ModesState& modes, const TutorialState& tutorial,
                         const LabState& lab);
AppLinkParse parseAppShareHash(std::string_view hash);
// The error (and nothing changed), or nothing.
std::optional<std::string> applyAppLink(ModesState& modes, TutorialState& tutorial, LabState& lab,
                                        const AppLink& link);
// The whole app: the above and the page settings (a link replaces the locks with its own).
std::string appShareHash(const AppState& app);
std::optional<std::string> applyAppLink(AppState& app, const AppLink& link);

}  // namespace kpg::app
