# The app's own GL (included from src/app/CMakeLists.txt after kpg_app is defined): the decision
# field renderer and the GLSL sources of /shaders, embedded at build time as C++ raw strings.
set(KPG_SHADER_FILES
  ${PROJECT_SOURCE_DIR}/shaders/fullscreen.vert
  ${PROJECT_SOURCE_DIR}/shaders/decision_field.frag
  ${PROJECT_SOURCE_DIR}/shaders/field_colour.frag
)
set(KPG_SHADER_CPP ${CMAKE_CURRENT_BINARY_DIR}/generated/shader_sources.cpp)
add_custom_command(OUTPUT ${KPG_SHADER_CPP}
  COMMAND ${CMAKE_COMMAND} -DOUTPUT=${KPG_SHADER_CPP} "-DINPUTS=${KPG_SHADER_FILES}"
          -P ${PROJECT_SOURCE_DIR}/shaders/embed_shaders.cmake
  DEPENDS ${KPG_SHADER_FILES} ${PROJECT_SOURCE_DIR}/shaders/embed_shaders.cmake
  COMMENT "Embedding GLSL shaders"
  VERBATIM)
target_sources(kpg_app PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/gl_program.cpp
  ${CMAKE_CURRENT_LIST_DIR}/decision_field_renderer.cpp
  ${KPG_SHADER_CPP}
)
