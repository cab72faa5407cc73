target_sources(kpg PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/method_cli.cpp
  ${CMAKE_CURRENT_LIST_DIR}/perceptron_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/knn_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kmeans_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kpca_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_command.cpp
)
