target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/q_matrix_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dual_problem_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/working_set_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pair_update_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/optimality_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/smo_solver_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/warm_start_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/separability_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/shrinking_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binary_solution_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_from_solver_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_train_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_train_sparse_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_io_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/determinism_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_model_test.cpp
)
