// `kpg trace`: every SMO step of training as JSON Lines on stdout, one object per step() call of
// the core's SmoSolver (svm/smo_solver.hpp SmoStep, all fields), so a run can be replayed or
// plotted outside the app. C-SVC with k classes traces the k(k−1)/2 one-vs-one sub-problems of
// `kpg train` (svm/one_vs_one.hpp: LIBSVM's pair order, rows grouped by class), so each
// sub-problem takes exactly the steps training takes; epsilon-SVR traces its one 2N-variable
// problem (indices i, j ≥ N are the α* half; "sample_i"/"sample_j" give the data row). Numbers
// follow the one JSON policy of data/json_writer.hpp: ±∞ as "inf"/"-inf", NaN as null.
//
// Lines: {"type":"problem",...} then {"type":"step",...} per step, then {"type":"result",...}.
// The step that makes the last update carries the final status ("converged", "iteration
// limit"). Overflowing kernel values stop the trace with kKernelOverflowMessage and exit 2.

#include "command.hpp"
#include "data/json_text.hpp"
#include "data/json_writer.hpp"
#include "data/smo_step_json.hpp"
#include "svm/dual_problem.hpp"
#include "svm/smo_solver.hpp"
#include "svm_options.hpp"

#include <cmath>
#include <ostream>

namespace kpg::cli {

namespace {

const char* const kUsage = "Usage: kpg trace [options] training_set_file\n";

std::string num(double value) {
  return jsonNumber(value);
}

// One step line, in the one SmoStep JSON form (data/smo_step_json.hpp).
void writeStep(std::ostream& out, int subproblem, const SmoStep& s, Index n, bool svr) {
  const auto sample = [&](Index k) { return k < 0 ? k : (svr ? k % n : k); };
  out << writeJson(smoTraceStepJson(subproblem, s, sample(s.i), sample(s.j))) << "\n";
}

SmoStatus traceProblem(std::ostream& out, std::ostream& err, int subproblem, DualProblem problem,
                       const SvmParams& params, Index n, bool svr) {
  SmoSolver solver(std::move(problem), smoOptions(params));
  if (solver.status() == SmoStatus::InvalidInput) {
    err << "kpg trace: " << solver.message() << "\n";
    return solver.status();
  }
  for (;;) {
    const SmoStep s = solver.step();
    writeStep(out, subproblem, s, n, svr);
    if (s.status != SmoStatus::Running || !s.updated) break;
  }
  if (solver.status() == SmoStatus::InvalidInput) {
    err << "kpg trace: " << solver.message() << "\n";
    return solver.status();
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
  if (o.params.probability) {
    context.err << "kpg trace: -b 1 is not traced: the probability model's internal "
                   "cross-validation runs in kpg train -b 1; trace without -b\n";
    return kExitUsage;
  }
  if ((o.params.type != SvmType::CSvc && o.params.type != SvmType::EpsilonSvr) ||
      o.params.precomputedKernel) {
    context.err << "kpg trace: traces C-SVC (-s 0) and epsilon-SVR (-s 3) with the kernels 0-3; "
                   "train nu-SVC, one-class, nu-SVR and precomputed kernels with kpg train\n";
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
  const auto traced = [&](SmoStatus status) {
    converged = converged && status == SmoStatus::Converged;
    return status != SmoStatus::InvalidInput;
  };
  if (p.type == SvmType::EpsilonSvr) {
    context.out << "{\"type\":\"problem\",\"subproblem\":0,\"svm_type\":\"epsilon_svr\","
                   "\"samples\":"
                << data.size() << ",\"variables\":" << 2 * data.size() << "}\n";
    if (!traced(traceProblem(context.out, context.err, 0,
                             epsilonSvrDual(data.x, data.y, p.kernel, p.c, p.epsilon, q), p,
                             data.size(), true)))
      return kExitBadInput;
  } else {
    const OneVsOne plan = oneVsOneSubproblems(data.y);
    if (plan.classes.labels.size() < 2) {
      context.err << "kpg trace: need >= 2 classes, got " << plan.classes.labels.size() << "\n";
      return kExitBadInput;
    }
    int subproblem = 0;
    for (const BinarySubproblem& sub : plan.subproblems) {
      context.out << "{\"type\":\"problem\",\"subproblem\":" << subproblem
                  << ",\"svm_type\":\"c_svc\",\"label_positive\":" << sub.labelA
                  << ",\"label_negative\":" << sub.labelB << ",\"samples\":" << sub.size()
                  << ",\"rows\":[";
      for (std::size_t r = 0; r < sub.rows.size(); ++r)
        context.out << (r ? "," : "") << sub.rows[r];
      context.out << "]}\n";
      if (!traced(traceProblem(context.out, context.err, subproblem, sub.dual(data.x, p), p,
                               sub.size(), false)))
        return kExitBadInput;
      ++subproblem;
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
