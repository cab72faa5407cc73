target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/sample_checks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/perceptron.cpp
)
