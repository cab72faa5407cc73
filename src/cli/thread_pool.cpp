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

ThreadPool::ThreadPool(unsigned threads, bool followFreeCores, unsigned initialActive) {
  threads = std::max(threads, 1u);
  follow_ = followFreeCores;
  cores_ = threads;
  active_.store(followFreeCores && initialActive > 0 ? std::min(initialActive, threads) : threads,
                std::memory_order_relaxed);
  awake_.store(threads - 1, std::memory_order_relaxed);
  // initialActive was counted just now (resolveThreads' median of five samples).
  nextSample_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(kSampleMilliseconds);
  for (unsigned worker = 1; worker < threads; ++worker)
    workers_.emplace_back([this, worker] { work(worker); });
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

void ThreadPool::followFreeCores(std::chrono::steady_clock::time_point now) {
  if (now < nextSample_) return;
  nextSample_ = now + std::chrono::milliseconds(kSampleMilliseconds);
  const unsigned runnable = runnableNow();
  if (runnable == 0) return;  // no /proc: keep the threads as they are
  // This pool's own runnable threads: the caller and the workers not asleep.
  const unsigned own = 1 + awake_.load(std::memory_order_relaxed);
  const unsigned others = runnable > own ? runnable - own : 0;
  samples_[sampleCount_++ % kSamples] = others;
  const unsigned n = std::min<unsigned>(sampleCount_, kSamples);
  unsigned sorted[kSamples];
  std::copy(samples_, samples_ + n, sorted);
  std::nth_element(sorted, sorted + n / 2, sorted + n);
  const unsigned busy = sorted[n / 2];
  active_.store(busy >= cores_ ? 1u : std::min(cores_ - busy, threads()),
                std::memory_order_relaxed);
}

void ThreadPool::adaptSpin(std::chrono::steady_clock::time_point start) {
  if (lastEnd_ == std::chrono::steady_clock::time_point{}) return;
  const double gap = std::chrono::duration<double, std::micro>(start - lastEnd_).count();
  gapMicroseconds_ = 0.75 * gapMicroseconds_ + 0.25 * gap;
  spinMicroseconds_.store(
      static_cast<int>(std::clamp(2 * gapMicroseconds_, double{kMinSpinMicroseconds},
                                  double{kSpinMicroseconds})),
      std::memory_order_relaxed);
}

void ThreadPool::run(Eigen::Index count,
                     const std::function<void(Eigen::Index, Eigen::Index)>& body) {
  const auto start = std::chrono::steady_clock::now();
  if (follow_) followFreeCores(start);
  adaptSpin(start);
  const unsigned threads = std::min(this->threads(), active_.load(std::memory_order_relaxed));
  if (threads == 1 || count < static_cast<Eigen::Index>(threads)) {
    body(0, count);
    lastEnd_ = std::chrono::steady_clock::now();
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
  takeChunks(generation, 0);
  const auto finished = [this, chunks] {
    return finished_.load(std::memory_order_acquire) == chunks;
  };
  if (!pollFor(kSpinMicroseconds, finished)) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, finished);
  }
  body_ = nullptr;
  lastEnd_ = std::chrono::steady_clock::now();
}

void ThreadPool::takeChunks(std::uint64_t generation, unsigned worker) {
  std::uint64_t ticket = ticket_.load(std::memory_order_acquire);
  // A worker beyond the threads this pass runs on leaves its chunks to the others. active_ is
  // read after the generation: the pass's own value or a later one, which only moves the work
  // between threads (every chunk is taken by someone, the caller at least).
  if (worker > 0 && worker >= active_.load(std::memory_order_relaxed)) return;
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

void ThreadPool::work(unsigned worker) {
  std::uint64_t seen = 0;
  for (;;) {
    const auto started = [&] {
      return stop_.load(std::memory_order_acquire) ||
             (ticket_.load(std::memory_order_acquire) >> 32) != seen;
    };
    if (!pollFor(spinMicroseconds_.load(std::memory_order_relaxed), started)) {
      std::unique_lock<std::mutex> lock(mutex_);
      awake_.fetch_sub(1, std::memory_order_relaxed);
      start_.wait(lock, started);
      awake_.fetch_add(1, std::memory_order_relaxed);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = ticket_.load(std::memory_order_acquire) >> 32;
    takeChunks(seen, worker);
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

unsigned runnableNow() {
  // "0.40 0.52 0.61 3/412 12345": runnable/total scheduling entities, then the last pid. A
  // shorter read than /proc/stat, whose interrupt counts run to kilobytes.
  std::ifstream loadavg("/proc/loadavg");
  double one = 0, five = 0, fifteen = 0;
  unsigned long long runnable = 0;
  if (loadavg >> one >> five >> fifteen >> runnable) return static_cast<unsigned>(runnable);
  return 0;
}

unsigned coreCount() {
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned resolveThreads(long long requested) {
  if (requested > 0) return static_cast<unsigned>(requested);
  const unsigned cores = coreCount();
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
