# The app's logic (src/app/lab, session, modes, tutorials): no GL, no ImGui, so it builds natively
# too and is unit-tested by tests/app (kpg_app_tests). The browser app links it.
include(${CMAKE_CURRENT_LIST_DIR}/modes/modes.cmake)  # the methods, one folder each
add_library(kpg_app_logic STATIC
  ${CMAKE_CURRENT_LIST_DIR}/lab/solver_history.cpp
  ${CMAKE_CURRENT_LIST_DIR}/timeline/playback.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/lab_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/lab_kernel_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/one_point_edit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/model_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/lab_replay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab/step_words.cpp
  ${CMAKE_CURRENT_LIST_DIR}/params/param_input.cpp
  ${CMAKE_CURRENT_LIST_DIR}/params/parameter_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/schema.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/session_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/action_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/action_router.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/app_actions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/share_link.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/data_import.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/data_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/file_actions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/class_regions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/app_link.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/page_settings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session/url_params.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exercises/exercise_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exercises/exercise_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exercises/builtin_exercises.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exercises/exercise_state.cpp
  ${kpg_modes_logic_sources}
  ${CMAKE_CURRENT_LIST_DIR}/tutorials/tutorial_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorials/formula_text.cpp
)
target_include_directories(kpg_app_logic PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${kpg_modes_generated_dir})
target_link_libraries(kpg_app_logic PUBLIC kpg_core)
kpg_strict(kpg_app_logic)
