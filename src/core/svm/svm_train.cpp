#include "svm/svm_train.hpp"

#include "data/number_text.hpp"
#include "svm/model_from_solver.hpp"
#include "svm/probability.hpp"
#include "svm/warm_start.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

namespace kpg {

namespace {

std::optional<ParameterError> checkFinite(const char* name, double value) {
  if (std::isfinite(value)) return std::nullopt;
  return ParameterError{name, std::string(name) + " must be a finite number, got " +
                                  (std::isnan(value) ? "NaN" : "infinity")};
}

SubproblemInfo summarize(const SmoSolver& solver, double rho) {
  SubproblemInfo info;
  info.sampleCount = solver.problem().size();
  info.iterations = solver.iteration();
  info.status = solver.status();
  info.objective = solver.objective();
  info.violation = solver.violation();
  info.rho = rho;
  const Vector& alpha = solver.alpha();
  for (Index t = 0; t < alpha.size(); ++t) {
    if (alpha(t) > solver.problem().lower(t)) ++info.supportVectors;
    if (alpha(t) >= solver.problem().upper(t)) ++info.boundSupportVectors;
  }
  return info;
}

// P3, G7: a solver that refused its problem (non-finite kernel values, up front or during the
// solve) makes the whole training fail, with its message and no model.
std::optional<ParameterError> refusal(const SmoSolver& solver) {
  if (solver.status() != RunStatus::InvalidInput) return std::nullopt;
  return ParameterError{"kernel", solver.message()};
}

// G4: rows that are identical but carry different labels (sort rows, compare neighbours).
template <class Less>
bool hasConflictingDuplicates(Index n, const Vector& y, Less less) {
  std::vector<Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Index{0});
  std::sort(order.begin(), order.end(), less);
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (!less(order[k - 1], order[k]) && y(order[k - 1]) != y(order[k])) return true;
  }
  return false;
}

bool hasConflictingDuplicates(const Matrix& x, const Vector& y) {
  return hasConflictingDuplicates(x.rows(), y, [&](Index a, Index b) {
    for (Index c = 0; c < x.cols(); ++c) {
      if (x(a, c) != x(b, c)) return x(a, c) < x(b, c);
    }
    return false;
  });
}

// Sparse rows compare as the dense rows they stand for: stored zeros are skipped, and a feature
// one row lacks is 0 there.
bool hasConflictingDuplicates(const SparseRows& x, const Vector& y) {
  return hasConflictingDuplicates(x.rows(), y, [&](Index a, Index b) {
    const SparseRowView ra = x.row(a);
    const SparseRowView rb = x.row(b);
    Index i = 0, j = 0;
    for (;;) {
      while (i < ra.size && ra.values[i] == 0.0) ++i;
      while (j < rb.size && rb.values[j] == 0.0) ++j;
      if (i == ra.size && j == rb.size) return false;
      const int ca = i < ra.size ? ra.columns[i] : INT_MAX;
      const int cb = j < rb.size ? rb.columns[j] : INT_MAX;
      if (ca == cb) {
        if (ra.values[i] != rb.values[j]) return ra.values[i] < rb.values[j];
        ++i;
        ++j;
      } else if (ca < cb) {
        return ra.values[i] < 0.0;  // a has a non-zero where b has 0
      } else {
        return 0.0 < rb.values[j];
      }
    }
  });
}

