target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/fisher_discriminant.cpp
)
