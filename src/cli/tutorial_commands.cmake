target_sources(kpg PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/example_command.cpp
)
