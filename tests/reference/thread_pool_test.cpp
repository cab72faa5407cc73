// kpg's thread pool (src/cli/thread_pool.hpp): every index of a pass is done exactly once, by
// whichever threads are running, pass after pass; and -j 0 counts only the cores not busy.
#include "thread_pool.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

using kpg::cli::freeCores;
using kpg::cli::ThreadPool;

TEST_CASE("ThreadPool: each index once, over many passes and uneven chunk times", "[cli][pool]") {
  for (const unsigned threads : {1u, 2u, 3u, 5u}) {
    ThreadPool pool(threads);
    std::mt19937 rng(threads);
    for (int pass = 0; pass < 300; ++pass) {
      const Eigen::Index count = 1 + static_cast<Eigen::Index>(rng() % 5000);
      std::vector<std::atomic<int>> hits(static_cast<std::size_t>(count));
      std::atomic<int> parts{0};
      pool.run(count, [&](Eigen::Index begin, Eigen::Index end) {
        REQUIRE(begin < end);
        ++parts;
        // Now and then a part that takes a while, as a thread that lost its time slice.
        if ((begin * 7 + pass) % 97 == 0)
          std::this_thread::sleep_for(std::chrono::microseconds(300));
        for (Eigen::Index k = begin; k < end; ++k) hits[static_cast<std::size_t>(k)]++;
      });
      INFO("threads " << threads << ", pass " << pass << ", count " << count);
      for (const auto& h : hits) REQUIRE(h.load() == 1);
      CHECK(parts.load() <= static_cast<int>(4 * threads));
    }
  }
}

TEST_CASE("ThreadPool: a pass ends even when its workers never wake in time", "[cli][pool]") {
  // The caller takes every chunk a sleeping worker has not taken: a pass of tiny work returns
  // without waiting for the workers (they may take none).
  ThreadPool pool(4);
  for (int pass = 0; pass < 2000; ++pass) {
    std::atomic<Eigen::Index> sum{0};
    pool.run(64, [&](Eigen::Index begin, Eigen::Index end) {
      for (Eigen::Index k = begin; k < end; ++k) sum += k;
    });
    REQUIRE(sum.load() == 64 * 63 / 2);
  }
}

TEST_CASE("ThreadPool: following the free cores, each index once on however many threads",
          "[cli][pool]") {
  // -j 0's pool (followFreeCores): the first passes run on the threads counted at the start, one
  // here, so on the caller alone, whole; later ones on as many as /proc/loadavg leaves free,
  // each index still done once.
  ThreadPool pool(4, /*followFreeCores=*/true, /*initialActive=*/1);
  CHECK(pool.threads() == 4);
  CHECK(pool.activeThreads() == 1);
  std::atomic<int> parts{0};
  pool.run(1000, [&](Eigen::Index begin, Eigen::Index end) {
    CHECK(begin == 0);
    CHECK(end == 1000);
    ++parts;
  });
  CHECK(parts.load() == 1);
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(60);
  int passes = 0;
  while (std::chrono::steady_clock::now() < until || passes < 100) {
    const Eigen::Index count = 1 + (passes * 37) % 3000;
    std::vector<std::atomic<int>> hits(static_cast<std::size_t>(count));
    pool.run(count, [&](Eigen::Index begin, Eigen::Index end) {
      for (Eigen::Index k = begin; k < end; ++k) hits[static_cast<std::size_t>(k)]++;
    });
    for (const auto& h : hits) REQUIRE(h.load() == 1);
    ++passes;
  }
  CHECK(pool.activeThreads() >= 1);
  CHECK(pool.activeThreads() <= 4);
  CHECK(kpg::cli::runnableNow() >= 1);  // this thread is running
}

TEST_CASE("ThreadPool: -j 0 takes the cores other work leaves free", "[cli][pool]") {
  CHECK(freeCores(8, 1) == 8);  // only this process runs
  CHECK(freeCores(8, 3) == 6);  // two others
  CHECK(freeCores(2, 3) == 1);  // a busy process on each core: one thread, never none
  CHECK(freeCores(2, 40) == 1);
  CHECK(freeCores(4, 0) == 4);  // nothing counted
  const unsigned resolved = kpg::cli::resolveThreads(0);
  CHECK(resolved >= 1);
  CHECK(resolved <= std::max(1u, std::thread::hardware_concurrency()));
  CHECK(kpg::cli::resolveThreads(3) == 3);  // an explicit -j is kept
}
