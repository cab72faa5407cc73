#pragma once
// Reproducing Mika, Rätsch, Weston, Schölkopf & Müller, "Fisher discriminant analysis with kernels"
// (NNSP IX, 1999), Table 1, printed in course-notes 004: test error (%) of the SVM and of the
// kernel Fisher discriminant on Rätsch's IDA benchmarks, RBF kernel k(x, y) = exp(−‖x − y‖²/c).
//
// Protocol (Mika et al. 1999 "Experiments"; Rätsch, Onoda & Müller 2001): the width c and the
// regularizer (SVM: C; KFD: μ in N + μI) are selected by 5-fold cross-validation on each of the
// first five training realizations; the median of the five selected values of each parameter is
// then used on every realization, and the test errors are averaged. The data are used as shipped:
// Rätsch z-scored the pools, and re-standardizing would change the numbers.
//
// Choices the papers leave open, made here and printed with the table:
//   grids      c = d·2^k, k = −2..4 (d = input dimension: ‖x − y‖² is about 2d for z-scored data);
//              C ∈ {0.1, 1, 10, 100, 1000}; μ ∈ {10⁻³, …, 10²}.
//   folds      stratified by class, shuffled by a fixed seed (identical on every platform).
//   ties       the lowest cross-validation error wins; among equal errors the earlier grid point,
//              i.e. the narrower width, then the smaller C (the stronger regularization) or the
//              smaller μ.
//   decision   an exact zero counts as the +1 class.
//   KFD b      FisherThreshold::FewestTrainingErrors (fisher_discriminant.hpp): Mika et al. leave
//              b open; the midpoint of the projected class means misplaces it on the unbalanced
//              sets (breast-cancer +7 points, german +3.7 against the published errors).

#include "fisher_discriminant/fisher_discriminant.hpp"
#include "reproduce/ida_data.hpp"

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace kpg::cli {

// A classifier under test, working from precomputed kernel matrices so that one kernel matrix per
// width serves every fold and every regularizer value.
class BenchmarkMethod {
 public:
  virtual ~BenchmarkMethod() = default;
  virtual const char* name() const = 0;             // "SVM", "KFD"
  virtual const char* regularizerName() const = 0;  // "C", "mu"
  virtual std::vector<double> regularizerGrid() const = 0;
  // Decision values at the evaluation points for each regularizer value in `regularizers`.
  // kTrain: training × training kernel matrix; kEval: evaluation × training.
  virtual std::vector<Vector> decisions(const Matrix& kTrain, const Vector& yTrain,
                                        const Matrix& kEval,
                                        const std::vector<double>& regularizers) const = 0;
};

std::unique_ptr<BenchmarkMethod> makeSvmMethod();
std::unique_ptr<BenchmarkMethod> makeKfdMethod(FisherThreshold rule);

struct PublishedResult {
  double mean = 0;  // test error, %
  double std = 0;
};

struct BenchmarkDataset {
  const char* folder;  // in --data
  const char* label;   // as Table 1 prints it
  PublishedResult svm;
  PublishedResult kfd;
  // --quick: the parameters the full protocol selected (width c, C; width c, μ).
  double quickSvmWidth, quickSvmC, quickKfdWidth, quickKfdMu;
};

// The nine IDA data sets (reproduce/ida_data.hpp) with Table 1's SVM and KFD columns.
const std::vector<BenchmarkDataset>& mika1999Datasets();

struct MethodRow {
  std::string dataset;
  std::string method;
  double width = 0;
  double regularizer = 0;
  std::vector<double> testErrors;  // %, one per realization
  double mean = 0;
  double std = 0;  // sample standard deviation (n − 1)
  PublishedResult published;
  double difference = 0;  // ours − published
  double tolerance = 0;   // max(1.5, 3·SE), SE = √(s²/n + s_pub²/100)
  bool reproduced = false;
  std::string error;  // set when the data could not be read
};

struct ReproduceOptions {
  std::string dataFolder;
  bool quick = false;
  std::vector<std::string> only;  // data set folders; empty = all
  int threads = 0;                // 0 = hardware concurrency
  std::function<void(const std::string&)> progress;
};

std::vector<MethodRow> reproduceMika1999(const ReproduceOptions& options);

void printTable(const std::vector<MethodRow>& rows, bool quick, std::ostream& out);

}  // namespace kpg::cli
