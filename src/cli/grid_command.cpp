// `kpg grid`: the (C, gamma) grid search of LIBSVM's tools/grid.py (Debian's svm-grid) on our
// solver (svm/grid_search.hpp). Output on stdout:
//  * one line a grid point in grid.py's visiting order and in its own words, "[local] log2c
//    log2g rate (best c=C, g=gamma, rate=best)", numbers as Python prints them, so that the lines
//    read like svm-grid's byte for byte (grid.py's one local worker reports in that order; here
//    the points run on -j threads and are printed in that order whatever finishes first);
//  * a contour table: a row a log2 gamma, a column a log2 C, the rate in each cell, the best
//    marked with '*';
//  * last, grid.py's final line "C gamma rate" (scripts read the last line).
// -out FILE writes grid.py's out file ("log2c=.. log2g=.. rate=.." a point), atomically, at the
// end. Warnings (a sub-problem at the iteration cap) go to stderr.

#include "command.hpp"
#include "data/number_text.hpp"
#include "options.hpp"
#include "svm/grid_search.hpp"
#include "svm_options.hpp"
#include "thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <ostream>

namespace kpg::cli {

namespace {

const char* const kUsage =
    "Usage: kpg grid [-log2c begin,end,step] [-log2g begin,end,step] [-v fold] [-out FILE] "
    "[train options] dataset\n";

struct GridText {
  bool cAsInteger = true;  // grid.py's default ranges are Python ints, given ones floats
  bool gAsInteger = true;
  bool regression = false;

