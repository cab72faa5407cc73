#include "thread_pool.hpp"

#include <algorithm>

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
    stop_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::run(Eigen::Index count,
                     const std::function<void(Eigen::Index, Eigen::Index)>& body) {
  const unsigned parts = threads();
  if (parts == 1 || count < static_cast<Eigen::Index>(parts)) {
    body(0, count);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    body_ = &body;
    count_ = count;
    pending_ = parts - 1;
    ++generation_;
  }
  start_.notify_all();
  const auto [begin, end] = partOf(count, 0, parts);
  body(begin, end);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
  body_ = nullptr;
}

void ThreadPool::work(unsigned part) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(Eigen::Index, Eigen::Index)>* body = nullptr;
    Eigen::Index count = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      body = body_;
      count = count_;
    }
    const auto [begin, end] = partOf(count, part, threads());
    (*body)(begin, end);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --pending_;
    }
    done_.notify_one();
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