// kProbability: whether this instantiation can fit -b 1's probability model. trainSvm's can;
// trainSvmWithoutProbability's cannot, so a program that calls only that one (the app) does not
// link the fit.
template <bool kProbability, class Samples>
SvmTrainResult trainClassification(const Samples& x, const Vector& y, const SvmParams& params,
                                   bool allowSingleClass, const CSvcStart* start, CSvcStart* end) {
  SvmTrainResult result;
  for (Index r = 0; r < y.size(); ++r) {
    if (y(r) != std::floor(y(r)) || std::abs(y(r)) > 2147483647.0) {
      result.error = ParameterError{"y", "class label " + formatExact(y(r)) + " at sample " +
                                             std::to_string(r + 1) +
                                             " is not an integer (LIBSVM labels are int)"};
      return result;
    }
  }
  // svm-train checks ν once, on the whole set; cross-validation's folds train unchecked.
  if (params.type == SvmType::NuSvc && !allowSingleClass) {
    if (auto e = nuInfeasibility(y, params.nu)) {
      result.error = e;
      return result;
    }
  }
  const OneVsOne plan = oneVsOneSubproblems(y);
  if (plan.classes.labels.size() < 2 && !allowSingleClass) {
    result.error = ParameterError{
        "y", "need ≥ 2 classes, got 1 (label '" + std::to_string(plan.classes.labels[0]) + "')"};
    return result;
  }
  std::vector<Vector> coefficients;  // α·y per sub-problem, over its rows
  Vector rho(static_cast<Index>(plan.subproblems.size()));
  Vector probA(params.probability ? rho.size() : 0);
  Vector probB(probA.size());
  // svm-train never seeds rand(): every run draws the sequence of seed 1 (libsvm_random.hpp).
  [[maybe_unused]] std::optional<LibsvmRandom> random;
  if constexpr (kProbability) random.emplace();
  for (std::size_t p = 0; p < plan.subproblems.size(); ++p) {
    const BinarySubproblem& sub = plan.subproblems[p];
    if constexpr (kProbability) {
      if (params.probability) {
        // svm_train: the pair's probability fit comes before its own training and draws its shuffle
        // from the one rand() sequence, pair after pair. The pair's costs are LIBSVM's
        // weighted_C[i], weighted_C[j] (-wi; weightedC).
        const double inf = std::numeric_limits<double>::infinity();
        const double cp = params.hardMargin ? inf : weightedC(params, sub.labelA);
        const double cn = params.hardMargin ? inf : weightedC(params, sub.labelB);
        PairProbability fit = pairProbability(x, sub, params, cp, cn, *random);
        if (fit.error) {
          result.error = fit.error;
          return result;
        }
        probA(static_cast<Index>(p)) = fit.info.sigmoid.a;
        probB(static_cast<Index>(p)) = fit.info.sigmoid.b;
        result.probability.push_back(std::move(fit.info));
      }
    }
    DualProblem dual = sub.dual(x, params);
    // Warm starts scale the previous C's α into one box; with -wi the boxes differ per class,
    // so a weighted problem starts cold (warm starts are an option of kpg grid only).
    if (start && start->c > 0 && p < start->alpha.size() && start->alpha[p].size() == sub.size() &&
        !params.hardMargin && params.classWeights.empty()) {
      dual.alpha0 = warmStartAlpha(start->alpha[p] * (params.c / start->c), sameIndices(sub.size()),
                                   sub.labels(), params.c);
    }
    SmoSolver solver(std::move(dual), smoOptions(params));
    solver.solve();
    if (auto e = refusal(solver)) {
      result.error = e;
      return result;
    }
    PairSolution solution = pairSolution(solver, params.bias);
    if (params.type == SvmType::NuSvc && solution.r == 0) {
      // r = 0: αᵀQα = 0 at the optimum, w = 0 (the classes' reduced convex hulls meet at this
      // ν), and the model α y / r is ∞ and NaN (svm-train writes "C = inf" and such a model).
      result.error = ParameterError{
          "nu", "nu-SVC: the classes " + std::to_string(sub.labelA) + " and " +
                    std::to_string(sub.labelB) +
                    " cannot be separated at this nu (r = 0: the optimum has w = 0, so C = 1/r "
                    "is infinite and the model undefined); raise -n towards 1 (the class means "
                    "then decide), or use C-SVC (-s 0)"};
      return result;
    }
    rho(static_cast<Index>(p)) = solution.rho;
    SubproblemInfo info = summarize(solver, solution.rho);
    info.objective = solution.objective;
    info.r = solution.r;
    info.labelA = sub.labelA;
    info.labelB = sub.labelB;
    result.subproblems.push_back(info);
    coefficients.push_back(std::move(solution.coefficients));
    if (end) end->alpha.push_back(solver.alpha());
  }
  if (end) end->c = params.c;
  result.model = oneVsOneModel(x, plan, coefficients, rho, params.kernel);
  result.model.type = params.type;
  result.model.probA = probA;
  result.model.probB = probB;
  return result;
}

