#include "mannequin_fixture.h"

#include <gtest/gtest.h>

#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "tests/support/pose_sampling.h"

namespace mannequin_test {

std::string AssetPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

const anim::Model* Model() {
  static std::string error;
  static const anim::Model* model = [] {
    auto* m = new anim::Model;
    if (!anim::LoadGltfModel(AssetPath(), m, &error)) {
      delete m;
      return static_cast<anim::Model*>(nullptr);
    }
    return m;
  }();
  EXPECT_NE(model, nullptr) << error;
  return model;
}

const tinygltf::Model* Gltf() {
  static std::string error;
  static const tinygltf::Model* gltf = [] {
    auto* m = new tinygltf::Model;
    tinygltf::TinyGLTF loader;
    std::string warn;
    if (!loader.LoadASCIIFromFile(m, &error, &warn, AssetPath())) {
      delete m;
      return static_cast<tinygltf::Model*>(nullptr);
    }
    return m;
  }();
  EXPECT_NE(gltf, nullptr) << error;
  return gltf;
}

int Joint(const std::string& name) { return Model() ? Model()->skeleton.FindJoint(name) : -1; }

const anim::Clip* Clip(const std::string& name) {
  if (!Model()) return nullptr;
  const int index = Model()->FindClip(name);
  return index < 0 ? nullptr : &Model()->clips[index];
}

std::vector<glm::mat4> SampleModelMatrices(const anim::Clip& clip, float t) {
  anim::Pose pose = anim::RestPoseOf(Model()->skeleton);
  test_support::SampleInto(clip, pose, t, anim::LoopMode::kLoop);
  std::vector<glm::mat4> out(pose.JointCount());
  pose.ComputeModelMatrices(out);
  return out;
}

std::vector<glm::vec3> SkinVertices(const std::vector<glm::mat4>& model_matrices,
                                    const std::vector<int>& vertices) {
  const anim::MeshPrimitive& prim = Model()->primitives[0];
  const auto inverse_bind = Model()->skeleton.InverseBindMatrices();
  std::vector<glm::vec3> out;
  out.reserve(vertices.size());
  for (int v : vertices) {
    glm::vec4 p(0.0f);
    for (int k = 0; k < 4; ++k) {
      const float w = prim.weights[v][k];
      if (w == 0.0f) continue;
      const int j = prim.joints[v][k];
      p += w * (model_matrices[j] * inverse_bind[j] * glm::vec4(prim.positions[v], 1.0f));
    }
    out.push_back(glm::vec3(p));
  }
  return out;
}

double ExtrasSpeed(const std::string& clip_name) {
  if (!Gltf()) return -1.0;
  for (const tinygltf::Animation& a : Gltf()->animations) {
    if (a.name != clip_name || !a.extras.IsObject() || !a.extras.Has("speed")) continue;
    const tinygltf::Value& speed = a.extras.Get("speed");
    if (speed.IsNumber()) return speed.GetNumberAsDouble();
  }
  return -1.0;
}

}  // namespace mannequin_test
