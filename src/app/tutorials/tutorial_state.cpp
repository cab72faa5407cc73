#include "tutorials/tutorial_state.hpp"

#include "modes/featurespace/featurespace_mode.hpp"

#include "data/number_text.hpp"
#include "io/json.hpp"
#include "io/schema.hpp"
#include "tutorials/feature_space_example.hpp"
#include "tutorials/geometry_example.hpp"
#include "tutorials/hand_solved_svm.hpp"
#include "tutorials/kernel_perceptron_example.hpp"
#include "tutorials/mercer_example.hpp"
#include "tutorials/perceptron_example.hpp"
#include "tutorials/svm_examples.hpp"
#include "tutorials/tutorials.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace kpg::app {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// What a tutorial page puts on the canvas with the notes' points, and the words "Try it" says it
// in, so that the canvas and its description cannot disagree.
constexpr int kRunToConvergence = -1;
enum class PerceptronForm { None, Primal, Kernel };
struct PageCanvas {
  KernelParams kernel = KernelParams::linear();
  double c = kInf;
  std::optional<SelectionRule> rule;  // the lab's default when not set
  double eps = 1e-9;  // tight, so that SMO on the canvas lands on the derivation's exact α
  int step = 0;       // SMO updates taken on the canvas, or kRunToConvergence
  PerceptronForm perceptron = PerceptronForm::None;            // the mode "Try it" opens
  std::optional<FeatureSpaceView> featureSpace;                // or the feature space with this map
  std::string words = ", linear kernel, C = ∞ (hard margin)";  // after "Loads the notes' points"
};

// The Mercer tutorial's two pages and the kernel perceptron: 001's (1 + x·z)², and on the Mercer
// tutorial's second page the sigmoid, whose "Gram matrix" is indefinite.
PageCanvas kernelPageCanvas(int page, bool sigmoidSecondPage) {
  PageCanvas c;
  const MercerExampleInput input = mercerNotesExample();
  c.kernel = input.kernel;  // (1 + x·z)², course-notes 001's φ
  c.words = " with the kernel (1 + x·z)²";
  if (sigmoidSecondPage && page == 1) {
    c.kernel = input.sigmoid;
    c.c = 1.0;  // a finite box keeps SMO bounded on the indefinite matrix
    c.words = " with the sigmoid kernel tanh(x·z), C = 1";
  }
  return c;
}

// One row per tutorial, in the order the panel lists and numbers them: its id, title, the notes'
// data of each page (what Try it loads), its pages' canvas set-up as data, and what its pages show
// besides the derivation. Adding a tutorial is a row here and its derivation (deriveTutorial).
struct TutorialSpec {
  const char* id;
  const char* label;
  ExactPoints (*notesPoints)(int page);
  PageCanvas (*canvas)(int page, int lastPage);
  bool anyPoints = false;     // derives from any points, labelled or not (Mercer's Gram matrix)
  bool liveSmoPages = false;  // its pages after the first show the lab's SMO step record
  bool smoOnCanvasPage =
      false;  // one page more than derived: the same problem by SMO on the canvas
  const char* gramHeatmaps[2] = {nullptr, nullptr};  // per page: the Gram heatmap's key prefix
};

