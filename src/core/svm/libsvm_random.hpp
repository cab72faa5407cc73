#pragma once
// The random numbers LIBSVM draws, reproduced: svm.cpp shuffles with the C library's rand()
// (svm_cross_validation's folds, svm_binary_svc_probability's and svm_svr_probability's internal
// 5-fold split), and svm-train never calls srand, so on Debian every run draws glibc's sequence
// for seed 1. Drawing the same sequence here makes `kpg train -v` and `-b 1` put the same samples
// in the same folds as svm-train, on every platform (the wasm build's libc has another rand()),
// so their numbers can be compared to the digit.
//
// glibc's rand() is random_r of TYPE_3 (stdlib/random_r.c): an additive lagged-Fibonacci
// generator r_i = r_{i−3} + r_{i−31} (mod 2³²) whose 34-word state is seeded with
// r_i = 16807·r_{i−1} mod (2³¹ − 1) and then run 310 times; each output is r_i >> 1, in
// [0, 2³¹ − 1]. It is not a good generator; it is the one LIBSVM's numbers depend on.

#include <array>
#include <cstdint>
#include <utility>

namespace kpg {

class LibsvmRandom {
 public:
  // srand(seed); glibc maps seed 0 to 1. The default is the sequence of a program that never
  // seeds, svm-train's.
  explicit LibsvmRandom(std::uint32_t seed = 1);

  // The next rand(): an integer in [0, 2147483647].
  int next();

  // LIBSVM's `i + rand() % (n - i)` idiom: an index in [begin, end), end > begin.
  int indexIn(int begin, int end) { return begin + next() % (end - begin); }

  // LIBSVM's shuffle, as svm_cross_validation and svm_binary_svc_probability write it: for
  // i = 0 .. count−1, swap values[i] with values[i + rand() % (count − i)].
  template <class T>
  void shuffle(T* values, int count) {
    for (int i = 0; i < count; ++i) std::swap(values[i], values[indexIn(i, count)]);
  }

 private:
  std::array<std::uint32_t, 34> ring_{};  // the last 34 values r_{i−34} .. r_{i−1}
  int position_ = 0;                      // where r_{i−34} sits in ring_
};

}  // namespace kpg
