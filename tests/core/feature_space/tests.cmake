target_sources(kpg_core_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/feature_maps_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/map_exactness_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/primal_plane_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kpca_coordinates_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lifted_separability_test.cpp
)
