target_sources(kpg_reference_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tutorial_cli_test.cpp
)
