#pragma once
// Two-class toy data sets in the plane for the SMO lab and the tutorials, labels ±1.
//
// Fixed sets from the course:
//   hand-solved  course-notes 001 Question 7: X = [[1,3],[2,1],[0,1]], y = [1, 1, −1]
//                (hard-margin solution α = (1/4, 3/8, 5/8), b = −3/2 — tests/core/svm).
//   perceptron   course-notes 002 (perceptron example): X = [[1,2],[4,1],[2,2]], y = [−1, 1, 1].
// Seeded generators (count N, noise, seed), shapes as scikit-learn's make_moons / make_circles /
// make_blobs (sklearn.datasets), without its shuffle:
//   xor        four Gaussian clusters at (±1, ±1), y = +1 where x₁·x₂ > 0 (σ = noise);
//   moons      two interleaved half circles, outer y = +1, inner y = −1, Gaussian jitter σ = noise;
//   circles    two concentric circles, radii 1 (y = −1) and 0.5 (y = +1), jitter σ = noise;
//   blobs      two Gaussian clouds at (−1, −1) and (1, 1) with σ = noise (overlapping for
//              noise ≳ 0.7: the soft margin matters);
//   separable  two Gaussian clouds at (−1.5, −1) and (1.5, 1) with σ = noise, each point redrawn
//              until it lies on its own side of the line x₁ + x₂·0.5 = 0 with a gap of 0.25, so
//              the set is linearly separable whatever the seed.
//
// Identical on every platform: the engine is std::mt19937_64, whose output sequence the C++
// standard fixes ([rand.predef]: the 10000th value of a default-constructed engine is
// 9981545732273789042), but the std:: distributions are implementation-defined (libstdc++ and
// libc++ give different normal_distribution values), and libm's log/sin/cos may differ in the last
// bit between glibc and the WebAssembly libc. So the uniforms, the Box–Muller normals and the
// trigonometry below use only the engine's integers and IEEE-exact operations (+ − × ÷ √,
// frexp/ldexp) with our own series for log, sin and cos: the native and the browser builds
// produce the same points, bit for bit.

#include "data/dataset.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace kpg {

enum class ToyKind { HandSolved, Perceptron, Xor, Moons, Circles, Blobs, Separable };

struct ToyOptions {
  Eigen::Index count = 100;  // ignored by the fixed sets
  double noise = 0.1;
  std::uint64_t seed = 1;
};

constexpr Eigen::Index kMaxToyCount = 100000;
constexpr double kMaxToyNoise = 10.0;

// "hand-solved", "perceptron", "xor", "moons", "circles", "blobs", "separable".
std::string_view toyKindName(ToyKind kind);
std::optional<ToyKind> toyKindFromName(std::string_view name);
const std::vector<ToyKind>& allToyKinds();
// Whether count/noise/seed matter.
bool isGenerated(ToyKind kind);
// The preset of each kind: the options the lab loads for it (e.g. blobs with noise 1.0).
ToyOptions presetOptions(ToyKind kind);

// Empty when the options are valid; otherwise the offending option and why:
// count in [2, kMaxToyCount] for generated kinds, noise finite and in [0, kMaxToyNoise].
std::optional<std::string_view> validateToyOptions(ToyKind kind, const ToyOptions& options);

// The data set (options must be valid; invalid ones give an empty Dataset). Labels ±1 in y.
Dataset makeToyDataset(ToyKind kind, const ToyOptions& options = {});

// Platform-independent random numbers over std::mt19937_64 (see the header comment).
class PortableRandom {
 public:
  explicit PortableRandom(std::uint64_t seed) : engine_(seed) {}
  // [0, 1): the top 53 bits of one engine output, times 2⁻⁵³.
  double uniform();
  double uniform(double low, double high) { return low + (high - low) * uniform(); }
  // Standard normal by Box–Muller (both values of a pair are used).
  double normal();
  std::uint64_t bits() { return engine_(); }

 private:
  std::mt19937_64 engine_;
  std::optional<double> spareNormal_;
};

// Series with IEEE basic operations only (relative error ≲ 1e-15), used by the generators.
double portableLog(double x);  // x > 0
double portableSin(double x);
double portableCos(double x);

}  // namespace kpg
