// The app's share link (session/app_link.hpp): the lab's session plus the method and the
// tutorial page, all restored together or nothing (docs/bad-inputs.md W1).
#include "session/app_link.hpp"
#include "io/json.hpp"
#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "modes/mode_json.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using namespace kpg::app;

namespace {

struct App {
  LabState lab = makeLabState();
  ModesState modes;
  TutorialState tutorial;
};

}  // namespace

TEST_CASE("App link: the method and the tutorial page travel with the session", "[app][link]") {
  App a;
  REQUIRE_FALSE(apply(a.lab, action::LoadPreset{"moons"}, false));
  REQUIRE_FALSE(apply(a.lab, action::Step{7}, false));
  setMode(a.modes, a.lab, Mode::Kpca);
  REQUIRE_FALSE(openTutorial(a.tutorial, a.lab, "smo", 2));
  const std::string hash = appShareHash(a.modes, a.tutorial, a.lab);

  App b;
  const AppLinkParse parsed = parseAppShareHash(hash);
  REQUIRE(parsed.ok());
  REQUIRE_FALSE(applyAppLink(b.modes, b.tutorial, b.lab, *parsed.link));
  CHECK(b.modes.mode == Mode::Kpca);
  CHECK(b.tutorial.open);
  CHECK(b.tutorial.id == "smo");
  CHECK(b.tutorial.page() == a.tutorial.page());
  // The canvas follows the page (003's three points at step 2); the link's own lab waits for the
  // tutorial to close, and is what b's link carries again.
  CHECK(b.lab.pointCount() == 3);
  CHECK(b.lab.stepCount() == 2);
  CHECK(sessionToJson(studentLab(b.tutorial, b.lab)) == sessionToJson(a.lab));
  CHECK(appShareHash(b.modes, b.tutorial, b.lab) == hash);
  closeTutorial(b.tutorial);
  CHECK(followTutorialPage(b.tutorial, b.lab));
  CHECK(sessionToJson(b.lab) == sessionToJson(a.lab));

  // A link of the session alone (share_link.hpp, before this change) still opens: SVM lab, no
  // tutorial.
  const AppLinkParse old = parseAppShareHash(shareHash(a.lab));
  REQUIRE(old.ok());
  REQUIRE_FALSE(applyAppLink(b.modes, b.tutorial, b.lab, *old.link));
  CHECK(b.modes.mode == Mode::Svm);
  CHECK_FALSE(b.tutorial.open);
}

TEST_CASE("App link: a bad method or tutorial is refused and changes nothing (W1)", "[app][link]") {
  App a;
  const std::string session = sessionToJson(a.lab);
  const auto link = [&](const std::string& extra) {
    return "#s=" + base64UrlEncode(session.substr(0, session.size() - 1) + "," + extra + "}");
  };
  CHECK(parseAppShareHash(link(R"("mode":"magic")")).error == "$.mode: unknown method \"magic\"");
  CHECK(parseAppShareHash(link(R"("tutorial":{"id":"nope"})")).error ==
        "$.tutorial.id: unknown tutorial \"nope\"");
  CHECK(parseAppShareHash(link(R"("tutorial":{"id":"smo","extra":1})"))
            .error.rfind("$.tutorial: unknown key", 0) == 0);
  CHECK(parseAppShareHash(link(R"("bogus":1)")).error.rfind("$: unknown key", 0) == 0);
  // A page beyond the tutorial's: the session is not applied either.
  const AppLinkParse far = parseAppShareHash(link(R"("tutorial":{"id":"smo","page":999})"));
  REQUIRE(far.ok());
  REQUIRE_FALSE(apply(a.lab, action::LoadPreset{"xor"}, false));
  const std::string before = sessionToJson(a.lab);
  const auto error = applyAppLink(a.modes, a.tutorial, a.lab, *far.link);
  REQUIRE(error);
  CHECK(error->rfind("$.tutorial.page: ", 0) == 0);
  CHECK(sessionToJson(a.lab) == before);
  CHECK_FALSE(a.tutorial.open);
}

