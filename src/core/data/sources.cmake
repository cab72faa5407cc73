target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/number_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/json_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/smo_step_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text_scan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_rows.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libsvm_format.cpp
  ${CMAKE_CURRENT_LIST_DIR}/csv_format.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toy_datasets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_scaling.cpp
)