template <bool kProbability, class Samples>
SvmTrainResult trainRegression(const Samples& x, const Vector& y, const SvmParams& params) {
  SvmTrainResult result;
  QMatrixOptions qOptions;
  qOptions.cacheBytes = params.cacheBytes;
  qOptions.precomputedKernel = params.precomputedKernel;
  SmoSolver solver(params.type == SvmType::NuSvr
                       ? nuSvrDual(x, y, params.kernel, params.c, params.nu, qOptions)
                       : epsilonSvrDual(x, y, params.kernel, params.c, params.epsilon, qOptions),
                   smoOptions(params));
  solver.solve();
  if (auto e = refusal(solver)) {
    result.error = e;
    return result;
  }
  result.model = svrModel(solver, x, params.kernel, params.bias);
  result.model.type = params.type;
  result.subproblems.push_back(summarize(solver, result.model.rho(0)));
  result.subproblems.back().r = solver.nuR();
  if constexpr (kProbability) {
    if (params.probability) {
      // svm_train: svm_svr_probability runs after the model is trained, with the first rand().
      LibsvmRandom random;
      PairProbability fit = svrProbability(x, y, params, random);
      if (fit.error) {
        result.error = fit.error;
        return result;
      }
      result.model.probA = Vector::Constant(1, fit.info.sigma);
      result.probability.push_back(std::move(fit.info));
    }
  }
  return result;
}

template <class Samples>
SvmTrainResult trainOneClass(const Samples& x, const SvmParams& params) {
  SvmTrainResult result;
  SmoSolver solver(
      oneClassDual(x, params.kernel, params.nu, trainingQMatrixOptions(params, x.rows())),
      smoOptions(params));
  solver.solve();
  if (auto e = refusal(solver)) {
    result.error = e;
    return result;
  }
  result.model = oneClassModel(solver, x, params.kernel, params.bias);
  result.subproblems.push_back(summarize(solver, result.model.rho(0)));
  return result;
}

template <class Samples, bool kProbability = true>
SvmTrainResult trainImpl(const Samples& x, const Vector& y, const SvmParams& params,
                         bool allowSingleClass, const CSvcStart* start = nullptr,
                         CSvcStart* end = nullptr) {
  SvmTrainResult result;
  if (auto e = validateTraining(x, y, params)) {
    result.error = e;
    return result;
  }
  if (!kProbability && params.probability) {
    result.error = ParameterError{"probability",
                                  "this entry point trains without probability estimates; call "
                                  "trainSvm for -b 1"};
    return result;
  }
  if (isClassification(params.type)) {
    result = trainClassification<kProbability>(x, y, params, allowSingleClass, start, end);
  } else if (params.type == SvmType::OneClass) {
    result = trainOneClass(x, params);
  } else {
    result = trainRegression<kProbability>(x, y, params);
  }
  if (result.error) return result;
  if (params.precomputedKernel) keepSerialNumbers(result.model);
  for (const SubproblemInfo& info : result.subproblems) {
    if (info.status == RunStatus::CapReached) {
      result.warnings.push_back("not converged: stopped at the iteration limit after " +
                                std::to_string(info.iterations) +
                                " iterations (scale the data or lower C)");
    }
  }
  // LIBSVM svm_train: "WARNING: class label %d specified in weight is not found".
  if (params.type == SvmType::CSvc) {
    for (const ClassWeight& w : params.classWeights) {
      bool found = false;
      for (Index r = 0; r < y.size() && !found; ++r) found = static_cast<int>(y(r)) == w.label;
      if (!found)
        result.warnings.push_back("class label " + std::to_string(w.label) +
                                  " specified in weight is not found");
    }
  }
  for (const ProbabilityFitInfo& info : result.probability)
    result.warnings.insert(result.warnings.end(), info.warnings.begin(), info.warnings.end());
  if (isClassification(params.type) && hasConflictingDuplicates(x, y)) {
    result.warnings.push_back("identical inputs with different labels");
  }
  return result;
}

}  // namespace

SmoOptions smoOptions(const SvmParams& params) {
  SmoOptions options;
  options.eps = params.eps;
  options.rule = params.selection;
  options.maxIterations = params.maxIterations;
  options.shrinking = params.shrinking;
  options.noProgressSteps = params.noProgressSteps;
  options.parallelFor = params.parallelFor;
  return options;
}

