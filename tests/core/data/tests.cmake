target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/number_text_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text_scan_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_rows_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_text_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libsvm_format_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/csv_format_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toy_datasets_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_scaling_test.cpp
)