const TutorialSpec kTutorials[] = {
    {"hand-solved-svm", "1 · The hand-solved SVM (001 Q7)",
     [](int) { return handSolvedSvmNotesData(); }, [](int, int) { return PageCanvas{}; }, false,
     false, true},
    {"perceptron", "2 · The perceptron (002)", [](int) { return perceptronNotesExample().points; },
     [](int, int) {
       PageCanvas c;
       c.perceptron = PerceptronForm::Primal;
       c.words +=
           ", and opens the perceptron mode from 002's start β = (1, −1), β₀ = −2 with η = 1/4";
       return c;
     }},
    {"kernel-perceptron", "3 · Dual and kernel perceptron", [](int) { return xorNotesData(); },
     [](int page, int) {
       PageCanvas c = kernelPageCanvas(page, false);
       c.perceptron = PerceptronForm::Kernel;
       c.words += ", and opens the perceptron mode in its kernel form";
       return c;
     }},
    {"mercer",
     "4 · Kernel trick and Mercer",
     [](int page) {
       const MercerExampleInput input = mercerNotesExample();
       return page == 1 ? input.sigmoidPoints : input.points;
     },
     [](int page, int) { return kernelPageCanvas(page, true); },
     true,
     false,
     false,
     {"", "sigmoid_"}},
    {"soft-margin", "5 · Hard and soft margin", [](int) { return softMarginExampleData(); },
     [](int page, int) {
       // 004's four pages: the same points under a smaller and smaller C.
       static const std::pair<double, const char*> pages[] = {
           {kInf, "C = ∞ (hard margin)"}, {10.0, "C = 10"}, {1.0, "C = 1"}, {0.1, "C = 0.1"}};
       const auto& [value, name] = page >= 0 && page < 4 ? pages[page] : std::pair{1.0, "C = 1"};
       PageCanvas c;
       c.c = value;
       c.words = std::string(", linear kernel, ") + name;
       return c;
     }},
    {"smo", "6 · Anatomy of SMO (003)", [](int) { return handSolvedSvmNotesData(); },
     [](int page, int last) {
       // The SMO anatomy pages follow 003's maximal violating pair to a tight tolerance
       // (svm_examples.hpp SmoExampleOptions); page k shows the lab after k updates, the last
       // page the converged solution.
       const SmoExampleOptions options;
       PageCanvas c;
       c.rule = options.rule;
       c.eps = options.eps;
       c.step = page == last && page > 0 ? kRunToConvergence : page;
       c.words = ", linear kernel, C = ∞, 003's maximal violating pair, and " +
                 (c.step == kRunToConvergence
                      ? std::string("runs SMO to convergence")
                      : "takes " + std::to_string(page) + " SMO step" + (page == 1 ? "" : "s"));
       return c;
     },
     false, true},
    {"geometry", "7 · Hyperplane geometry", [](int) { return geometryNotesExample().points; },
     [](int, int) { return PageCanvas{}; }},
    {"feature-space", "8 · The kernel trick in 3-D (004, 000)",
     [](int page) {
       const FeatureSpaceExampleInput input = featureSpaceNotesExample();
       return page == 2 ? input.rings : input.points;
     },
     [](int page, int) {
       // Each page's map in the 3-D view: 004's examples 1 and 2, then 000's (x₁², √2x₁x₂, x₂²)
       // with its kernel (x·z)² in the lab.
       static const std::pair<FeatureSpaceView, const char*> maps[] = {
           {FeatureSpaceView::Product, "(x, y, xy)"},
           {FeatureSpaceView::Product, "(x, y, xy)"},
           {FeatureSpaceView::Squares, "(x², y²)"},
           {FeatureSpaceView::Quadratic, "(x₁², √2·x₁x₂, x₂²)"}};
       const auto& [view, name] = maps[std::clamp(page, 0, 3)];
       PageCanvas c;
       c.featureSpace = view;
       if (view == FeatureSpaceView::Quadratic) c.kernel = KernelParams::polynomial(1.0, 0.0, 2);
       c.words = std::string(view == FeatureSpaceView::Quadratic ? ", the kernel (x·z)², C = ∞"
                                                                 : ", C = ∞") +
                 ", and opens the 3-D feature space with φ = " + name;
       return c;
     }},
};

const TutorialSpec& tutorialSpec(const std::string& id) {
  for (const TutorialSpec& spec : kTutorials)
    if (id == spec.id) return spec;
  return kTutorials[0];  // openTutorial refuses unknown ids; a stale id reads as the first
}

bool isHandSolved(const TutorialState& t) {
  return tutorialSpec(t.id).smoOnCanvasPage;
}

// The hand-solved tutorial gets one page more than the core derives: the same problem by SMO on
// the canvas.
int derivedPageCount(const TutorialState& t) {
  return t.derived ? static_cast<int>(t.derived->pages.size()) : 0;
}

