// Loads a BVH motion-capture take (.bvh: the format of the CMU, LaFAN1,
// 100STYLE and Bandai Namco sets) into a Model shaped like a glTF animation
// source: a skeleton (ROOT, JOINTs and End Sites, the last as leaf joints
// "<parent>_End"; rest pose = the OFFSETs, no rotation), no mesh, and one
// clip named after the file's stem with a key per frame. Units are the
// file's (often centimetres): retargeting scales the source's travel by the
// ratio of leg lengths (anim/retarget/retarget_map.h), so it needs none.
// Never throws and never crashes on malformed input: on failure it returns
// false and `error` is "<file>:<line>: <what is wrong>" (no line when the
// problem is the file as a whole). Limits: import/bvh_limits.h.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "import/gltf_importer.h"  // ImportOptions
#include "model/model.h"

namespace anim {

// Whether `path` names a BVH file (its extension is .bvh, in any case).
bool IsBvhPath(std::string_view path);

bool LoadBvhModel(const std::string& path, Model* model, std::string* error,
                  const ImportOptions& options = {});

// The same, from bytes in memory (tests and the fuzzer). `name` is used in
// messages and gives the clip its name (its stem).
bool LoadBvhModelFromMemory(const std::string& name, const unsigned char* data, std::size_t size,
                            Model* model, std::string* error, const ImportOptions& options = {});

}  // namespace anim
