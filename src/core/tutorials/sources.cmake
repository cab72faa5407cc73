target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rational.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_linear_algebra.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_points.cpp
  ${CMAKE_CURRENT_LIST_DIR}/formula_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorial.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hand_solved_svm.cpp
)