bool onLivePage(const TutorialState& t) {
  return isHandSolved(t) && t.derived && t.page() == derivedPageCount(t);
}

Dataset labDataset(const LabState& lab) {
  Dataset d;
  d.x = lab.data.points;
  d.y = lab.data.labels;
  return d;
}

// The notes' data of each tutorial (what Try it loads).
ExactPoints notesPoints(const std::string& id, int page) {
  return tutorialSpec(id).notesPoints(page);
}

bool sameData(const LabState& lab, const ExactPoints& points) {
  const Dataset d = toDataset(points);
  if (d.x.rows() != lab.data.points.rows() || d.x.cols() != lab.data.points.cols()) return false;
  return d.x == lab.data.points && d.y == lab.data.labels;
}

ViewWindow fitView(const Dataset& d) {
  ViewWindow v;
  if (d.x.rows() == 0 || d.x.cols() < 2) return v;
  const double x0 = d.x.col(0).minCoeff(), x1 = d.x.col(0).maxCoeff();
  const double y0 = d.x.col(1).minCoeff(), y1 = d.x.col(1).maxCoeff();
  const double pad = std::max({1.0, 0.25 * (x1 - x0), 0.25 * (y1 - y0)});
  v.xMin = x0 - pad;
  v.xMax = x1 + pad;
  v.yMin = y0 - pad;
  v.yMax = y1 + pad;
  return v;
}

}  // namespace

const std::vector<TutorialEntry>& tutorialEntries() {
  static const std::vector<TutorialEntry> entries = [] {
    std::vector<TutorialEntry> list;
    for (const TutorialSpec& spec : kTutorials) list.push_back({spec.id, spec.label});
    return list;
  }();
  return entries;
}

int TutorialState::page() const {
  const auto found = pageById.find(id);
  return found == pageById.end() ? 0 : found->second;
}

