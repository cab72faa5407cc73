// The links and sessions students and teachers already hold must open the same way after every
// change to the app: share links (#s=…) of the lab, of every method, of tutorials, page settings
// and exercises; saved sessions; and course-page addresses (?preset=…&lock=…). The corpus
// (tests/app/corpus/links.txt) was made by the release before the method registry; each entry is
// opened in a fresh app, any replay run to its end, and the whole state tree (window.kpg.state(),
// appStateJson, without the version and the frame counters) must equal the one that release gave
// (tests/app/corpus/links.expected), line for line.
//
// Regenerate both only for a deliberate change of what a link opens, and say why in the commit:
//   KPG_LINK_CORPUS_WRITE=1 build/dev/tests/app/kpg_app_tests "[.corpus-write]"
//   KPG_LINK_CORPUS_WRITE=1 build/dev/tests/app/kpg_app_tests "[link-corpus]"
#include "exercises/exercise.hpp"
#include "exercises/exercise_state.hpp"
#include "io/json.hpp"
#include "io/session_json.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"
#include "session/url_params.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::app;

namespace {

const std::string kCorpusDir = KPG_APP_TEST_DIR "/corpus/";

bool writing() {
  const char* v = std::getenv("KPG_LINK_CORPUS_WRITE");
  return v != nullptr && std::string(v) == "1";
}

// Runs what the frames would: the tutorial's canvas, a replay and a Live re-convergence to
// their ends (each frame's budget is generous; at most 10 000 frames).
void settle(AppState& app) {
  for (int frame = 0; frame < 10000; ++frame) {
    followTutorialPage(app.tutorial, app.lab);
    if (!app.lab.replay && !app.lab.live.pending && !app.lab.playback.running) return;
    advance(app.lab, 1.0 / 60, 1000);
  }
  FAIL("the app did not settle within 10000 frames");
}

// The state tree without what differs between builds and runs of the same state.
// Members of state() added after the corpus was recorded: a link of that release cannot open
// what did not exist, so each must read null there, and is then left out of the comparison.
constexpr const char* kAddedSinceCorpus[] = {"featureSpace"};

std::string canonicalState(AppState& app) {
  JsonValue state = appStateJson(app);
  auto& members = state.members();
  for (const char* added : kAddedSinceCorpus) {
    const auto it = std::find_if(members.begin(), members.end(),
                                 [added](const auto& m) { return m.first == added; });
    REQUIRE(it != members.end());
    CHECK(it->second.isNull());
    members.erase(it);
  }
  members.erase(std::remove_if(members.begin(), members.end(),
                               [](const auto& m) {
                                 return m.first == "version" || m.first == "frame" ||
                                        m.first == "render";
                               }),
                members.end());
  return writeJson(state);
}

// Opens one corpus entry ("share\t#s=…", "session\t{…}", "url\t?…") in a fresh app.
std::string openEntry(const std::string& kind, const std::string& text) {
  auto app = std::make_unique<AppState>();
  std::string outcome;
  if (kind == "share") {
    const AppLinkParse link = parseAppShareHash(text);
    REQUIRE(link.present);
    outcome = link.ok() ? applyAppLink(*app, *link.link).value_or("opened") : link.error;
  } else if (kind == "session") {
    const ActionReply reply = importSessionInto(*app, text, "import session file");
    outcome = reply.ok() ? "opened" : reply.error;
  } else if (kind == "url") {
    outcome = "opened";
    for (const std::string& e : applyUrlParams(*app, parseUrlParams(text))) outcome += "; " + e;
  } else {
    FAIL("unknown corpus kind " << kind);
  }
  settle(*app);
  return outcome + "\t" + canonicalState(*app);
}

std::vector<std::pair<std::string, std::string>> readCorpus() {
  std::ifstream in(kCorpusDir + "links.txt");
  REQUIRE(in);
  std::vector<std::pair<std::string, std::string>> entries;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    entries.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return entries;
}

// Sends window.kpg actions to a fresh app and returns it settled.
std::unique_ptr<AppState> appAfter(const std::vector<std::string>& actions) {
  auto app = std::make_unique<AppState>();
  ActionRouter router = makeAppRouter(*app);
  for (const std::string& a : actions) {
    const ActionReply reply = router.dispatch(std::string_view(a));
    INFO(a << " -> " << reply.error);
    REQUIRE(reply.ok());
    settle(*app);
  }
  return app;
}

}  // namespace

