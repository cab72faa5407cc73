// A course page's address parameters and locks: session/url_params.hpp,
// session/page_settings.hpp, and the router's guard (session/app_actions.cpp).
#include "session/url_params.hpp"
#include "io/session_json.hpp"
#include "io/share_link.hpp"
#include "session/app_actions.hpp"
#include "session/app_link.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

using namespace kpg;
using namespace kpg::app;

namespace {

std::string stateText(AppState& app) {
  return writeJson(appStateJson(app));
}

void finishReplay(LabState& lab) {
  for (int k = 0; k < 10000 && (lab.replay || lab.playback.running); ++k) advance(lab, 0.1, 50);
}

}  // namespace

TEST_CASE("URL parameters: a course page's address sets up the lab and its locks", "[app][url]") {
  const UrlParams p = parseUrlParams(
      "?preset=moons&kernel=rbf&gamma=2&C=10&lock=all&unlock=gamma&panels=controls,canvas"
      "&embed=1&autorun=1");
  REQUIRE(p.errors.empty());
  auto app = std::make_unique<AppState>();
  REQUIRE(applyUrlParams(*app, p).empty());
  CHECK(app->lab.presetName == "moons");
  CHECK(app->lab.params.kernel.type == KernelType::Rbf);
  CHECK(app->lab.params.kernel.gamma == 2);
  CHECK(app->lab.params.c == 10);
  CHECK(app->page.embed);
  CHECK(app->page.autorun);
  CHECK(app->page.showsPanel(Panel::Controls));
  CHECK(app->page.showsPanel(Panel::Canvas));
  CHECK_FALSE(app->page.showsPanel(Panel::Pair));
  CHECK_FALSE(app->page.showsPanel(Panel::Toolbar));
  for (LockedControl c : {LockedControl::Kernel, LockedControl::C, LockedControl::Data,
                          LockedControl::Step, LockedControl::Solver, LockedControl::Method})
    CHECK(app->page.locks.has(c));
  CHECK_FALSE(app->page.locks.has(LockedControl::Gamma));

  // autorun: the frame loop runs the solver to convergence by itself.
  autorunIfAsked(*app);
  finishReplay(app->lab);
  CHECK(app->lab.model.status == SmoStatus::Converged);

  // Percent-encoding and the method, tutorial and page.
  const UrlParams q =
      parseUrlParams("method=kpca&preset=circles&tutorial=smo&page=1&lock=step%2Cdata");
  REQUIRE(q.errors.empty());
  auto b = std::make_unique<AppState>();
  REQUIRE(applyUrlParams(*b, q).empty());
  CHECK(b->modes.mode == Mode::Kpca);
  CHECK(b->tutorial.open);
  CHECK(b->tutorial.page() == 1);
  CHECK(b->page.locks.has(LockedControl::Step));
  CHECK(b->page.locks.has(LockedControl::Data));
  CHECK_FALSE(b->page.locks.has(LockedControl::C));

  // No parameters: nothing to do.
  CHECK(parseUrlParams("").empty());
  CHECK(parseUrlParams("?").empty());
}

