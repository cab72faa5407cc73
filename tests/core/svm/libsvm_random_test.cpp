#include "svm/libsvm_random.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace kpg;

TEST_CASE("LibsvmRandom draws glibc's rand() sequence for seed 1, svm-train's", "[svm][random]") {
  // The first outputs of an unseeded glibc rand(), as every C programmer has printed them.
  LibsvmRandom random;
  CHECK(random.next() == 1804289383);
  CHECK(random.next() == 846930886);
  CHECK(random.next() == 1681692777);
  CHECK(random.next() == 1714636915);
  CHECK(random.next() == 1957747793);
  CHECK(random.next() == 424238335);
}

TEST_CASE("LibsvmRandom follows srand for other seeds and maps 0 to 1", "[svm][random]") {
  LibsvmRandom zero(0);
  LibsvmRandom one(1);
  for (int i = 0; i < 1000; ++i) REQUIRE(zero.next() == one.next());
#if defined(__GLIBC__)
  // Natively on glibc the C library itself is the reference, far into the sequence.
  for (const unsigned seed : {2u, 42u, 123456789u, 4294967295u}) {
    std::srand(seed);
    LibsvmRandom random(seed);
    for (int i = 0; i < 100000; ++i) REQUIRE(random.next() == std::rand());
  }
#endif
  LibsvmRandom a(7);
  int inRange = 0;
  for (int i = 0; i < 1000; ++i) {
    const int k = a.indexIn(5, 12);
    inRange += k >= 5 && k < 12;
  }
  CHECK(inRange == 1000);
}

TEST_CASE("LibsvmRandom::shuffle is LIBSVM's swap loop over one rand() per position",
          "[svm][random]") {
  // svm.cpp: for (i = 0; i < l; i++) { int j = i + rand() % (l - i); swap(perm[i], perm[j]); }
  int values[6] = {0, 1, 2, 3, 4, 5};
  LibsvmRandom random;
  random.shuffle(values, 6);
  // The same draws by hand: 1804289383 % 6 = 1, 846930886 % 5 = 1, 1681692777 % 4 = 1,
  // 1714636915 % 3 = 1, 1957747793 % 2 = 1, the last % 1 = 0: each i swaps with i + 1, so
  // 0 walks to the end.
  const int expected[6] = {1, 2, 3, 4, 5, 0};
  for (int k = 0; k < 6; ++k) CHECK(values[k] == expected[k]);
}
