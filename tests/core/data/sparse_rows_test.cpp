#include "data/sparse_rows.hpp"

#include <catch2/catch.hpp>

using namespace kpg;

TEST_CASE("Sparse rows: CSR keeps the non-zeros and gives back the dense matrix", "[data]") {
  Eigen::MatrixXd x(3, 4);
  x << 0.5, 0, 0, 2,  //
      0, 0, 0, 0,     //
      0, -1, 0, 0;
  const SparseRows rows = SparseRows::fromDense(x);
  CHECK(rows.rows() == 3);
  CHECK(rows.dimension() == 4);
  CHECK(rows.storedEntries() == 3);
  const SparseRowView first = rows.row(0);
  REQUIRE(first.size == 2);
  CHECK(first.columns[0] == 0);
  CHECK(first.columns[1] == 3);
  CHECK(first.values[1] == 2.0);
  CHECK(rows.row(1).size == 0);
  CHECK(rows.row(1).columns == nullptr);
  CHECK(rows.toDense() == x);
}

TEST_CASE("Sparse rows: dot product and squared distance by merging, computed by hand", "[data]") {
  SparseRow a, b;
  a.push(0, 1);
  a.push(4, 2);
  a.push(1000000, 3);
  b.push(4, -1);
  b.push(7, 5);
  // a·b = 2·(−1) = −2; ‖a − b‖² = 1 + 3² + 5² + 3² = 44; ‖a‖² = 14.
  CHECK(sparseDot(a.view(), b.view()) == -2.0);
  CHECK(sparseDot(b.view(), a.view()) == -2.0);
  CHECK(sparseSquaredDistance(a.view(), b.view()) == 44.0);
  CHECK(sparseSquaredDistance(b.view(), a.view()) == 44.0);
  CHECK(squaredNorm(a.view()) == 14.0);
  CHECK(sparseSquaredDistance(a.view(), SparseRowView{}) == 14.0);
  CHECK(sparseDot(SparseRowView{}, a.view()) == 0.0);
}

TEST_CASE("Sparse rows: storage is sparse below a quarter of the entries", "[data]") {
  CHECK(preferSparseStorage(2, 1000000, 3));
  CHECK(preferSparseStorage(3, 0, 0));
  CHECK(preferSparseStorage(10, 10, 24));
  CHECK_FALSE(preferSparseStorage(10, 10, 25));
  CHECK_FALSE(preferSparseStorage(270, 13, 3378));  // heart_scale
}
