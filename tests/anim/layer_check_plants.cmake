# Runs anim/check_layer_includes.cmake on a copy of anim/ with one plant and
# checks that it passes (PLANT=tree: the copy as it is) or fails naming the
# planted file:
#   back_arrow: core/skeleton.h includes a blending header (core builds on nothing);
#   sideways:   ik/two_bone_ik.cpp includes a graph header (both layers build on
#               blending, neither on the other);
#   stray_file: a source straight in anim/, outside every layer folder;
#   file_format: core/transform.h includes tinygltf (the runtime reads no files);
#   outer_folder: clips/clip.h includes the project's model/ (built on anim/).
cmake_policy(VERSION 3.20)
file(REMOVE_RECURSE "${SCRATCH}")
file(COPY "${ANIM_DIR}/" DESTINATION "${SCRATCH}")
set(expect "")
if(PLANT STREQUAL "back_arrow")
  file(APPEND "${SCRATCH}/core/skeleton.h" "#include \"anim/blending/blending.h\"\n")
  set(expect "anim/core/skeleton.h: #include \"anim/blending/blending.h\"")
elseif(PLANT STREQUAL "sideways")
  file(APPEND "${SCRATCH}/ik/two_bone_ik.cpp" "#include \"anim/graph/node.h\"\n")
  set(expect "anim/ik/two_bone_ik.cpp: #include \"anim/graph/node.h\"")
elseif(PLANT STREQUAL "stray_file")
  file(WRITE "${SCRATCH}/stray.cpp" "int stray = 0;\n")
  set(expect "anim/stray.cpp: not in a layer folder")
elseif(PLANT STREQUAL "file_format")
  file(APPEND "${SCRATCH}/core/transform.h" "#include <tiny_gltf.h>\n")
  set(expect "anim/core/transform.h: #include <tiny_gltf.h>")
elseif(PLANT STREQUAL "outer_folder")
  file(APPEND "${SCRATCH}/clips/clip.h" "#include \"model/model.h\"\n")
  set(expect "anim/clips/clip.h: #include \"model/model.h\"")
elseif(NOT PLANT STREQUAL "tree")
  message(FATAL_ERROR "unknown PLANT '${PLANT}'")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -DANIM_DIR=${SCRATCH}
                        -P "${ANIM_DIR}/check_layer_includes.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(REMOVE_RECURSE "${SCRATCH}")
if(expect STREQUAL "")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the check fails on the tree itself:\n${err}")
  endif()
else()
  if(rc EQUAL 0)
    message(FATAL_ERROR "the check passed with a planted ${PLANT}")
  endif()
  string(FIND "${err}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the check failed without naming '${expect}':\n${err}")
  endif()
endif()
