# The canvas modes of issue 6 (included from src/app/CMakeLists.txt after kpg_app is defined).
target_sources(kpg_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/mode_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contour.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_panels.cpp
)
