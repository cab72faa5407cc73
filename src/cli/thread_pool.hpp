#pragma once
// A small fixed pool for `kpg train -j N` (issue 11): the core's ParallelFor
// (svm/parallel_for.hpp) over N − 1 worker threads and the calling one. run() cuts [0, count)
// into equal contiguous parts, one a thread, and returns when all are done; the parts depend on
// N only, and the core's results not even on that.

#include "svm/parallel_for.hpp"

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

 private:
  void work(unsigned part);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(Eigen::Index, Eigen::Index)>* body_ = nullptr;
  Eigen::Index count_ = 0;
  std::uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stop_ = false;
};

// -j 0: the number of cores (std::thread::hardware_concurrency, at least 1).
unsigned resolveThreads(long long requested);

}  // namespace kpg::cli
