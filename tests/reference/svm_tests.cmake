target_sources(kpg_reference_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/svm_reference_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nu_svm_reference_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_engine_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/class_regions_reference_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scale_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/probability_cli_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/degenerate_data_reference_test.cpp
)
