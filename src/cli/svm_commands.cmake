target_sources(kpg PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/svm_cli_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/options.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svm_options.cpp
  ${CMAKE_CURRENT_LIST_DIR}/train_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/thread_pool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/predict_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/trace_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scale_command.cpp
)
# The train command's progress heartbeat runs on a thread.
find_package(Threads REQUIRED)
target_link_libraries(kpg PRIVATE Threads::Threads)
