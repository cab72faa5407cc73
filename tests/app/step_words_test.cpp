// The lab's steps in words (lab/step_words.hpp): the live region a screen reader announces.
#include "lab/step_words.hpp"
#include "tutorials/tutorial.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <regex>
#include <string>

using namespace kpg;
using namespace kpg::app;

TEST_CASE(
    "stepAnnouncement: the hand-solved example's first step and its convergence, numbered "
    "from 1",
    "[app][words]") {
  LabState lab = makeLabState();  // notes 001 Q7: two points of class +1, one of class −1
  REQUIRE(apply(lab, action::SetLive{false}, false) == std::nullopt);
  CHECK(stepAnnouncement(lab) == "step 0: no pair update yet");

  REQUIRE(apply(lab, action::Step{1}, false) == std::nullopt);
  const std::string first = stepAnnouncement(lab);
  INFO(first);
  // From α = 0 the pair has opposite labels, so Σ αᵢyᵢ = 0 makes both α equal after the update.
  const std::regex shape(
      "step 1: pair ([123]) and ([123]), α([^ ]+) 0 → ([0-9.]+), α([^ ]+) 0 → ([0-9.]+)");
  std::smatch m;
  REQUIRE(std::regex_search(first, m, shape));
  CHECK(m[4].str() == m[6].str());
  const SmoStep& s = *lab.history->lastStep();
  CHECK(m[1].str() == std::to_string(s.i + 1));  // 1-based on screen, 0-based inside
  CHECK(m[2].str() == std::to_string(s.j + 1));
  CHECK(lab.data.labels(s.i) != lab.data.labels(s.j));
  CHECK(m[3].str() == kpg::subscript(static_cast<int>(s.i) + 1));
  CHECK(m[5].str() == kpg::subscript(static_cast<int>(s.j) + 1));
  CHECK(first.find("α₀") == std::string::npos);

  REQUIRE(apply(lab, action::RunToConvergence{}, false) == std::nullopt);
  const std::string last = stepAnnouncement(lab);
  INFO(last);
  CHECK(last.rfind("step " + std::to_string(lab.stepCount()) + ": ", 0) == 0);
  CHECK(last.find("; converged: m(α) − M(α) = ") != std::string::npos);
  CHECK(last.find("≤ eps 1e-09") != std::string::npos);  // the preset's eps, 1e-9
}

TEST_CASE("clipWords: a clipped step says which bound it met", "[app][words]") {
  SmoStep s;
  s.updated = true;
  s.unclippedStep = 2.0;
  s.step = 2.0;
  s.alphaIAfter = 0.5;
  s.alphaJAfter = 0.5;
  CHECK(clipWords(s, 1.0).empty());  // the unclipped minimiser
  s.step = 1.0;
  s.alphaIAfter = 1.0;
  CHECK(clipWords(s, 1.0) == "clipped at C");
  s.alphaIAfter = 0.25;
  s.alphaJAfter = 0.0;
  CHECK(clipWords(s, 1.0) == "clipped at 0");
  // Hard margin (C = ∞): only 0 can clip.
  s.alphaJAfter = 0.0;
  CHECK(clipWords(s, std::numeric_limits<double>::infinity()) == "clipped at 0");
  s.updated = false;
  CHECK(clipWords(s, 1.0).empty());
}

TEST_CASE("marginPositionWords: the hover card's words for y·f(x), on the margin within eps",
          "[app][words]") {
  CHECK(std::string(marginPositionWords(2.5, 1e-3)) == "outside the margin");
  CHECK(std::string(marginPositionWords(1.0005, 1e-3)) == "on the margin");
  CHECK(std::string(marginPositionWords(0.9995, 1e-3)) == "on the margin");
  CHECK(std::string(marginPositionWords(1.01, 1e-3)) == "outside the margin");
  CHECK(std::string(marginPositionWords(0.5, 1e-3)) == "inside the margin, right side");
  CHECK(std::string(marginPositionWords(0.0, 1e-3)) == "on the boundary");
  CHECK(std::string(marginPositionWords(-1e-4, 1e-3)) == "on the boundary");
  CHECK(std::string(marginPositionWords(-0.2, 1e-3)) == "wrong side of the boundary");

  // Notes 001 Q7 converged: all three points are support vectors with 0 < α < C, so each lies
  // on its margin (y·f = 1), which the old card called "outside the margin".
  LabState lab = makeLabState();
  REQUIRE(apply(lab, action::RunToConvergence{}, false) == std::nullopt);
  REQUIRE(lab.model.valid);
  REQUIRE(lab.model.decision.size() == 3);
  for (Eigen::Index i = 0; i < 3; ++i) {
    const double yf = lab.data.labels(i) * lab.model.decision(i);
    INFO("point " << i + 1 << ": y·f = " << yf);
    CHECK(std::string(marginPositionWords(yf, lab.params.eps)) == "on the margin");
  }
}
