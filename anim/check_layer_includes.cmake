# Fails when a file under anim/ includes a header of a layer its own layer
# does not build on (directly or through the layers below it), or when a
# source sits outside every layer folder. layers.cmake says which layer
# builds on which. Run by anim/CMakeLists.txt at configure time and by ctest
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

file(GLOB_RECURSE sources RELATIVE "${ANIM_DIR}" "${ANIM_DIR}/*.h" "${ANIM_DIR}/*.cpp")
set(bad "")
foreach(source IN LISTS sources)
  string(REGEX MATCH "^[^/]+" layer "${source}")
  if(source STREQUAL layer OR NOT layer IN_LIST ANIM_LAYERS)
    list(APPEND bad "anim/${source}: not in a layer folder (${ANIM_LAYERS})")
    continue()
  endif()
  file(STRINGS "${ANIM_DIR}/${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"anim/")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "\"anim/([^/\"]+)/" unused "${line}")
    set(target "${CMAKE_MATCH_1}")
    if(NOT target IN_LIST reach_${layer})
      string(STRIP "${line}" line)
      list(APPEND bad "anim/${source}: ${line} (layer ${layer} builds on: ${reach_${layer}})")
    endif()
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "anim/ includes across its layers (anim/layers.cmake):\n  ${text}")
endif()
