#include "tutorials/tutorial_state.hpp"

#include "session/json.hpp"
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

bool isHandSolved(const TutorialState& t) {
  return t.id == "hand-solved-svm";
}

// The hand-solved tutorial gets one page more than the core derives: the same problem by SMO on
// the canvas (issue 5, tutorial 1).
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
  if (id == "perceptron") return perceptronNotesExample().points;
  if (id == "kernel-perceptron") return xorNotesData();
  if (id == "mercer") {
    const MercerExampleInput input = mercerNotesExample();
    return page == 1 ? input.sigmoidPoints : input.points;
  }
  if (id == "soft-margin") return softMarginExampleData();
  if (id == "geometry") return geometryNotesExample().points;
  return handSolvedSvmNotesData();  // hand-solved-svm, smo
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

std::string num(double value) {
  if (std::isinf(value)) return value > 0 ? "∞" : "−∞";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value + 0.0);  // + 0.0: no "-0"
  return text;
}

}  // namespace

const std::vector<TutorialEntry>& tutorialEntries() {
  static const std::vector<TutorialEntry> entries = {
      {"hand-solved-svm", "1 · The hand-solved SVM (001 Q7)"},
      {"perceptron", "2 · The perceptron (002)"},
      {"kernel-perceptron", "3 · Dual and kernel perceptron"},
      {"mercer", "4 · Kernel trick and Mercer"},
      {"soft-margin", "5 · Hard and soft margin"},
      {"smo", "6 · Anatomy of SMO (003)"},
      {"geometry", "7 · Hyperplane geometry"},
  };
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
    } else if (t.id == "mercer") {
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
      "Press Try it, then Step (or the space bar) and watch the α's approach the exact values "
      "found by hand.");
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
      alphas += (i ? ", " : "") + num(a);
      p.values.push_back(namedDouble("smo_alpha_" + std::to_string(i + 1), a));
    }
    p.formulas.push_back({alphas + ")", m.statusText});
    std::string exact = "α (by hand) = (";
    bool any = false;
    for (Index i = 0; i < n; ++i) {
      const auto v = findValue(*t.derived, "alpha_" + std::to_string(i + 1));
      if (!v) break;
      any = true;
      exact += (i ? ", " : "") + (v->exact.empty() ? num(v->value) : v->exact);
      NamedValue copy = *v;
      copy.name = "exact_alpha_" + std::to_string(i + 1);
      p.values.push_back(copy);
    }
    if (any) p.formulas.push_back({exact + ")", "step 4"});
    p.values.push_back(namedDouble("smo_bias", m.solution.bias));
    p.formulas.push_back({"b = " + num(m.solution.bias), "SMO's bias; by hand b = −t"});
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
      out.push_back("The canvas does not hold this tutorial's points: press Try it to load them.");
    }
    if (!lab.model.valid) out.push_back("The lab has no solver for the canvas's points.");
  }
  return out;
}

bool pageShowsLiveStep(const TutorialState& t) {
  return (t.id == "smo" && t.page() > 0) || onLivePage(t);
}

