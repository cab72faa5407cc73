#include "thread_pool.hpp"

#include <algorithm>
#include <chrono>

namespace kpg::cli {

namespace {

// Part `part` of `parts` of [0, count).
std::pair<Eigen::Index, Eigen::Index> partOf(Eigen::Index count, unsigned part, unsigned parts) {
  return {count * part / parts, count * (part + 1) / parts};
}

}  // namespace

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned part = 1; part < std::max(threads, 1u); ++part)
    workers_.emplace_back([this, part] { work(part); });
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
  const unsigned parts = threads();
  if (parts == 1 || count < static_cast<Eigen::Index>(parts)) {
    body(0, count);
    return;
  }
  body_ = &body;
  count_ = count;
  pending_.store(parts - 1, std::memory_order_relaxed);
  {
    // Under the mutex, so that a worker between its check and its sleep does not miss it.
    std::lock_guard<std::mutex> lock(mutex_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  const auto [begin, end] = partOf(count, 0, parts);
  body(begin, end);
  const auto finished = [this] { return pending_.load(std::memory_order_acquire) == 0; };
  if (!pollFor(kSpinMicroseconds, finished)) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, finished);
  }
  body_ = nullptr;
}

void ThreadPool::work(unsigned part) {
  std::uint64_t seen = 0;
  for (;;) {
    const auto started = [&] {
      return stop_.load(std::memory_order_acquire) ||
             generation_.load(std::memory_order_acquire) != seen;
    };
    if (!pollFor(kSpinMicroseconds, started)) {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, started);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = generation_.load(std::memory_order_acquire);
    const auto [begin, end] = partOf(count_, part, threads());
    (*body_)(begin, end);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      // The last part: wake the caller if it stopped polling (under the mutex, as above).
      std::lock_guard<std::mutex> lock(mutex_);
      done_.notify_one();
    }
  }
}

ParallelFor ThreadPool::parallelFor() {
  return [this](Eigen::Index count, const std::function<void(Eigen::Index, Eigen::Index)>& body) {
    run(count, body);
  };
}

unsigned resolveThreads(long long requested) {
  if (requested > 0) return static_cast<unsigned>(requested);
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace kpg::cli
