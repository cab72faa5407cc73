target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/q_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/q_columns.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dual_problem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/working_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pair_update.cpp
  ${CMAKE_CURRENT_LIST_DIR}/optimality.cpp
  ${CMAKE_CURRENT_LIST_DIR}/smo_solver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/warm_start.cpp
  ${CMAKE_CURRENT_LIST_DIR}/separability.cpp
  ${CMAKE_CURRENT_LIST_DIR}/one_vs_one.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_from_solver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binary_solution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sparse_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_train.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libsvm_random.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cross_validation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/probability.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_search.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_io.cpp
)
# The selection passes' loops are widened only when comparisons may not trap (FP exception flags
# are never read here); without it GCC keeps them scalar ("control flow in loop"). No
# contraction: the same bits from every clone (working_set.cpp).
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/working_set.cpp
  PROPERTIES COMPILE_OPTIONS "-fno-trapping-math;-ffp-contract=off")

# What the target gets (src/core/CMakeLists.txt says why it is chosen here). Native: the passes
# cut between threads (parallel_for.hpp) and the blocked passes over the float cache
# (working_set_blocks.cpp), cloned per instruction set where the toolchain can. The browser build
# has neither: the plain passes of working_set.cpp run alone.
if(EMSCRIPTEN)
  target_compile_definitions(kpg_core PUBLIC KPG_CUTS_PASSES=0 KPG_BLOCKED_PASSES=0)
else()
  target_compile_definitions(kpg_core PUBLIC KPG_CUTS_PASSES=1 KPG_BLOCKED_PASSES=1)
  target_sources(kpg_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/working_set_blocks.cpp)
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/working_set_blocks.cpp PROPERTIES
    COMPILE_OPTIONS "-fno-trapping-math;-ffp-contract=off"
    COMPILE_DEFINITIONS "KPG_TARGET_CLONES=${kpg_target_clones}")
endif()
