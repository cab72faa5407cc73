#include "kernels/vector_exp.hpp"

#include <cstdint>
#include <cstring>

namespace kpg {

namespace {

// Unsigned: the integer steps below wrap instead of overflowing when the input is NaN (whose
// bits then make no exponent, and the NaN of the polynomial carries through).
inline std::uint64_t bitsOf(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

inline double fromBits(std::uint64_t b) {
  double v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}

// The body of every clone (inlined into each, so each compiles it for its own instruction set;
// GCC and Clang, the compilers the core is built with, both read the attribute).
__attribute__((always_inline)) inline void expBody(const double* x, Eigen::Index count,
                                                   double* out) {
  constexpr double kLog2e = 1.4426950408889634;
  // ln 2 = kLn2Hi + kLn2Lo, kLn2Hi with 32 trailing zero bits: n · kLn2Hi is exact for |n| < 2^11.
  constexpr double kLn2Hi = 0.693147180369123816490;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  // Adding 1.5 · 2^52 rounds to an integer (to nearest) and leaves it in the low bits.
  constexpr double kRound = 6755399441055744.0;
  const std::uint64_t roundBits = bitsOf(kRound);
  // Beyond these, exp is 0 (below half the smallest subnormal) or +∞; clamped so that n stays
  // within the two factors' range.
  constexpr double kLowest = -746.0;
  constexpr double kHighest = 710.0;
  for (Eigen::Index a = 0; a < count; ++a) {
    double v = x[a];
    v = v < kLowest ? kLowest : v;  // NaN compares false and goes through as NaN
    v = v > kHighest ? kHighest : v;
    const double shifted = v * kLog2e + kRound;
    const double n = shifted - kRound;
    const double r = (v - n * kLn2Hi) - n * kLn2Lo;
    // e^r = Σ_{k ≤ 13} r^k / k!, Horner.
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    // 2^n as 2^n1 · 2^n2, n1 = round(n / 2): both within the normal exponents for |n| ≤ 1077.
    const double n1 = (n * 0.5 + kRound) - kRound;
    // n1 and n − n1 as two's complement integers (the low bits of the rounded sums).
    const std::uint64_t k1 = bitsOf(n1 + kRound) - roundBits;
    const std::uint64_t k2 = bitsOf(shifted) - roundBits - k1;
    const double scale1 = fromBits((k1 + 1023) << 52);
    const double scale2 = fromBits((k2 + 1023) << 52);
    out[a] = p * scale1 * scale2;
  }
}

}  // namespace

// Where CMake says clones can be built (KPG_TARGET_CLONES, src/core/CMakeLists.txt: GCC on x86-64
// Linux): a baseline (SSE2), an AVX2 and an AVX-512 clone, picked by the loader from the CPU
// (ifunc); the release binary runs on any x86-64. None uses FMA: avx2 does not imply it, and
// the file is compiled with -ffp-contract=off, without which GCC fuses multiplies and adds in the
// avx512f clone (AVX-512F has FMA). On the bench machine (AMD EPYC, AVX-512) the AVX-512 clone
// takes 1.3 ns an entry against AVX2's 2.2.
#if KPG_TARGET_CLONES
__attribute__((target_clones("default", "avx2", "avx512f")))
#endif
void vectorExp(const double* x, Eigen::Index count, double* out) {
  expBody(x, count, out);
}

void vectorExpBaseline(const double* x, Eigen::Index count, double* out) {
  expBody(x, count, out);
}

}  // namespace kpg
