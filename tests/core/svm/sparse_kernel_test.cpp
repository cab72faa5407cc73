// SparsePivot (svm/sparse_kernel.hpp): a row held against many rows gives the same bits as
// kernelValue's merge, for the four kernels, over rows with gaps longer and shorter than its copy
// block, stored zeros, negative zeros, empty rows and the last feature.
#include "svm/sparse_kernel.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <random>

using namespace kpg;

namespace {

SparseRows randomRows(Index rows, int dimension, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  SparseRows out;
  SparseRow row;
  for (Index r = 0; r < rows; ++r) {
    row.clear();
    // Densities from empty to every feature, so that the gaps between two rows' columns range
    // from none to dozens.
    const double density = r % 7 == 0 ? 0.0 : (r % 5 == 0 ? 1.0 : unit(engine) * 0.5);
    for (int c = 0; c < dimension; ++c) {
      if (unit(engine) >= density) continue;
      const double pick = unit(engine);
      double value = pick < 0.05 ? 0.0 : (pick < 0.1 ? -0.0 : (unit(engine) - 0.5) * 1e3 * pick);
      if (pick > 0.95) value = 1e-170 * (unit(engine) - 0.5);  // products that underflow
      row.push(c, value);
    }
    out.appendRow(row.view());
  }
  out.setDimensionAtLeast(dimension);
  return out;
}

bool sameBits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST_CASE("SparsePivot: the same bits as kernelValue's merge", "[svm][sparse]") {
  const SparseRows rows = randomRows(60, 97, 32);
  SparsePivot pivot(rows);
  std::vector<double> buffer(static_cast<std::size_t>(pivot.bufferSize()));
  for (const KernelParams& params :
       {KernelParams::rbf(0.003), KernelParams::linear(), KernelParams::polynomial(0.5, 1.0, 3),
        KernelParams::sigmoid(0.001, -0.5)}) {
    int differing = 0;
    for (Index b = 0; b < rows.rows(); ++b) {
      pivot.set(rows.row(b));
      for (Index a = 0; a < rows.rows(); ++a)
        if (!sameBits(pivot.kernelValue(params, rows.row(a), buffer.data()),
                      kernelValue(params, rows.row(a), rows.row(b))))
          ++differing;
    }
    CHECK(differing == 0);
  }
}

TEST_CASE("SparsePivot: worth building only for columns as long as the dimension's share",
          "[svm][sparse]") {
  const SparseRows rows = randomRows(40, 1000, 5);
  const SparsePivot pivot(rows);
  const double average =
      static_cast<double>(rows.storedEntries()) / static_cast<double>(rows.rows());
  CHECK_FALSE(pivot.worthwhile(1));
  CHECK(pivot.worthwhile(static_cast<Index>(1000 / average) + 1));
  CHECK(pivot.bytes() >= 1000 * 12);
}
