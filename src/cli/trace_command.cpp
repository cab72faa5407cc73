// `kpg trace`: every SMO step of training as JSON Lines on stdout, one object per step() call of
// the core's SmoSolver (svm/smo_solver.hpp SmoStep, all fields), so a run can be replayed or
// plotted outside the app. C-SVC with k classes traces the k(k−1)/2 one-vs-one sub-problems in
// LIBSVM's pair order; epsilon-SVR traces its one 2N-variable problem (indices i, j ≥ N are the
// α* half; "sample_i"/"sample_j" give the data row). Non-finite numbers are written as null.
//
// Lines: {"type":"problem",...} then {"type":"step",...} per step, then {"type":"result",...}.

#include "command.hpp"
#include "data/number_text.hpp"
#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"
#include "svm_options.hpp"

#include <cmath>
#include <ostream>

namespace kpg::cli {

namespace {

const char* const kUsage = "Usage: kpg trace [options] training_set_file\n";

std::string num(double value) {
  return std::isfinite(value) ? formatDouble(value) : "null";
}

void writeStep(std::ostream& out, int subproblem, const SmoStep& s, Index n, bool svr) {
  const auto sample = [&](Index k) { return k < 0 ? k : (svr ? k % n : k); };
  out << "{\"type\":\"step\",\"subproblem\":" << subproblem
      << ",\"updated\":" << (s.updated ? "true" : "false") << ",\"iteration\":" << s.iteration
      << ",\"status\":\"" << smoStatusName(s.status) << "\",\"i\":" << s.i << ",\"j\":" << s.j
      << ",\"sample_i\":" << sample(s.i) << ",\"sample_j\":" << sample(s.j)
      << ",\"m_alpha\":" << num(s.mAlpha) << ",\"M_alpha\":" << num(s.bigMAlpha)
      << ",\"violation\":" << num(s.violation) << ",\"gradient_i\":" << num(s.gradientI)
      << ",\"gradient_j\":" << num(s.gradientJ)
      << ",\"second_order_gain\":" << num(s.secondOrderGain) << ",\"eta\":" << num(s.eta)
      << ",\"tau_used\":" << (s.tauUsed ? "true" : "false") << ",\"lower\":" << num(s.lower)
      << ",\"upper\":" << num(s.upper) << ",\"unclipped_step\":" << num(s.unclippedStep)
      << ",\"step\":" << num(s.step) << ",\"alpha_i_before\":" << num(s.alphaIBefore)
      << ",\"alpha_i_after\":" << num(s.alphaIAfter)
      << ",\"alpha_j_before\":" << num(s.alphaJBefore)
      << ",\"alpha_j_after\":" << num(s.alphaJAfter)
      << ",\"objective_before\":" << num(s.objectiveBefore)
      << ",\"objective_after\":" << num(s.objectiveAfter) << "}\n";
}

// Solves one dual problem step by step, writing every step.
SmoStatus traceProblem(std::ostream& out, int subproblem, DualProblem problem,
                       const SvmParams& params, Index n, bool svr) {
  SmoOptions smo;
  smo.eps = params.eps;
  smo.rule = params.selection;
  smo.maxIterations = params.maxIterations;
  SmoSolver solver(std::move(problem), smo);
  for (;;) {
    const SmoStep s = solver.step();
    writeStep(out, subproblem, s, n, svr);
    if (s.status != SmoStatus::Running || !s.updated) break;
  }
  out << "{\"type\":\"result\",\"subproblem\":" << subproblem << ",\"status\":\""
      << smoStatusName(solver.status()) << "\",\"iterations\":" << solver.iteration()
      << ",\"objective\":" << num(solver.objective())
      << ",\"violation\":" << num(solver.violation()) << "}\n";
  return solver.status();
}

int runTrace(CommandContext& context) {
  SvmCommandOptions o;
  const unsigned groups = kKernelFlags | kTrainFlags | kDataFlags;
  if (auto code = parseSvmOptions(context.args, groups, "trace", kUsage, o, context.err))
    return *code;
  if (o.help) {
    context.out << kUsage << optionsHelp(groups)
                << "\nPrints one JSON object per SMO step (JSON Lines) on stdout; -v is ignored.\n"
                   "Exit codes: 0 ok, 1 bad option, 2 bad data, 3 not converged (with "
                   "--fail-unconverged), 130 interrupted.\n";
    return kExitOk;
  }
  if (o.positional.size() != 1) {
    context.err << "kpg trace: expected one training_set_file\n\n" << kUsage << optionsHelp(groups);
    return kExitUsage;
  }
  installInterruptHandler();
  Dataset data;
  if (!loadDataset(o.positional[0], o.data, data, context.err)) return kExitBadInput;
  if (!resolveAndValidate(o, data.dimension(), "trace", context.err)) return kExitUsage;
  const SvmParams& p = o.params;
  QMatrixOptions q;
  q.cacheBytes = p.cacheBytes;
  bool converged = true;
  if (p.type == SvmType::EpsilonSvr) {
    context.out << "{\"type\":\"problem\",\"subproblem\":0,\"svm_type\":\"epsilon_svr\","
                   "\"samples\":"
                << data.size() << ",\"variables\":" << 2 * data.size() << "}\n";
    converged =
        traceProblem(context.out, 0, epsilonSvrDual(data.x, data.y, p.kernel, p.c, p.epsilon, q), p,
                     data.size(), true) == SmoStatus::Converged;
  } else {
    const ClassGrouping classes = groupClasses(data.y);
    if (classes.labels.size() < 2) {
      context.err << "kpg trace: need >= 2 classes, got " << classes.labels.size() << "\n";
      return kExitBadInput;
    }
    int subproblem = 0;
    const auto k = static_cast<int>(classes.labels.size());
    for (int a = 0; a < k; ++a) {
      for (int b = a + 1; b < k; ++b, ++subproblem) {
        std::vector<Index> rows;
        for (Index i = 0; i < data.size(); ++i) {
          const int c = classes.classOf[static_cast<std::size_t>(i)];
          if (c == a || c == b) rows.push_back(i);
        }
        const auto m = static_cast<Index>(rows.size());
        Matrix x(m, data.dimension());
        Vector y(m);
        for (Index r = 0; r < m; ++r) {
          x.row(r) = data.x.row(rows[static_cast<std::size_t>(r)]);
          y(r) = classes.classOf[static_cast<std::size_t>(rows[static_cast<std::size_t>(r)])] == a
                     ? 1.0
                     : -1.0;
        }
        context.out << "{\"type\":\"problem\",\"subproblem\":" << subproblem
                    << ",\"svm_type\":\"c_svc\",\"label_positive\":"
                    << classes.labels[static_cast<std::size_t>(a)]
                    << ",\"label_negative\":" << classes.labels[static_cast<std::size_t>(b)]
                    << ",\"samples\":" << m << ",\"rows\":[";
        for (Index r = 0; r < m; ++r)
          context.out << (r ? "," : "") << rows[static_cast<std::size_t>(r)];
        context.out << "]}\n";
        converged = traceProblem(context.out, subproblem, cSvcDual(x, y, p.kernel, p.c, q), p, m,
                                 false) == SmoStatus::Converged &&
                    converged;
      }
    }
  }
  if (!converged) {
    context.err << "kpg trace: warning: not converged (iteration cap reached)\n";
    if (o.failIfNotConverged) return kExitNotConverged;
  }
  return kExitOk;
}

const Registration kTrace({"trace", "print every SMO step of training as JSON Lines", runTrace});

}  // namespace

}  // namespace kpg::cli