  std::string rateWord() const { return regression ? "mse" : "rate"; }
  std::string log2c(double v) const { return pythonNumberText(v, cAsInteger); }
  std::string log2g(double v) const { return pythonNumberText(v, gAsInteger); }
};

// update_param's stdout line.
std::string progressLine(const GridText& text, const GridPointResult& point,
                         const GridPointResult& best) {
  return "[local] " + text.log2c(point.point.log2c) + " " + text.log2g(point.point.log2g) + " " +
         pythonNumberText(point.rate) +
         " (best c=" + pythonNumberText(powerOfTwo(best.point.log2c)) +
         ", g=" + pythonNumberText(powerOfTwo(best.point.log2g)) + ", " + text.rateWord() + "=" +
         pythonNumberText(best.rate) + ")\n";
}

// Rows: log2 gamma in the order of its range; columns: log2 C likewise; '*' after the best.
std::string contourTable(const GridText& text, const SvmCommandOptions& o,
                         const std::vector<GridPointResult>& results, std::size_t best) {
  const std::vector<double> cs = rangeValues(o.log2c);
  const std::vector<double> gs = rangeValues(o.log2g);
  auto cell = [&](double c, double g) -> std::string {
    for (std::size_t k = 0; k < results.size(); ++k) {
      if (results[k].point.log2c == c && results[k].point.log2g == g)
        return formatDisplay(results[k].rate, 6) + (k == best ? "*" : " ");
    }
    return "- ";
  };
  const std::string corner = "log2g\\log2c";
  std::size_t width = 0;
  for (double c : cs) width = std::max(width, formatDisplay(c, 6).size() + 1);
  for (double c : cs)
    for (double g : gs) width = std::max(width, cell(c, g).size());
  std::size_t first = corner.size();
  for (double g : gs) first = std::max(first, formatDisplay(g, 6).size());
  auto pad = [](const std::string& s, std::size_t w) {
    return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
  };
  auto endLine = [](std::string& line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    line += "\n";
  };
  std::string out = std::string("Cross-validation ") +
                    (text.regression ? "mean squared error" : "accuracy (%)") + " (* the best):\n";
  std::string line = pad(corner, first);
  for (double c : cs) line += "  " + pad(formatDisplay(c, 6) + " ", width);
  endLine(line);
  out += line;
  for (double g : gs) {
    line = pad(formatDisplay(g, 6), first);
    for (double c : cs) line += "  " + pad(cell(c, g), width);
    endLine(line);
    out += line;
  }
  return out;
}

int runGrid(CommandContext& context) {
  SvmCommandOptions o;
  o.folds = kGridDefaultFolds;
  const unsigned groups = kKernelFlags | kTrainFlags | kDataFlags | kGridFlags;
  if (auto code = parseSvmOptions(context.args, groups, "grid", kUsage, o, context.err))
    return *code;
  if (o.help) {
    context.out
        << kUsage << optionsHelp(groups)
        << "\nThe grid search of LIBSVM's grid.py (svm-grid): every (C, gamma) = (2^log2c,\n"
           "2^log2g) of the ranges is rated by n-fold cross validation over the folds of\n"
           "svm-train -v n, and the best is printed last as \"C gamma rate\". The train\n"
           "options are passed to every run, as grid.py passes them to svm-train.\n"
           "For -s 3 the rate is the mean squared error and the lowest wins.\n"
           "Exit codes: 0 ok, 1 bad option, 2 bad data or unwritable -out file,\n"
           "3 a sub-problem hit the iteration cap (with --fail-unconverged), 130 interrupted.\n";
    return kExitOk;
  }
  if (o.positional.size() != 1) {
    context.err << "kpg grid: expected one dataset file\n\n" << kUsage << optionsHelp(groups);
    return kExitUsage;
  }
  useHugePagesWhenCacheFills(context.argv, o.positional[0], o.params.cacheBytes);
  installInterruptHandler();
  // The out file's temporary first, so that an unwritable path is reported before the search.
  AtomicOutputs outputs;
  std::size_t outFile = 0;
  const bool writeOut = !o.outPath.empty() && o.outPath != "null";
  if (writeOut) {
    std::optional<std::string> error;
    outFile = outputs.open(o.outPath, error);
    if (error) {
      context.err << "kpg grid: -out: " << *error << "\n";
      return kExitBadInput;
    }
  }
  SampleData data;
  if (!loadSampleData(o.positional[0], o.data, data, context.err)) return kExitBadInput;
  // gamma is the grid's: resolveAndValidate checks the other parameters (C and gamma per point).
  if (!resolveAndValidate(o, data.dimension(), "grid", context.err)) return kExitUsage;

  const GridPlan plan = data.isSparse
                            ? planGridSearch(data.sparse.x, data.y(), o.params, o.log2c, o.log2g,
                                             o.folds, static_cast<std::uint32_t>(o.seed))
                            : planGridSearch(data.dense.x, data.y(), o.params, o.log2c, o.log2g,
                                             o.folds, static_cast<std::uint32_t>(o.seed));
  for (const std::string& w : plan.warnings) context.err << "kpg grid: warning: " << w << "\n";
  if (!plan.ok()) {
    const std::string& p = plan.error->parameter;
    const char* flag = flagOfParameter(p);
    context.err << "kpg grid: " << (flag ? flag : p.c_str()) << ": " << plan.error->message << "\n";
    return (p == "data" || p == "y" || p == "kernel") ? kExitBadInput : kExitUsage;
  }

  GridText text;
  text.cAsInteger = !o.log2cGiven;
  text.gAsInteger = !o.log2gGiven;
  text.regression = isRegression(o.params.type);

  // The points on the pool, each thread taking the next unclaimed one; lines are printed in
  // visiting order as soon as every earlier point is done.
  const std::size_t count = plan.points.size();
  std::vector<GridPointResult> results(count);
  std::vector<bool> done(count, false);
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::size_t printed = 0;
  std::size_t best = 0;
  std::string outText;
  auto report = [&](std::size_t k) {
    std::lock_guard<std::mutex> lock(mutex);
    done[k] = true;
    while (printed < count && done[printed]) {
      const GridPointResult& r = results[printed];
      if (!r.error) {
        if (printed == 0 || replacesBest(r, results[best], text.regression)) best = printed;
        context.out << progressLine(text, r, results[best]) << std::flush;
        outText += "log2c=" + text.log2c(r.point.log2c) + " log2g=" + text.log2g(r.point.log2g) +
                   " " + text.rateWord() + "=" + pythonNumberText(r.rate) + "\n";
        if (r.unconvergedSubproblems > 0)
          context.err << "kpg grid: warning: log2c=" << text.log2c(r.point.log2c)
                      << " log2g=" << text.log2g(r.point.log2g) << ": " << r.unconvergedSubproblems
                      << " sub-problem(s) stopped at the iteration cap (P2)\n";
      }
      ++printed;
    }
  };
  // A task is one point, or with --warm-start one gamma's points in increasing C (each C's fold
  // models start from the previous C's).
  std::vector<std::vector<std::size_t>> tasks;
  if (o.warmStart && o.params.type == SvmType::CSvc) {
    for (double g : rangeValues(o.log2g)) {
      std::vector<std::size_t> column;
      for (std::size_t k = 0; k < count; ++k)
        if (plan.points[k].log2g == g) column.push_back(k);
      std::sort(column.begin(), column.end(), [&](std::size_t a, std::size_t b) {
        return plan.points[a].log2c < plan.points[b].log2c;
      });
      tasks.push_back(column);
    }
  } else {
    for (std::size_t k = 0; k < count; ++k) tasks.push_back({k});
  }
  ThreadPool pool(resolveThreads(o.threads));
  pool.run(static_cast<Eigen::Index>(pool.threads()), [&](Eigen::Index, Eigen::Index) {
    for (std::size_t t = next++; t < tasks.size(); t = next++) {
      std::vector<CSvcStart> warm;
      for (std::size_t k : tasks[t]) {
        if (o.warmStart)
          results[k] = data.isSparse
                           ? evaluateGridPoint(data.sparse.x, data.y(), o.params, plan, k, warm)
                           : evaluateGridPoint(data.dense.x, data.y(), o.params, plan, k, warm);
        else
          results[k] = data.isSparse ? evaluateGridPoint(data.sparse.x, data.y(), o.params, plan, k)
                                     : evaluateGridPoint(data.dense.x, data.y(), o.params, plan, k);
        report(k);
      }
    }
  });
  int unconverged = 0;
  for (const GridPointResult& r : results) {
    if (r.error) {
      const std::string& p = r.error->parameter;
      const char* flag = flagOfParameter(p);
      context.err << "kpg grid: log2c=" << text.log2c(r.point.log2c)
                  << " log2g=" << text.log2g(r.point.log2g) << ": " << (flag ? flag : p.c_str())
                  << ": " << r.error->message << "\n";
      outputs.abandon();
      return (p == "data" || p == "y" || p == "kernel") ? kExitBadInput : kExitUsage;
    }
    unconverged += r.unconvergedSubproblems;
  }
  best = bestGridPoint(results, text.regression);
  context.out << "\n" << contourTable(text, o, results, best) << "\n";
  context.out << pythonNumberText(powerOfTwo(results[best].point.log2c)) << " "
              << pythonNumberText(powerOfTwo(results[best].point.log2g)) << " "
              << pythonNumberText(results[best].rate) << "\n";
  if (writeOut) {
    outputs.write(outFile, outText);
    if (auto e = outputs.commit()) {
      context.err << "kpg grid: -out: " << *e << "\n";
      return kExitBadInput;
    }
  }
  if (unconverged > 0) {
    context.err << "kpg grid: warning: not converged: " << unconverged
                << " sub-problem(s) over the grid stopped at the iteration cap; their rates are "
                   "those of the last iterate (scale the data or lower the largest C)\n";
    if (o.failIfNotConverged) return kExitNotConverged;
  }
  return kExitOk;
}

const Registration kGrid({"grid",
                          "search (C, gamma) by cross validation (svm-grid / grid.py compatible)",
                          runGrid});

}  // namespace

}  // namespace kpg::cli
