target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_block.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vector_exp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gram_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mercer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/composite_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/string_kernel.cpp
)
# vectorExp's clamps are selects only when comparisons may not trap: FP exception flags are never
# read here, and without it GCC keeps the loop scalar ("control flow in loop"). No contraction:
# the same bits from every clone (GCC contracts by default in C++, even with -std=c++17).
# KPG_TARGET_CLONES: src/core/CMakeLists.txt.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/vector_exp.cpp
  PROPERTIES COMPILE_OPTIONS "-fno-trapping-math;-ffp-contract=off"
             COMPILE_DEFINITIONS "KPG_TARGET_CLONES=${kpg_target_clones}")
# kernel_block.cpp sums x_a·x_b and ‖x_a‖² in one order so that identical rows give RBF's distance
# 0 exactly; a fused multiply-add in one sum and not the other would break that on FMA targets.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/kernel_block.cpp
  PROPERTIES COMPILE_OPTIONS "-ffp-contract=off")
