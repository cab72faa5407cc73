target_sources(kpg_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/feature_maps.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_exactness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primal_plane.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kpca_coordinates.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lifted_separability.cpp
)
