#pragma once
// exp over an array, written so that the compiler vectorizes it: the RBF map of the solver's
// kernel cache (svm/q_columns.hpp), where glibc's scalar exp was 28 % of a d = 2, N = 20 000 run
// (perf on bench/engine_vs_libsvm.py's moons).
//
// The method is the textbook one (Cody & Waite 1980; Muller, "Elementary Functions", ch. 11):
// x = n ln 2 + r with n = round(x / ln 2) and |r| ≤ ln 2 / 2, ln 2 split in a part with trailing
// zeros and a remainder so that n ln 2 is exact; e^r by its Taylor polynomial of degree 13
// (truncation below r^14 / 14! < 4·10⁻¹⁸); 2^n by its bits, in two factors so that results down to
// the subnormals round once. No branches and no table: one straight-line body per entry, which
// the compiler widens to the vector registers (SSE2's 2 doubles, AVX2's 4 or AVX-512's 8 on x86-64
// machines that have them, chosen at run time; wasm's SIMD128 when the build enables it).
//
// Accuracy: within 2 ulp of the correctly rounded value on the finite range (the test measures
// against std::exp); exp(0) = 1 exactly; x ≤ −745.2 gives 0, x ≥ 709.8 gives +∞, NaN gives NaN.
// The same bits on every instruction set: no fused multiply-add (vector_exp.cpp is compiled with
// -ffp-contract=off) and the same operations per entry at every width.

#include <Eigen/Core>

namespace kpg {

// out[a] = exp(x[a]) for a = 0 .. count−1; x and out may be the same array.
void vectorExp(const double* x, Eigen::Index count, double* out);
// The same for the build's baseline instruction set only (SSE2 on x86-64), whatever the CPU: the
// test's reference for "the same bits on every instruction set".
void vectorExpBaseline(const double* x, Eigen::Index count, double* out);

}  // namespace kpg
