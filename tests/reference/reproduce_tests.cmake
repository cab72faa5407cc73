# The Mika et al. 1999 reproduction (src/cli/reproduce): the fast KFD path is compiled in directly.
target_sources(kpg_reference_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reproduce_test.cpp
  ${PROJECT_SOURCE_DIR}/src/cli/reproduce/benchmark_methods.cpp
)
target_include_directories(kpg_reference_tests PRIVATE ${PROJECT_SOURCE_DIR}/src/cli)
