target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_block_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vector_exp_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_overflow_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gram_matrix_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mercer_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/composite_kernel_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_map_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/string_kernel_test.cpp
)
