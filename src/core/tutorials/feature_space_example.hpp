#pragma once
// The kernel trick as a picture, exactly (course-notes 004 "The kernel trick", examples 1 and 2;
// 000 "(1) high dimensional spaces"): points that no line separates, lifted by an explicit map
// φ, are separated by a plane in the higher space; that plane is the hard-margin SVM on the lifted
// points φ(xᵢ) (solveHandSvm, hand_solved_svm.hpp, in exact rationals), and its trace on the plane
// of the data is the curved boundary. The kernel of the third map is checked both ways:
//   004 example 1   φ(x, y) = (x, y, xy)          projecting onto the Oz axis separates XOR
//   004 example 2   φ(x, y) = (x², y²)            a circle around the origin becomes a line
//   000 (1)         φ(x) = (x₁², √2·x₁x₂, x₂²)    φ(x)·φ(z) = (x·z)², the √2s multiply to 2
// The notes print the first two examples as figures without coordinates; the data here are 001's
// XOR corners (the kernel perceptron's) and a ring of our own, said on the page.

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

#include <vector>

namespace kpg {

struct FeatureSpaceExampleInput {
  ExactPoints points;  // examples 1 and the kernel page (the notes': 001's XOR)
  ExactPoints rings;   // example 2 (the notes': one ring inside another)
};

FeatureSpaceExampleInput featureSpaceNotesExample();

// φ(x, y) = (x, y, xy) and (x², y²) of 2-D points, exactly.
RationalVector productLift(const RationalVector& x);
RationalVector squaresLift(const RationalVector& x);
// The points lifted by `lift`, labels kept.
ExactPoints liftExactPoints(const ExactPoints& points,
                            RationalVector (*lift)(const RationalVector&));

// Pages: (1) no line separates the points; (2) example 1, the plane after (x, y, xy); (3) example
// 2, the line after (x², y²); (4) k(x, z) = (x·z)² = φ(x)·φ(z) for 000's map.
Tutorial featureSpaceTutorial(const FeatureSpaceExampleInput& input);

}  // namespace kpg
