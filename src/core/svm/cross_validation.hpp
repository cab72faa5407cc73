#pragma once
// k-fold cross-validation with the semantics of `svm-train -v k` (LIBSVM svm.cpp
// svm_cross_validation): each sample is predicted by the model trained without its fold.

#include "svm/svm_train.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kpg {

// k-fold cross-validation with the semantics of `svm-train -v k`: C-SVC folds are stratified by
// class, ε-SVR folds are a random split; each sample is predicted by the model trained without
// its fold. The shuffle is our own seeded one (std::mt19937_64 + Fisher–Yates, identical on every
// platform), not LIBSVM's rand(), so fold contents differ from svm-train's.
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
  bool ok() const { return !error.has_value(); }
};
CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed);
// The same over sparse rows (trainSvm's sparse form).
CrossValidationResult crossValidate(const SparseRows& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed);

}  // namespace kpg
