// dual_problem.hpp: validate(DualProblem) names the offending member; the builders' layouts.

#include "svm/dual_problem.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace kpg;

namespace {

DualProblem smallProblem() {
  Matrix x(3, 2);
  x << 1, 3, 2, 1, 0, 1;
  Vector y(3);
  y << 1, 1, -1;
  return cSvcDual(x, y, KernelParams::linear(), 1.0);
}

}  // namespace

TEST_CASE("DualProblem: validate names the offending member", "[svm][bad-input]") {
  CHECK_FALSE(validate(smallProblem()));
  const double inf = std::numeric_limits<double>::infinity();
  struct Fault {
    const char* member;
    void (*apply)(DualProblem&);
  };
  const Fault faults[] = {
      {"q", [](DualProblem& p) { p.q.reset(); }},
      {"size", [](DualProblem& p) { p.upper.resize(2); }},
      {"y", [](DualProblem& p) { p.y(1) = 0.5; }},
      {"linear", [](DualProblem& p) { p.linear(0) = std::nan(""); }},
      {"bounds", [](DualProblem& p) { p.lower(2) = 2.0; }},  // A > B
      {"bounds", [](DualProblem& p) { p.lower(0) = std::numeric_limits<double>::infinity(); }},
      {"alpha0", [](DualProblem& p) { p.alpha0(1) = 1.5; }},  // outside [0, C]
  };
  for (const Fault& fault : faults) {
    DualProblem p = smallProblem();
    fault.apply(p);
    const auto error = validate(p);
    REQUIRE(error);
    CHECK(error->parameter == fault.member);
    CHECK_FALSE(error->message.empty());
  }
  // A hard margin (B = +∞) is valid.
  Matrix x(2, 1);
  x << 0, 1;
  Vector y(2);
  y << 1, -1;
  CHECK_FALSE(validate(cSvcDual(x, y, KernelParams::linear(), inf)));
}

TEST_CASE("DualProblem: C-SVC and epsilon-SVR layouts", "[svm]") {
  const DualProblem c = smallProblem();
  CHECK(c.size() == 3);
  CHECK(c.linear == Vector::Constant(3, -1.0));  // p = −e
  CHECK(c.lower == Vector::Zero(3));
  CHECK(c.upper == Vector::Constant(3, 1.0));
  // ε-SVR: p_i = ε − t_i with y = +1, then p_{N+i} = ε + t_i with y = −1.
  Matrix x(2, 1);
  x << 0, 1;
  Vector t(2);
  t << 3, -2;
  const DualProblem r = epsilonSvrDual(x, t, KernelParams::rbf(1.0), 5.0, 0.5);
  REQUIRE(r.size() == 4);
  CHECK(r.linear(0) == -2.5);
  CHECK(r.linear(1) == 2.5);
  CHECK(r.linear(2) == 3.5);
  CHECK(r.linear(3) == -1.5);
  CHECK(r.y(0) == 1);
  CHECK(r.y(3) == -1);
  CHECK(r.upper == Vector::Constant(4, 5.0));
  // Q of the α* half is the kernel with the sign of the pair: Q_{0,2} = −k(x_0, x_0) = −1.
  Vector column(4);
  r.q->column(2, column);
  CHECK(column(0) == -1.0);
  CHECK(column(2) == 1.0);
}
