#pragma once
// The explicit feature map of the inhomogeneous degree-2 polynomial kernel in 2-D, so that the
// kernel trick can be checked by hand: k(x, y) = φ(x)·φ(y).
//   (1 + x·y)²  φ(x) = [1, √2 x1, √2 x2, x1², x2², √2 x1 x2]   (6-dim; 001 "XOR", 004 "Kernels")
// It takes a 2-vector; any other size gives an empty vector. The 3-D maps, (x·y)² ↔ [x1², √2 x1 x2,
// x2²] of 000 "(1) high dimensional spaces" among them, are in feature_space/feature_maps.hpp.

#include "kernels/kernel.hpp"

namespace kpg {

Vector quadraticFeatureMap2d(const VectorRef& x);

}  // namespace kpg
