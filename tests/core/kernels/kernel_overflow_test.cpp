// F2 (reliability audit; docs/bad-inputs.md P3, G7): every Gram-based method refuses a kernel
// whose values overflow, with the one sentence kKernelOverflowMessage, instead of computing on
// infinities. The two data sets are the audit's reproducers:
// poly_overflow.txt with -t 1 -g 1e15 -d 100 (degree 100 is the largest validate() accepts), and
// nonfinite_linear_1e300.txt with the linear kernel (1e300·1e300 = inf).

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "kernel_kmeans/kernel_kmeans.hpp"
#include "kernel_knn/kernel_knn.hpp"
#include "kernel_pca/kernel_pca.hpp"
#include "perceptron/perceptron.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace kpg;
using Catch::Matchers::Contains;

namespace {

struct OverflowCase {
  const char* name;
  Matrix x;
  Vector y;
  KernelParams kernel;
};

std::vector<OverflowCase> overflowCases() {
  std::vector<OverflowCase> cases;
  Matrix poly(3, 1);
  poly << 1, 2, 3;
  Vector polyLabels(3);
  polyLabels << 1, -1, 1;
  cases.push_back({"poly_overflow, d = 100, gamma = 1e15", poly, polyLabels,
                   KernelParams::polynomial(1e15, 0, 100)});
  Matrix huge(2, 1);
  huge << 1e300, -1e300;
  Vector hugeLabels(2);
  hugeLabels << 1, -1;
  cases.push_back({"nonfinite_linear_1e300, linear", huge, hugeLabels, KernelParams::linear()});
  // Finite degree-3 polynomial values overflow at 1e150 (the audit's nonfinite_poly_nan_obj).
  Matrix big(4, 2);
  big << 1e150, -2e150, -1e150, 3e149, 2e150, 1e150, -3e150, -1e149;
  Vector bigLabels(4);
  bigLabels << 1, -1, 1, -1;
  cases.push_back(
      {"nonfinite_poly_nan_obj, d = 3", big, bigLabels, KernelParams::polynomial(0.5, -1, 3)});
  return cases;
}

const std::string kMessage(kKernelOverflowMessage);

}  // namespace

TEST_CASE("F2/P3: kernel PCA refuses overflowing kernel values", "[kpca][bad-input]") {
  for (const OverflowCase& c : overflowCases()) {
    INFO(c.name);
    KernelPcaOptions options;
    options.components = 1;
    KernelPca kpca;
    kpca.compute(c.x, c.kernel, options);
    CHECK(kpca.info() == ComputeStatus::InvalidInput);
    CHECK_THAT(kpca.message(), Contains("kernel PCA: " + kMessage));
    CHECK(kpca.eigenvalues().size() == 0);  // nothing half-computed
  }
}

TEST_CASE("F2/P3: the kernel Fisher discriminant and LDA refuse overflowing values",
          "[kfd][bad-input]") {
  for (const OverflowCase& c : overflowCases()) {
    INFO(c.name);
    KernelFisherDiscriminant kfd;
    kfd.compute(c.x, c.y, c.kernel);
    CHECK(kfd.info() == ComputeStatus::InvalidInput);
    CHECK_THAT(kfd.message(), Contains("kernel Fisher discriminant: " + kMessage));
  }
  // LDA's scatter is made of the same linear products x·x'.
  Matrix huge(4, 1);
  huge << 1e300, 2e300, -1e300, -2e300;
  Vector labels(4);
  labels << 1, 1, -1, -1;
  LinearDiscriminant lda;
  lda.compute(huge, labels);
  CHECK(lda.info() == ComputeStatus::InvalidInput);
  CHECK_THAT(lda.message(), Contains("LDA: " + kMessage));
}

TEST_CASE("F2/P3: kernel k-means refuses overflowing kernel values", "[kmeans][bad-input]") {
  for (const OverflowCase& c : overflowCases()) {
    INFO(c.name);
    KernelKmeansOptions options;
    options.clusters = 2;
    const KernelKmeans kmeans(c.x, c.kernel, options);
    CHECK_THAT(kmeans.message(), Contains("kernel k-means: " + kMessage));
  }
}

TEST_CASE("F2/P3: the kernel perceptron refuses overflowing kernel values",
          "[perceptron][bad-input]") {
  for (const OverflowCase& c : overflowCases()) {
    INFO(c.name);
    const KernelPerceptron perceptron(c.x, c.y, c.kernel, PerceptronOptions{});
    CHECK_THAT(perceptron.message(), Contains("kernel perceptron: " + kMessage));
  }
}

TEST_CASE("F2/P3: kernel k-NN refuses overflowing training values and flags a query",
          "[knn][bad-input]") {
  for (const OverflowCase& c : overflowCases()) {
    INFO(c.name);
    KernelKnn knn;
    REQUIRE(knn.compute(c.x, c.y, c.kernel, 1).info() == ComputeStatus::InvalidInput);
    CHECK_THAT(knn.message(), Contains("kernel k-NN: " + kMessage));
    CHECK_FALSE(knn.fitted());
  }
  // Training values fine, the query's overflow: k(q, q) = (1e200)² = inf.
  Matrix x(2, 1);
  x << 1, 2;
  Vector y(2);
  y << 1, -1;
  KernelKnn knn;
  REQUIRE(knn.compute(x, y, KernelParams::linear(), 1).info() == ComputeStatus::Success);
  Vector query(1);
  query << 1e200;
  const KnnQuery result = knn.query(query);
  REQUIRE(result.error.has_value());
  CHECK_THAT(*result.error, Contains(kMessage));
  CHECK(result.neighbors.empty());
  query << 1.4;
  CHECK(knn.query(query).prediction == 1);  // a finite query is answered
}