void refreshTutorial(TutorialState& t, const LabState& lab) {
  const std::uint64_t revision = t.source == TutorialSource::Canvas ? lab.problemRevision : 0;
  if (t.derived && t.derivedId == t.id && t.derivedSource == t.source &&
      t.derivedRevision == revision) {
    return;
  }
  // Exact arithmetic on dragged (decimal) coordinates can take a while: during a drag a slow
  // derivation waits for the drop.
  if (t.derived && t.derivedId == t.id && t.derivedSource == t.source && lab.dragIndex >= 0 &&
      t.lastDeriveMs > kDragDeriveMs) {
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  t.derivedId = t.id;
  t.derivedSource = t.source;
  t.derivedRevision = revision;
  ++t.derivations;
  t.derived.reset();
  t.dataNote = "the course notes' data";
  if (t.source == TutorialSource::Canvas) {
    const Index n = lab.pointCount();
    const ExactPoints points = exactPointsFromDataset(labDataset(lab));
    std::string problem;
    if (n > kMaxTutorialPoints) {
      problem = "your canvas has " + std::to_string(n) +
                " points; a derivation by hand shows at most " + std::to_string(kMaxTutorialPoints);
    } else if (tutorialSpec(t.id).anyPoints) {
      if (n == 0) problem = "the canvas has no points";
    } else {
      problem = checkBinaryPoints(points);
    }
    if (problem.empty()) {
      t.derived = deriveTutorial(t.id, &points);
      if (t.derived) {
        t.dataNote = "your " + std::to_string(n) + " canvas point" + (n == 1 ? "" : "s");
      }
    } else {
      t.dataNote = "the course notes' data (" + problem + ")";
    }
  }
  if (!t.derived) t.derived = deriveTutorial(t.id, nullptr);
  t.lastDeriveMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  const int count = tutorialPageCount(t);
  int& page = t.pageById[t.id];
  page = std::clamp(page, 0, std::max(0, count - 1));
}

int tutorialPageCount(const TutorialState& t) {
  return derivedPageCount(t) + (isHandSolved(t) ? 1 : 0);
}

TutorialPage tutorialPage(const TutorialState& t, const LabState& lab) {
  if (!t.derived) return {};
  if (!onLivePage(t)) {
    const int page = std::clamp(t.page(), 0, std::max(0, derivedPageCount(t) - 1));
    if (t.derived->pages.empty()) return {};
    return t.derived->pages[static_cast<std::size_t>(page)];
  }
  // The same problem by SMO on the canvas: the lab's α (core SmoSolver, floating point) next
  // to the exact α of step 4.
  TutorialPage p;
  p.title = "The same problem by SMO, on the canvas";
  p.paragraphs.push_back(
      "SMO (course-notes 003) solves the same dual numerically, one pair of α's at a time. "
      "The canvas holds the three points: press Step (or the space bar) and watch the α's "
      "approach the exact values found by hand.");
  p.paragraphs.push_back(
      "SMO never needs the hand method's assumption that every point is a support vector: it "
      "keeps αᵢ ≥ 0 by clipping, so it also solves data where the hand derivation fails.");
  p.formulas.push_back({"max Σαᵢ − ½ΣΣ αᵢαⱼyᵢyⱼ xᵢ·xⱼ,  Σαᵢyᵢ = 0,  αᵢ ≥ 0", "the dual, C = ∞"});
  const ModelView& m = lab.model;
  const Index n = lab.pointCount();
  if (m.valid) {
    p.values.push_back(namedDouble("smo_step", static_cast<double>(lab.stepCount())));
    std::string alphas = "α (SMO, step " + std::to_string(lab.stepCount()) + ") = (";
    for (Index i = 0; i < n && i < m.solution.alpha.size(); ++i) {
      const double a = m.solution.alpha[i];
      alphas += (i ? ", " : "") + formatDisplay(a);
      p.values.push_back(namedDouble("smo_alpha_" + std::to_string(i + 1), a));
    }
    p.formulas.push_back({alphas + ")", m.statusText});
    std::string exact = "α (by hand) = (";
    bool any = false;
    for (Index i = 0; i < n; ++i) {
      const auto v = findValue(*t.derived, "alpha_" + std::to_string(i + 1));
      if (!v) break;
      any = true;
      exact += (i ? ", " : "") + (v->exact.empty() ? formatDisplay(v->value) : v->exact);
      NamedValue copy = *v;
      copy.name = "exact_alpha_" + std::to_string(i + 1);
      p.values.push_back(copy);
    }
    if (any) p.formulas.push_back({exact + ")", "step 4"});
    p.values.push_back(namedDouble("smo_bias", m.solution.bias));
    p.formulas.push_back({"b = " + formatDisplay(m.solution.bias), "SMO's bias; by hand b = −t"});
  }
  return p;
}

std::vector<std::string> tutorialWarnings(const TutorialState& t, const LabState& lab) {
  std::vector<std::string> out;
  if (t.derived) out = t.derived->warnings;
  if (pageShowsLiveStep(t) || onLivePage(t)) {
    const bool canvasMatches =
        t.source == TutorialSource::Canvas || sameData(lab, notesPoints(t.id, t.page()));
    if (!canvasMatches) {
      out.push_back(
          "The canvas holds your own points, not this tutorial's: pick \"notes\" to show them, "
          "or Try it to load them as yours.");
    }
    if (!lab.model.valid) out.push_back("The lab has no solver for the canvas's points.");
  }
  return out;
}

bool pageShowsLiveStep(const TutorialState& t) {
  return (tutorialSpec(t.id).liveSmoPages && t.page() > 0) || onLivePage(t);
}

const char* gramHeatmapPrefix(const TutorialState& t) {
  const int page = t.page();
  return page >= 0 && page < 2 ? tutorialSpec(t.id).gramHeatmaps[page] : nullptr;
}

std::optional<std::string> openTutorial(TutorialState& t, const LabState& lab, std::string_view id,
                                        std::optional<int> page) {
  const auto& entries = tutorialEntries();
  const auto found = std::find_if(entries.begin(), entries.end(),
                                  [&](const TutorialEntry& e) { return e.id == id; });
  if (found == entries.end()) {
    std::string ids;
    for (const auto& e : entries) ids += (ids.empty() ? "" : ", ") + e.id;
    return "unknown tutorial '" + std::string(id.substr(0, 60)) + "' (tutorials: " + ids + ")";
  }
  // The waiting student lab is moved, not copied, into the trial state (it may hold 5 000 points).
  std::optional<LabState> waiting = std::move(t.studentLab);
  t.studentLab.reset();
  TutorialState next = t;
  // Another tutorial starts on the notes' data: the canvas holds the previous one's points.
  if (next.id != found->id) next.source = TutorialSource::Notes;
  next.id = found->id;
  next.open = true;
  refreshTutorial(next, lab);
  if (page) {
    const int count = tutorialPageCount(next);
    if (*page < 0 || *page >= count) {
      t.studentLab = std::move(waiting);
      return "page " + std::to_string(*page) + " is out of range: '" + found->id +
             "' has pages 0 to " + std::to_string(count - 1);
    }
    next.pageById[next.id] = *page;
  }
  next.studentLab = std::move(waiting);
  t = std::move(next);
  return std::nullopt;
}

void setTutorialPage(TutorialState& t, int page) {
  t.pageById[t.id] = std::clamp(page, 0, std::max(0, tutorialPageCount(t) - 1));
}

void tutorialNext(TutorialState& t) {
  setTutorialPage(t, t.page() + 1);
}

void tutorialBack(TutorialState& t) {
  setTutorialPage(t, t.page() - 1);
}

void closeTutorial(TutorialState& t) {
  t.open = false;  // id and pages are kept: reopening shows the same page
}

namespace {

// The page's data (tryItActions' one LoadSession).
action::LoadSession pageSession(const TutorialState& t) {
  return std::get<action::LoadSession>(tryItActions(t).front());
}

// Whether two pages load the same problem: turning from one page to another of the same data
// keeps the canvas (and the steps the student took on it) as it is.
bool sameProblem(const action::LoadSession& a, const action::LoadSession& b) {
  // Eigen's == needs equal sizes (an assertion natively, reads out of bounds under NDEBUG): a
  // page of 4 points against a canvas of 40 is simply another problem (fuzz_actions found it).
  const auto same = [](const auto& x, const auto& y) {
    return x.rows() == y.rows() && x.cols() == y.cols() && x == y;
  };
  return same(a.data.points, b.data.points) && same(a.data.labels, b.data.labels) &&
         a.params.kernel == b.params.kernel && a.params.c == b.params.c &&
         a.params.eps == b.params.eps && a.params.rule == b.params.rule && a.step == b.step;
}

// Brings the student's own lab back in place of the tutorial's.
void restoreStudentLab(TutorialState& t, LabState& lab) {
  LabState own = std::move(*t.studentLab);
  dropStudentLab(t);
  // Revisions only grow: the field and the modes compare them with what they last built, and the
  // tutorial's lab counted on from the student's.
  own.problemRevision = std::max(own.problemRevision, lab.problemRevision) + 1;
  own.modelRevision = std::max(own.modelRevision, lab.modelRevision) + 1;
  own.nextNoticeId = std::max(own.nextNoticeId, lab.nextNoticeId);
  lab = std::move(own);
}

PageCanvas pageCanvas(const TutorialState& t, int page) {
  return tutorialSpec(t.id).canvas(page, tutorialPageCount(t) - 1);
}

// The feature space with the page's map: the view the kernel-trick tutorial is about.
void openFeatureSpace(FeatureSpaceView view, const LabState& lab, ModesState& modes) {
  if (modes.featurespace.view != view) {
    modes.featurespace.view = view;
    invalidateMode(modes, Mode::FeatureSpace);
  }
  setMode(modes, lab, Mode::FeatureSpace);
  ++modes.revision;
}

// The tutorials whose Try it opens the perceptron mode.
bool aboutPerceptron(const TutorialState& t) {
  return pageCanvas(t, t.page()).perceptron != PerceptronForm::None;
}

// 002's perceptron (start β = (1, −1), β₀ = −2, η = 1/4) or 001's kernel perceptron on the lab's
// kernel: the mode the perceptron tutorials are about.
void openPerceptronMode(bool kernelForm, const LabState& lab, ModesState& modes) {
  PerceptronParams p;
  p.kernelForm = kernelForm;
  if (!kernelForm) {
    const PerceptronExampleInput notes = perceptronNotesExample();
    p.learningRate = notes.learningRate.toDouble();
    p.useStart = true;
    p.startBeta[0] = notes.beta[0].toDouble();
    p.startBeta[1] = notes.beta[1].toDouble();
    p.startBias = notes.beta0.toDouble();
  }
  modes.perceptron.params = p;
  invalidateMode(modes, Mode::Perceptron);
  setMode(modes, lab, Mode::Perceptron);
  ++modes.revision;
}

}  // namespace

bool followTutorialPage(TutorialState& t, LabState& lab) {
  if (t.studentLab && lab.problemRevision != t.followedRevision) {
    // The shown points were edited (or a preset, file or exercise replaced them): what the canvas
    // holds is the student's now, and the derivation follows it.
    dropStudentLab(t);
    if (t.open) t.source = TutorialSource::Canvas;
    return false;
  }
  const bool notesShown = t.open && t.source == TutorialSource::Notes;
  // Called every frame: on the page already followed there is nothing to build or compare.
  const std::string pageKey = t.id + " " + std::to_string(t.page());
  if (notesShown && t.followed && t.followedPage == pageKey) return false;
  action::LoadSession page;
  const bool follow = notesShown && (page = pageSession(t), page.data.points.rows() > 0);
  if (!follow) {
    if (!t.studentLab) return false;
    restoreStudentLab(t, lab);
    return true;
  }
  if (t.followed && sameProblem(*t.followed, page)) {
    t.followedPage = pageKey;  // another page of the same data: the canvas stays as it is
    return false;
  }
  page.live = lab.live.on;  // the student's choice, not the page's
  page.stepsPerSecond = lab.playback.stepsPerSecond;
  std::optional<LabState> saved;
  if (!t.studentLab) saved = lab;
  if (apply(lab, LabAction{page}, false)) return false;  // refused: nothing changed
  if (saved) t.studentLab = std::move(saved);
  t.followed = std::move(page);
  t.followedPage = pageKey;
  t.followedRevision = lab.problemRevision;
  return true;
}

void dropStudentLab(TutorialState& t) {
  t.studentLab.reset();
  t.followed.reset();
  t.followedPage.clear();
}

const LabState& studentLab(const TutorialState& t, const LabState& lab) {
  return t.studentLab ? *t.studentLab : lab;
}

std::vector<LabAction> tryItActions(const TutorialState& t) {
  const int page = t.page();
  action::LoadSession s;
  const Dataset d = toDataset(notesPoints(t.id, page));
  s.data.points = d.x;
  s.data.labels = d.y;
  s.view = fitView(d);
  // The Data list's name for these points (canvasDataName): the tutorial's title.
  s.presetName = "tutorial: " + t.id;
  for (const TutorialEntry& e : tutorialEntries()) {
    const std::size_t dot = e.label.find("· ");
    if (e.id == t.id && dot != std::string::npos)
      s.presetName = "tutorial: " + e.label.substr(dot + 3);
  }
  const PageCanvas c = pageCanvas(t, page);
  s.params.kernel = c.kernel;
  s.params.c = c.c;
  s.params.eps = c.eps;
  if (c.rule) s.params.rule = *c.rule;
  s.step = c.step == kRunToConvergence ? s.params.maxSteps : c.step;
  return {LabAction{s}};
}

std::string tryItDescription(const TutorialState& t) {
  const std::string what = t.studentLab ? "Makes the notes' points on the canvas yours"
                                        : "Loads the notes' points onto the canvas";
  return what + pageCanvas(t, t.page()).words +
         "; the derivation then follows your edits, and closing the tutorial keeps them.";
}

std::string tryItLabel(const TutorialState& t) {
  if (aboutPerceptron(t)) return "Try it in the perceptron mode";
  if (pageCanvas(t, t.page()).featureSpace) return "Try it in the 3-D view";
  return t.studentLab ? "Try it: edit these points" : "Try it: load this page's points";
}

std::string canvasNote(const TutorialState& t, const LabState& lab) {
  if (t.studentLab) {
    return "The canvas shows this page's points; yours (" +
           canvasDataName(*t.studentLab, labPresets()) +
           ") come back when you close the tutorial or pick \"my points\".";
  }
  if (t.source == TutorialSource::Canvas) {
    return "The canvas holds your points (" + canvasDataName(lab, labPresets()) +
           "); the page derives on them where it can.";
  }
  return "";
}

std::optional<std::string> tutorialTryIt(TutorialState& t, LabState& lab, ModesState& modes) {
  const bool shown = t.studentLab && t.followed && t.followedRevision == lab.problemRevision &&
                     sameProblem(*t.followed, pageSession(t));
  if (!shown) {
    for (const LabAction& a : tryItActions(t)) {
      if (auto error = apply(lab, a, true)) return error;
    }
  }
  // The points on the canvas are the student's now: closing the tutorial keeps them.
  dropStudentLab(t);
  t.source = TutorialSource::Canvas;
  refreshTutorial(t, lab);
  if (aboutPerceptron(t)) {
    openPerceptronMode(pageCanvas(t, t.page()).perceptron == PerceptronForm::Kernel, lab, modes);
  }
  if (const auto view = pageCanvas(t, t.page()).featureSpace) openFeatureSpace(*view, lab, modes);
  return std::nullopt;
}

namespace {

ActionReply tutorialReply(const std::optional<std::string>& error) {
  return error ? ActionReply::failed(*error) : ActionReply{};
}

ActionReply openTutorialAction(TutorialState& t, LabState& lab, ModesState& modes,
                               const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "id", "page"});
  const JsonValue* id = r.required(v, "$", "id");
  const std::string name = id ? r.string(*id, "$.id", 64).value_or("") : "";
  std::optional<int> page;
  if (const JsonValue* p = v.find("page"); p && !p->isNull()) {
    if (auto n = r.integer(*p, "$.page", -1000000, 1000000)) page = static_cast<int>(*n);
  }
  if (!r.ok()) return ActionReply::failed(r.error());
  if (auto error = openTutorial(t, lab, name, page)) {
    const bool badId = error->rfind("unknown tutorial", 0) == 0;
    return ActionReply::failed((badId ? "$.id: " : "$.page: ") + *error);
  }
  // The tutorials are a panel of the SVM lab: opening one from another method shows it.
  if (modes.mode != Mode::Svm) setMode(modes, lab, Mode::Svm);
  return {};
}

