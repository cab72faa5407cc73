target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_block.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gram_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mercer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/feature_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/composite_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/string_kernel.cpp
)
