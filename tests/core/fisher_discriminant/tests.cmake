target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/fisher_discriminant_test.cpp
)