// tutorialNext, tutorialBack, closeTutorial, tutorialTryIt: no fields.
template <int Which>  // 0 next, 1 back, 2 close, 3 try it
ActionReply tutorialMoveAction(TutorialState& t, LabState& lab, ModesState& modes,
                               const JsonValue& v) {
  SchemaReader r;
  if (!r.object(v, "$", {"type"})) return ActionReply::failed(r.error());
  if (Which == 2) {
    closeTutorial(t);
    return {};
  }
  refreshTutorial(t, lab);
  if (Which == 3) return tutorialReply(tutorialTryIt(t, lab, modes));
  if (Which == 0) {
    tutorialNext(t);
  } else {
    tutorialBack(t);
  }
  return {};
}

ActionReply tutorialSourceAction(TutorialState& t, LabState& lab, ModesState&, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "source"});
  const JsonValue* s = r.required(v, "$", "source");
  const std::string name = s ? r.string(*s, "$.source", 16).value_or("") : "";
  if (r.ok() && name != "notes" && name != "canvas") {
    r.fail("$.source", "must be \"notes\" or \"canvas\"");
  }
  if (!r.ok()) return ActionReply::failed(r.error());
  t.source = name == "notes" ? TutorialSource::Notes : TutorialSource::Canvas;
  refreshTutorial(t, lab);
  return {};
}