TEST_CASE(
    "URL parameters: a bad one names itself, its value and what to write; the rest apply (W16)",
    "[app][url]") {
  const UrlParams p = parseUrlParams(
      "preset=moons&gamma=abc&kernel=gaussian&lock=kernal,C&C=1e9&step=-3&panels=canvas,chart"
      "&embed=maybe&colour=red&degree=0");
  REQUIRE(p.errors.size() == 9);
  CHECK(p.errors[0] ==
        "address parameter gamma=abc: γ (gamma) must be between 0 and 1e6; write e.g. "
        "gamma=0.5");
  CHECK(p.errors[1] ==
        "address parameter kernel=gaussian: unknown kernel; write one of linear, "
        "polynomial, rbf, sigmoid");
  CHECK(p.errors[2] ==
        "address parameter lock=kernal,C: unknown control \"kernal\"; the controls "
        "are kernel, C, gamma, data, step, solver, method (or all)");
  CHECK(p.errors[3] ==
        "address parameter C=1e9: C must be between 1e-6 and 1e6, or inf (the hard "
        "margin); write e.g. C=10");
  CHECK(p.errors[4] ==
        "address parameter step=-3: the step must be a whole number from 0 to "
        "10000000; write e.g. step=0");
  CHECK(p.errors[5] ==
        "address parameter panels=canvas,chart: unknown panel \"chart\"; the panels "
        "are controls, canvas, pair, dual, convergence, status, toolbar; all are "
        "shown");
  CHECK(p.errors[6] == "address parameter embed=maybe: write embed=1 (on) or embed=0 (off)");
  CHECK(p.errors[7].rfind("address parameter \"colour\" is not one the app reads; it was ignored",
                          0) == 0);
  CHECK(p.errors[8] ==
        "address parameter degree=0: the degree p must be a whole number between 1 "
        "and 20; write e.g. degree=3");
  auto app = std::make_unique<AppState>();
  const std::vector<std::string> errors = applyUrlParams(*app, p);
  CHECK(errors.size() == 9);
  // What was good applied: the preset, and C locked (the good half of lock=kernal,C).
  CHECK(app->lab.presetName == "moons");
  CHECK(app->page.locks.has(LockedControl::C));
  CHECK_FALSE(app->page.locks.has(LockedControl::Kernel));
  CHECK(app->page.showsPanel(Panel::Pair));  // the bad panels list is ignored whole

  // A tutorial page out of range is reported when applied, naming the parameter.
  auto b = std::make_unique<AppState>();
  const auto late = applyUrlParams(*b, parseUrlParams("tutorial=smo&page=999"));
  REQUIRE(late.size() == 1);
  CHECK(late[0].rfind("address parameter tutorial=smo: ", 0) == 0);
  CHECK(late[0].find("write e.g. tutorial=smo&page=0") != std::string::npos);
  CHECK_FALSE(b->tutorial.open);

  // An address too long to be a course page's is refused whole, with the way out.
  const UrlParams huge = parseUrlParams(std::string(kMaxUrlQueryChars + 1, 'a'));
  REQUIRE(huge.errors.size() == 1);
  CHECK(huge.errors[0].find("put the session in a share link") != std::string::npos);
}

TEST_CASE("Locks: window.kpg.dispatch refuses a locked action and changes nothing", "[app][url]") {
  auto app = std::make_unique<AppState>();
  REQUIRE(
      applyUrlParams(*app, parseUrlParams("preset=moons&kernel=rbf&gamma=1&lock=all&unlock=gamma"))
          .empty());
  const ActionRouter router = makeAppRouter(*app);
  const std::string before = stateText(*app);
  const struct {
    const char* action;
    const char* error;
  } refused[] = {
      {R"({"type":"setC","C":5})",
       "$.type: \"setC\" is refused: C is locked on this page (lock=C in its address or exercise); "
       "nothing was changed"},
      {R"({"type":"step","n":1})",
       "$.type: \"step\" is refused: Stepping is locked on this page (lock=step in its address or "
       "exercise); nothing was changed"},
      {R"({"type":"addPoint","x":0,"y":0,"label":1})",
       "$.type: \"addPoint\" is refused: The data are locked on this page (lock=data in its "
       "address or exercise); nothing was changed"},
      {R"({"type":"setKernel","kernel":"linear"})",
       "$.type: \"setKernel\" is refused: The kernel is locked on this page (lock=kernel in its "
       "address or exercise); nothing was changed"},
      {R"({"type":"setEps","eps":0.1})",
       "$.type: \"setEps\" is refused: The solver's settings are locked on this page (lock=solver "
       "in its address or exercise); nothing was changed"},
      {R"({"type":"setMode","mode":"kpca"})",
       "$.type: \"setMode\" is refused: The method is locked on this page (lock=method in its "
       "address or exercise); nothing was changed"},
      {R"({"type":"modeStep","n":1})", nullptr},
      {R"({"type":"preset","name":"xor"})", nullptr},
      {R"({"type":"importData","text":"1 1:0 2:0\n-1 1:1 2:1\n","format":"libsvm"})", nullptr},
      {R"({"type":"tutorialTryIt"})", nullptr},
      {R"({"type":"runToConvergence"})", nullptr},
      {R"({"type":"reset"})", nullptr},
      {R"({"type":"undo"})", nullptr},
  };
  for (const auto& r : refused) {
    INFO(r.action);
    const ActionReply reply = router.dispatch(std::string_view(r.action));
    REQUIRE_FALSE(reply.ok());
    if (r.error) CHECK(reply.error == r.error);
    CHECK(reply.error.find("locked on this page") != std::string::npos);
    CHECK(stateText(*app) == before);
  }
  // γ is not locked: changing only γ passes; the view and the notices are not locks.
  CHECK(router.dispatch(std::string_view(R"({"type":"setKernel","kernel":"rbf","gamma":3})")).ok());
  CHECK(app->lab.params.kernel.gamma == 3);
  CHECK(
      router
          .dispatch(std::string_view(R"({"type":"setView","xMin":-2,"xMax":3,"yMin":-2,"yMax":3})"))
          .ok());
  CHECK(router.dispatch(std::string_view(R"({"type":"pause"})")).ok());
  // A malformed action is still reported by its handler, with its path.
  CHECK(router.dispatch(std::string_view(R"({"type":"setKernel","kernel":"rbf","gamma":-1})"))
            .error == "$.gamma: must be between 0 and 1000000, got -1");

  // The UI's path (dispatchUi): the same decision on the LabAction.
  CHECK(lockedError(app->page.locks, app->lab, action::Step{1}));
  CHECK(lockedError(app->page.locks, app->lab, action::MovePoint{0, 1, 1, true}));
  CHECK_FALSE(lockedError(app->page.locks, app->lab, action::SetView{}));
  KernelParams gammaOnly = app->lab.params.kernel;
  gammaOnly.gamma = 0.25;
  CHECK_FALSE(lockedError(app->page.locks, app->lab, action::SetKernel{gammaOnly}));
  KernelParams otherDegree = gammaOnly;
  otherDegree.degree = 5;
  CHECK(lockedError(app->page.locks, app->lab, action::SetKernel{otherDegree}));
}

