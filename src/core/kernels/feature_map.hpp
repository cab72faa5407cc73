#pragma once
// Explicit feature maps of the degree-2 polynomial kernels in 2-D, so that the kernel trick can be
// checked by hand: k(x, y) = φ(x)·φ(y).
//   (1 + x·y)²  φ(x) = [1, √2 x1, √2 x2, x1², x2², √2 x1 x2]   (6-dim; 001 "XOR", 004 "Kernels")
//   (x·y)²      φ(x) = [x1², √2 x1 x2, x2²]                     (3-dim; 000 "high dimensional
//                                                                 spaces")
// Both take a 2-vector; any other size gives an empty vector.

#include "kernels/kernel.hpp"

namespace kpg {

Vector quadraticFeatureMap2d(const VectorRef& x);
Vector homogeneousQuadraticFeatureMap2d(const VectorRef& x);

}  // namespace kpg
