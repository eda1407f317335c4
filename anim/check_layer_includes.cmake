# Fails when a file under anim/ includes a header of a layer its own layer
# does not build on (directly or through the layers below it), anything but
# anim/, the C++ standard library, glm and the compilers' SIMD headers (a
# file format, GL, or a project folder built on the runtime: the runtime is
# embeddable), or when a source sits outside every layer folder.
# layers.cmake says which layer builds on which. Run by anim/CMakeLists.txt at configure time and by ctest
# (AnimLayers.*) on planted copies:
#   cmake -DANIM_DIR=<source>/anim -P check_layer_includes.cmake
# Run alone (-P) a script starts with the oldest policies: IN_LIST needs 3.3.
cmake_policy(VERSION 3.20)
if(NOT IS_DIRECTORY "${ANIM_DIR}")
  message(FATAL_ERROR "ANIM_DIR '${ANIM_DIR}' is not a folder")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/layers.cmake")

# What each layer may include: itself and everything below it, the closure of
# layers.cmake's lists (a loop per layer over a fixed list of nine).
foreach(layer IN LISTS ANIM_LAYERS)
  set(reach ${layer})
  set(todo ${ANIM_LAYER_DEPENDS_${layer}})
  while(todo)
    list(POP_FRONT todo below)
    if(NOT below IN_LIST reach)
      list(APPEND reach ${below})
      list(APPEND todo ${ANIM_LAYER_DEPENDS_${below}})
    endif()
  endwhile()
  set(reach_${layer} ${reach})
endforeach()

file(GLOB_RECURSE sources RELATIVE "${ANIM_DIR}" "${ANIM_DIR}/*.h" "${ANIM_DIR}/*.hpp"
     "${ANIM_DIR}/*.inl" "${ANIM_DIR}/*.cpp" "${ANIM_DIR}/*.cc")
set(bad "")
foreach(source IN LISTS sources)
  string(REGEX MATCH "^[^/]+" layer "${source}")
  if(source STREQUAL layer OR NOT layer IN_LIST ANIM_LAYERS)
    list(APPEND bad "anim/${source}: not in a layer folder (${ANIM_LAYERS})")
    continue()
  endif()
  file(STRINGS "${ANIM_DIR}/${source}" lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line MATCHES "include[ \t]*\"anim/([^/\"]+)/")
      set(target "${CMAKE_MATCH_1}")
      if(NOT target IN_LIST reach_${layer})
        list(APPEND bad "anim/${source}: ${line} (layer ${layer} builds on: ${reach_${layer}})")
      endif()
      continue()
    endif()
    # Standard headers have neither a dot nor a folder.
    set(header "")
    if(line MATCHES "include[ \t]*<([^>]*)>")
      set(header "${CMAKE_MATCH_1}")
    endif()
    if(header STREQUAL "" OR (header MATCHES "[./]" AND NOT header MATCHES "^glm/"
                              AND NOT header MATCHES "intrin\\.h$" AND NOT header STREQUAL "arm_neon.h"))
      list(APPEND bad "anim/${source}: ${line} (the runtime includes only anim/, the standard library, glm and SIMD headers)")
    endif()
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "anim/ includes across its layers (anim/layers.cmake) or outside the runtime:\n  ${text}")
endif()