QMatrixOptions trainingQMatrixOptions(const SvmParams& params, Index rows) {
  QMatrixOptions q;
  q.cacheBytes = params.cacheBytes;
  q.precomputedKernel = params.precomputedKernel;
  const bool fits = static_cast<double>(rows) * static_cast<double>(rows) * 8.0 <=
                    static_cast<double>(params.cacheBytes);
  if (rows > kPrecomputedQRows || !fits) {
    q.storage = QColumnStorage::SolverFloatCache;
    q.precomputeWhenFits = false;
  }
  return q;
}

namespace {

// The "data" checks of both storages. nonFiniteFeature(r): the 0-based feature of sample r's first
// non-finite value, or −1.
template <class NonFiniteFeature>
std::optional<ParameterError> checkSamples(Index rows, Index dimension, const Vector& y,
                                           NonFiniteFeature nonFiniteFeature) {
  if (rows == 0) return ParameterError{"data", "no samples: the training set is empty"};
  if (dimension == 0) return ParameterError{"data", "the samples have no features"};
  if (rows != y.size()) {
    return ParameterError{"data", "got " + std::to_string(rows) + " samples but " +
                                      std::to_string(y.size()) + " labels"};
  }
  for (Index r = 0; r < rows; ++r) {
    if (!std::isfinite(y(r)))
      return ParameterError{"data", "non-finite label at sample " + std::to_string(r + 1)};
    if (const Index c = nonFiniteFeature(r); c >= 0) {
      return ParameterError{"data", "non-finite value at sample " + std::to_string(r + 1) +
                                        ", feature " + std::to_string(c + 1)};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ParameterError> validateTrainingData(const Matrix& x, const Vector& y) {
  return checkSamples(x.rows(), x.cols(), y, [&](Index r) -> Index {
    for (Index c = 0; c < x.cols(); ++c)
      if (!std::isfinite(x(r, c))) return c;
    return -1;
  });
}

std::optional<ParameterError> validateTrainingData(const SparseRows& x, const Vector& y) {
  return checkSamples(x.rows(), x.dimension(), y, [&](Index r) -> Index {
    const SparseRowView row = x.row(r);
    for (Index k = 0; k < row.size; ++k)
      if (!std::isfinite(row.values[k])) return row.columns[k];
    return -1;
  });
}

std::optional<ParameterError> validateTraining(const Matrix& x, const Vector& y,
                                               const SvmParams& params) {
  if (auto e = validate(params)) return e;
  if (auto e = validateTrainingData(x, y)) return e;
  if (params.precomputedKernel) return validatePrecomputedRows(x);
  return std::nullopt;
}

std::optional<ParameterError> validateTraining(const SparseRows& x, const Vector& y,
                                               const SvmParams& params) {
  if (auto e = validate(params)) return e;
  if (auto e = validateTrainingData(x, y)) return e;
  if (params.precomputedKernel) return validatePrecomputedRows(x.toDense());
  return std::nullopt;
}

std::optional<ParameterError> validate(const SvmParams& params) {
  const int type = static_cast<int>(params.type);
  if (type < 0 || type > 4)
    return ParameterError{"svm_type",
                          "svm_type must be c_svc, nu_svc, one_class, epsilon_svr or nu_svr"};
  if (!params.precomputedKernel)
    if (auto e = validate(params.kernel)) return e;
  // svm_check_parameter: C for the three types that have one (ν-SVC and one-class have none).
  const bool hasC = params.type == SvmType::CSvc || params.type == SvmType::EpsilonSvr ||
                    params.type == SvmType::NuSvr;
  if (params.type == SvmType::NuSvc || params.type == SvmType::OneClass ||
      params.type == SvmType::NuSvr) {
    if (auto e = checkFinite("nu", params.nu)) return e;
    if (!(params.nu > 0 && params.nu <= 1))
      return ParameterError{"nu", "nu must be in (0, 1], got " + formatExact(params.nu) +
                                      " (LIBSVM: nu <= 0 or nu > 1)"};
  }
  if (params.probability && params.type == SvmType::OneClass)
    return ParameterError{"probability",
                          "one-class SVM probability output not supported yet (as LIBSVM "
                          "3.24); train with -b 0"};
  if (hasC && !(params.type == SvmType::CSvc && params.hardMargin)) {
    if (auto e = checkFinite("c", params.c)) return e;
    if (params.c <= 0) return ParameterError{"c", "c must be > 0, got " + formatExact(params.c)};
  }
  for (const ClassWeight& w : params.classWeights) {
    // LIBSVM takes any weight; a weight ≤ 0 makes that class's box empty or inverted, which
    // the dual cannot meet, so it is refused here with the flag's name.
    if (!std::isfinite(w.weight) || w.weight <= 0)
      return ParameterError{"weight", "the weight of class " + std::to_string(w.label) +
                                          " must be a finite number > 0 (it multiplies C), got " +
                                          formatExact(w.weight)};
  }
  if (params.hardMargin && params.type != SvmType::CSvc)
    return ParameterError{"hard_margin", "a hard margin exists for c_svc only"};
  if (auto e = checkFinite("eps", params.eps)) return e;
  if (params.eps <= 0)
    return ParameterError{"eps",
                          "eps (stopping tolerance) must be > 0, got " + formatExact(params.eps)};
  if (params.type == SvmType::EpsilonSvr) {
    if (auto e = checkFinite("epsilon", params.epsilon)) return e;
    if (params.epsilon < 0)
      return ParameterError{"epsilon", "epsilon (the SVR tube, LIBSVM -p) must be >= 0"};
  }
  if (params.cacheBytes <= 0)
    return ParameterError{"cache_bytes", "the kernel cache size must be > 0 bytes"};
  if (params.cacheBytes > (std::int64_t{4} << 30))
    return ParameterError{"cache_bytes", "the kernel cache size must be <= 4 GiB"};
  if (params.maxIterations < 0)
    return ParameterError{"max_iterations", "max_iterations must be >= 0 (0: LIBSVM default)"};
  if (params.noProgressSteps < 0)
    return ParameterError{"no_progress_steps", "no_progress_steps must be >= 0 (0: never stop)"};
  return std::nullopt;
}

std::optional<ParameterError> nuInfeasibility(const Vector& y, double nu) {
  const ClassGrouping g = groupClasses(y);
  for (std::size_t a = 0; a < g.labels.size(); ++a) {
    for (std::size_t b = a + 1; b < g.labels.size(); ++b) {
      const auto na = static_cast<double>(g.counts[a]);
      const auto nb = static_cast<double>(g.counts[b]);
      if (nu * (na + nb) / 2 > std::min(na, nb)) {
        return ParameterError{
            "nu", "specified nu is infeasible: classes " + std::to_string(g.labels[a]) + " (" +
                      std::to_string(g.counts[a]) + " samples) and " + std::to_string(g.labels[b]) +
                      " (" + std::to_string(g.counts[b]) + " samples) need nu <= 2*min/(sum) = " +
                      formatDisplay(2 * std::min(na, nb) / (na + nb)) + "; lower -n"};
      }
    }
  }
  return std::nullopt;
}

bool SvmTrainResult::converged() const {
  if (error) return false;
  return std::all_of(subproblems.begin(), subproblems.end(),
                     [](const SubproblemInfo& s) { return s.status == RunStatus::Converged; });
}

SvmTrainResult trainSvm(const Matrix& x, const Vector& y, const SvmParams& params) {
  return trainImpl(x, y, params, false);
}

SvmTrainResult trainSvmWithoutProbability(const Matrix& x, const Vector& y,
                                          const SvmParams& params) {
  return trainImpl<Matrix, false>(x, y, params, false);
}

SvmTrainResult trainSvmAllowingOneClass(const Matrix& x, const Vector& y, const SvmParams& params) {
  return trainImpl(x, y, params, true);
}

SvmTrainResult trainSvm(const SparseRows& x, const Vector& y, const SvmParams& params) {
  return trainImpl(x, y, params, false);
}

SvmTrainResult trainSvmAllowingOneClass(const SparseRows& x, const Vector& y,
                                        const SvmParams& params) {
  return trainImpl(x, y, params, true);
}

SvmTrainResult trainSvmAllowingOneClassFrom(const Matrix& x, const Vector& y,
                                            const SvmParams& params, const CSvcStart* start,
                                            CSvcStart* end) {
  if (end) *end = CSvcStart{};
  return trainImpl(x, y, params, true, start, end);
}

SvmTrainResult trainSvmAllowingOneClassFrom(const SparseRows& x, const Vector& y,
                                            const SvmParams& params, const CSvcStart* start,
                                            CSvcStart* end) {
  if (end) *end = CSvcStart{};
  return trainImpl(x, y, params, true, start, end);
}

}  // namespace kpg