bool pageShowsGramHeatmap(const TutorialState& t) {
  return t.id == "mercer" && t.page() == 0;
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
  TutorialState next = t;
  // Another tutorial starts on the notes' data: the canvas holds the previous one's points.
  if (next.id != found->id) next.source = TutorialSource::Notes;
  next.id = found->id;
  next.open = true;
  refreshTutorial(next, lab);
  if (page) {
    const int count = tutorialPageCount(next);
    if (*page < 0 || *page >= count) {
      return "page " + std::to_string(*page) + " is out of range: '" + found->id +
             "' has pages 0 to " + std::to_string(count - 1);
    }
    next.pageById[next.id] = *page;
  }
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

std::vector<LabAction> tryItActions(const TutorialState& t) {
  const int page = t.page();
  action::LoadSession s;
  const Dataset d = toDataset(notesPoints(t.id, page));
  s.data.points = d.x;
  s.data.labels = d.y;
  s.view = fitView(d);
  s.presetName = "tutorial: " + t.id;
  s.params.kernel = KernelParams::linear();
  s.params.c = kInf;
  // A tight tolerance, so SMO on the canvas lands on the exact α of the derivation (1e-9, as
  // svm_examples.hpp's SmoExampleOptions).
  s.params.eps = 1e-9;
  if (t.id == "kernel-perceptron" || t.id == "mercer") {
    const MercerExampleInput input = mercerNotesExample();
    s.params.kernel = input.kernel;  // (1 + x·z)², course-notes 001's φ
    if (t.id == "mercer" && page == 1) {
      s.params.kernel = input.sigmoid;
      s.params.c =
          1.0;  // the sigmoid's "Gram matrix" is indefinite: a finite box keeps SMO bounded
    }
  } else if (t.id == "soft-margin") {
    static const double cs[] = {kInf, 10.0, 1.0, 0.1};
    s.params.c = page >= 0 && page < 4 ? cs[page] : 1.0;
  } else if (t.id == "smo") {
    // The SMO anatomy pages follow 003's maximal violating pair to a tight tolerance
    // (svm_examples.hpp SmoExampleOptions); page k shows the lab after k updates.
    const SmoExampleOptions options;
    s.params.rule = options.rule;
    s.params.eps = options.eps;
    const int last = tutorialPageCount(t) - 1;
    s.step = page == last && page > 0 ? s.params.maxSteps : page;
  }
  return {LabAction{s}};
}

std::string tryItDescription(const TutorialState& t) {
  const int page = t.page();
  std::string what = "Loads the notes' points onto the canvas";
  if (t.id == "kernel-perceptron" || (t.id == "mercer" && page != 1)) {
    what += " with the kernel (1 + x·z)²";
  } else if (t.id == "mercer") {
    what += " with the sigmoid kernel tanh(x·z), C = 1";
  } else if (t.id == "soft-margin") {
    static const char* cs[] = {"C = ∞ (hard margin)", "C = 10", "C = 1", "C = 0.1"};
    what += std::string(", linear kernel, ") + (page >= 0 && page < 4 ? cs[page] : "C = 1");
  } else if (t.id == "smo") {
    const int last = tutorialPageCount(t) - 1;
    what += ", linear kernel, C = ∞, 003's maximal violating pair, and " +
            (page == last && page > 0
                 ? std::string("runs SMO to convergence")
                 : "takes " + std::to_string(page) + " SMO step" + (page == 1 ? "" : "s"));
  } else {
    what += ", linear kernel, C = ∞ (hard margin)";
  }
  return what + "; the derivation then follows your edits.";
}

std::optional<std::string> tutorialTryIt(TutorialState& t, LabState& lab) {
  for (const LabAction& a : tryItActions(t)) {
    if (auto error = apply(lab, a, true)) return error;
  }
  t.source = TutorialSource::Canvas;
  refreshTutorial(t, lab);
  return std::nullopt;
}

std::optional<std::string> dispatchTutorialJson(TutorialState& t, LabState& lab,
                                                std::string_view json) {
  const JsonParse parsed = parseJson(json);
  if (!parsed.ok() || !parsed.value->isObject()) return std::nullopt;
  const JsonValue& v = *parsed.value;
  const JsonValue* type = v.find("type");
  if (!type || !type->isString()) return std::nullopt;
  const std::string& name = type->asString();
  auto reply = [](const std::optional<std::string>& error) {
    if (!error) return std::string("{\"ok\":true}");
    return "{\"ok\":false,\"error\":" + jsonQuote(*error) + "}";
  };
  if (name == "openTutorial") {
    const JsonValue* id = v.find("id");
    if (!id || !id->isString()) return reply(std::string("openTutorial: \"id\" must be a string"));
    std::optional<int> page;
    if (const JsonValue* p = v.find("page"); p && !p->isNull()) {
      if (!p->isNumber() || std::floor(p->asNumber()) != p->asNumber() ||
          std::fabs(p->asNumber()) > 1e6) {
        return reply(std::string("openTutorial: \"page\" must be a whole number"));
      }
      page = static_cast<int>(p->asNumber());
    }
    return reply(openTutorial(t, lab, id->asString(), page));
  }
  if (name == "tutorialNext" || name == "tutorialBack") {
    refreshTutorial(t, lab);
    if (name == "tutorialNext") {
      tutorialNext(t);
    } else {
      tutorialBack(t);
    }
    return reply(std::nullopt);
  }
  if (name == "closeTutorial") {
    closeTutorial(t);
    return reply(std::nullopt);
  }
  if (name == "tutorialTryIt") {
    refreshTutorial(t, lab);
    return reply(tutorialTryIt(t, lab));
  }
  if (name == "tutorialSource") {
    const JsonValue* s = v.find("source");
    if (!s || !s->isString() || (s->asString() != "notes" && s->asString() != "canvas")) {
      return reply(std::string("tutorialSource: \"source\" must be \"notes\" or \"canvas\""));
    }
    t.source = s->asString() == "notes" ? TutorialSource::Notes : TutorialSource::Canvas;
    refreshTutorial(t, lab);
    return reply(std::nullopt);
  }
  return std::nullopt;
}

std::string tutorialStateJson(TutorialState& t, const LabState& lab) {
  refreshTutorial(t, lab);
  const TutorialPage page = tutorialPage(t, lab);
  std::string out = "{\"open\":" + std::string(t.open ? "true" : "false");
  out += ",\"id\":" + jsonQuote(t.id);
  out += ",\"page\":" + std::to_string(t.page());
  out += ",\"pageCount\":" + std::to_string(tutorialPageCount(t));
  out += ",\"title\":" + jsonQuote(t.derived ? t.derived->title : "");
  out += ",\"pageTitle\":" + jsonQuote(page.title);
  out += ",\"source\":" + jsonQuote(t.source == TutorialSource::Canvas ? "canvas" : "notes");
  out += ",\"dataNote\":" + jsonQuote(t.dataNote);
  out += ",\"derivations\":" + std::to_string(t.derivations);
  out += ",\"values\":[";
  for (std::size_t i = 0; i < page.values.size(); ++i) {
    const NamedValue& nv = page.values[i];
    out += (i ? "," : "") + std::string("{\"name\":") + jsonQuote(nv.name) +
           ",\"exact\":" + jsonQuote(nv.exact) + ",\"value\":" + jsonNumber(nv.value) + "}";
  }
  out += "],\"formulas\":[";
  for (std::size_t i = 0; i < page.formulas.size(); ++i) {
    out += (i ? "," : "") + jsonQuote(page.formulas[i].text);
  }
  out += "],\"warnings\":[";
  const auto warnings = tutorialWarnings(t, lab);
  for (std::size_t i = 0; i < warnings.size(); ++i) out += (i ? "," : "") + jsonQuote(warnings[i]);
  out += "],\"notesCorrection\":" + jsonQuote(page.notesCorrection);
  out += ",\"tryIt\":" + jsonQuote(tryItDescription(t));
  out += ",\"live\":";
  const auto& last = lab.history ? lab.history->lastStep() : std::optional<SmoStep>();
  if (pageShowsLiveStep(t) && last) {
    out += "{\"step\":" + std::to_string(lab.stepCount()) + ",\"i\":" + std::to_string(last->i) +
           ",\"j\":" + std::to_string(last->j) + ",\"lambda\":" + jsonNumber(last->step) +
           ",\"unclipped\":" + jsonNumber(last->unclippedStep) +
           ",\"violation\":" + jsonNumber(last->violation) +
           ",\"objectiveAfter\":" + jsonNumber(last->objectiveAfter) + "}";
  } else {
    out += "null";
  }
  out += "}";
  return out;
}

}  // namespace kpg::app
