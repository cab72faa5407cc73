#pragma once
// The page's address parameters, read once at start-up (web/page/start_session.js passes
// location.search to kpg_open_url_params), in the spirit of TensorFlow Playground's flags. A course
// page writes them by hand:
//
//   index.html?preset=moons&kernel=rbf&gamma=2&C=10&lock=all&unlock=gamma&panels=controls,canvas
//             &embed=1&autorun=1
//
//   method=svm|perceptron|knn|kmeans|kpca|kfd|svr    the method shown (setMode)
//   preset=hand-solved|perceptron|xor|moons|circles|blobs|separable   the data
//   kernel=linear|polynomial|rbf|sigmoid, gamma=, coef0=, degree=, C= (a number or inf)
//   step=N                                           the SMO step shown (replayed from 0)
//   tutorial=<id>, page=N                            the Tutorials panel open at that page
//   exercise=<id>                                    a built-in exercise (exercises/)
//   instructor=1                                     the exercise panel in instructor mode
//   lock=kernel,C,gamma,data,step,solver,method|all  locked controls (page_settings.hpp)
//   unlock=gamma                                     taken out of lock=all
//   panels=controls,canvas,pair,dual,convergence,status,toolbar   the panels shown
//   embed=1                                          the compact layout for a 600 px iframe
//   autorun=1                                        the solver runs to convergence by itself
// A session (#s=…, session/app_link.hpp) can follow in the hash; it is applied after these and
// carries its own page settings.
//
// A bad parameter never stops the page: its error names the parameter, the value and what to
// write instead ("address parameter gamma=abc: not a number; write a positive number, e.g.
// gamma=0.5"), it is shown in the banner, and the parameter is ignored; the others apply
// (docs/bad-inputs.md W16).

#include "app_state.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::app {

constexpr std::size_t kMaxUrlQueryChars = 4096;

struct UrlParams {
  std::optional<Mode> mode;
  std::optional<std::string> preset;
  std::optional<KernelType> kernel;
  std::optional<double> gamma, coef0, c;
  std::optional<int> degree;
  std::optional<std::int64_t> step;
  std::optional<std::string> tutorialId;
  std::optional<int> tutorialPage;
  std::optional<std::string> exerciseId;
  bool instructor = false;
  PageSettings page;
  bool hasPageSettings = false;  // any of lock, unlock, panels, embed, autorun
  std::vector<std::string> errors;
  bool empty() const;
};

// `query` is location.search, with or without its leading '?'; names and values are
// percent-decoded ('+' is a space).
UrlParams parseUrlParams(std::string_view query);

// Applies what parsed, in the order data, kernel, C, step, method, tutorial, then the page
// settings (locks last: they bind the student, not the page). Returns the errors of applying
// (a tutorial page out of range, parameters the lab refuses), each also naming its parameter.
std::vector<std::string> applyUrlParams(AppState& app, const UrlParams& params);

// Once per frame: with page.autorun, a solver that is not converged and not already running is
// run to convergence (time-sliced like the Run button).
void autorunIfAsked(AppState& app);

}  // namespace kpg::app
