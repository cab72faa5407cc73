#pragma once
// k-fold cross-validation with the semantics of `svm-train -v k` (LIBSVM svm.cpp
// svm_cross_validation): each sample is predicted by the model trained without its fold.

#include "svm/svm_train.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

// The folds of svm_cross_validation, drawn as svm-train draws them: the samples in `order`, fold f
// being order[start[f] .. start[f+1]). LIBSVM trains fold f's model on order[0 .. start[f]) then
// order[start[f+1] .. n), in that order, and the order of the training samples matters to SMO
// (its working-set ties, the class order of svm_group_classes), so it is kept here too.
//  * C-SVC and ν-SVC with folds < n, stratified: the samples grouped by class as svm_group_classes groups
//    them (classes in order of first appearance, −1/+1 swapped; input order within a class),
//    each class shuffled in turn by `j = i + rand() % (count − i)`, then class c's share
//    [i·count_c/k, (i+1)·count_c/k) of its shuffled members goes to fold i, class by class;
//  * ε-SVR, ν-SVR, one-class, and leave-one-out (folds = n), one shuffle of 0..n−1 the same way and fold i =
//    [i·n/k, (i+1)·n/k).
// rand() is LibsvmRandom(seed): seed 1 is the sequence of svm-train, which never calls srand, so
// the default folds are svm-train's and `kpg train -v k` prints its numbers to the digit.
struct FoldLayout {
  std::vector<Index> order;
  std::vector<Index> start;  // folds + 1 entries, start[0] = 0, start[folds] = n
  int folds() const { return static_cast<int>(start.size()) - 1; }
};
// y: class labels (C-SVC, integers, checked by the caller) or targets; 2 ≤ folds ≤ y.size().
FoldLayout libsvmFoldLayout(const Vector& y, SvmType type, int folds, std::uint32_t seed);

// k-fold cross-validation with the semantics and the folds of `svm-train -v k` (LIBSVM
// svm_cross_validation): each sample is predicted by the model trained without its fold; the
// folds are libsvmFoldLayout(y, type, folds, seed) (seed 1 = svm-train's).
// folds < 2 → error "folds"; folds > n → leave-one-out with a warning, as LIBSVM does.
// A training fold left with a single class predicts that class (LIBSVM trains a 1-class model).
// With params.probability (-b 1 -v n) each fold's model is trained with probabilities and a C-SVC
// sample is predicted as its most probable class (svm_cross_validation's svm_predict_probability).
struct CrossValidationResult {
  std::optional<ParameterError> error;
  Vector predictions;             // per sample, in input order
  int folds = 0;                  // the number used
  double accuracy = 0;            // C-SVC: fraction correct in [0, 1] (svm-train prints ×100 %)
  double meanSquaredError = 0;    // ε-SVR
  double squaredCorrelation = 0;  // ε-SVR, LIBSVM's formula
  std::vector<std::string> warnings;
  // Sub-problems (over all folds) that stopped at the iteration cap (docs/bad-inputs.md P2).
  int unconvergedSubproblems = 0;
  bool ok() const { return !error.has_value(); }
};
CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed);
// The same over sparse rows (trainSvm's sparse form).
CrossValidationResult crossValidate(const SparseRows& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed);

// Cross-validation over folds laid out beforehand (the grid search draws them once, as every
// svm-train run of grid.py draws the same ones). `layout` must come from libsvmFoldLayout for
// this y and params.type; parameter and data errors are reported as by crossValidate.
CrossValidationResult crossValidateFolds(const Matrix& x, const Vector& y, const SvmParams& params,
                                         const FoldLayout& layout);
CrossValidationResult crossValidateFolds(const SparseRows& x, const Vector& y,
                                         const SvmParams& params, const FoldLayout& layout);
// The same, C-SVC fold models started from `warm` (one CSvcStart per fold, empty ones start cold)
// and left there for the next C (svm_train.hpp CSvcStart; kpg grid --warm-start).
CrossValidationResult crossValidateFolds(const Matrix& x, const Vector& y, const SvmParams& params,
                                         const FoldLayout& layout, std::vector<CSvcStart>& warm);
CrossValidationResult crossValidateFolds(const SparseRows& x, const Vector& y,
                                         const SvmParams& params, const FoldLayout& layout,
                                         std::vector<CSvcStart>& warm);

}  // namespace kpg
