# The lab's panels and the plotting module (included from src/app/ui.cmake after kpg_app_ui is
# defined; no GL, no browser: they build natively too). Explicit list, no GLOB.
target_sources(kpg_app_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/plot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/canvas_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/canvas_input.cpp
  ${CMAKE_CURRENT_LIST_DIR}/canvas_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controls_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dual_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pair_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/convergence_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lab_layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/file_toolbar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lock_ui.cpp
  ${CMAKE_CURRENT_LIST_DIR}/page_layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/colour_bar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/param_widgets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/start_card.cpp
  ${CMAKE_CURRENT_LIST_DIR}/keyboard_focus.cpp
)
