target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_kmeans.cpp
)