// Makes tests/app/corpus/links.txt from states built by window.kpg's actions (hidden: run only
// to regenerate the corpus, see above).
TEST_CASE("Link corpus: write the corpus of links", "[.corpus-write]") {
  REQUIRE(writing());
  const std::vector<std::vector<std::string>> states = {
      {},
      {R"({"type":"preset","name":"moons"})", R"({"type":"setKernel","kernel":"rbf","gamma":2})",
       R"({"type":"setC","C":10})", R"({"type":"step","n":15})"},
      {R"({"type":"preset","name":"xor"})",
       R"({"type":"setKernel","kernel":"polynomial","gamma":1,"coef0":1,"degree":3})",
       R"({"type":"setC","C":"inf"})", R"({"type":"setRule","rule":"first-order"})",
       R"({"type":"setBias","rule":"average"})", R"({"type":"step","n":5})"},
      {R"({"type":"generate","name":"circles","count":60,"noise":0.1,"seed":4})",
       R"({"type":"setKernel","kernel":"sigmoid","gamma":0.5,"coef0":-1})",
       R"({"type":"setC","C":1})", R"({"type":"setEps","eps":0.01})", R"({"type":"step","n":3})"},
      {R"({"type":"preset","name":"separable"})", R"({"type":"setKernel","kernel":"linear"})",
       R"({"type":"setMaxSteps","maxSteps":50})",
       R"({"type":"addPoint","x":0.5,"y":0.25,"label":-1})",
       R"({"type":"runToConvergence","budgetMs":2000})"},
      {R"({"type":"preset","name":"perceptron"})", R"({"type":"setMode","mode":"perceptron"})",
       R"({"type":"setModeParams","form":"kernel","rule":"<0"})", R"({"type":"modeStep","n":4})"},
      {R"({"type":"preset","name":"xor"})", R"({"type":"setMode","mode":"knn"})",
       R"({"type":"setModeParams","K":5})"},
      {R"({"type":"preset","name":"blobs"})", R"({"type":"setMode","mode":"kmeans"})",
       R"({"type":"setModeParams","k":3,"seed":2})", R"({"type":"modeStep","n":2})"},
      {R"({"type":"preset","name":"circles"})", R"({"type":"setMode","mode":"kpca"})",
       R"({"type":"setModeParams","component":2})"},
      {R"({"type":"preset","name":"moons"})", R"({"type":"setMode","mode":"kfd"})",
       R"({"type":"setModeParams","form":"kfd","mu":0.01})"},
      {R"({"type":"setMode","mode":"svr"})", R"({"type":"modePreset","name":"sine","count":30})",
       R"({"type":"setModeParams","C":5,"epsilon":0.2})", R"({"type":"modeStep","n":6})"},
  };
  std::ofstream out(kCorpusDir + "links.txt");
  out << "# The link corpus (tests/app/link_corpus_test.cpp): kind, a tab, the link or session.\n";
  for (const auto& actions : states) {
    auto app = appAfter(actions);
    out << "share\t" << appShareHash(*app) << "\n";
    if (app->modes.mode == Mode::Svm) out << "session\t" << sessionToJson(app->lab) << "\n";
  }
  // Every tutorial at its first and last page, on the notes' data.
  for (const TutorialEntry& t : tutorialEntries()) {
    auto app = std::make_unique<AppState>();
    REQUIRE_FALSE(openTutorial(app->tutorial, app->lab, t.id, 0));
    settle(*app);
    out << "share\t" << appShareHash(*app) << "\n";
    setTutorialPage(app->tutorial, tutorialPageCount(app->tutorial) - 1);
    settle(*app);
    out << "share\t" << appShareHash(*app) << "\n";
  }
  // Every built-in exercise, and a page's settings.
  for (const Exercise& e : builtinExercises()) {
    auto app = std::make_unique<AppState>();
    REQUIRE_FALSE(openExercise(*app, e, true));
    settle(*app);
    out << "share\t" << exerciseShareHash(*app) << "\n";
  }
  for (const char* query :
       {"?preset=moons&kernel=rbf&gamma=2&C=10&step=5", "?method=kmeans&preset=blobs",
        "?tutorial=smo&page=2", "?preset=xor&kernel=polynomial&degree=2&coef0=1&C=inf&step=3",
        "?lock=C,kernel&panels=canvas,controls,pair&embed=1", "?exercise=smo-first-pair",
        "?method=kpca&preset=circles&gamma=0.5"}) {
    out << "url\t" << query << "\n";
  }
}

TEST_CASE("Link corpus: the previous release's links and sessions open identically",
          "[app][link-corpus]") {
  const auto entries = readCorpus();
  REQUIRE(entries.size() >= 40);
  std::vector<std::string> opened;
  for (const auto& [kind, text] : entries) opened.push_back(kind + "\t" + openEntry(kind, text));
  if (writing()) {
    std::ofstream out(kCorpusDir + "links.expected");
    for (const std::string& line : opened) out << line << "\n";
    return;
  }
  std::ifstream in(kCorpusDir + "links.expected");
  REQUIRE(in);
  std::vector<std::string> expected;
  std::string line;
  while (std::getline(in, line)) expected.push_back(line);
  REQUIRE(expected.size() == opened.size());
  for (std::size_t k = 0; k < opened.size(); ++k) {
    INFO("corpus entry " << k + 1 << ": " << entries[k].first << " "
                         << entries[k].second.substr(0, 80));
    CHECK(opened[k] == expected[k]);
  }
  // Opening twice gives the same: the comparison is of the state, not of a clock.
  CHECK(openEntry(entries[1].first, entries[1].second) ==
        opened[1].substr(opened[1].find('\t') + 1));
}
