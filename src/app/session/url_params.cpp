#include "session/url_params.hpp"

#include "data/number_text.hpp"
#include "data/toy_datasets.hpp"
#include "exercises/exercise_state.hpp"
#include "params/parameter_table.hpp"

#include <cmath>
#include <limits>

namespace kpg::app {
namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// application/x-www-form-urlencoded: '+' is a space, %XX a byte; a malformed escape stays as
// written (the value is then refused by its own check, quoted).
std::string percentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && k + 2 < text.size() && hexDigit(text[k + 1]) >= 0 &&
               hexDigit(text[k + 2]) >= 0) {
      out += static_cast<char>(hexDigit(text[k + 1]) * 16 + hexDigit(text[k + 2]));
      k += 2;
    } else {
      out += c;
    }
  }
  return out;
}

// Values are quoted in errors as the user wrote them, cut to 40 characters.
std::string shown(std::string_view name, std::string_view value) {
  std::string v(value.substr(0, 40));
  if (value.size() > 40) v += "…";
  return "address parameter " + std::string(name) + "=" + v;
}

std::vector<std::string> splitList(std::string_view value) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t end = std::min(value.find(',', start), value.size());
    std::string_view item = value.substr(start, end - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    start = end + 1;
  }
  return items;
}

std::optional<double> number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const NumberParse parsed = parseDecimal(text);
  if (parsed.status != NumberStatus::Ok || !std::isfinite(parsed.value)) return std::nullopt;
  return parsed.value;
}

std::optional<std::int64_t> integer(std::string_view text) {
  long long value = 0;
  bool overflow = false;
  if (!parseUnsigned(text, kMaxMaxSteps, value, overflow) || overflow) return std::nullopt;
  return static_cast<std::int64_t>(value);
}

std::optional<bool> flag(std::string_view text) {
  if (text == "1" || text == "true" || text == "yes" || text.empty()) return true;
  if (text == "0" || text == "false" || text == "no") return false;
  return std::nullopt;
}

constexpr std::string_view kParameterNames =
    "method, preset, kernel, gamma, coef0, degree, C, step, tutorial, page, exercise, lock, "
    "unlock, panels, embed, autorun, instructor";

// One name=value pair of the address, percent-decoded; its errors quote it as written.
struct Param {
  std::string name;
  std::string value;
};

void refuse(UrlParams& p, const Param& param, const std::string& why) {
  p.errors.push_back(shown(param.name, param.value) + ": " + why);
}

// A parameter of the table (params/parameter_table.hpp): a number (or "inf" where the row
// allows it) within the row's range, or an error that states the range and an example.
std::optional<double> tableValue(UrlParams& p, const Param& param, ParamId id,
                                 std::string_view text, const char* example) {
  const ParameterSpec& spec = parameter(id);
  std::optional<double> v = number(text);
  if (spec.infinityAllowed && text == "inf") v = std::numeric_limits<double>::infinity();
  if (!v || checkParameter(id, *v)) {
    refuse(p, param,
           std::string(spec.words) + " must be " + rangeWords(spec) + "; write e.g. " + example);
    return std::nullopt;
  }
  return v;
}

// The lab's set-up: the method, the data, the kernel and its parameters, C, the step. False when
// the name is none of these.
bool readLabParam(UrlParams& p, const Param& param) {
  const std::string& name = param.name;
  const std::string& value = param.value;
  if (name == "method") {
    p.mode = modeFromName(value);
    if (!p.mode)
      refuse(p, param, "unknown method; write one of svm, perceptron, knn, kmeans, kpca, kfd, svr");
  } else if (name == "preset") {
    if (toyKindFromName(value)) {
      p.preset = value;
    } else {
      refuse(p, param,
             "unknown preset; write one of hand-solved, perceptron, xor, moons, circles, blobs, "
             "separable");
    }
  } else if (name == "kernel") {
    p.kernel = kernelTypeFromName(value);
    if (!p.kernel)
      refuse(p, param, "unknown kernel; write one of linear, polynomial, rbf, sigmoid");
  } else if (name == "gamma" || name == "γ") {
    p.gamma = tableValue(p, param, ParamId::Gamma, value, "gamma=0.5");
  } else if (name == "coef0" || name == "r") {
    p.coef0 = tableValue(p, param, ParamId::Coef0, value, "coef0=1");
  } else if (name == "degree") {
    if (const auto d = tableValue(p, param, ParamId::Degree, value, "degree=3"))
      p.degree = static_cast<int>(*d);
  } else if (name == "C" || name == "c") {
    p.c = tableValue(p, param, ParamId::C, value == "∞" ? std::string_view("inf") : value, "C=10");
  } else if (name == "step") {
    const auto s = integer(value);
    if (!s || *s < 0 || *s > kMaxMaxSteps) {
      refuse(p, param,
             "the step must be a whole number from 0 to " + std::to_string(kMaxMaxSteps) +
                 "; write e.g. step=0");
    } else {
      p.step = *s;
    }
  } else {
    return false;
  }
  return true;
}

