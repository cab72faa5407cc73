#include "svm/cross_validation.hpp"

#include "data/number_text.hpp"
#include "svm/probability.hpp"

#include <cmath>
#include <numeric>
#include <random>

namespace kpg {

namespace {

// svm_cross_validation: a C-SVC trained with probability information (-b 1 -v n) predicts by
// svm_predict_probability, the most probable class, which may differ from the vote.
double predictFrom(const SvmModel& model, const Vector& values) {
  if (model.type == SvmType::CSvc && hasProbabilityModel(model))
    return predictProbability(model, values).label;
  return predictFromDecisionValues(model, values);
}

double predictSample(const SvmModel& model, const Matrix& x, Index r) {
  return predictFrom(model, decisionValues(model, Vector(x.row(r).transpose())));
}

double predictSample(const SvmModel& model, const SparseRows& x, Index r) {
  return predictFrom(model, decisionValues(model, x.row(r)));
}

template <class Samples>
CrossValidationResult crossValidateSamples(const Samples& x, const Vector& y,
                                           const SvmParams& params, int folds, std::uint64_t seed) {
  CrossValidationResult result;
  if (auto e = validateTraining(x, y, params)) {
    result.error = e;
    return result;
  }
  if (folds < 2) {
    result.error = ParameterError{"folds", "n-fold cross validation needs n >= 2"};
    return result;
  }
  const Index n = y.size();
  if (folds > n) {
    result.warnings.push_back("folds > samples: using leave-one-out (" + std::to_string(n) +
                              " folds)");
    folds = static_cast<int>(n);
  }
  result.folds = folds;
  std::mt19937_64 engine(seed);
  auto shuffle = [&engine](std::vector<Index>& v) {
    for (std::size_t k = v.size(); k > 1; --k) {
      const auto r = static_cast<std::size_t>(engine() % k);
      std::swap(v[k - 1], v[r]);
    }
  };
  // foldOf[sample]
  std::vector<int> foldOf(static_cast<std::size_t>(n), 0);
  if (params.type == SvmType::CSvc) {
    for (Index r = 0; r < n; ++r) {
      if (y(r) != std::floor(y(r))) {
        result.error =
            ParameterError{"y", "class label " + formatExact(y(r)) + " is not an integer"};
        return result;
      }
    }
    // Stratified as svm_cross_validation: each class's shuffled samples spread over the folds.
    const ClassGrouping g = groupClasses(y);
    for (std::size_t k = 0; k < g.labels.size(); ++k) {
      std::vector<Index> members;
      for (Index r = 0; r < n; ++r)
        if (g.classOf[static_cast<std::size_t>(r)] == static_cast<int>(k)) members.push_back(r);
      shuffle(members);
      const Index count = static_cast<Index>(members.size());
      for (int f = 0; f < folds; ++f) {
        const Index begin = f * count / folds;
        const Index end = (f + 1) * count / folds;
        for (Index m = begin; m < end; ++m)
          foldOf[static_cast<std::size_t>(members[static_cast<std::size_t>(m)])] = f;
      }
    }
  } else {
    std::vector<Index> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), Index{0});
    shuffle(order);
    for (int f = 0; f < folds; ++f) {
      for (Index m = f * n / folds; m < (f + 1) * n / folds; ++m)
        foldOf[static_cast<std::size_t>(order[static_cast<std::size_t>(m)])] = f;
    }
  }
  result.predictions.resize(n);
  for (int f = 0; f < folds; ++f) {
    std::vector<Index> trainRows;
    std::vector<Index> testRows;
    for (Index r = 0; r < n; ++r)
      (foldOf[static_cast<std::size_t>(r)] == f ? testRows : trainRows).push_back(r);
    if (testRows.empty()) continue;
    Vector trainY(static_cast<Index>(trainRows.size()));
    for (std::size_t k = 0; k < trainRows.size(); ++k)
      trainY(static_cast<Index>(k)) = y(trainRows[k]);
    const SvmTrainResult trained =
        trainSvmAllowingOneClass(selectRows(x, trainRows), trainY, params);
    if (trained.error) {
      result.error = trained.error;
      return result;
    }
    for (Index r : testRows) result.predictions(r) = predictSample(trained.model, x, r);
  }
  if (params.type == SvmType::CSvc) {
    Index correct = 0;
    for (Index r = 0; r < n; ++r)
      if (result.predictions(r) == y(r)) ++correct;
    result.accuracy = static_cast<double>(correct) / static_cast<double>(n);
  } else {
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

}  // namespace

CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed) {
  return crossValidateSamples(x, y, params, folds, seed);
}

CrossValidationResult crossValidate(const SparseRows& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed) {
  return crossValidateSamples(x, y, params, folds, seed);
}

}  // namespace kpg
