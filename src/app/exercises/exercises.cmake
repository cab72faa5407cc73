# The exercise panel and window.kpg's exercise functions (issue 10 §3). Included from
# src/app/CMakeLists.txt after kpg_app is defined; the UI-free model (exercise.hpp,
# exercise_state.hpp) is in kpg_app_logic (src/app/logic.cmake, tested natively).
target_sources(kpg_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/exercise_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exercise_bridge.cpp
)
# The page's exercise functions (progress in localStorage, the link, instructor mode's single
# file), inside kpg_app.js so that the single file carries them.
target_link_options(kpg_app PRIVATE --post-js ${CMAKE_CURRENT_LIST_DIR}/exercise_page.js)
# (its LINK_DEPENDS: src/app/CMakeLists.txt, which sets the property.)
