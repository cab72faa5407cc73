target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gram_matrix.cpp
)
