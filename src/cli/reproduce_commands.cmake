target_sources(kpg PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reproduce_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reproduce/benchmark_methods.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reproduce/ida_data.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reproduce/mika1999.cpp
)
