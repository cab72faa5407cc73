#include "data/toy_datasets.hpp"

#include <array>
#include <cmath>

namespace kpg {
namespace {

using Eigen::Index;

constexpr double kTwoPi = 6.283185307179586;
// Cody–Waite split of π/2 (hi + lo), so that x − k·π/2 stays accurate for the angles used here.
constexpr double kHalfPiHi = 1.5707963267948966;
constexpr double kHalfPiLo = 6.123233995736766e-17;
constexpr double kLn2 = 0.6931471805599453;

// Taylor series on |r| ≤ π/4: the 13th term of sin is (π/4)^27/27! ≈ 1e-31, far below 1 ulp.
double sinSeries(double r) {
  const double r2 = r * r;
  double term = r;
  double sum = r;
  for (int k = 1; k <= 12; ++k) {
    term *= -r2 / static_cast<double>((2 * k) * (2 * k + 1));
    sum += term;
  }
  return sum;
}

double cosSeries(double r) {
  const double r2 = r * r;
  double term = 1;
  double sum = 1;
  for (int k = 1; k <= 12; ++k) {
    term *= -r2 / static_cast<double>((2 * k - 1) * (2 * k));
    sum += term;
  }
  return sum;
}

// x = q·π/2 + r with |r| ≤ π/4 (q mod 4 selects the quadrant).
double reduceQuadrant(double x, long long& quadrant) {
  const double q = std::nearbyint(x / kHalfPiHi);
  quadrant = static_cast<long long>(q);
  return (x - q * kHalfPiHi) - q * kHalfPiLo;
}

struct Sample {
  double x1, x2;
  double label;
};

Dataset toDataset(const std::vector<Sample>& samples) {
  Dataset data;
  const Index n = static_cast<Index>(samples.size());
  data.x.resize(n, 2);
  data.y.resize(n);
  for (Index i = 0; i < n; ++i) {
    const Sample& s = samples[static_cast<std::size_t>(i)];
    data.x(i, 0) = s.x1;
    data.x(i, 1) = s.x2;
    data.y(i) = s.label;
  }
  return data;
}

// The two halves of a generated set: the first ⌈N/2⌉ samples get `first`, as make_moons.
Index firstHalf(Index n) {
  return n - n / 2;
}

std::vector<Sample> moons(const ToyOptions& o, PortableRandom& random) {
  const Index outer = firstHalf(o.count);
  const Index inner = o.count - outer;
  std::vector<Sample> s;
  // sklearn: linspace(0, π, n) (both ends included).
  auto angle = [](Index i, Index n) {
    return n > 1 ? kTwoPi * 0.5 * static_cast<double>(i) / static_cast<double>(n - 1) : 0.0;
  };
  for (Index i = 0; i < outer; ++i) {
    const double t = angle(i, outer);
    s.push_back({portableCos(t), portableSin(t), 1.0});
  }
  for (Index i = 0; i < inner; ++i) {
    const double t = angle(i, inner);
    s.push_back({1.0 - portableCos(t), 0.5 - portableSin(t), -1.0});
  }
  for (Sample& p : s) {
    p.x1 += o.noise * random.normal();
    p.x2 += o.noise * random.normal();
  }
  return s;
}

std::vector<Sample> circles(const ToyOptions& o, PortableRandom& random) {
  const Index outer = firstHalf(o.count);
  const Index inner = o.count - outer;
  constexpr double kFactor = 0.5;  // make_circles' default factor
  std::vector<Sample> s;
  // sklearn: linspace(0, 2π, n, endpoint=False).
  for (Index i = 0; i < outer; ++i) {
    const double t = kTwoPi * static_cast<double>(i) / static_cast<double>(outer);
    s.push_back({portableCos(t), portableSin(t), -1.0});
  }
  for (Index i = 0; i < inner; ++i) {
    const double t = kTwoPi * static_cast<double>(i) / static_cast<double>(inner);
    s.push_back({kFactor * portableCos(t), kFactor * portableSin(t), 1.0});
  }
  for (Sample& p : s) {
    p.x1 += o.noise * random.normal();
    p.x2 += o.noise * random.normal();
  }
  return s;
}

std::vector<Sample> xorClusters(const ToyOptions& o, PortableRandom& random) {
  constexpr std::array<std::array<double, 2>, 4> kCentres{{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};
  std::vector<Sample> s;
  for (Index i = 0; i < o.count; ++i) {
    const auto& c = kCentres[static_cast<std::size_t>(i % 4)];
    const double label = c[0] * c[1] > 0 ? 1.0 : -1.0;
    s.push_back({c[0] + o.noise * random.normal(), c[1] + o.noise * random.normal(), label});
  }
  return s;
}

std::vector<Sample> blobs(const ToyOptions& o, PortableRandom& random) {
  std::vector<Sample> s;
  const Index first = firstHalf(o.count);
  for (Index i = 0; i < o.count; ++i) {
    const double centre = i < first ? 1.0 : -1.0;
    s.push_back({centre + o.noise * random.normal(), centre + o.noise * random.normal(), centre});
  }
  return s;
}

std::vector<Sample> separable(const ToyOptions& o, PortableRandom& random) {
  constexpr double kGap = 0.25;
  constexpr int kMaxTries = 1000;
  std::vector<Sample> s;
  const Index first = firstHalf(o.count);
  for (Index i = 0; i < o.count; ++i) {
    const double label = i < first ? 1.0 : -1.0;
    const double c1 = 1.5 * label;
    const double c2 = 1.0 * label;
    Sample p{c1, c2, label};  // the centre itself if every draw misses (noise huge)
    for (int t = 0; t < kMaxTries; ++t) {
      const double a = c1 + o.noise * random.normal();
      const double b = c2 + o.noise * random.normal();
      // Signed side of x₁ + 0.5·x₂ = 0, scaled to distance by ‖(1, 0.5)‖.
      if (label * (a + 0.5 * b) / std::sqrt(1.25) >= kGap) {
        p = {a, b, label};
        break;
      }
    }
    s.push_back(p);
  }
  return s;
}

}  // namespace

double PortableRandom::uniform() {
  return static_cast<double>(engine_() >> 11) * 0x1.0p-53;
}

double PortableRandom::normal() {
  if (spareNormal_) {
    const double value = *spareNormal_;
    spareNormal_.reset();
    return value;
  }
  // Box–Muller: u1 in (0, 1] so that log(u1) is finite.
  const double u1 = 1.0 - uniform();
  const double u2 = uniform();
  const double radius = std::sqrt(-2.0 * portableLog(u1));
  const double theta = kTwoPi * u2;
  spareNormal_ = radius * portableSin(theta);
  return radius * portableCos(theta);
}

double portableLog(double x) {
  if (!(x > 0)) return x == 0 ? -HUGE_VAL : std::nan("");
  if (std::isinf(x)) return x;
  int exponent = 0;
  double m = std::frexp(x, &exponent);  // x = m·2^e, m in [0.5, 1): exact
  if (m < 0.7071067811865476) {
    m *= 2;  // exact
    --exponent;
  }
  // log m = 2 atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716: the series to s²³ is below 1e-18.
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  double power = s;
  double sum = 0;
  for (int k = 0; k <= 11; ++k) {
    sum += power / static_cast<double>(2 * k + 1);
    power *= s2;
  }
  return 2 * sum + static_cast<double>(exponent) * kLn2;
}

double portableSin(double x) {
  long long q = 0;
  const double r = reduceQuadrant(x, q);
  switch (((q % 4) + 4) % 4) {
    case 0:
      return sinSeries(r);
    case 1:
      return cosSeries(r);
    case 2:
      return -sinSeries(r);
    default:
      return -cosSeries(r);
  }
}

double portableCos(double x) {
  long long q = 0;
  const double r = reduceQuadrant(x, q);
  switch (((q % 4) + 4) % 4) {
    case 0:
      return cosSeries(r);
    case 1:
      return -sinSeries(r);
    case 2:
      return -cosSeries(r);
    default:
      return sinSeries(r);
  }
}

std::string_view toyKindName(ToyKind kind) {
  switch (kind) {
    case ToyKind::HandSolved:
      return "hand-solved";
    case ToyKind::Perceptron:
      return "perceptron";
    case ToyKind::Xor:
      return "xor";
    case ToyKind::Moons:
      return "moons";
    case ToyKind::Circles:
      return "circles";
    case ToyKind::Blobs:
      return "blobs";
    case ToyKind::Separable:
      return "separable";
  }
  return "";
}

const std::vector<ToyKind>& allToyKinds() {
  static const std::vector<ToyKind> kinds{ToyKind::HandSolved, ToyKind::Perceptron, ToyKind::Xor,
                                          ToyKind::Moons,      ToyKind::Circles,    ToyKind::Blobs,
                                          ToyKind::Separable};
  return kinds;
}

std::optional<ToyKind> toyKindFromName(std::string_view name) {
  for (ToyKind kind : allToyKinds()) {
    if (toyKindName(kind) == name) return kind;
  }
  return std::nullopt;
}

bool isGenerated(ToyKind kind) {
  return kind != ToyKind::HandSolved && kind != ToyKind::Perceptron;
}

ToyOptions presetOptions(ToyKind kind) {
  switch (kind) {
    case ToyKind::Xor:
      return {80, 0.3, 1};
    case ToyKind::Moons:
      return {100, 0.15, 1};
    case ToyKind::Circles:
      return {100, 0.08, 1};
    case ToyKind::Blobs:
      return {100, 1.0, 1};
    case ToyKind::Separable:
      return {40, 0.6, 1};
    case ToyKind::HandSolved:
    case ToyKind::Perceptron:
      break;
  }
  return {};
}

std::optional<std::string_view> validateToyOptions(ToyKind kind, const ToyOptions& options) {
  if (!isGenerated(kind)) return std::nullopt;
  if (options.count < 2 || options.count > kMaxToyCount) {
    return std::string_view("count must be between 2 and 100000");
  }
  if (!std::isfinite(options.noise) || options.noise < 0 || options.noise > kMaxToyNoise) {
    return std::string_view("noise must be a finite number between 0 and 10");
  }
  return std::nullopt;
}

Dataset makeToyDataset(ToyKind kind, const ToyOptions& options) {
  if (validateToyOptions(kind, options)) return {};
  PortableRandom random(options.seed);
  switch (kind) {
    case ToyKind::HandSolved:
      return toDataset({{1, 3, 1}, {2, 1, 1}, {0, 1, -1}});
    case ToyKind::Perceptron:
      return toDataset({{1, 2, -1}, {4, 1, 1}, {2, 2, 1}});
    case ToyKind::Xor:
      return toDataset(xorClusters(options, random));
    case ToyKind::Moons:
      return toDataset(moons(options, random));
    case ToyKind::Circles:
      return toDataset(circles(options, random));
    case ToyKind::Blobs:
      return toDataset(blobs(options, random));
    case ToyKind::Separable:
      return toDataset(separable(options, random));
  }
  return {};
}

}  // namespace kpg