TEST_CASE("App link: every method's parameters travel with it (modeParams)", "[app][link]") {
  // Each method set away from its defaults by setModeParams, then linked and opened in a fresh
  // app: the same parameters read back, and the link of the opened app is the same link.
  const std::vector<std::pair<Mode, std::string>> changes = {
      {Mode::Perceptron,
       R"({"form":"primal","learningRate":0.25,"bias":false,"rule":"<0","order":"shuffle",)"
       R"("seed":7,"maxEpochs":42,"startBeta":[1,-1],"startBias":-2})"},
      {Mode::Knn, R"({"K":5,"query":[0.5,-1.25]})"},
      {Mode::Kmeans, R"({"k":4,"seed":9,"maxIterations":33})"},
      {Mode::Kpca, R"({"component":3})"},
      {Mode::Kfd, R"({"form":"lda","mu":0.01})"},
      {Mode::Svr, R"({"C":2.5,"epsilon":0.2,"eps":0.0001})"},
      {Mode::FeatureSpace,
       R"({"map":"paraboloid","checkA":2,"checkB":3,"plane":{"azimuth":30,"elevation":45,"offset":1.5}})"},
  };
  for (const auto& [mode, params] : changes) {
    INFO(modeName(mode));
    App a;
    REQUIRE_FALSE(apply(a.lab, action::LoadPreset{"xor"}, false));
    setMode(a.modes, a.lab, mode);
    const JsonParse p = parseJson(params);
    REQUIRE(p.ok());
    REQUIRE_FALSE(applyModeParams(a.modes, a.lab, mode, *p.value, "$"));
    const JsonValue before = modeParamsJson(a.modes, mode);
    // Every member given is written back with the value given.
    for (const auto& [key, value] : p.value->members()) {
      INFO(key);
      REQUIRE(before.find(key));
      CHECK(writeJson(*before.find(key)) == writeJson(value));
    }
    const std::string hash = appShareHash(a.modes, a.tutorial, a.lab);
    App b;
    const AppLinkParse parsed = parseAppShareHash(hash);
    REQUIRE(parsed.ok());
    REQUIRE_FALSE(applyAppLink(b.modes, b.tutorial, b.lab, *parsed.link));
    CHECK(b.modes.mode == mode);
    CHECK(writeJson(modeParamsJson(b.modes, mode)) == writeJson(before));
    CHECK(appShareHash(b.modes, b.tutorial, b.lab) == hash);
  }
  // The lab has no parameters of its own to carry.
  CHECK(modeParamsJson(ModesState{}, Mode::Svm).isNull());
}

TEST_CASE("App link: bad modeParams are refused with their path, before anything is applied",
          "[app][link]") {
  App a;
  const std::string session = sessionToJson(a.lab);
  const auto link = [&](const std::string& extra) {
    return "#s=" + base64UrlEncode(session.substr(0, session.size() - 1) + "," + extra + "}");
  };
  CHECK(parseAppShareHash(link(R"("mode":"featurespace","modeParams":{"map":"cubic"})")).error ==
        "$.modeParams.map: must be one of \"quadratic\", \"product\", \"squares\", "
        "\"paraboloid\", \"kpca\", got \"cubic\"");
  CHECK(parseAppShareHash(link(R"("mode":"kpca","modeParams":{"component":99})"))
            .error.rfind("$.modeParams.component:", 0) == 0);
  CHECK(parseAppShareHash(link(R"("modeParams":{"K":3})")).error ==
        "$.modeParams: a method's parameters need the method: add \"mode\"");
  CHECK(parseAppShareHash(link(R"("mode":"knn","modeParams":[3])")).error ==
        "$.modeParams: must be an object of the method's parameters");
  CHECK(parseAppShareHash(link(R"("mode":"knn","modeParams":{"k":3})"))
            .error.rfind("$.modeParams: unknown key", 0) == 0);
}
