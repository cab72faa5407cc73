#pragma once
// LIBSVM model files (LIBSVM svm.cpp svm_save_model / svm_load_model; README "model file"):
//   svm_type c_svc | nu_svc | one_class | epsilon_svr | nu_svr
//   kernel_type linear | polynomial | rbf | sigmoid | precomputed
//   degree d        (polynomial)            gamma g   (polynomial, rbf, sigmoid)
//   coef0 r         (polynomial, sigmoid)
//   nr_class k      total_sv n
//   rho ρ_01 ρ_02 … (k(k−1)/2 values)
//   label l_0 … l_{k−1}                        (c_svc, nu_svc only)
//   probA A_01 A_02 …  probB B_01 B_02 …       (svm-train -b 1; k(k−1)/2 values each; an
//                                               epsilon_svr model has probA σ only)
//   nr_sv n_0 … n_{k−1}                        (c_svc, nu_svc only)
//   SV
//   coef_1 … coef_{k−1} idx:val idx:val …      (n rows; precomputed: coef… 0:i, i the SV's
//                                               serial number in the training file)
// The layout of the rows is the in-memory layout of SvmModel (svm_model.hpp).
//
// Writing: LIBSVM's header order and key names, every double in the shortest form that reads
// back exactly (LIBSVM itself writes SV values with %.8g, losing digits: docs/bad-inputs.md M10), SV
// values sparse (zeros omitted, except one `d:0` at the end of the last row when the support
// vectors are all zero in the last features, so that the dimension d reads back), one-based
// indices, each line ending in '\n'. So write(read(write(m))) == write(m) byte for byte, and the
// model read back evaluates to the same bits as the model written (tests/fuzz/fuzz_model.cpp).
//
// Reading validates everything of docs/bad-inputs.md M1-M9 and refuses with a located
// ReadError: nothing is allocated from a count the file states (arrays grow with the tokens
// actually present and are checked against the counts afterwards). Choices:
//  * A file whose last line has no '\n' is treated as truncated (M1): both LIBSVM and this writer
//    end every line with one, so a missing one means the file was cut.
//  * rho, label and nr_sv before nr_class are an error (M2), as LIBSVM's reader needs that order.
//  * prob_density_marks (one-class -b 1 of LIBSVM >= 3.3; 3.24, which the tests compare with,
//    writes none) is refused by name, and so is probA/probB in a one_class model.
//  * probA/probB must have rho's count, finite values, and come as a pair in c_svc models
//    (svm_check_probability_model would otherwise silently ignore them); epsilon_svr and nu_svr
//    have probA (σ ≥ 0) only (M14).
//  * A model whose support vectors have fewer features than the data is used with LIBSVM's sparse
//    semantics (missing features are 0): see decisionValues in svm_model.hpp (M13).

#include "data/read_error.hpp"
#include "svm/svm_model.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace kpg {

std::string writeModel(const SvmModel& model);
// The same text in chunks of about kModelTextChunkBytes, in order: a writer that streams the model
// to a file never holds the whole text (digits' 1 797 support vectors are 1.5 MB of it, more
// than the training's own peak, against the goal of a peak memory ≤ svm-train's).
using ModelTextSink = std::function<void(std::string_view)>;
constexpr std::size_t kModelTextChunkBytes = 64 * 1024;
void writeModel(const SvmModel& model, const ModelTextSink& sink);

struct ModelReadOptions {
  ReadLimits limits;      // maxLines bounds total_sv, maxFeatures the SV indices
  int maxClasses = 1000;  // nr_class above this is refused before anything is sized by it
};

ReadResult<SvmModel> readModel(std::string_view text, std::string_view source,
                               const ModelReadOptions& options = {});

}  // namespace kpg
