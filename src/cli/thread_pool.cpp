#include "thread_pool.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <limits>
#include <string>

namespace kpg::cli {

namespace {

// Chunks a thread: enough that the running threads share the pass when one is not running, few
// enough that taking one (an atomic compare-and-swap) stays negligible against its work.
constexpr unsigned kChunksPerThread = 4;
constexpr std::uint64_t kChunkMask = 0xffffffffu;

// Chunk `chunk` of `chunks` of [0, count).
std::pair<Eigen::Index, Eigen::Index> chunkOf(Eigen::Index count, std::uint32_t chunk,
                                              std::uint32_t chunks) {
  return {count * chunk / chunks, count * (chunk + 1) / chunks};
}

}  // namespace

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned part = 1; part < std::max(threads, 1u); ++part)
    workers_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_.store(true);
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

namespace {

// Polls `done` for up to `microseconds`; true when it returned true.
template <class Done>
bool pollFor(int microseconds, Done done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(microseconds);
  for (unsigned k = 0;; ++k) {
    if (done()) return true;
    // The clock every 64 polls: it costs more than a poll.
    if ((k & 63u) == 63u && std::chrono::steady_clock::now() >= until) return false;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();  // lets the other hyper-thread run while this one polls
#endif
  }
}

}  // namespace

void ThreadPool::run(Eigen::Index count,
                     const std::function<void(Eigen::Index, Eigen::Index)>& body) {
  const unsigned threads = this->threads();
  if (threads == 1 || count < static_cast<Eigen::Index>(threads)) {
    body(0, count);
    return;
  }
  const std::uint32_t chunks = static_cast<std::uint32_t>(
      std::min<Eigen::Index>(count, static_cast<Eigen::Index>(threads * kChunksPerThread)));
  body_ = &body;
  count_ = count;
  chunks_.store(chunks, std::memory_order_relaxed);
  finished_.store(0, std::memory_order_relaxed);
  const std::uint64_t generation = (ticket_.load(std::memory_order_relaxed) >> 32) + 1;
  {
    // Under the mutex, so that a worker between its check and its sleep does not miss it.
    std::lock_guard<std::mutex> lock(mutex_);
    ticket_.store(generation << 32, std::memory_order_release);
  }
  start_.notify_all();
  takeChunks(generation);
  const auto finished = [this, chunks] {
    return finished_.load(std::memory_order_acquire) == chunks;
  };
  if (!pollFor(kSpinMicroseconds, finished)) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, finished);
  }
  body_ = nullptr;
}

void ThreadPool::takeChunks(std::uint64_t generation) {
  std::uint64_t ticket = ticket_.load(std::memory_order_acquire);
  for (;;) {
    if ((ticket >> 32) != generation) return;  // a later pass (or none): not ours
    const std::uint32_t chunk = static_cast<std::uint32_t>(ticket & kChunkMask);
    if (chunk >= chunks_.load(std::memory_order_relaxed)) return;
    if (!ticket_.compare_exchange_weak(ticket, ticket + 1, std::memory_order_acq_rel,
                                       std::memory_order_acquire))
      continue;  // another thread took it (ticket now holds the current value)
    // The chunk is this pass's: the pass cannot end (nor chunks_ change) before it is done.
    const std::uint32_t chunks = chunks_.load(std::memory_order_relaxed);
    const auto [begin, end] = chunkOf(count_, chunk, chunks);
    (*body_)(begin, end);
    if (finished_.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) {
      // The last chunk: wake the caller if it stopped polling (under the mutex, as above).
      std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_one();
    }
    ticket = ticket_.load(std::memory_order_acquire);
  }
}

void ThreadPool::work() {
  std::uint64_t seen = 0;
  for (;;) {
    const auto started = [&] {
      return stop_.load(std::memory_order_acquire) ||
             (ticket_.load(std::memory_order_acquire) >> 32) != seen;
    };
    if (!pollFor(kSpinMicroseconds, started)) {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, started);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = ticket_.load(std::memory_order_acquire) >> 32;
    takeChunks(seen);
  }
}

ParallelFor ThreadPool::parallelFor() {
  return [this](Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>& body) {
    run(count, body);
  };
}

unsigned freeCores(unsigned cores, unsigned runnable) {
  const unsigned others = runnable > 0 ? runnable - 1 : 0;
  return others >= cores ? 1u : cores - others;
}

namespace {

// procs_running from /proc/stat, or 0 when it cannot be read.
unsigned runnableTasks() {
  std::ifstream stat("/proc/stat");
  std::string key;
  unsigned long long value = 0;
  while (stat >> key) {
    if (key == "procs_running" && stat >> value) return static_cast<unsigned>(value);
    stat.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return 0;
}

}  // namespace

unsigned resolveThreads(long long requested) {
  if (requested > 0) return static_cast<unsigned>(requested);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::vector<unsigned> samples;
  for (int k = 0; k < 5; ++k) {
    if (k > 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    const unsigned runnable = runnableTasks();
    if (runnable == 0) return cores;  // no /proc: every core counts as free
    samples.push_back(runnable);
  }
  std::nth_element(samples.begin(), samples.begin() + 2, samples.end());
  return freeCores(cores, samples[2]);
}

}  // namespace kpg::cli
