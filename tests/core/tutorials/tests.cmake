target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/rational_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hand_solved_svm_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/perceptron_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_perceptron_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mercer_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/geometry_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_examples_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_space_example_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorial_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_linear_algebra_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact_points_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/formula_text_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorials_test.cpp
)
