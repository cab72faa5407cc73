#include "svm/libsvm_random.hpp"

namespace kpg {

LibsvmRandom::LibsvmRandom(std::uint32_t seed) {
  // glibc srandom_r: seed 0 is taken as 1; r_i = 16807·r_{i−1} mod (2³¹ − 1) for i < 31, by
  // Schrage's method so that no product overflows, as glibc computes it.
  if (seed == 0) seed = 1;
  std::array<std::int32_t, 31> init{};
  init[0] = static_cast<std::int32_t>(seed);
  for (int i = 1; i < 31; ++i) {
    const std::int32_t hi = init[i - 1] / 127773;
    const std::int32_t lo = init[i - 1] % 127773;
    std::int32_t word = 16807 * lo - 2836 * hi;
    if (word < 0) word += 2147483647;
    init[i] = word;
  }
  // r_31..r_33 repeat r_0..r_2, then the recurrence runs; the state is the last 34 values.
  for (int i = 0; i < 31; ++i) ring_[i] = static_cast<std::uint32_t>(init[i]);
  for (int i = 31; i < 34; ++i) ring_[i] = ring_[i - 31];
  position_ = 0;
  // glibc discards the first 310 outputs (10 × the state's 31 words).
  for (int i = 0; i < 310; ++i) next();
}

int LibsvmRandom::next() {
  // r_i = r_{i−31} + r_{i−3}; ring_[position_] holds r_{i−34}, so r_{i−31} is 3 ahead of it and
  // r_{i−3} is 31 ahead.
  const std::uint32_t value = ring_[(position_ + 3) % 34] + ring_[(position_ + 31) % 34];
  ring_[position_] = value;
  position_ = (position_ + 1) % 34;
  return static_cast<int>(value >> 1);
}

}  // namespace kpg
