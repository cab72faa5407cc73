// The notes' formulas on screen (src/app/tutorials/formula_text.hpp): matrix
// literals split into aligned grids, value names with drawn subscripts and superscripts.
#include "tutorials/formula_text.hpp"

#include "tutorials/tutorials.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using namespace kpg::app;

TEST_CASE("Formula text: a matrix literal becomes rows of entries", "[app][typography]") {
  const auto m = splitMatrix("X′X′ᵀ = [[10, 5, -3], [5, 5, -1], [-3, -1, 1]]  (Gram)");
  REQUIRE(m);
  CHECK(m->before == "X′X′ᵀ =");
  CHECK(m->after == "(Gram)");
  REQUIRE(m->rows.size() == 3);
  CHECK(m->rows[0] == std::vector<std::string>{"10", "5", "−3"});
  CHECK(m->rows[2] == std::vector<std::string>{"−3", "−1", "1"});
  CHECK(splitMatrix("a single row [[1, 2]]")->rows.size() == 1);
  CHECK_FALSE(splitMatrix("no matrix, only [1, 2]"));
  CHECK_FALSE(splitMatrix("ragged [[1, 2], [3]]"));
  CHECK_FALSE(splitMatrix("empty entry [[1, , 2]]"));
  CHECK_FALSE(splitMatrix("unclosed [[1, 2], [3, 4]"));
}

TEST_CASE("Formula text: minus signs, not hyphens", "[app][typography]") {
  CHECK(minusSigns("-3/4") == "−3/4");
  CHECK(minusSigns("2 - √5") == "2 − √5");
  CHECK(minusSigns("(-1, 2)") == "(−1, 2)");
  CHECK(minusSigns("one-vs-one x-axis") == "one-vs-one x-axis");
}

TEST_CASE("Formula text: value names are written as the notes write them", "[app][typography]") {
  CHECK(mathName("alpha_1") == "α₁");
  CHECK(mathName("K_12") == "K₁₂");
  CHECK(mathName("f_coefficient_x1^2") == "f coefficient x₁²");
  CHECK(mathName("f_coefficient_x1x2") == "f coefficient x₁x₂");
  CHECK(mathName("step_3_i") == "step 3 i");
  CHECK(mathName("sigmoid_eigenvalue_2") == "sigmoid eigenvalue 2");
}

TEST_CASE("Formula text: every matrix the tutorials print splits into a grid",
          "[app][typography]") {
  // No page may show a raw "[[": each is drawn as a grid, so each must parse.
  int matrices = 0;
  for (const char* id : {"hand-solved-svm", "perceptron", "kernel-perceptron", "mercer",
                         "soft-margin", "smo", "geometry"}) {
    const auto tutorial = deriveTutorial(id);
    REQUIRE(tutorial);
    for (const TutorialPage& page : tutorial->pages) {
      for (const auto& formula : page.formulas) {
        if (formula.text.find("[[") == std::string::npos) continue;
        INFO(id << ": " << formula.text);
        CHECK(splitMatrix(formula.text));
        ++matrices;
      }
      for (const std::string& p : page.paragraphs) {
        INFO(id << ": " << p);
        CHECK(p.find("[[") == std::string::npos);
        CHECK(p.find("_{") == std::string::npos);
        CHECK(p.find('^') == std::string::npos);
      }
      for (const auto& formula : page.formulas) {
        INFO(id << ": " << formula.text);
        CHECK(formula.text.find("_{") == std::string::npos);
        CHECK(formula.text.find('^') == std::string::npos);
      }
      INFO(id << ": " << page.notesCorrection);
      CHECK(page.notesCorrection.find("_{") == std::string::npos);
    }
  }
  CHECK(matrices >= 3);
}
