#include "svm/svm_train.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace kpg {

namespace {

std::optional<ParameterError> checkFinite(const char* name, double value) {
  if (std::isfinite(value)) return std::nullopt;
  return ParameterError{name, std::string(name) + " must be a finite number, got " +
                                  (std::isnan(value) ? "NaN" : "infinity")};
}

std::string formatNumber(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::optional<ParameterError> validateData(const Matrix& x, const Vector& y) {
  if (x.rows() == 0) return ParameterError{"data", "no samples: the training set is empty"};
  if (x.cols() == 0) return ParameterError{"data", "the samples have no features"};
  if (x.rows() != y.size()) {
    return ParameterError{"data", "got " + std::to_string(x.rows()) + " samples but " +
                                      std::to_string(y.size()) + " labels"};
  }
  for (Index r = 0; r < x.rows(); ++r) {
    if (!std::isfinite(y(r)))
      return ParameterError{"data", "non-finite label at sample " + std::to_string(r + 1)};
    for (Index c = 0; c < x.cols(); ++c) {
      if (!std::isfinite(x(r, c))) {
        return ParameterError{"data", "non-finite value at sample " + std::to_string(r + 1) +
                                          ", feature " + std::to_string(c + 1)};
      }
    }
  }
  return std::nullopt;
}

Matrix selectRows(const Matrix& x, const std::vector<Index>& rows) {
  Matrix out(static_cast<Index>(rows.size()), x.cols());
  for (std::size_t r = 0; r < rows.size(); ++r) out.row(static_cast<Index>(r)) = x.row(rows[r]);
  return out;
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

// G4: rows that are identical but carry different labels (sort rows, compare neighbours).
bool hasConflictingDuplicates(const Matrix& x, const Vector& y) {
  std::vector<Index> order(static_cast<std::size_t>(x.rows()));
  std::iota(order.begin(), order.end(), Index{0});
  auto less = [&](Index a, Index b) {
    for (Index c = 0; c < x.cols(); ++c) {
      if (x(a, c) != x(b, c)) return x(a, c) < x(b, c);
    }
    return false;
  };
  std::sort(order.begin(), order.end(), less);
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (!less(order[k - 1], order[k]) && y(order[k - 1]) != y(order[k])) return true;
  }
  return false;
}

SvmTrainResult trainClassification(const Matrix& x, const Vector& y, const SvmParams& params,
                                   bool allowSingleClass) {
  SvmTrainResult result;
  for (Index r = 0; r < y.size(); ++r) {
    if (y(r) != std::floor(y(r)) || std::abs(y(r)) > 2147483647.0) {
      result.error = ParameterError{"y", "class label " + formatNumber(y(r)) + " at sample " +
                                             std::to_string(r + 1) +
                                             " is not an integer (LIBSVM labels are int)"};
      return result;
    }
  }
  const ClassGrouping groups = groupClasses(y);
  const int classes = static_cast<int>(groups.labels.size());
  if (classes < 2 && !allowSingleClass) {
    result.error = ParameterError{
        "y", "need ≥ 2 classes, got 1 (label '" + std::to_string(groups.labels[0]) + "')"};
    return result;
  }
  // perm: samples grouped by class, in input order within a class (LIBSVM's perm).
  std::vector<Index> start(static_cast<std::size_t>(classes), 0);
  for (int c = 1; c < classes; ++c) {
    start[static_cast<std::size_t>(c)] =
        start[static_cast<std::size_t>(c - 1)] + groups.counts[static_cast<std::size_t>(c - 1)];
  }
  std::vector<Index> perm(static_cast<std::size_t>(y.size()));
  {
    std::vector<Index> next = start;
    for (Index r = 0; r < y.size(); ++r) {
      perm[static_cast<std::size_t>(
          next[static_cast<std::size_t>(groups.classOf[static_cast<std::size_t>(r)])]++)] = r;
    }
  }
  const double c = params.hardMargin ? std::numeric_limits<double>::infinity() : params.c;
  QMatrixOptions qOptions;
  qOptions.cacheBytes = params.cacheBytes;

  std::vector<bool> nonzero(perm.size(), false);  // indexed by position in perm
  std::vector<Vector> pairCoefficients;           // α·y per pair, class a then class b
  Vector rho(classes * (classes - 1) / 2);
  Index p = 0;
  for (int a = 0; a < classes; ++a) {
    for (int b = a + 1; b < classes; ++b) {
      const Index sa = start[static_cast<std::size_t>(a)];
      const Index sb = start[static_cast<std::size_t>(b)];
      const Index ca = groups.counts[static_cast<std::size_t>(a)];
      const Index cb = groups.counts[static_cast<std::size_t>(b)];
      std::vector<Index> rows;
      for (Index k = 0; k < ca; ++k) rows.push_back(perm[static_cast<std::size_t>(sa + k)]);
      for (Index k = 0; k < cb; ++k) rows.push_back(perm[static_cast<std::size_t>(sb + k)]);
      Vector labels(ca + cb);
      labels.head(ca).setOnes();
      labels.tail(cb).setConstant(-1.0);
      SmoSolver solver(cSvcDual(selectRows(x, rows), labels, params.kernel, c, qOptions),
                       smoOptions(params));
      solver.solve();
      const DualProblem& problem = solver.problem();
      rho(p) = rhoFromGradient(params.bias, problem.y, solver.alpha(), problem.lower, problem.upper,
                               solver.gradient());
      SubproblemInfo info = summarize(solver, rho(p));
      info.labelA = groups.labels[static_cast<std::size_t>(a)];
      info.labelB = groups.labels[static_cast<std::size_t>(b)];
      result.subproblems.push_back(info);
      const Vector coef = solver.alpha().cwiseProduct(labels);
      for (Index k = 0; k < ca; ++k)
        if (coef(k) != 0) nonzero[static_cast<std::size_t>(sa + k)] = true;
      for (Index k = 0; k < cb; ++k)
        if (coef(ca + k) != 0) nonzero[static_cast<std::size_t>(sb + k)] = true;
      pairCoefficients.push_back(coef);
      ++p;
    }
  }

  SvmModel& model = result.model;
  model.type = SvmType::CSvc;
  model.kernel = params.kernel;
  model.classCount = classes;
  model.labels = groups.labels;
  model.supportCounts.assign(static_cast<std::size_t>(classes), 0);
  std::vector<Index> svRows;
  for (int k = 0; k < classes; ++k) {
    for (Index t = 0; t < groups.counts[static_cast<std::size_t>(k)]; ++t) {
      const Index position = start[static_cast<std::size_t>(k)] + t;
      if (nonzero[static_cast<std::size_t>(position)]) {
        ++model.supportCounts[static_cast<std::size_t>(k)];
        svRows.push_back(perm[static_cast<std::size_t>(position)]);
      }
    }
  }
  model.supportVectors = selectRows(x, svRows);
  const Index total = static_cast<Index>(svRows.size());
  model.coefficients = Matrix::Zero(std::max(classes - 1, 0), total);
  std::vector<Index> nzStart(static_cast<std::size_t>(classes), 0);
  for (int k = 1; k < classes; ++k) {
    nzStart[static_cast<std::size_t>(k)] = nzStart[static_cast<std::size_t>(k - 1)] +
                                           model.supportCounts[static_cast<std::size_t>(k - 1)];
  }
  p = 0;
  for (int a = 0; a < classes; ++a) {
    for (int b = a + 1; b < classes; ++b) {
      const Vector& coef = pairCoefficients[static_cast<std::size_t>(p)];
      const Index sa = start[static_cast<std::size_t>(a)];
      const Index sb = start[static_cast<std::size_t>(b)];
      const Index ca = groups.counts[static_cast<std::size_t>(a)];
      const Index cb = groups.counts[static_cast<std::size_t>(b)];
      Index q = nzStart[static_cast<std::size_t>(a)];
      for (Index k = 0; k < ca; ++k)
        if (nonzero[static_cast<std::size_t>(sa + k)]) model.coefficients(b - 1, q++) = coef(k);
      q = nzStart[static_cast<std::size_t>(b)];
      for (Index k = 0; k < cb; ++k)
        if (nonzero[static_cast<std::size_t>(sb + k)]) model.coefficients(a, q++) = coef(ca + k);
      ++p;
    }
  }
  model.rho = rho;
  return result;
}

SvmTrainResult trainRegression(const Matrix& x, const Vector& y, const SvmParams& params) {
  SvmTrainResult result;
  QMatrixOptions qOptions;
  qOptions.cacheBytes = params.cacheBytes;
  SmoSolver solver(epsilonSvrDual(x, y, params.kernel, params.c, params.epsilon, qOptions),
                   smoOptions(params));
  solver.solve();
  const DualProblem& problem = solver.problem();
  const double rho = rhoFromGradient(params.bias, problem.y, solver.alpha(), problem.lower,
                                     problem.upper, solver.gradient());
  result.subproblems.push_back(summarize(solver, rho));
  const Index n = y.size();
  const Vector coef = solver.alpha().head(n) - solver.alpha().tail(n);
  std::vector<Index> svRows;
  for (Index i = 0; i < n; ++i)
    if (coef(i) != 0) svRows.push_back(i);
  SvmModel& model = result.model;
  model.type = SvmType::EpsilonSvr;
  model.kernel = params.kernel;
  model.classCount = 2;
  model.supportVectors = selectRows(x, svRows);
  model.coefficients.resize(1, static_cast<Index>(svRows.size()));
  for (std::size_t s = 0; s < svRows.size(); ++s)
    model.coefficients(0, static_cast<Index>(s)) = coef(svRows[s]);
  model.rho = Vector::Constant(1, rho);
  return result;
}

SvmTrainResult trainImpl(const Matrix& x, const Vector& y, const SvmParams& params,
                         bool allowSingleClass) {
  SvmTrainResult result;
  if (auto e = validate(params)) {
    result.error = e;
    return result;
  }
  if (auto e = validateData(x, y)) {
    result.error = e;
    return result;
  }
  result = params.type == SvmType::CSvc ? trainClassification(x, y, params, allowSingleClass)
                                        : trainRegression(x, y, params);
  if (result.error) return result;
  for (const SubproblemInfo& info : result.subproblems) {
    if (info.status == SmoStatus::IterationLimit) {
      result.warnings.push_back("not converged: stopped at the iteration limit after " +
                                std::to_string(info.iterations) +
                                " iterations (scale the data or lower C)");
    }
  }
  if (params.type == SvmType::CSvc && hasConflictingDuplicates(x, y)) {
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
  return options;
}

std::optional<ParameterError> validate(const SvmParams& params) {
  if (params.type != SvmType::CSvc && params.type != SvmType::EpsilonSvr)
    return ParameterError{"svm_type", "svm_type must be c_svc or epsilon_svr"};
  if (auto e = validate(params.kernel)) return e;
  if (!(params.type == SvmType::CSvc && params.hardMargin)) {
    if (auto e = checkFinite("c", params.c)) return e;
    if (params.c <= 0) return ParameterError{"c", "c must be > 0, got " + formatNumber(params.c)};
  }
  if (params.hardMargin && params.type != SvmType::CSvc)
    return ParameterError{"hard_margin", "a hard margin exists for c_svc only"};
  if (auto e = checkFinite("eps", params.eps)) return e;
  if (params.eps <= 0)
    return ParameterError{"eps",
                          "eps (stopping tolerance) must be > 0, got " + formatNumber(params.eps)};
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
  return std::nullopt;
}

bool SvmTrainResult::converged() const {
  if (error) return false;
  return std::all_of(subproblems.begin(), subproblems.end(),
                     [](const SubproblemInfo& s) { return s.status == SmoStatus::Converged; });
}

ClassGrouping groupClasses(const Vector& y) {
  ClassGrouping g;
  g.classOf.resize(static_cast<std::size_t>(y.size()));
  for (Index r = 0; r < y.size(); ++r) {
    const int label = static_cast<int>(y(r));
    auto it = std::find(g.labels.begin(), g.labels.end(), label);
    if (it == g.labels.end()) {
      g.labels.push_back(label);
      g.counts.push_back(0);
      it = g.labels.end() - 1;
    }
    const auto k = static_cast<std::size_t>(it - g.labels.begin());
    ++g.counts[k];
    g.classOf[static_cast<std::size_t>(r)] = static_cast<int>(k);
  }
  // LIBSVM: a −1/+1 problem seen in that order is swapped so that +1 is the positive class.
  if (g.labels.size() == 2 && g.labels[0] == -1 && g.labels[1] == 1) {
    std::swap(g.labels[0], g.labels[1]);
    std::swap(g.counts[0], g.counts[1]);
    for (int& k : g.classOf) k = 1 - k;
  }
  return g;
}

SvmTrainResult trainSvm(const Matrix& x, const Vector& y, const SvmParams& params) {
  return trainImpl(x, y, params, false);
}

CrossValidationResult crossValidate(const Matrix& x, const Vector& y, const SvmParams& params,
                                    int folds, std::uint64_t seed) {
  CrossValidationResult result;
  if (auto e = validate(params)) {
    result.error = e;
    return result;
  }
  if (auto e = validateData(x, y)) {
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
            ParameterError{"y", "class label " + formatNumber(y(r)) + " is not an integer"};
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
    const SvmTrainResult trained = trainImpl(selectRows(x, trainRows), trainY, params, true);
    if (trained.error) {
      result.error = trained.error;
      return result;
    }
    for (Index r : testRows)
      result.predictions(r) = predict(trained.model, Vector(x.row(r).transpose()));
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

BinarySolutionView describeBinarySolution(const SmoSolver& solver, const Matrix& x,
                                          const KernelParams& kernel, BiasRule rule) {
  const DualProblem& problem = solver.problem();
  BinarySolutionView view;
  view.alpha = solver.alpha();
  view.coefficients = view.alpha.cwiseProduct(problem.y);
  view.rho =
      rhoFromGradient(rule, problem.y, view.alpha, problem.lower, problem.upper, solver.gradient());
  view.bias = -view.rho;
  const Index n = view.alpha.size();
  view.categories.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) {
    view.categories[static_cast<std::size_t>(i)] =
        view.alpha(i) <= problem.lower(i)   ? SupportCategory::NotSupport
        : view.alpha(i) >= problem.upper(i) ? SupportCategory::Bound
                                            : SupportCategory::Free;
  }
  view.slacks = cSvcSlacks(problem.y, solver.gradient(), view.rho);
  const double c = n > 0 ? problem.upper(0) : 1.0;
  view.primalObjective = cSvcPrimalObjective(view.alpha, solver.gradient(), view.slacks, c);
  view.dualObjective = -solver.objective();
  view.dualityGap = view.primalObjective - view.dualObjective;
  view.alphaSum = view.alpha.sum();
  view.wNormSquared = view.alpha.dot(solver.gradient() - problem.linear);
  if (view.wNormSquared > 0) view.margin = 1.0 / std::sqrt(view.wNormSquared);
  if (kernel.type == KernelType::Linear && x.rows() == n) {
    view.w = x.transpose() * view.coefficients;
    if (view.w->norm() > 0) view.margin = 1.0 / view.w->norm();
  }
  return view;
}

}  // namespace kpg