// The Tutorials panel and the exercises: tutorial, page, exercise, instructor. False when the
// name is none of these.
bool readLessonParam(UrlParams& p, const Param& param) {
  const std::string& name = param.name;
  const std::string& value = param.value;
  if (name == "tutorial") {
    p.tutorialId = value.substr(0, 64);
  } else if (name == "page") {
    const auto n = integer(value);
    if (!n || *n < 0 || *n > 1000) {
      refuse(p, param,
             "the tutorial page must be a whole number (0 is the first page); write e.g. page=2");
    } else {
      p.tutorialPage = static_cast<int>(*n);
    }
  } else if (name == "exercise") {
    p.exerciseId = value.substr(0, 64);
  } else if (name == "instructor") {
    const auto on = flag(value);
    if (!on)
      refuse(p, param, "write instructor=1 (on) or instructor=0 (off)");
    else
      p.instructor = *on;
  } else {
    return false;
  }
  return true;
}

// lock= and unlock= as the address lists them: they are resolved once every pair is read, since
// unlock takes a control out of lock=all wherever the two stand in the address.
struct LockLists {
  bool all = false;
  Locks locks, unlocks;
};

void readLockList(UrlParams& p, const Param& param, LockLists& lists) {
  const bool lock = param.name == "lock";
  for (const std::string& item : splitList(param.value)) {
    if (lock && item == "all") {
      lists.all = true;
      continue;
    }
    const auto control = lockedControlFromName(item);
    if (!control) {
      p.errors.push_back(shown(param.name, param.value) + ": unknown control \"" +
                         item.substr(0, 24) + "\"; the controls are " + lockedControlNames() +
                         (lock ? " (or all)" : ""));
      continue;
    }
    (lock ? lists.locks : lists.unlocks).set(*control);
  }
}

// panels=: the panels shown (the canvas always is); one unknown name and the list is ignored
// whole, so that every panel stays shown.
void readPanelList(UrlParams& p, const Param& param) {
  std::array<bool, kPanelCount> shownPanels{};
  for (const std::string& item : splitList(param.value)) {
    const auto panel = panelFromName(item);
    if (!panel) {
      p.errors.push_back(shown(param.name, param.value) + ": unknown panel \"" +
                         item.substr(0, 24) + "\"; the panels are " + panelNames() +
                         "; all are shown");
      return;
    }
    shownPanels[static_cast<std::size_t>(*panel)] = true;
  }
  shownPanels[static_cast<std::size_t>(Panel::Canvas)] = true;
  p.page.shown = shownPanels;
}

// The page's settings (page_settings.hpp): lock, unlock, panels, embed, autorun. False when the
// name is none of these.
bool readPageParam(UrlParams& p, const Param& param, LockLists& lists) {
  const std::string& name = param.name;
  if (name == "lock" || name == "unlock") {
    p.hasPageSettings = true;
    readLockList(p, param, lists);
  } else if (name == "panels") {
    p.hasPageSettings = true;
    readPanelList(p, param);
  } else if (name == "embed" || name == "autorun") {
    p.hasPageSettings = true;
    const auto on = flag(param.value);
    if (!on) {
      refuse(p, param, "write " + name + "=1 (on) or " + name + "=0 (off)");
    } else {
      (name == "embed" ? p.page.embed : p.page.autorun) = *on;
    }
  } else {
    return false;
  }
  return true;
}

}  // namespace

bool UrlParams::empty() const {
  return !mode && !preset && !kernel && !gamma && !coef0 && !c && !degree && !step && !tutorialId &&
         !tutorialPage && !exerciseId && !hasPageSettings && !instructor && errors.empty();
}

