# Generates the OpenGL loader with Debian's python3-glad at configure time,
# into the build tree, from the specification bundled with glad
# (--reproducible: no network). Debian's /usr/bin/python3 is used on purpose:
# another python3 earlier on PATH (pyenv) does not have glad.
set(GLAD_PYTHON /usr/bin/python3 CACHE FILEPATH "Python that has the glad module")
set(GLAD_OUT "${CMAKE_BINARY_DIR}/glad")
if(NOT EXISTS "${GLAD_OUT}/src/gl.c")
  execute_process(
    COMMAND "${GLAD_PYTHON}" -m glad --api gl:core=4.5 --extensions ""
            --out-path "${GLAD_OUT}" --reproducible --quiet c
    RESULT_VARIABLE glad_result
    OUTPUT_VARIABLE glad_output ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS "${GLAD_OUT}/src/gl.c")
    message(FATAL_ERROR "glad failed to generate the GL loader (is python3-glad installed?):\n${glad_output}")
  endif()
endif()
add_library(glad STATIC "${GLAD_OUT}/src/gl.c")
target_include_directories(glad SYSTEM PUBLIC "${GLAD_OUT}/include")
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
