# The app's methods: one folder each (modes/<method>/, modes/method.hpp says what it holds), plus
# the shared code that reads their registry rows. Included from src/app/logic.cmake (the UI-free
# half: state, building, stepping, JSON, fields; natively tested) and src/app/ui.cmake (the
# screens). Adding a method adds its folder's name here.
set(KPG_METHODS svm perceptron knn kmeans kpca kfd svr)

# kpg_modes_logic_sources / kpg_modes_ui_sources: the files of every method and the shared ones.
set(kpg_modes_logic_sources
  ${CMAKE_CURRENT_LIST_DIR}/method_registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_field.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contour.cpp)
set(kpg_modes_json_sources ${CMAKE_CURRENT_LIST_DIR}/mode_json.cpp)
set(kpg_modes_ui_sources
  ${CMAKE_CURRENT_LIST_DIR}/screen_registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mode_screen.cpp)
foreach(method IN LISTS KPG_METHODS)
  set(dir ${CMAKE_CURRENT_LIST_DIR}/${method})
  list(APPEND kpg_modes_logic_sources ${dir}/${method}_mode.cpp)
  if(EXISTS ${dir}/${method}_json.cpp)
    list(APPEND kpg_modes_logic_sources ${dir}/${method}_json.cpp)
    list(APPEND kpg_modes_json_sources ${dir}/${method}_json.cpp)
  endif()
  list(APPEND kpg_modes_ui_sources ${dir}/${method}_screen.cpp)
endforeach()
