# The Tutorials panel (issue 5). Included from src/app/CMakeLists.txt after kpg_app is defined.
# Its UI-free state and window.kpg actions (tutorial_state.cpp) are in kpg_app_logic
# (src/app/logic.cmake, tested natively); this adds the ImGui panel. Explicit list, no GLOB.
target_sources(kpg_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tutorials_panel.cpp
)
