#include "svm/cross_validation.hpp"

#include "data/number_text.hpp"
#include "svm/libsvm_random.hpp"
#include "svm/one_vs_one.hpp"
#include "svm/probability.hpp"

#include <cmath>
#include <numeric>
#include <utility>

namespace kpg {

namespace {

// svm_cross_validation: a C-SVC trained with probability information (-b 1 -v n) predicts by
// svm_predict_probability, the most probable class, which may differ from the vote.
double predictFrom(const SvmModel& model, const Vector& values) {
  if (isClassification(model.type) && hasProbabilityModel(model))
    return predictProbability(model, values).label;
  return predictFromDecisionValues(model, values);
}

double predictSample(const SvmModel& model, const Matrix& x, Index r) {
  return predictFrom(model, decisionValues(model, Vector(x.row(r).transpose())));
}

double predictSample(const SvmModel& model, const SparseRows& x, Index r) {
  return predictFrom(model, decisionValues(model, x.row(r)));
}

// Validation shared by crossValidate and crossValidateFolds: parameters, data, folds, labels.
template <class Samples>
std::optional<ParameterError> checkCrossValidation(const Samples& x, const Vector& y,
                                                   const SvmParams& params, int folds) {
  if (auto e = validateTraining(x, y, params)) return e;
  if (folds < 2) return ParameterError{"folds", "n-fold cross validation needs n >= 2"};
  if (isClassification(params.type)) {
    for (Index r = 0; r < y.size(); ++r) {
      if (y(r) != std::floor(y(r)))
        return ParameterError{"y", "class label " + formatExact(y(r)) + " is not an integer"};
    }
  }
  // svm-train checks ν on the whole set, once; the folds' trainings are not checked again.
  if (params.type == SvmType::NuSvc)
    if (auto e = nuInfeasibility(y, params.nu)) return e;
  return std::nullopt;
}

template <class Samples>
CrossValidationResult evaluateFolds(const Samples& x, const Vector& y, const SvmParams& params,
                                    const FoldLayout& layout, CrossValidationResult result,
                                    std::vector<CSvcStart>* warm = nullptr) {
  const Index n = y.size();
  const int folds = layout.folds();
  result.folds = folds;
  result.predictions.resize(n);
  const std::vector<Index>& order = layout.order;
  for (int f = 0; f < folds; ++f) {
    const Index begin = layout.start[static_cast<std::size_t>(f)];
    const Index end = layout.start[static_cast<std::size_t>(f) + 1];
    if (begin == end) continue;
    // svm_cross_validation's subprob: order[0, begin) then order[end, n), in that order.
    std::vector<Index> trainRows(order.begin(), order.begin() + begin);
    trainRows.insert(trainRows.end(), order.begin() + end, order.end());
    Vector trainY(static_cast<Index>(trainRows.size()));
    for (std::size_t k = 0; k < trainRows.size(); ++k)
      trainY(static_cast<Index>(k)) = y(trainRows[k]);
    CSvcStart* foldStart = warm && static_cast<std::size_t>(f) < warm->size()
                               ? &(*warm)[static_cast<std::size_t>(f)]
                               : nullptr;
    CSvcStart next;
    const SvmTrainResult trained =
        foldStart ? trainSvmAllowingOneClassFrom(selectRows(x, trainRows), trainY, params,
                                                 foldStart, &next)
                  : trainSvmAllowingOneClass(selectRows(x, trainRows), trainY, params);
    if (foldStart) *foldStart = std::move(next);
    if (trained.error) {
      result.error = trained.error;
      return result;
    }
    for (const SubproblemInfo& s : trained.subproblems)
      if (s.status == RunStatus::CapReached) ++result.unconvergedSubproblems;
    for (Index m = begin; m < end; ++m) {
      const Index r = order[static_cast<std::size_t>(m)];
      result.predictions(r) = predictSample(trained.model, x, r);
    }
  }
  if (!isRegression(params.type)) {
    Index correct = 0;
    for (Index r = 0; r < n; ++r)
      if (result.predictions(r) == y(r)) ++correct;
    result.accuracy = static_cast<double>(correct) / static_cast<double>(n);
  } else {
    // svm-train.c do_cross_validation's sums, in its order.
    double total = 0, sv = 0, sy = 0, svv = 0, syy = 0, svy = 0;
    for (Index r = 0; r < n; ++r) {
      const double v = result.predictions(r);
      total += (v - y(r)) * (v - y(r));
      sv += v;
      sy += y(r);
      svv += v * v;
      syy += y(r) * y(r);
      svy += v * y(r);
    }
    const double l = static_cast<double>(n);
    result.meanSquaredError = total / l;
    result.squaredCorrelation =
        ((l * svy - sv * sy) * (l * svy - sv * sy)) / ((l * svv - sv * sv) * (l * syy - sy * sy));
  }
  return result;
}

template <class Samples>
CrossValidationResult crossValidateSamples(const Samples& x, const Vector& y,
                                           const SvmParams& params, int folds, std::uint64_t seed) {
  CrossValidationResult result;
  if (auto e = checkCrossValidation(x, y, params, folds)) {
    result.error = e;
    return result;
  }
  const Index n = y.size();
  if (folds > n) {
    result.warnings.push_back("folds > samples: using leave-one-out (" + std::to_string(n) +
                              " folds)");
    folds = static_cast<int>(n);
  }
  const FoldLayout layout =
      libsvmFoldLayout(y, params.type, folds, static_cast<std::uint32_t>(seed));
  return evaluateFolds(x, y, params, layout, std::move(result));
}

template <class Samples>
CrossValidationResult crossValidateLayout(const Samples& x, const Vector& y,
                                          const SvmParams& params, const FoldLayout& layout,
                                          std::vector<CSvcStart>* warm = nullptr) {
  CrossValidationResult result;
  if (auto e = checkCrossValidation(x, y, params, layout.folds())) {
    result.error = e;
    return result;
  }
  if (layout.order.size() != static_cast<std::size_t>(y.size()) ||
      layout.start.back() != y.size()) {
    result.error = ParameterError{"folds", "the fold layout is for another data set"};
    return result;
  }
  if (warm) warm->resize(static_cast<std::size_t>(layout.folds()));
  return evaluateFolds(x, y, params, layout, std::move(result), warm);
}

}  // namespace

FoldLayout libsvmFoldLayout(const Vector& y, SvmType type, int folds, std::uint32_t seed) {
  const Index n = y.size();
  LibsvmRandom rand(seed);
  FoldLayout layout;
  layout.order.resize(static_cast<std::size_t>(n));
  layout.start.assign(static_cast<std::size_t>(folds) + 1, 0);
  const Index k = folds;
  if (isClassification(type) && k < n) {
    // svm_group_classes: perm holds class 0's samples, then class 1's, ..., each in input order.
    const ClassGrouping g = groupClasses(y);
    const std::size_t classes = g.labels.size();
    std::vector<Index> classStart(classes + 1, 0);
    for (std::size_t c = 0; c < classes; ++c) classStart[c + 1] = classStart[c] + g.counts[c];
    std::vector<Index> grouped(static_cast<std::size_t>(n));
    std::vector<Index> fill(classStart.begin(), classStart.end() - 1);
    for (Index r = 0; r < n; ++r)
      grouped[static_cast<std::size_t>(fill[static_cast<std::size_t>(g.classOf[r])]++)] = r;
    // Each class shuffled in turn, drawing rand() in LIBSVM's order.
    for (std::size_t c = 0; c < classes; ++c) {
      const int count = static_cast<int>(g.counts[c]);
      Index* members = grouped.data() + classStart[c];
      rand.shuffle(members, count);
    }
    // fold_count[i] = Σ_c (i+1)·count_c/k − i·count_c/k; fold i gathers class c's share.
    for (Index i = 0; i < k; ++i) {
      Index foldCount = 0;
      for (std::size_t c = 0; c < classes; ++c)
        foldCount += (i + 1) * g.counts[c] / k - i * g.counts[c] / k;
      layout.start[static_cast<std::size_t>(i) + 1] =
          layout.start[static_cast<std::size_t>(i)] + foldCount;
    }
    std::vector<Index> next(layout.start.begin(), layout.start.end() - 1);
    for (std::size_t c = 0; c < classes; ++c) {
      for (Index i = 0; i < k; ++i) {
        const Index begin = classStart[c] + i * g.counts[c] / k;
        const Index end = classStart[c] + (i + 1) * g.counts[c] / k;
        for (Index j = begin; j < end; ++j)
          layout.order[static_cast<std::size_t>(next[static_cast<std::size_t>(i)]++)] =
              grouped[static_cast<std::size_t>(j)];
      }
    }
  } else {
    std::iota(layout.order.begin(), layout.order.end(), Index{0});
    rand.shuffle(layout.order.data(), static_cast<int>(n));
    for (Index i = 0; i <= k; ++i) layout.start[static_cast<std::size_t>(i)] = i * n / k;
  }
  return layout;
}

CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed) {
  return crossValidateSamples(x, y, params, folds, seed);
}

CrossValidationResult crossValidate(const SparseRows& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed) {
  return crossValidateSamples(x, y, params, folds, seed);
}

CrossValidationResult crossValidateFolds(const Matrix& x, const Vector& y, const SvmParams& params,
                                         const FoldLayout& layout) {
  return crossValidateLayout(x, y, params, layout);
}

CrossValidationResult crossValidateFolds(const SparseRows& x, const Vector& y,
                                         const SvmParams& params, const FoldLayout& layout) {
  return crossValidateLayout(x, y, params, layout);
}

CrossValidationResult crossValidateFolds(const Matrix& x, const Vector& y, const SvmParams& params,
                                         const FoldLayout& layout, std::vector<CSvcStart>& warm) {
  return crossValidateLayout(x, y, params, layout, &warm);
}

CrossValidationResult crossValidateFolds(const SparseRows& x, const Vector& y,
                                         const SvmParams& params, const FoldLayout& layout,
                                         std::vector<CSvcStart>& warm) {
  return crossValidateLayout(x, y, params, layout, &warm);
}

}  // namespace kpg
