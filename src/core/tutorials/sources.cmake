target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rational.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_linear_algebra.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_points.cpp
  ${CMAKE_CURRENT_LIST_DIR}/formula_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorial.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hand_solved_svm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/perceptron_example.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_perceptron_example.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mercer_example.cpp
  ${CMAKE_CURRENT_LIST_DIR}/geometry_example.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_examples.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_space_example.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorials.cpp
)
