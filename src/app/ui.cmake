# The application's panels and screens without GL or the browser (kpg_app_ui), and Dear ImGui's
# core (kpg_imgui_core): built for the browser app (src/app/CMakeLists.txt adds the OpenGL
# backend, the GL renderer and the page's bridge) and natively, where the frame tests and the
# frame fuzzer draw whole frames with ImGui alone (frame_ui.hpp; native_host.cpp stands in for the
# page). Included from the top-level CMakeLists.txt when the ImGui sources are there.

# Third-party: compiled without the project's warnings-as-errors. In the asan preset it gets
# AddressSanitizer like the rest, so that a bad value the panels hand to ImGui is caught where the
# memory fault happens; UBSan stays on the project's own code (ImGui's internals are not ours to
# hold to it, and ImGui's own IM_ASSERTs still check how the panels use it).
add_library(kpg_imgui_core STATIC
  ${IMGUI_DIR}/imgui.cpp
  ${IMGUI_DIR}/imgui_draw.cpp
  ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp
)
target_include_directories(kpg_imgui_core SYSTEM PUBLIC ${IMGUI_DIR})
# 32-bit vertex indices: ImGui 1.86's default 16-bit ImDrawIdx needs base-vertex draws once a
# window's draw list passes 65 536 vertices, and WebGL2 has none, so a dense canvas (kernel
# Fisher, RBF gamma = 1: thousands of contour segments) drew garbage. PUBLIC, so every file that
# includes imgui.h agrees on the type; the OpenGL3 backend then draws with GL_UNSIGNED_INT.
# IMGUI_ENABLE_TEST_ENGINE: ImGui reports every input widget it draws to hooks the app defines
# (panels/keyboard_focus.cpp), the Tab order of the app's own keyboard focus.
target_compile_definitions(kpg_imgui_core PUBLIC IMGUI_ENABLE_TEST_ENGINE
                                                 IMGUI_DISABLE_OBSOLETE_FUNCTIONS
                                                 "ImDrawIdx=unsigned int")
if(KPG_SANITIZE)
  target_compile_options(kpg_imgui_core PRIVATE -fsanitize=address -fno-omit-frame-pointer)
endif()

add_library(kpg_app_ui STATIC ${CMAKE_CURRENT_LIST_DIR}/frame_ui.cpp ${CMAKE_CURRENT_LIST_DIR}/ui_setup.cpp)
target_include_directories(kpg_app_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(kpg_app_ui PUBLIC kpg_app_logic kpg_core kpg_imgui_core)
kpg_strict(kpg_app_ui)
include(${CMAKE_CURRENT_LIST_DIR}/panels/panels.cmake)  # the lab's panels, plotting
target_sources(kpg_app_ui PRIVATE ${kpg_modes_ui_sources})  # the methods' screens (modes/modes.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/tutorials/tutorials.cmake)  # the Tutorials panel
include(${CMAKE_CURRENT_LIST_DIR}/exercises/exercises.cmake)  # the exercise panel

if(NOT EMSCRIPTEN)
  # The page's side for native frames: input, storage and the browser's requests as plain
  # records (native_host.hpp), for tests/app/frame_test.cpp and tests/fuzz/fuzz_frame.cpp.
  add_library(kpg_app_native_host STATIC ${CMAKE_CURRENT_LIST_DIR}/native_host.cpp)
  target_link_libraries(kpg_app_native_host PUBLIC kpg_app_ui)
  set(KPG_NATIVE_FONT /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf CACHE FILEPATH
      "The UI font for native frames (ImGui's default font when missing)")
  target_compile_definitions(kpg_app_native_host PRIVATE KPG_NATIVE_FONT="${KPG_NATIVE_FONT}")
  kpg_strict(kpg_app_native_host)
endif()
