# The Tutorials panel. Included from src/app/ui.cmake after kpg_app_ui is defined.
# Its UI-free state and window.kpg actions (tutorial_state.cpp) are in kpg_app_logic
# (src/app/logic.cmake, tested natively); this adds the ImGui panel. Explicit list, no GLOB.
target_sources(kpg_app_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/tutorials_panel.cpp
)
