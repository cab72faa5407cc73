# The canvas modes' screens, one file per method plus the shared frame (included from
# src/app/ui.cmake after kpg_app_ui is defined). Their UI-free state, JSON and field grids are
# in kpg_app_logic (src/app/logic.cmake).
target_sources(kpg_app_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mode_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/perceptron_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/knn_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kmeans_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kpca_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kfd_screen.cpp
  ${CMAKE_CURRENT_LIST_DIR}/svr_screen.cpp
)
