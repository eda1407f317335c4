// Animations written by hand: STEP and CUBICSPLINE samplers checked against
// values computed here from the glTF spec's formulas, clip naming, and the
// one-warning-per-file rule for channels we ignore.
#include <gtest/gtest.h>

#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadOk;
using gltf_test::VecNear;

// glTF 2.0 spec, appendix "Interpolation", cubic spline:
// p(s) = (2s^3 - 3s^2 + 1) v_k + td (s^3 - 2s^2 + s) b_k
//      + (-2s^3 + 3s^2) v_k+1 + td (s^3 - s^2) a_k+1
glm::vec3 Hermite(glm::vec3 v0, glm::vec3 out0, glm::vec3 in1, glm::vec3 v1, float td, float s) {
  const float s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * v0 + td * (s3 - 2 * s2 + s) * out0 + (-2 * s3 + 3 * s2) * v1 +
         td * (s3 - s2) * in1;
}

struct AnimatedFile {
  GltfBuilder b;
  std::string rest;
  glm::vec3 v0{0, 0, 0}, out0{3, 0, 0}, in1{-1, 2, 0}, v1{4, 4, 0};

  AnimatedFile() {
    const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int joints = b.AddU8({0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4", false);
    const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    const int step_times = b.AddFloats({0, 1, 2}, "SCALAR");
    const int step_values = b.AddFloats({0, 0, 0, 1, 0, 0, 5, 0, 0}, "VEC3");
    const int cubic_times = b.AddFloats({0, 2}, "SCALAR");
    // in-tangent, value, out-tangent per key; the outer tangents are unused.
    const int cubic_values = b.AddFloats({9, 9, 9, v0.x, v0.y, v0.z, out0.x, out0.y, out0.z, in1.x,
                                          in1.y, in1.z, v1.x, v1.y, v1.z, 9, 9, 9},
                                         "VEC3");
    const int rot_times = b.AddFloats({0, 1}, "SCALAR");
    const int rot_values = b.AddFloats({0, 0, 0, 1, 1, 0, 0, 0}, "VEC4");
    const int helper_scale = b.AddFloats({1, 1, 1, 2, 2, 2}, "VEC3");
    const auto s = [](int i) { return std::to_string(i); };
    rest = R"("nodes":[{"name":"hips","children":[1]},{"name":"helper","children":[2]},
        {"name":"spine","translation":[0,1,0]},{"mesh":0,"skin":0}],
      "skins":[{"joints":[0,2]}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           s(positions) + R"(,"JOINTS_0":)" + s(joints) + R"(,"WEIGHTS_0":)" + s(weights) +
           R"(}}]}],
      "animations":[
        {"name":"moves","samplers":[
           {"input":)" +
           s(step_times) + R"(,"output":)" + s(step_values) +
           R"(,"interpolation":"STEP"},
           {"input":)" +
           s(cubic_times) + R"(,"output":)" + s(cubic_values) +
           R"(,"interpolation":"CUBICSPLINE"},
           {"input":)" +
           s(rot_times) + R"(,"output":)" + s(helper_scale) + R"(}],
         "channels":[
           {"sampler":0,"target":{"node":0,"path":"translation"}},
           {"sampler":1,"target":{"node":2,"path":"translation"}},
           {"sampler":2,"target":{"node":1,"path":"scale"}},
           {"sampler":2,"target":{"node":3,"path":"scale"}}]},
        {"samplers":[{"input":)" +
           s(rot_times) + R"(,"output":)" + s(rot_values) + R"(}],
         "channels":[{"sampler":0,"target":{"node":0,"path":"rotation"}}]}])";
  }
};

TEST(AnimationImport, StepAndCubicSplineSampleAsTheSpecSays) {
  const AnimatedFile file;
  const anim::Model model = LoadOk(file.b.EmbeddedJson(file.rest));
  ASSERT_EQ(model.clips.size(), 2u);
  const anim::Clip& clip = model.clips[0];
  EXPECT_EQ(clip.Name(), "moves");
  EXPECT_FLOAT_EQ(clip.StartTime(), 0.0f);
  EXPECT_FLOAT_EQ(clip.EndTime(), 2.0f);
  const int hips = model.skeleton.FindJoint("hips");
  const int spine = model.skeleton.FindJoint("spine");
  ASSERT_GE(hips, 0);
  ASSERT_GE(spine, 0);

  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  const auto sample = [&](float t) {
    test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
  };
  // STEP holds the last key at or before t.
  sample(0.5f);
  EXPECT_TRUE(VecNear(pose.Local(hips).translation, glm::vec3(0, 0, 0), 1e-6f));
  sample(1.5f);
  EXPECT_TRUE(VecNear(pose.Local(hips).translation, glm::vec3(1, 0, 0), 1e-6f));
  sample(2.0f);
  EXPECT_TRUE(VecNear(pose.Local(hips).translation, glm::vec3(5, 0, 0), 1e-6f));

  // CUBICSPLINE with the in/out tangents the file stores, interval 2 s.
  for (float t : {0.5f, 1.0f, 1.7f}) {
    sample(t);
    const glm::vec3 expected = Hermite(file.v0, file.out0, file.in1, file.v1, 2.0f, t / 2.0f);
    EXPECT_TRUE(VecNear(pose.Local(spine).translation, expected, 1e-5f)) << "t = " << t;
  }
  // "helper" lies between hips and spine and is animated, so it is a joint
  // (its scale goes 1 -> 2 over the first second): at t = 0.5 the hips stand
  // at the origin (STEP) and the spine's model position is 1.5 x its local.
  const int helper = model.skeleton.FindJoint("helper");
  ASSERT_GE(helper, 0);
  EXPECT_EQ(model.skeleton.Parent(spine), helper);
  sample(0.5f);
  EXPECT_TRUE(VecNear(glm::vec3(pose.ModelMatrix(spine)[3]),
                      1.5f * Hermite(file.v0, file.out0, file.in1, file.v1, 2.0f, 0.25f), 1e-5f));
  // Values at the keys are the keys (not the tangents).
  ASSERT_EQ(clip.Tracks().size(), 3u);
  for (const anim::JointTracks& tracks : clip.Tracks()) {
    if (tracks.joint != spine) continue;
    EXPECT_EQ(tracks.translation.GetInterpolation(), anim::Interpolation::kCubicSpline);
    EXPECT_TRUE(VecNear(tracks.translation.KeyValue(1), file.v1, 0.0f));
  }
}

TEST(AnimationImport, UnnamedClipsAreNumberedAndIgnoredChannelsWarnOnce) {
  const AnimatedFile file;
  const anim::Model model = LoadOk(file.b.EmbeddedJson(file.rest));
  ASSERT_EQ(model.clips.size(), 2u);
  EXPECT_EQ(model.clips[1].Name(), "clip 1");
  EXPECT_EQ(model.FindClip("clip 1"), 1);
  EXPECT_EQ(model.FindClip("moves"), 0);
  EXPECT_EQ(model.FindClip("nope"), -1);
  // Channels on nodes apart from the skin's hierarchy (the mesh node's
  // here: neither a joint nor above or below one) are ignored: one line.
  int lines = 0;
  for (const std::string& w : model.warnings) {
    lines += w.find("outside the skeleton") != std::string::npos;
  }
  EXPECT_EQ(lines, 1);

  // The rotation clip: 180 degrees about x at t = 1, glTF (x, y, z, w) order.
  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  test_support::SampleInto(model.clips[1], pose, 1.0f, anim::LoopMode::kClamp);
  const glm::quat q = pose.Local(model.skeleton.FindJoint("hips")).rotation;
  EXPECT_NEAR(std::abs(q.x), 1.0f, 1e-6f);
  EXPECT_NEAR(q.w, 0.0f, 1e-6f);
}

// A file without skins: the node hierarchy becomes the skeleton, meshes are
// rigidly bound to their node, node animations become clips.
TEST(AnimationImport, FilesWithoutSkinAnimateTheirNodes) {
  GltfBuilder b;
  // A strip of 4 vertices: two triangles.
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, "VEC3");
  const int uv = b.AddU8({0, 0, 255, 0, 0, 255, 255, 255}, "VEC2", true);
  const int color =
      b.AddU16({65535, 0, 0, 0, 65535, 0, 0, 0, 65535, 65535, 65535, 65535}, "VEC3", true);
  const int times = b.AddFloats({0, 1}, "SCALAR");
  const int rotations = b.AddFloats({0, 0, 0, 1, 0, 0, 1, 0}, "VEC4");
  const auto s = [](int i) { return std::to_string(i); };
  const std::string rest =
      R"("nodes":[{"name":"parent","translation":[0,0,5],"children":[1]},
                  {"name":"child","mesh":0,"translation":[1,0,0],"scale":[2,2,2]}],
         "meshes":[{"primitives":[{"mode":5,"attributes":{"POSITION":)" +
      s(positions) + R"(,"TEXCOORD_0":)" + s(uv) + R"(,"COLOR_0":)" + s(color) + R"(}}]}],
         "animations":[{"name":"spin","samplers":[{"input":)" +
      s(times) + R"(,"output":)" + s(rotations) + R"(}],
           "channels":[{"sampler":0,"target":{"node":1,"path":"rotation"}}]}])";
  const anim::Model model = LoadOk(b.EmbeddedJson(rest));
  ASSERT_EQ(model.skeleton.JointCount(), 2);
  EXPECT_EQ(model.skeleton.JointName(0), "parent");
  EXPECT_EQ(model.skeleton.Parent(1), 0);
  ASSERT_EQ(model.clips.size(), 1u);
  ASSERT_EQ(model.clips[0].Tracks().size(), 1u);
  EXPECT_EQ(model.clips[0].Tracks()[0].joint, 1);

  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  // Strip (0,1,2,3), glTF rule: triangle i = (i, i + 1 + i % 2, i + 2 - i % 2).
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 1, 3, 2}));
  EXPECT_EQ(mesh.texcoords[1], glm::vec2(1, 0));
  EXPECT_EQ(mesh.colors[0], glm::vec4(1, 0, 0, 1));  // vec3 colour: alpha 1
  // Drawn through the palette at rest, a vertex lands where the node's
  // transforms put it: T(0,0,5) * T(1,0,0) * S(2) * p.
  std::vector<glm::mat4> scratch(2), palette(2);
  anim::ComputePalette(model.skeleton, anim::SoaPose(model.skeleton.RestPose()), scratch, palette);
  for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
    EXPECT_EQ(mesh.joints[v][0], 1);
    EXPECT_EQ(mesh.weights[v][0], 1.0f);
  }
  const glm::vec3 drawn = glm::vec3(palette[1] * glm::vec4(mesh.positions[3], 1.0f));
  EXPECT_TRUE(
      VecNear(drawn, glm::vec3(0, 0, 5) + glm::vec3(1, 0, 0) + 2.0f * glm::vec3(1, 1, 0), 1e-5f));
}

// glTF times are the file's timeline: three.js, Blender and the Khronos
// Sample Viewer play a clip from time 0 and hold its first key until it
// comes, so a clip whose first key is at 0.5 s spans [0, 1.5], not [0.5, 1.5].
TEST(AnimationImport, AClipRunsOnTheFilesTimelineFromZero) {
  GltfBuilder b;
  const int times = b.AddFloats({0.5f, 1.5f}, "SCALAR");
  const int values = b.AddFloats({2, 0, 0, 4, 0, 0}, "VEC3");
  const auto s = [](int i) { return std::to_string(i); };
  const anim::Model model = LoadOk(b.EmbeddedJson(
      R"("nodes":[{"name":"mover"}],"animations":[{"name":"late","samplers":[{"input":)" +
      s(times) + R"(,"output":)" + s(values) +
      R"(}],"channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}])"));
  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Clip& clip = model.clips[0];
  EXPECT_EQ(clip.StartTime(), 0.0f);
  EXPECT_EQ(clip.EndTime(), 1.5f);
  EXPECT_EQ(clip.Duration(), 1.5f);
  anim::SoaPose pose(model.skeleton.RestPose());
  const auto x_at = [&](float t, anim::LoopMode mode) {
    clip.Sample(pose, t, mode);
    return pose.Local(0).translation.x;
  };
  // Before the first key the first key holds; between the keys x runs
  // linearly from 2 at 0.5 s to 4 at 1.5 s.
  EXPECT_FLOAT_EQ(x_at(0.0f, anim::LoopMode::kClamp), 2.0f);
  EXPECT_FLOAT_EQ(x_at(0.25f, anim::LoopMode::kClamp), 2.0f);
  EXPECT_FLOAT_EQ(x_at(1.0f, anim::LoopMode::kClamp), 3.0f);
  // A loop lasts the whole 1.5 s: 1.75 s is 0.25 s into the next cycle.
  EXPECT_FLOAT_EQ(x_at(1.75f, anim::LoopMode::kLoop), 2.0f);
  EXPECT_FLOAT_EQ(x_at(2.5f, anim::LoopMode::kLoop), 3.0f);
}

}  // namespace
