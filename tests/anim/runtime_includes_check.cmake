# Run by ctest (AnimRuntime.IncludesOnlyItselfGlmAndTheStandardLibrary):
#   cmake -DRUNTIME_DIR=<source>/anim -P runtime_includes_check.cmake
# The runtime is embeddable: every file under anim/ includes only anim/'s own
# headers, the C++ standard library, glm and the compilers' SIMD headers. A
# file format (tinygltf, JSON), GL, or a layer built on the runtime (model/,
# import/, render/, scene/, samples/, app/) included there fails this check,
# naming the file and the line.
if(NOT IS_DIRECTORY "${RUNTIME_DIR}")
  message(FATAL_ERROR "RUNTIME_DIR '${RUNTIME_DIR}' is not a folder")
endif()
file(GLOB_RECURSE sources "${RUNTIME_DIR}/*.h" "${RUNTIME_DIR}/*.hpp" "${RUNTIME_DIR}/*.cpp"
     "${RUNTIME_DIR}/*.cc")
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "no sources under ${RUNTIME_DIR}")
endif()
set(bad "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    set(allowed FALSE)
    if(line MATCHES "include[ \t]*\"([^\"]*)\"")
      if(CMAKE_MATCH_1 MATCHES "^anim/")
        set(allowed TRUE)
      endif()
    elseif(line MATCHES "include[ \t]*<([^>]*)>")
      set(header "${CMAKE_MATCH_1}")
      # Standard headers have neither a dot nor a folder.
      if(NOT header MATCHES "[./]" OR header MATCHES "^glm/" OR header MATCHES "intrin\\.h$"
         OR header STREQUAL "arm_neon.h")
        set(allowed TRUE)
      endif()
    endif()
    if(NOT allowed)
      file(RELATIVE_PATH name "${RUNTIME_DIR}/.." "${source}")
      string(STRIP "${line}" line)
      list(APPEND bad "${name}: ${line}")
    endif()
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "the runtime (anim/) must include only itself, the standard library and "
                      "glm; these include something else:\n  ${text}")
endif()
message(STATUS "${count} runtime files include only anim/, the standard library and glm")
