target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gram_budget.cpp
)
