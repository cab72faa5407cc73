#pragma once
// A small fixed pool for `kpg train -j N`: the core's ParallelFor (svm/parallel_for.hpp) over N − 1
// worker threads and the calling one. run() cuts [0, count) into equal contiguous parts, one a
// thread, and returns when all are done; the parts depend on N only, and the core's results not
// even on that.
//
// A hand-off costs what the workers' waking costs. The solver asks for a column every iteration
// (tens of microseconds apart on the bench's N = 5 000 sets), and on a VM a sleeping thread takes
// tens of microseconds to wake: with a condition variable alone, -j 2 was slower than -j 1 on
// every dense set of bench/engine_vs_libsvm.py (moons d = 2, N = 5 000: 0.10 s against 0.06 s).
// So, as OpenMP runtimes do (GOMP_SPINCOUNT), a worker polls for the next part for a while
// (kSpinMicroseconds) before it sleeps, and the caller polls for the workers' parts to end.

#include "svm/parallel_for.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace kpg::cli {

class ThreadPool {
 public:
  explicit ThreadPool(unsigned threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }
  void run(Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>& body);
  // A ParallelFor that calls run() on this pool (which must outlive its use).
  ParallelFor parallelFor();

  // How long an idle worker polls for the next part before it sleeps.
  static constexpr int kSpinMicroseconds = 200;

 private:
  void work(unsigned part);

  std::vector<std::thread> workers_;
  // Sleeping workers wait on start_ (a new generation, or stop), the caller on done_ (once it has
  // polled for kSpinMicroseconds).
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  // body_ and count_ are written before generation_ is incremented (release) and read after it is
  // seen (acquire).
  const std::function<void(Eigen::Index, Eigen::Index)>* body_ = nullptr;
  Eigen::Index count_ = 0;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<unsigned> pending_{0};
  std::atomic<bool> stop_{false};
};

// -j 0: the number of cores (std::thread::hardware_concurrency, at least 1).
unsigned resolveThreads(long long requested);

}  // namespace kpg::cli
