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
// before it sleeps, and the caller polls for the last chunks to end. The worker's poll adapts:
// twice the recent time between passes, within [kMinSpinMicroseconds, kSpinMicroseconds]. A
// poll longer than the gaps buys nothing, and on a busy machine a polling worker takes a time
// slice from the caller or from the other programs.
//
// -j 0 follows the free cores during the run, not only at its start (followFreeCores): a build
// that starts beside a run leaves it with a worker that holds the passes' chunks while it waits
// for a time slice (moons d = 2, N = 20 000 beside two other engineers' builds: 0.54 s at the
// default against 0.44 s at -j 1, bench/engine_vs_libsvm.py --loaded). Every kSampleMilliseconds
// the pool reads the runnable tasks (/proc/loadavg), counts those not its own, and runs a pass
// on as many threads as the median of the last kSamples readings leaves cores free; on one, the
// pass runs on the caller alone, as -j 1 would.

#include "svm/parallel_for.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace kpg::cli {

class ThreadPool {
 public:
  // followFreeCores: run each pass on the threads that the free cores allow (above), at most
  // `threads`; the first pass on `initialActive` (resolveThreads(0)).
  explicit ThreadPool(unsigned threads, bool followFreeCores = false, unsigned initialActive = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }
  void run(Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>& body);
  // A ParallelFor that calls run() on this pool (which must outlive its use).
  ParallelFor parallelFor();

  // How long an idle worker polls for the next part before it sleeps, at most and at least.
  static constexpr int kSpinMicroseconds = 200;
  static constexpr int kMinSpinMicroseconds = 20;
  static constexpr int kSampleMilliseconds = 10;
  static constexpr int kSamples = 5;
  // The threads the next pass runs on (followFreeCores), and how many passes ran on one thread.
  unsigned activeThreads() const { return active_.load(std::memory_order_relaxed); }

 private:
  void work(unsigned worker);
  // Takes chunks of the pass `generation` until none is left (or the pass has moved on).
  void takeChunks(std::uint64_t generation, unsigned worker);
  // followFreeCores: every kSampleMilliseconds, active_ from the runnable tasks.
  void followFreeCores(std::chrono::steady_clock::time_point now);
  // The recent gap between passes sets the workers' poll.
  void adaptSpin(std::chrono::steady_clock::time_point start);

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
  // Threads the current pass runs on: worker w (1-based) takes chunks only when w < active_.
  std::atomic<unsigned> active_{1};
  std::atomic<int> spinMicroseconds_{kSpinMicroseconds};
  std::atomic<unsigned> awake_{0};  // workers polling or working, not asleep on start_
  bool follow_ = false;
  unsigned cores_ = 1;
  std::chrono::steady_clock::time_point nextSample_{};
  std::chrono::steady_clock::time_point lastEnd_{};
  double gapMicroseconds_ = kSpinMicroseconds;
  unsigned samples_[kSamples] = {};
  unsigned sampleCount_ = 0;
};

// -j 0: the cores not busy with other work, at least 1 and at most the cores
// (std::thread::hardware_concurrency). A student's laptop is rarely idle, and a thread more than
// the free cores only waits for a time slice: the busy ones are counted from the kernel's count
// of runnable tasks (procs_running in /proc/stat, this process's own thread excluded), the median
// of five samples 200 µs apart; where /proc cannot be read, every core counts as free.
unsigned resolveThreads(long long requested);
// std::thread::hardware_concurrency, at least 1.
unsigned coreCount();
// The runnable tasks now: /proc/loadavg's fourth field before its '/', or 0 when unreadable.
unsigned runnableNow();
// The free cores for `cores` cores when `runnable` tasks are runnable, this one included.
unsigned freeCores(unsigned cores, unsigned runnable);

}  // namespace kpg::cli