UrlParams parseUrlParams(std::string_view query) {
  UrlParams p;
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  if (query.size() > kMaxUrlQueryChars) {
    p.errors.push_back("the address's parameters are " + std::to_string(query.size()) +
                       " characters long (at most " + std::to_string(kMaxUrlQueryChars) +
                       "); none was read: put the session in a share link (#s=…) instead");
    return p;
  }
  LockLists lockLists;
  std::size_t start = 0;
  while (start < query.size()) {
    const std::size_t end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const Param param{percentDecode(pair.substr(0, eq)),
                      eq == std::string_view::npos ? "" : percentDecode(pair.substr(eq + 1))};
    if (!readLabParam(p, param) && !readLessonParam(p, param) &&
        !readPageParam(p, param, lockLists)) {
      p.errors.push_back("address parameter \"" + param.name.substr(0, 40) +
                         "\" is not one the app reads; it was ignored (the parameters are " +
                         std::string(kParameterNames) + ")");
    }
  }
  for (int k = 0; k < kLockedControlCount; ++k) {
    const auto control = static_cast<LockedControl>(k);
    p.page.locks.set(control, (lockLists.all || lockLists.locks.has(control)) &&
                                  !lockLists.unlocks.has(control));
  }
  return p;
}

std::vector<std::string> applyUrlParams(AppState& app, const UrlParams& p) {
  std::vector<std::string> errors = p.errors;
  LabState& lab = app.lab;
  // The app sets up what the page asked for; the locks bind the student afterwards.
  app.page = PageSettings{};
  const auto report = [&](const std::string& parameter, const std::optional<std::string>& error) {
    if (error) errors.push_back("address parameter " + parameter + ": " + *error);
  };
  // The page's set-up is exact: with Live mode off while it is applied, a kernel or C given here
  // rebuilds the solver at step 0 (not a warm start to convergence) and step=N replays N steps.
  const bool live = lab.live.on;
  (void)apply(lab, action::SetLive{false}, false);
  if (p.preset) report("preset=" + *p.preset, apply(lab, action::LoadPreset{*p.preset}, false));
  if (p.kernel || p.gamma || p.coef0 || p.degree) {
    KernelParams kernel = lab.params.kernel;
    if (p.kernel) kernel.type = *p.kernel;
    if (p.gamma) kernel.gamma = *p.gamma;
    if (p.coef0) kernel.coef0 = *p.coef0;
    if (p.degree) kernel.degree = *p.degree;
    report("kernel", apply(lab, action::SetKernel{kernel}, false));
  }
  if (p.c) report("C", apply(lab, action::SetC{*p.c}, false));
  if (p.step && *p.step > 0) report("step", apply(lab, action::Step{*p.step}, false));
  (void)apply(lab, action::SetLive{live}, false);
  if (p.mode) setMode(app.modes, lab, *p.mode);
  if (p.tutorialId) {
    if (auto error = openTutorial(app.tutorial, lab, *p.tutorialId, p.tutorialPage)) {
      errors.push_back("address parameter tutorial=" + p.tutorialId->substr(0, 40) + ": " + *error +
                       "; write e.g. tutorial=smo&page=0");
    }
  } else if (p.tutorialPage) {
    errors.push_back("address parameter page=" + std::to_string(*p.tutorialPage) +
                     ": a page needs its tutorial; write e.g. tutorial=smo&page=" +
                     std::to_string(*p.tutorialPage));
  }
  app.page = p.page;
  app.exercise.instructor = p.instructor;
  if (p.exerciseId) {
    // Last: the exercise sets up its own canvas and locks (the page's come back when it closes).
    if (const Exercise* e = findBuiltinExercise(*p.exerciseId)) {
      if (auto error = openExercise(app, *e, true))
        errors.push_back("address parameter exercise=" + *p.exerciseId + ": " + *error);
    } else {
      errors.push_back("address parameter exercise=" + p.exerciseId->substr(0, 40) +
                       ": unknown exercise; the Exercises list (or kpg.exercises()) names them, "
                       "e.g. exercise=smo-first-pair");
    }
  }
  return errors;
}

void autorunIfAsked(AppState& app) {
  LabState& lab = app.lab;
  if (!app.page.autorun || !lab.history || lab.playback.running || lab.replay) return;
  if (lab.model.status != SmoStatus::Running) return;
  (void)apply(lab, action::RunToConvergence{}, false);
}

}  // namespace kpg::app
