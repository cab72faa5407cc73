#include "tutorials/tutorials.hpp"

#include <catch2/catch.hpp>

TEST_CASE("Tutorials: every catalogued example derives on the notes' data without warnings",
          "[tutorials]") {
  for (const auto& info : kpg::tutorialCatalogue()) {
    INFO(info.id);
    const auto t = kpg::deriveTutorial(info.id);
    REQUIRE(t.has_value());
    CHECK(t->id == info.id);
    CHECK(t->warnings.empty());
    CHECK(t->pages.size() >= 3);
    const std::string text = kpg::renderText(*t);
    CHECK(text.find("Step 1.") != std::string::npos);
  }
  CHECK_FALSE(kpg::deriveTutorial("no-such-example").has_value());
}

TEST_CASE("Tutorials: JSON carries name, exact text and double of each value", "[tutorials]") {
  const auto t = kpg::deriveTutorial("hand-solved-svm");
  REQUIRE(t.has_value());
  const std::string json = kpg::renderJson(*t);
  CHECK(json.find("{\"name\":\"alpha_2\",\"exact\":\"3/8\",\"value\":0.375}") != std::string::npos);
  CHECK(json.find("\"exact\":\"2/√5\"") != std::string::npos);
  CHECK(json.rfind("{\"id\":\"hand-solved-svm\"", 0) == 0);
}

TEST_CASE("Tutorials: points parse exactly from plain and LIBSVM text", "[tutorials]") {
  const auto plain = kpg::parsePoints("# x1 x2 label\n1 3 +1\n2, 1, 1\n0 1 -1\n");
  REQUIRE(plain.points.has_value());
  CHECK(plain.points->x[1] == kpg::RationalVector{2, 1});
  CHECK(plain.points->y == std::vector<int>{1, 1, -1});
  const auto libsvm = kpg::parsePoints("+1 1:0.5 2:3\n-1 2:1\n");
  REQUIRE(libsvm.points.has_value());
  CHECK(libsvm.points->x[0] == kpg::RationalVector{kpg::Rational(1, 2), 3});
  CHECK(libsvm.points->x[1] == kpg::RationalVector{0, 1});
  const auto bad = kpg::parsePoints("1 2 +1\n1 x -1\n");
  CHECK_FALSE(bad.points.has_value());
  CHECK(bad.error == "line 2: 'x' is not a number");
  CHECK(kpg::parsePoints("1 2 0\n").error.find("must be +1 or -1") != std::string::npos);
  CHECK(kpg::parsePoints("1 2 1\n3 -1\n").error.find("has 1 coordinates") != std::string::npos);
  CHECK_FALSE(kpg::parsePoints("# nothing\n").points.has_value());
}

TEST_CASE("Tutorials: the student's points re-derive every example", "[tutorials]") {
  // A 2-D separable set of four points; every tutorial must derive, and the SVM one finds it.
  const auto points = kpg::exactPoints({{0, 0}, {1, 0}, {3, 1}, {4, 2}}, {-1, -1, 1, 1});
  for (const auto& info : kpg::tutorialCatalogue()) {
    INFO(info.id);
    const auto t = kpg::deriveTutorial(info.id, &points);
    REQUIRE(t.has_value());
    CHECK_FALSE(t->pages.empty());
  }
  const auto svm = kpg::deriveTutorial("hand-solved-svm", &points);
  // Support vectors (1, 0) and (3, 1): w = 2(2, 1)/5 = (4/5, 2/5), b = −1 − 4/5 = −9/5.
  CHECK(kpg::findValue(*svm, "w_1")->exact == "4/5");
  CHECK(kpg::findValue(*svm, "w_2")->exact == "2/5");
  CHECK(kpg::findValue(*svm, "b")->exact == "-9/5");
}