using TutorialAction = ActionReply (*)(TutorialState&, LabState&, ModesState&, const JsonValue&);
struct TutorialActionEntry {
  const char* type;
  TutorialAction run;
};
constexpr TutorialActionEntry kTutorialActions[] = {
    {"openTutorial", openTutorialAction},     {"tutorialNext", tutorialMoveAction<0>},
    {"tutorialBack", tutorialMoveAction<1>},  {"closeTutorial", tutorialMoveAction<2>},
    {"tutorialTryIt", tutorialMoveAction<3>}, {"tutorialSource", tutorialSourceAction},
};

}  // namespace

void addTutorialActions(ActionRouter& router, TutorialState& tutorial, LabState& lab,
                        ModesState& modes) {
  for (const TutorialActionEntry& entry : kTutorialActions) {
    const TutorialAction run = entry.run;
    router.add(entry.type, [&tutorial, &lab, &modes, run](const JsonValue& v) {
      return run(tutorial, lab, modes, v);
    });
  }
}

JsonValue tutorialStateJson(TutorialState& t, const LabState& lab) {
  using json::integer;
  using json::num;
  using json::put;
  using json::str;
  refreshTutorial(t, lab);
  const TutorialPage page = tutorialPage(t, lab);
  JsonValue o = JsonValue::object();
  put(o, "open", json::boolean(t.open));
  put(o, "id", str(t.id));
  put(o, "page", integer(t.page()));
  put(o, "pageCount", integer(tutorialPageCount(t)));
  put(o, "title", str(t.derived ? t.derived->title : ""));
  put(o, "pageTitle", str(page.title));
  put(o, "source", str(t.source == TutorialSource::Canvas ? "canvas" : "notes"));
  put(o, "dataNote", str(t.dataNote));
  put(o, "derivations", integer(static_cast<std::int64_t>(t.derivations)));
  JsonValue values = JsonValue::array();
  for (const NamedValue& nv : page.values) {
    JsonValue item = JsonValue::object();
    put(item, "name", str(nv.name));
    put(item, "exact", str(nv.exact));
    put(item, "value", num(nv.value));
    values.items().push_back(std::move(item));
  }
  put(o, "values", std::move(values));
  JsonValue formulas = JsonValue::array();
  for (const auto& formula : page.formulas) formulas.items().push_back(str(formula.text));
  put(o, "formulas", std::move(formulas));
  JsonValue warnings = JsonValue::array();
  for (const std::string& w : tutorialWarnings(t, lab)) warnings.items().push_back(str(w));
  put(o, "warnings", std::move(warnings));
  put(o, "notesCorrection", str(page.notesCorrection));
  put(o, "tryIt", str(tryItDescription(t)));
  // The lab's step record on the SMO pages, in the notes' words (λ is the step along the pair's
  // direction); the whole record is state().solver.lastStep (data/smo_step_json.hpp).
  const auto& last = lab.history ? lab.history->lastStep() : std::optional<SmoStep>();
  if (pageShowsLiveStep(t) && last) {
    JsonValue live = JsonValue::object();
    put(live, "step", integer(lab.stepCount()));
    put(live, "i", integer(last->i));
    put(live, "j", integer(last->j));
    put(live, "lambda", num(last->step));
    put(live, "unclipped", num(last->unclippedStep));
    put(live, "violation", num(last->violation));
    put(live, "objectiveAfter", num(last->objectiveAfter));
    put(o, "live", std::move(live));
  } else {
    put(o, "live", JsonValue::null());
  }
  return o;
}

}  // namespace kpg::app