TEST_CASE("Locks: a share link keeps the page's settings and restores them (W1)", "[app][url]") {
  auto a = std::make_unique<AppState>();
  REQUIRE(applyUrlParams(*a, parseUrlParams("preset=hand-solved&lock=kernel,C,gamma,data&"
                                            "panels=controls,canvas,pair&embed=1"))
              .empty());
  const std::string hash = appShareHash(*a);
  const AppLinkParse parsed = parseAppShareHash(hash);
  REQUIRE(parsed.ok());
  auto b = std::make_unique<AppState>();
  REQUIRE_FALSE(applyAppLink(*b, *parsed.link));
  CHECK(b->page == a->page);
  CHECK(appShareHash(*b) == hash);
  // The page's locks do not stop a link from opening (the app applies it, not the student), and
  // a link without "page" clears them.
  auto c = std::make_unique<AppState>();
  const AppLinkParse plain = parseAppShareHash(appShareHash(*c));
  REQUIRE(plain.ok());
  REQUIRE_FALSE(applyAppLink(*b, *plain.link));
  CHECK(b->page.isDefault());

  // A bad "page" member is refused with its path and changes nothing.
  const std::string session = sessionToJson(c->lab);
  const auto link = [&](const std::string& extra) {
    return "#s=" + base64UrlEncode(session.substr(0, session.size() - 1) + "," + extra + "}");
  };
  CHECK(parseAppShareHash(link(R"("page":{"locks":["C","nope"]})")).error ==
        "$.page.locks[1]: unknown control \"nope\" (the controls are kernel, C, gamma, data, step, "
        "solver, method)");
  CHECK(parseAppShareHash(link(R"("page":{"embed":1})")).error ==
        "$.page.embed: expected true or false");
  CHECK(parseAppShareHash(link(R"("page":{"panels":["pair","sidebar"]})")).error ==
        "$.page.panels[1]: unknown panel \"sidebar\" (the panels are controls, canvas, pair, dual, "
        "convergence, status, toolbar)");
  CHECK(
      parseAppShareHash(link(R"("page":{"theme":"dark"})")).error.rfind("$.page: unknown key", 0) ==
      0);
}
