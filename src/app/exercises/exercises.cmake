# The exercise panel. Included from src/app/ui.cmake after kpg_app_ui is defined;
# the UI-free model (exercise.hpp, exercise_state.hpp) is in kpg_app_logic (src/app/logic.cmake,
# tested natively). window.kpg's exercise functions (exercise_bridge.cpp) and the page's
# exercise script (exercise_page.js) are the browser's: src/app/CMakeLists.txt adds them.
target_sources(kpg_app_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/exercise_panel.cpp
)
