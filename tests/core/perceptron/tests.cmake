target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/perceptron_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sample_checks_test.cpp
)
