// The n×n memory check (gram_budget.hpp, docs/bad-inputs.md R1) at its limits.

#include "kernel_pca/gram_budget.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using Catch::Matchers::Contains;

TEST_CASE("Gram budget: bytes are n²·8 per matrix, without integer overflow", "[kpca]") {
  CHECK(gramBytes(0, 3) == 0.0);
  CHECK(gramBytes(1000, 1) == 8e6);
  CHECK(gramBytes(1000, 3) == 24e6);
  // n = 4e9: n² = 1.6e19 overflows int64 (9.2e18); in double it is exact enough to refuse.
  CHECK(gramBytes(4000000000LL, 1) == 1.28e20);
}

TEST_CASE("Gram budget: a matrix that fills the budget exactly passes, one more sample fails",
          "[kpca]") {
  // 1 GiB = 2^30 bytes holds one n×n double matrix up to n = 11585: 11585² · 8 =
  // 1 073 697 800 ≤ 1 073 741 824 < 11586² · 8 = 1 073 883 168 (1.0001 GiB, printed "1").
  CHECK_FALSE(checkGramBudget(11585, 1, kDefaultGramBudgetBytes, "kernel PCA").has_value());
  const auto over = checkGramBudget(11586, 1, kDefaultGramBudgetBytes, "kernel PCA");
  REQUIRE(over.has_value());
  CHECK_THAT(*over, Contains("kernel PCA on 11586 samples needs 1 GiB (1 n×n matrices)"));
  CHECK_THAT(*over, Contains("budget 1 GiB"));
  // Exactly equal is allowed: 2 matrices of 4×4 doubles are 256 bytes.
  CHECK_FALSE(checkGramBudget(4, 2, 256, "x").has_value());
  CHECK(checkGramBudget(4, 2, 255, "x").has_value());
  // Three matrices of 10 000 (kernel PCA's K, K̃ and the eigenvectors): 2.4 GB > 1 GiB.
  const auto three = checkGramBudget(10000, 3, kDefaultGramBudgetBytes, "kernel PCA");
  REQUIRE(three.has_value());
  CHECK_THAT(*three, Contains("needs 2.24 GiB (3 n×n matrices)"));
}
