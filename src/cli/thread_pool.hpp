#pragma once
// A small fixed pool for `kpg train -j N`: the core's ParallelFor (svm/parallel_for.hpp) over N − 1
// worker threads and the calling one. run() cuts [0, count) into contiguous chunks, a few a thread,
// which the caller and the workers take in turn from one counter, and returns when all are done.
// The core's results do not depend on the cut (its passes combine parts in the order of their
// ranges), so which thread takes which chunk does not matter.
//
// Chunks taken in turn, not one fixed part a thread: on a busy machine (a student's laptop) a worker
// is often not running when a pass starts, and a fixed part waits for it for a scheduler time slice
// (milliseconds, against passes of tens of microseconds): kpg train -j 2 on two moons (N = 30 000)
// took 13 s with a busy process on one of the two cores, against 3.5-4 s at -j 1. Now the threads
// that are running take the chunks, and a worker that wakes late finds none left.
//
// A hand-off costs what the workers' waking costs. The solver asks for a column every iteration
// (tens of microseconds apart on the bench's N = 5 000 sets), and on a VM a sleeping thread takes
// tens of microseconds to wake: with a condition variable alone, -j 2 was slower than -j 1 on
// every dense set of bench/engine_vs_libsvm.py (moons d = 2, N = 5 000: 0.10 s against 0.06 s).
// So, as OpenMP runtimes do (GOMP_SPINCOUNT), a worker polls for the next pass for a while
// (kSpinMicroseconds) before it sleeps, and the caller polls for the last chunks to end.

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
  void work();
  // Takes chunks of the pass `generation` until none is left (or the pass has moved on).
  void takeChunks(std::uint64_t generation);

  std::vector<std::thread> workers_;
  // Sleeping workers wait on start_ (a new generation, or stop), the caller on done_ (once it has
  // polled for kSpinMicroseconds).
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  // body_ and count_ are written before ticket_ starts a generation (release) and read only by a
  // thread that took a chunk of it (acquire): the pass cannot end before that chunk does. chunks_
  // is read before a chunk is taken, by a worker that may be late: atomic, and a value of a later
  // pass only makes its compare-and-swap fail.
  const std::function<void(Eigen::Index, Eigen::Index)>* body_ = nullptr;
  Eigen::Index count_ = 0;
  std::atomic<std::uint32_t> chunks_{0};
  // The pass's generation (high 32 bits) and its next chunk (low 32 bits): a chunk is taken by a
  // compare-and-swap, so a late worker can never take a chunk of a later pass as one of its own.
  std::atomic<std::uint64_t> ticket_{0};
  std::atomic<std::uint32_t> finished_{0};  // chunks of the current pass done
  std::atomic<bool> stop_{false};
};

// -j 0: the cores not busy with other work, at least 1 and at most the cores
// (std::thread::hardware_concurrency). A student's laptop is rarely idle, and a thread more than
// the free cores only waits for a time slice: the busy ones are counted from the kernel's count
// of runnable tasks (procs_running in /proc/stat, this process's own thread excluded), the median
// of five samples 200 µs apart; where /proc cannot be read, every core counts as free.
unsigned resolveThreads(long long requested);
// The free cores for `cores` cores when `runnable` tasks are runnable, this one included.
unsigned freeCores(unsigned cores, unsigned runnable);

}  // namespace kpg::cli
