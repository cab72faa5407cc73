# Core test sources, one *_test.cpp per core source file, mirroring src/core/.
target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernels/kernel_test.cpp
)
