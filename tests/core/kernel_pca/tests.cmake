target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_pca_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gram_budget_test.cpp
)
