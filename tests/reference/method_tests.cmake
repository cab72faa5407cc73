target_sources(kpg_reference_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_pca_reference_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/method_cli_test.cpp
)
