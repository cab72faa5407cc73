// one_vs_one.hpp and model_from_solver.hpp: LIBSVM's sub-problem order and model layout.

#include "svm/model_from_solver.hpp"

#include "svm/svm_train.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace kpg;

TEST_CASE("oneVsOneSubproblems: LIBSVM's class-grouped rows and pair order", "[svm]") {
  Vector y(7);
  y << 5, 2, 5, 9, 2, 9, 5;  // classes by first appearance: 5, 2, 9
  const OneVsOne plan = oneVsOneSubproblems(y);
  REQUIRE(plan.classes.labels == std::vector<int>{5, 2, 9});
  REQUIRE(plan.subproblems.size() == 3);
  const BinarySubproblem& a = plan.subproblems[0];  // (5, 2)
  CHECK(a.labelA == 5);
  CHECK(a.labelB == 2);
  CHECK(a.rows == std::vector<Index>{0, 2, 6, 1, 4});  // class 5's, then class 2's
  CHECK(a.countA == 3);
  const Vector labels = a.labels();
  CHECK(labels == (Vector(5) << 1, 1, 1, -1, -1).finished());
  CHECK(plan.subproblems[1].labelB == 9);                             // (5, 9)
  CHECK(plan.subproblems[2].rows == std::vector<Index>{1, 4, 3, 5});  // (2, 9)
}

TEST_CASE("binaryModel and svrModel give trainSvm's models", "[svm]") {
  std::mt19937 engine(17);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Index n = 40;
  Matrix x(n, 2);
  Vector y(n), t(n);
  for (Index i = 0; i < n; ++i) {
    x(i, 0) = normal(engine);
    x(i, 1) = normal(engine);
    y(i) = x(i, 0) + 0.3 * normal(engine) > 0 ? -1 : 1;  // −1 may come first: LIBSVM's swap
    t(i) = std::sin(x(i, 0)) + 0.1 * normal(engine);
  }
  SvmParams params;
  params.kernel = KernelParams::rbf(0.5);
  params.c = 3;
  const SvmTrainResult trained = trainSvm(x, y, params);
  REQUIRE(trained.ok());
  const OneVsOne plan = oneVsOneSubproblems(y);
  SmoSolver solver(plan.subproblems[0].dual(x, params), smoOptions(params));
  solver.solve();
  const SvmModel binary =
      binaryModel(solver, selectRows(x, plan.subproblems[0].rows), params.kernel);
  // The binary model's rows are the sub-problem's; its labels are the dual's ±1.
  CHECK(binary.labels == std::vector<int>{1, -1});
  CHECK(binary.supportVectors == trained.model.supportVectors);
  CHECK(binary.coefficients == trained.model.coefficients);
  CHECK(binary.rho == trained.model.rho);
  CHECK(binary.supportCounts == trained.model.supportCounts);

  params.type = SvmType::EpsilonSvr;
  const SvmTrainResult regression = trainSvm(x, t, params);
  REQUIRE(regression.ok());
  QMatrixOptions q;
  SmoSolver svr(epsilonSvrDual(x, t, params.kernel, params.c, params.epsilon, q),
                smoOptions(params));
  svr.solve();
  const SvmModel model = svrModel(svr, x, params.kernel);
  CHECK(model.supportVectors == regression.model.supportVectors);
  CHECK(model.coefficients == regression.model.coefficients);
  CHECK(model.rho == regression.model.rho);
  CHECK(model.type == SvmType::EpsilonSvr);
}
