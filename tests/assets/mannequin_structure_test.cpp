// What the default character is made of: the conventional joint names, a
// real mesh (triangles, normals, vertex colours), skin weights that sum to 1
// and blend across every bending joint, the clips and their lengths, and the
// glTF features the clips exercise (all three samplers, extras speed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "anim/offline/pose.h"
#include "mannequin_fixture.h"

namespace mannequin_test {
namespace {

const char* const kJointNames[] = {
    "Hips",         "Spine",       "Spine1",        "Spine2",      "Neck",         "Head",
    "LeftShoulder", "LeftArm",     "LeftForeArm",   "LeftHand",    "LeftUpLeg",    "LeftLeg",
    "LeftFoot",     "LeftToeBase", "RightShoulder", "RightArm",    "RightForeArm", "RightHand",
    "RightUpLeg",   "RightLeg",    "RightFoot",     "RightToeBase"};

glm::vec3 BindPosition(int joint) {
  std::vector<glm::mat4> m(Model()->skeleton.JointCount());
  anim::BindPoseOf(Model()->skeleton).ComputeModelMatrices(m);
  return glm::vec3(m[joint][3]);
}

TEST(MannequinStructure, HasTheConventionalJointsInAHumanHierarchy) {
  ASSERT_NE(Model(), nullptr);
  EXPECT_GE(Model()->skeleton.JointCount(), 22);
  for (const char* name : kJointNames) EXPECT_GE(Joint(name), 0) << name;
  auto parent_is = [](const char* child, const char* parent) {
    return Model()->skeleton.Parent(Joint(child)) == Joint(parent);
  };
  EXPECT_EQ(Model()->skeleton.Parent(Joint("Hips")), -1);
  EXPECT_TRUE(parent_is("Head", "Neck"));
  EXPECT_TRUE(parent_is("LeftHand", "LeftForeArm"));
  EXPECT_TRUE(parent_is("RightToeBase", "RightFoot"));
  EXPECT_TRUE(parent_is("LeftUpLeg", "Hips"));
}

TEST(MannequinStructure, StandsOnTheGroundFacingPlusZWithYUp) {
  ASSERT_NE(Model(), nullptr);
  const anim::MeshPrimitive& prim = Model()->primitives.at(0);
  glm::vec3 lo(1e9f), hi(-1e9f);
  for (const glm::vec3& p : prim.positions) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  EXPECT_NEAR(lo.y, 0.0f, 0.005f) << "soles on Y = 0";
  EXPECT_NEAR(hi.y, 1.8f, 0.05f) << "about 1.8 m tall";
  // Left is +X when facing +Z; the toes are ahead of the ankles.
  EXPECT_GT(BindPosition(Joint("LeftArm")).x, 0.1f);
  EXPECT_LT(BindPosition(Joint("RightArm")).x, -0.1f);
  EXPECT_GT(BindPosition(Joint("LeftToeBase")).z, BindPosition(Joint("LeftFoot")).z + 0.05f);
  EXPECT_GT(BindPosition(Joint("Head")).y, BindPosition(Joint("Hips")).y + 0.4f);
}

TEST(MannequinStructure, MeshHasThousandsOfTrianglesUnitNormalsAndColours) {
  ASSERT_NE(Model(), nullptr);
  ASSERT_EQ(Model()->primitives.size(), 1u);
  const anim::MeshPrimitive& prim = Model()->primitives[0];
  EXPECT_GE(prim.indices.size() / 3, 5000u);
  ASSERT_EQ(prim.normals.size(), prim.positions.size());
  ASSERT_EQ(prim.colors.size(), prim.positions.size());
  for (const glm::vec3& n : prim.normals) ASSERT_NEAR(glm::length(n), 1.0f, 1e-3f);
  // At least a body colour and a distinct (dark) joint colour.
  std::set<std::tuple<int, int, int>> colours;
  for (const glm::vec4& c : prim.colors)
    colours.insert({int(c.r * 20), int(c.g * 20), int(c.b * 20)});
  EXPECT_GE(colours.size(), 4u);
}

TEST(MannequinStructure, RawSkinWeightsSumToOne) {
  // Read from the file with tinygltf, not through the importer (which may
  // renormalise): every vertex's four weights must already sum to 1.
  ASSERT_NE(Gltf(), nullptr);
  const tinygltf::Primitive& prim = Gltf()->meshes.at(0).primitives.at(0);
  const tinygltf::Accessor& acc = Gltf()->accessors.at(prim.attributes.at("WEIGHTS_0"));
  ASSERT_EQ(acc.componentType, TINYGLTF_COMPONENT_TYPE_FLOAT);
  ASSERT_EQ(acc.type, TINYGLTF_TYPE_VEC4);
  const tinygltf::BufferView& view = Gltf()->bufferViews.at(acc.bufferView);
  const unsigned char* data =
      Gltf()->buffers.at(view.buffer).data.data() + view.byteOffset + acc.byteOffset;
  const std::size_t stride = view.byteStride ? view.byteStride : 16;
  for (std::size_t i = 0; i < acc.count; ++i) {
    float w[4];
    std::memcpy(w, data + i * stride, sizeof w);
    ASSERT_NEAR(w[0] + w[1] + w[2] + w[3], 1.0f, 1e-5f) << "vertex " << i;
    for (float x : w) ASSERT_GE(x, 0.0f);
  }
}

TEST(MannequinStructure, SkinBlendsAcrossEveryBendingJoint) {
  // Around each joint that bends, some surface vertices are shared between
  // the joint and its parent (two or more influences), so the skin bends
  // smoothly instead of hinging like separate rigid pieces.
  ASSERT_NE(Model(), nullptr);
  const anim::MeshPrimitive& prim = Model()->primitives[0];
  for (const char* name : {"Spine", "Spine1", "Spine2", "Neck", "Head", "LeftArm", "LeftForeArm",
                           "LeftHand", "RightForeArm", "LeftLeg", "RightLeg", "LeftUpLeg",
                           "LeftFoot", "LeftToeBase", "RightToeBase"}) {
    const int joint = Joint(name);
    const int parent = Model()->skeleton.Parent(joint);
    const glm::vec3 centre = BindPosition(joint);
    int blended = 0;
    for (std::size_t v = 0; v < prim.positions.size(); ++v) {
      if (glm::distance(prim.positions[v], centre) > 0.15f) continue;
      float w_joint = 0.0f, w_parent = 0.0f;
      for (int k = 0; k < 4; ++k) {
        if (prim.joints[v][k] == joint) w_joint += prim.weights[v][k];
        if (prim.joints[v][k] == parent) w_parent += prim.weights[v][k];
      }
      if (w_joint > 0.2f && w_parent > 0.2f) ++blended;
    }
    EXPECT_GE(blended, 20) << name << ": too few vertices blend it with its parent";
  }
}

TEST(MannequinStructure, HasTheSevenClipsWithTheirLengths) {
  ASSERT_NE(Model(), nullptr);
  struct Expect {
    const char* name;
    float lo, hi;
  };
  for (const Expect& e :
       {Expect{"Idle", 2.0f, 4.0f}, Expect{"Walk", 1.0f, 1.2f}, Expect{"Run", 0.6f, 0.8f},
        Expect{"Punch", 0.6f, 2.0f}, Expect{"Jump", 0.8f, 2.5f}, Expect{"Lean_Left", 0.3f, 3.0f},
        Expect{"Look", 0.5f, 4.0f}}) {
    const anim::Clip* clip = Clip(e.name);
    ASSERT_NE(clip, nullptr) << e.name;
    EXPECT_NEAR(clip->StartTime(), 0.0f, 1e-6f) << e.name;
    EXPECT_GE(clip->Duration(), e.lo) << e.name;
    EXPECT_LE(clip->Duration(), e.hi) << e.name;
  }
}

TEST(MannequinStructure, WalkAndRunDeclareTheirGroundSpeedInExtras) {
  EXPECT_NEAR(ExtrasSpeed("Walk"), 1.4, 0.3);
  EXPECT_NEAR(ExtrasSpeed("Run"), 3.5, 1.0);
  EXPECT_GT(ExtrasSpeed("Run"), ExtrasSpeed("Walk"));
}

TEST(MannequinStructure, ClipsUseAllThreeSamplerInterpolations) {
  ASSERT_NE(Gltf(), nullptr);
  std::set<std::string> modes;
  for (const tinygltf::Animation& a : Gltf()->animations) {
    for (const tinygltf::AnimationSampler& s : a.samplers) {
      modes.insert(s.interpolation);
      if (s.interpolation != "CUBICSPLINE") continue;
      // glTF: a cubic sampler stores in-tangent, value, out-tangent per key.
      EXPECT_EQ(Gltf()->accessors[s.output].count, 3 * Gltf()->accessors[s.input].count) << a.name;
    }
  }
  EXPECT_TRUE(modes.count("STEP"));
  EXPECT_TRUE(modes.count("LINEAR"));
  EXPECT_TRUE(modes.count("CUBICSPLINE"));
}

TEST(MannequinStructure, CubicSplineTangentsAreSlopesPerSecond) {
  // glTF stores CUBICSPLINE tangents in units per second. Sampled through
  // the runtime (which scales them by the key interval), the curve's slope
  // at each key must then equal the stored tangent, and be the same on both
  // sides of the key (the motion is smooth, not kinked).
  ASSERT_NE(Model(), nullptr);
  int checked = 0;
  for (const anim::Clip& clip : Model()->clips) {
    for (const anim::JointTracks& tracks : clip.Tracks()) {
      const anim::VectorTrack& track = tracks.translation;
      if (track.Empty() || track.GetInterpolation() != anim::Interpolation::kCubicSpline) continue;
      const auto times = track.Times();
      const auto values = track.Values();
      for (int k = 1; k + 1 < track.KeyCount(); ++k) {
        const float h = 1e-3f;
        const glm::vec3 left = (track.Sample(times[k]) - track.Sample(times[k] - h)) / h;
        const glm::vec3 right = (track.Sample(times[k] + h) - track.Sample(times[k])) / h;
        const glm::vec3 in_tangent = values[3 * k], out_tangent = values[3 * k + 2];
        const float scale = std::max(1e-3f, glm::length(out_tangent));
        EXPECT_LT(glm::distance(left, in_tangent), 0.02f * scale + 2e-3f)
            << clip.Name() << " key " << k;
        EXPECT_LT(glm::distance(right, out_tangent), 0.02f * scale + 2e-3f)
            << clip.Name() << " key " << k;
        EXPECT_LT(glm::distance(in_tangent, out_tangent), 1e-6f) << clip.Name() << " key " << k;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 3);
}

}  // namespace
}  // namespace mannequin_test
