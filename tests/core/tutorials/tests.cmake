target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rational_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hand_solved_svm_test.cpp
)
