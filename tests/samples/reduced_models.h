// Models that lack what the samples need, made from the mannequin: one with
// a single clip (its Walk, renamed the way exporters name a lone take) and
// one with no clips at all, and the mannequin turned Z-up or scaled down
// (for layouts that must not depend on which axis is up or on units); and a
// morph-animated bird with no skeleton to speak of (MorphOnlyBird).
#pragma once

#include <string>

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "model/model.h"

namespace test_models {

inline anim::Model WithOneClip(const anim::Model& full, const std::string& keep,
                               const std::string& rename) {
  anim::Model model = full;
  model.clips = {full.clips[full.FindClip(keep)]};
  model.clips[0].SetName(rename);
  return model;
}

inline anim::Model WithoutClips(const anim::Model& full) {
  anim::Model model = full;
  model.clips.clear();
  return model;
}

// The skeleton with its root's rest transform changed by `change` (applied
// after it), clips untouched.
inline anim::Model WithRootChanged(const anim::Model& full, const anim::Transform& change) {
  anim::Model model = full;
  anim::Pose rest = anim::RestPoseOf(full.skeleton);
  rest.SetLocal(0, anim::Combine(change, rest.Local(0)));
  const auto names = full.skeleton.JointNames();
  const auto inverse_bind = full.skeleton.InverseBindMatrices();
  model.skeleton = anim::SkeletonOf(
      std::vector<std::string>(names.begin(), names.end()), rest, anim::BindPoseOf(full.skeleton),
      std::vector<glm::mat4>(inverse_bind.begin(), inverse_bind.end()));
  return model;
}

// Three vertices spanning the file's box, one target lifting each by 5,
// weight keys 0 and 1 at 0 and 1.375 s.
inline constexpr const char* kBirdBuffer =
    "AADIwQAAnMIAAJjCAADYQQAAMEEAAAAAAAAAAAAAIMIAAMhCAAAAAAAAoEAAAAAAAAAAAAAAoEAAAAAAAAAAAAAAoEAAAA"
    "AAAAAAAAAAsD8AAAAAAACAPw==";

inline anim::Model MorphOnlyBird() {
  const std::string json = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
    "nodes":[{"name":"Mesh_0","mesh":0}],
    "meshes":[{"primitives":[{"attributes":{"POSITION":0},"targets":[{"POSITION":1}]}],
               "weights":[0]}],
    "animations":[{"name":"flamingo_flyA_","samplers":[{"input":2,"output":3}],
                   "channels":[{"sampler":0,"target":{"node":0,"path":"weights"}}]}],
    "buffers":[{"byteLength":88,"uri":"data:application/octet-stream;base64,)" +
                           std::string(kBirdBuffer) + R"("}],
    "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},
                   {"buffer":0,"byteOffset":36,"byteLength":36},
                   {"buffer":0,"byteOffset":72,"byteLength":8},
                   {"buffer":0,"byteOffset":80,"byteLength":8}],
    "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3",
                  "min":[-25,-78,-76],"max":[27,11,100]},
                 {"bufferView":1,"componentType":5126,"count":3,"type":"VEC3"},
                 {"bufferView":2,"componentType":5126,"count":2,"type":"SCALAR",
                  "min":[0],"max":[1.375]},
                 {"bufferView":3,"componentType":5126,"count":2,"type":"SCALAR"}]})";
  anim::Model model;
  std::string error;
  EXPECT_TRUE(anim::LoadGltfModelFromMemory("bird.gltf",
                                            reinterpret_cast<const unsigned char*>(json.data()),
                                            json.size(), "", &model, &error))
      << error;
  return model;
}

}  // namespace test_models
