#pragma once
// Input checks shared by the kernel methods beyond the SVM (perceptron, k-NN, k-means, kernel PCA,
// Fisher discriminant): the "Degenerate data" rows of docs/bad-inputs.md.
//   G1  0 samples or 0 features                      → error
//   G2  one class only (classifiers)                  → "need ≥ 2 classes, got 1 (label 'x')"
//   D4  a non-finite coordinate or label              → error naming the sample and feature
// Two-class methods map the two labels found onto −1/+1: the smaller label is −1 and the larger
// +1, so data labelled {−1, +1} keeps its meaning and {0, 1} becomes {−1, +1}.

#include "kernels/kernel.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace kpg {

// G1 and D4 on the samples; `what` names the algorithm in the message ("kernel PCA").
std::optional<std::string> checkSamples(const Matrix& x, const char* what);

// Labels of a two-class problem, checked and mapped onto ±1.
struct TwoClassLabels {
  double negativeLabel = -1.0;  // the original label mapped to −1 (the smaller one)
  double positiveLabel = 1.0;   // the original label mapped to +1 (the larger one)
  Vector sign;                  // y mapped onto −1/+1
};

struct TwoClassResult {
  std::optional<TwoClassLabels> labels;
  std::string error;  // set when labels is empty
};

// Checks y's size against x, finiteness, and that exactly two distinct labels occur (G2; a third
// label is an error too, since these methods are binary).
TwoClassResult twoClassLabels(const Vector& y, Eigen::Index samples, const char* what);

// SplitMix64 (Steele, Lea & Flood 2014): one 64-bit word of state, so a generator is part of an
// algorithm's copyable state, and the same sequence on every platform (std:: distributions differ
// between libstdc++ natively and libc++ under Emscripten).
inline std::uint64_t nextRandom(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Uniform in [0, 1) with 53 random bits.
inline double nextUniform(std::uint64_t& state) {
  return static_cast<double>(nextRandom(state) >> 11) * 0x1.0p-53;
}

}  // namespace kpg
