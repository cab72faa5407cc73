# The Tutorials panel (issue 5): tutorial UI state and window.kpg actions, the ImGui panel.
# Included from src/app/CMakeLists.txt after kpg_app is defined. Explicit list, no GLOB.
target_sources(kpg_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tutorial_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorials_panel.cpp
)
