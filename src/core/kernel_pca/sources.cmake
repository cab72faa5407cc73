target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gram_budget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_pca.cpp
)
