// The generic History (timeline/history.hpp) over the core's perceptron and kernel k-means, and the one
// playback loop (timeline/playback.hpp) shared by the lab and the canvas modes.
#include "timeline/history.hpp"
#include "lab/lab_state.hpp"
#include "timeline/playback.hpp"

#include "data/toy_datasets.hpp"
#include "kernel_kmeans/kernel_kmeans.hpp"
#include "perceptron/perceptron.hpp"

#include <catch2/catch.hpp>

using namespace kpg;
using namespace kpg::app;

namespace {

// XOR with the linear kernel never converges (001): every epoch makes mistakes, so a run is as
// long as the epoch cap allows.
KernelPerceptron xorPerceptron(int maxEpochs) {
  Matrix x(4, 2);
  x << 1, 1, -1, -1, -1, 1, 1, -1;
  Vector y(4);
  y << -1, -1, 1, 1;
  PerceptronOptions options;
  options.maxEpochs = maxEpochs;
  return KernelPerceptron(x, y, KernelParams::linear(), options);
}

void requireSame(const KernelPerceptron& a, const KernelPerceptron& b) {
  REQUIRE(a.stepsDone() == b.stepsDone());
  REQUIRE(a.status() == b.status());
  REQUIRE(a.alpha() == b.alpha());  // exact, not approximate
  REQUIRE(a.bias() == b.bias());
  REQUIRE(a.nextIndex() == b.nextIndex());
  REQUIRE(a.mistakesPerEpoch() == b.mistakesPerEpoch());
}

}  // namespace

TEST_CASE("History: seeking anywhere on a long perceptron run gives the state of a fresh run",
          "[history]") {
  // 300 epochs × 4 visits = 1 200 steps: far more than kMaxCheckpoints, so the spacing doubles
  // and seeks replay from thinned checkpoints.
  History<KernelPerceptron> history(xorPerceptron(300));
  while (history.stepForward()) {
  }
  REQUIRE(history.current().status() == RunStatus::CapReached);
  REQUIRE(history.furthest() == 1200);
  CHECK(history.endReached());
  CHECK(history.checkpointCount() <= History<KernelPerceptron>::kMaxCheckpoints);
  CHECK(history.checkpointSpacing() > 1);
  for (const std::int64_t s : {0, 1, 17, 64, 511, 512, 513, 1199, 1200, 700, 3}) {
    history.seek(s);
    KernelPerceptron fresh = xorPerceptron(300);
    fresh.run(s);
    requireSame(history.current(), fresh);
    if (s > 0) {
      // The record shown is the visit that led here.
      KernelPerceptron before = xorPerceptron(300);
      before.run(s - 1);
      const PerceptronStep expected = before.step();
      REQUIRE(history.lastStep());
      CHECK(history.lastStep()->index == expected.index);
      CHECK(history.lastStep()->stepsDone == s);
      CHECK(history.lastStep()->mistake == expected.mistake);
    } else {
      CHECK_FALSE(history.lastStep());
    }
  }
  // Past the end: clamped, and nothing more to step.
  CHECK(history.seek(5000) == 1200);
  CHECK_FALSE(history.stepForward());
}

TEST_CASE("History: one step back then one forward reproduces k-means' state exactly",
          "[history]") {
  const Dataset blobs = makeToyDataset(ToyKind::Blobs, {90, 0.6, 3});
  KernelKmeansOptions options;
  options.clusters = 3;
  options.seed = 4;
  History<KernelKmeans> history(KernelKmeans(blobs.x, KernelParams::rbf(0.5), options));
  REQUIRE(history.stepForward());
  REQUIRE(history.stepForward());
  const KernelKmeans atTwo = history.current();
  const KernelKmeansStep recordTwo = *history.lastStep();
  CHECK(history.stepBack(1) == 1);
  CHECK(history.position() == 1);
  const auto again = history.stepForward();
  REQUIRE(again);
  CHECK(again->stepsDone == 2);
  CHECK(again->assignment == recordTwo.assignment);
  CHECK(again->objective == recordTwo.objective);  // bit-identical
  CHECK(history.current().assignment() == atTwo.assignment());
  CHECK(history.current().alpha() == atTwo.alpha());
  CHECK(history.current().objective() == atTwo.objective());
  // Step back past 0 stops at 0.
  CHECK(history.stepBack(10) == 2);
  CHECK(history.position() == 0);
  CHECK(history.current().assignment().empty());
}

TEST_CASE("playFrame: steps owed by the clock, carried fractions, stop at the end", "[history]") {
  Playback play;
  play.running = true;
  play.stepsPerSecond = 10;
  int budget = 100;  // steps the algorithm can still make
  int made = 0;
  const auto step = [&] {
    if (made == budget) return PlaybackStep{false, true};
    ++made;
    return PlaybackStep{true, made == budget};
  };
  CHECK(playFrame(play, 0.25, 50, step) == 2);  // 2.5 owed: 2 now, 0.5 carried
  CHECK(play.carry == Approx(0.5));
  CHECK(playFrame(play, 0.05, 50, step) == 1);  // 0.5 + 0.5
  CHECK(playFrame(play, 10.0, 50, step) == 2);  // clamped to 0.25 s: a hidden tab owes no minutes
  CHECK(made == 5);
  // Speed 0: as fast as the budget allows, until the algorithm finishes.
  play.stepsPerSecond = 0;
  budget = 40;
  CHECK(playFrame(play, 0.01, 1000, step) == 35);
  CHECK_FALSE(play.running);
  CHECK(playFrame(play, 0.01, 1000, step) == 0);  // not playing
}
