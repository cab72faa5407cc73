target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/q_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/q_columns.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dual_problem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/working_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pair_update.cpp
  ${CMAKE_CURRENT_LIST_DIR}/optimality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/smo_solver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/warm_start.cpp
  ${CMAKE_CURRENT_LIST_DIR}/one_vs_one.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_from_solver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binary_solution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_train.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cross_validation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_io.cpp
)
