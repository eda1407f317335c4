// KHR_animation_pointer: channels whose target is a JSON pointer. Material
// factors and texture transforms become animated floats after the morph
// weights, sampled at a known time to values worked by hand; a node's
// transform through a pointer plays as an ordinary channel; pointers the
// viewer cannot play are named once each in one warning.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/morph_weights.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "import/gltf_pointer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;

std::string PointerChannel(int sampler, const std::string& pointer) {
  return R"({"sampler":)" + std::to_string(sampler) +
         R"(,"target":{"path":"pointer","extensions":{"KHR_animation_pointer":{"pointer":")" +
         pointer + R"("}}}})";
}

std::string Sampler(int input, int output, const std::string& interpolation) {
  return R"({"input":)" + std::to_string(input) + R"(,"output":)" + std::to_string(output) +
         R"(,"interpolation":")" + interpolation + R"("})";
}

// One material, one node, one animation of five pointer channels over 0..1 s.
anim::Model PointerModel() {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int times = b.AddFloats({0.0f, 1.0f}, "SCALAR");
  const int colors = b.AddFloats({1, 0, 0, 1, 0, 0, 1, 1}, "VEC4");
  const int emissive = b.AddFloats({0, 0, 0, 1, 0.5f, 0}, "VEC3");
  const int rotation = b.AddFloats({0.0f, 2.0f}, "SCALAR");
  const int translation = b.AddFloats({0, 0, 0, 0, 4, 0}, "VEC3");
  const int light = b.AddFloats({0, 0, 0, 1, 1, 1}, "VEC3");
  const std::string rest =
      R"("extensionsUsed":["KHR_animation_pointer"],
         "nodes":[{"mesh":0,"name":"tri"}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(},"material":0}]}],
         "materials":[{"pbrMetallicRoughness":{"baseColorFactor":[0.5,0.5,0.5,1]}}],
         "animations":[{"name":"Pulse","channels":[)" +
      PointerChannel(0, "/materials/0/pbrMetallicRoughness/baseColorFactor") + "," +
      PointerChannel(1, "/materials/0/emissiveFactor") + "," +
      PointerChannel(2,
                     "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/"
                     "KHR_texture_transform/rotation") +
      "," + PointerChannel(3, "/nodes/0/translation") + "," +
      PointerChannel(4, "/extensions/KHR_lights_punctual/lights/0/color") + "," +
      PointerChannel(4, "/materials/7/emissiveFactor") + "," +
      PointerChannel(4, "/extensions/KHR_lights_punctual/lights/0/color") + R"(],"samplers":[)" +
      Sampler(times, colors, "LINEAR") + "," + Sampler(times, emissive, "STEP") + "," +
      Sampler(times, rotation, "LINEAR") + "," + Sampler(times, translation, "LINEAR") + "," +
      Sampler(times, light, "LINEAR") + "]}]";
  return gltf_test::LoadOk(b.EmbeddedJson(rest));
}

TEST(AnimationPointer, MaterialValuesPlayAsAnimatedFloatsWorkedByHand) {
  const anim::Model model = PointerModel();
  ASSERT_EQ(model.animated_material_values.size(), 3u);
  const anim::AnimatedMaterialValue& color = model.animated_material_values[0];
  EXPECT_EQ(color.pointer, "/materials/0/pbrMetallicRoughness/baseColorFactor");
  EXPECT_EQ(color.property, anim::MaterialProperty::kBaseColorFactor);
  EXPECT_EQ(color.first_value, 0);  // no morph weights before it
  EXPECT_EQ(model.animated_material_values[1].first_value, 4);
  EXPECT_EQ(model.animated_material_values[2].first_value, 7);
  EXPECT_EQ(model.animated_material_values[2].texture, 0);  // the base colour texture

  // The defaults are the material's own values.
  std::vector<float> values = model.DefaultMorphWeights();
  EXPECT_EQ(values, (std::vector<float>{0.5f, 0.5f, 0.5f, 1, 0, 0, 0, 0}));

  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Clip& clip = model.clips[0];
  EXPECT_FLOAT_EQ(clip.Duration(), 1.0f);
  ASSERT_TRUE(anim::SampleMorphWeights(clip.MorphWeights(), 0.25f, values));
  // LINEAR colour: (1,0,0,1) + 0.25 ((0,0,1,1) - (1,0,0,1)); STEP emissive:
  // still the first key; LINEAR rotation: 0.25 x 2 rad.
  const std::vector<float> at_quarter = {0.75f, 0.0f, 0.25f, 1.0f, 0.0f, 0.0f, 0.0f, 0.5f};
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_FLOAT_EQ(values[i], at_quarter[i]) << i;
  ASSERT_TRUE(anim::SampleMorphWeights(clip.MorphWeights(), 1.0f, values));
  EXPECT_FLOAT_EQ(values[4], 1.0f);  // the STEP key at 1 s
  EXPECT_FLOAT_EQ(values[5], 0.5f);

  // Written back into a material: what the renderer draws with.
  anim::Material material = model.materials[0];
  for (const anim::AnimatedMaterialValue& value : model.animated_material_values) {
    anim::WriteMaterialValue(value, values.data() + value.first_value, &material);
  }
  EXPECT_EQ(material.base_color_factor, glm::vec4(0.0f, 0.0f, 1.0f, 1.0f));
  EXPECT_EQ(material.emissive_factor, glm::vec3(1.0f, 0.5f, 0.0f));
  EXPECT_FLOAT_EQ(material.base_color.transform.rotation, 2.0f);
}

TEST(AnimationPointer, ANodesTranslationPlaysAsAnOrdinaryChannel) {
  const anim::Model model = PointerModel();
  const anim::Clip& clip = model.clips[0];
  ASSERT_EQ(clip.Tracks().size(), 1u);
  EXPECT_EQ(clip.Tracks()[0].translation.Sample(0.5f), glm::vec3(0.0f, 2.0f, 0.0f));
}

TEST(AnimationPointer, PointersNotPlayedAreNamedOnceEach) {
  const anim::Model model = PointerModel();
  EXPECT_TRUE(gltf_test::HasWarningContaining(
      model,
      "KHR_animation_pointer: 2 pointers are not played: "
      "/extensions/KHR_lights_punctual/lights/0/color, /materials/7/emissiveFactor"));
  EXPECT_FALSE(gltf_test::HasWarningContaining(model, "optional extensions ignored"));
}

// A perspective camera on a node, its yfov and znear animated (LINEAR over
// 0..1 s), plus a pointer at a camera the file lacks.
anim::Model CameraPointerModel() {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int times = b.AddFloats({0.0f, 1.0f}, "SCALAR");
  const int yfov = b.AddFloats({0.5f, 1.0f}, "SCALAR");
  const int znear = b.AddFloats({0.1f, 0.3f}, "SCALAR");
  const std::string rest =
      R"("extensionsUsed":["KHR_animation_pointer"],
         "nodes":[{"mesh":0,"name":"tri"},{"camera":0,"name":"lens","translation":[0,0,3]}],
         "scenes":[{"nodes":[0,1]}],"scene":0,
         "cameras":[{"type":"perspective","name":"Zoom",
                     "perspective":{"yfov":0.8,"znear":0.05,"zfar":100}}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(}}]}],
         "animations":[{"name":"Zoom","channels":[)" +
      PointerChannel(0, "/cameras/0/perspective/yfov") + "," +
      PointerChannel(1, "/cameras/0/perspective/znear") + "," +
      PointerChannel(0, "/cameras/4/perspective/yfov") + R"(],"samplers":[)" +
      Sampler(times, yfov, "LINEAR") + "," + Sampler(times, znear, "LINEAR") + "]}]";
  return gltf_test::LoadOk(b.EmbeddedJson(rest));
}

TEST(AnimationPointer, CameraValuesPlayAsAnimatedFloatsWorkedByHand) {
  const anim::Model model = CameraPointerModel();
  ASSERT_EQ(model.cameras.size(), 1u);
  EXPECT_EQ(model.cameras[0].source_camera, 0);
  ASSERT_EQ(model.animated_camera_values.size(), 2u);
  const anim::AnimatedCameraValue& yfov = model.animated_camera_values[0];
  EXPECT_EQ(yfov.pointer, "/cameras/0/perspective/yfov");
  EXPECT_EQ(yfov.property, anim::CameraProperty::kYfov);
  EXPECT_EQ(yfov.first_value, 0);  // no morph weights or material values before it
  EXPECT_EQ(model.animated_camera_values[1].first_value, 1);
  // The defaults are the file's own values.
  std::vector<float> values = model.DefaultMorphWeights();
  EXPECT_EQ(values, (std::vector<float>{0.8f, 0.05f}));
  // At 0.25 s, LINEAR: yfov 0.5 + 0.25 x 0.5 = 0.625, znear 0.1 + 0.25 x 0.2 = 0.15.
  ASSERT_TRUE(anim::SampleMorphWeights(model.clips[0].MorphWeights(), 0.25f, values));
  EXPECT_FLOAT_EQ(values[0], 0.625f);
  EXPECT_FLOAT_EQ(values[1], 0.15f);
  const anim::FileCamera seen =
      anim::AnimatedFileCamera(model.cameras[0], model.animated_camera_values, values);
  EXPECT_FLOAT_EQ(seen.yfov, 0.625f);
  EXPECT_FLOAT_EQ(seen.znear, 0.15f);
  EXPECT_FLOAT_EQ(seen.zfar, 100.0f);  // not animated: the file's
  EXPECT_TRUE(gltf_test::HasWarningContaining(
      model, "KHR_animation_pointer: 1 pointer is not played: /cameras/4/perspective/yfov"));
}

TEST(AnimationPointer, CameraValuesTheSpecificationForbidsKeepTheFilesOwn) {
  anim::FileCamera camera;
  camera.source_camera = 2;
  camera.yfov = 0.8f;
  camera.znear = 0.1f;
  camera.zfar = 50.0f;
  const std::vector<anim::AnimatedCameraValue> animated = {
      {"/cameras/2/perspective/yfov", 2, anim::CameraProperty::kYfov, 0, 0.8f},
      {"/cameras/2/perspective/znear", 2, anim::CameraProperty::kZnear, 1, 0.1f},
      {"/cameras/2/perspective/zfar", 2, anim::CameraProperty::kZfar, 2, 50.0f},
      {"/cameras/5/perspective/yfov", 5, anim::CameraProperty::kYfov, 3, 0.3f}};
  // A field of view of pi or more, or 0, a near plane at 0: ignored; another
  // camera's value: not this one's.
  for (float bad_fov : {0.0f, 3.1416f, -1.0f}) {
    const std::vector<float> values = {bad_fov, 0.0f, 50.0f, 0.3f};
    const anim::FileCamera seen = anim::AnimatedFileCamera(camera, animated, values);
    EXPECT_FLOAT_EQ(seen.yfov, 0.8f) << bad_fov;
    EXPECT_FLOAT_EQ(seen.znear, 0.1f);
  }
  // Planes that cross: both as the file has them.
  const std::vector<float> crossing = {1.0f, 60.0f, 50.0f, 0.3f};
  const anim::FileCamera seen = anim::AnimatedFileCamera(camera, animated, crossing);
  EXPECT_FLOAT_EQ(seen.yfov, 1.0f);
  EXPECT_FLOAT_EQ(seen.znear, 0.1f);
  EXPECT_FLOAT_EQ(seen.zfar, 50.0f);
  // Too few animated floats: the camera as it is.
  EXPECT_FLOAT_EQ(anim::AnimatedFileCamera(camera, animated, {}).yfov, 0.8f);
}

// KHR_node_visibility: "box" (node 0, animated: shown, hidden at 1 s, STEP,
// as unsigned bytes) holds "lid" (node 1, a mesh) below it; "ghost" (node 2,
// "visible": false, not animated) draws a mesh; "plain" (node 3) has no
// extension; "deep" (node 4) below "ghost" draws a mesh too.
anim::Model VisibilityModel() {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int times = b.AddFloats({0.0f, 1.0f}, "SCALAR");
  const int shown = b.AddU8({1, 0}, "SCALAR", false);
  const std::string mesh =
      R"({"primitives":[{"attributes":{"POSITION":)" + std::to_string(positions) + "}}]}";
  const std::string rest =
      R"("extensionsUsed":["KHR_animation_pointer","KHR_node_visibility"],
         "nodes":[{"name":"box","mesh":0,"children":[1],
                   "extensions":{"KHR_node_visibility":{"visible":true}}},
                  {"name":"lid","mesh":0},
                  {"name":"ghost","mesh":0,"children":[4],
                   "extensions":{"KHR_node_visibility":{"visible":false}}},
                  {"name":"plain","mesh":0},
                  {"name":"deep","mesh":0}],
         "scenes":[{"nodes":[0,2,3]}],"scene":0,
         "meshes":[)" +
      mesh + R"(],
         "animations":[{"name":"Blink","channels":[)" +
      PointerChannel(0, "/nodes/0/extensions/KHR_node_visibility/visible") + R"(],"samplers":[)" +
      Sampler(times, shown, "STEP") + "]}]";
  return gltf_test::LoadOk(b.EmbeddedJson(rest));
}

TEST(AnimationPointer, NodeVisibilityHidesWhatANodeAndItsChildrenDraw) {
  const anim::Model model = VisibilityModel();
  ASSERT_EQ(model.node_visibility.size(), 2u);  // box (animated) and ghost (hidden)
  const anim::NodeVisibility& box = model.node_visibility[0];
  const anim::NodeVisibility& ghost = model.node_visibility[1];
  EXPECT_EQ(box.node, 0);
  EXPECT_TRUE(box.visible);
  EXPECT_EQ(ghost.node, 2);
  EXPECT_FALSE(ghost.visible);
  EXPECT_EQ(box.value, 0);  // no morph weights, material or camera values before
  EXPECT_EQ(ghost.value, 1);
  // Each primitive names the nearest visibility at or above its node.
  std::map<std::string, int> of;
  for (const anim::MeshPrimitive& p : model.primitives) of[p.node_name] = p.visibility;
  EXPECT_EQ(of["box"], 0);
  EXPECT_EQ(of["lid"], 0);
  EXPECT_EQ(of["ghost"], 1);
  EXPECT_EQ(of["deep"], 1);
  EXPECT_EQ(of["plain"], -1);

  std::vector<float> values = model.DefaultMorphWeights();
  EXPECT_EQ(values, (std::vector<float>{1.0f, 0.0f}));
  std::vector<std::uint8_t> shown;
  anim::ShownNodes(model.node_visibility, values, &shown);
  EXPECT_EQ(shown, (std::vector<std::uint8_t>{1, 0}));
  // STEP: shown until 1 s, hidden from it (the byte 0, read as itself).
  ASSERT_TRUE(anim::SampleMorphWeights(model.clips[0].MorphWeights(), 0.5f, values));
  EXPECT_FLOAT_EQ(values[0], 1.0f);
  ASSERT_TRUE(anim::SampleMorphWeights(model.clips[0].MorphWeights(), 1.0f, values));
  EXPECT_FLOAT_EQ(values[0], 0.0f);
  anim::ShownNodes(model.node_visibility, values, &shown);
  EXPECT_EQ(shown, (std::vector<std::uint8_t>{0, 0}));
  EXPECT_FALSE(gltf_test::HasWarningContaining(model, "not played"));
  EXPECT_FALSE(gltf_test::HasWarningContaining(model, "optional extensions ignored"));
}

// A hidden parent hides a shown child; a blend shows from 0.5 up.
TEST(AnimationPointer, ShownNodesTakesEveryNodeAbove) {
  const std::vector<anim::NodeVisibility> nodes = {{"/nodes/0/...", 0, -1, 0, true},
                                                   {"/nodes/1/...", 1, 0, 1, true},
                                                   {"/nodes/2/...", 2, 1, 2, true},
                                                   {"/nodes/3/...", 3, -1, 3, false}};
  std::vector<std::uint8_t> shown;
  anim::ShownNodes(nodes, std::vector<float>{0.4f, 1.0f, 1.0f, 0.5f}, &shown);
  EXPECT_EQ(shown, (std::vector<std::uint8_t>{0, 0, 0, 1}));
  anim::ShownNodes(nodes, std::vector<float>{1.0f, 0.6f, 0.0f, 0.49f}, &shown);
  EXPECT_EQ(shown, (std::vector<std::uint8_t>{1, 1, 0, 0}));
  // Without values, each node's own file value.
  anim::ShownNodes(nodes, {}, &shown);
  EXPECT_EQ(shown, (std::vector<std::uint8_t>{1, 1, 1, 0}));
}

// The pointers read, and some that are not.
TEST(AnimationPointer, ParsesThePointersItPlays) {
  using anim::gltf::ParsePointer;
  using Kind = anim::gltf::PointerTarget::Kind;
  EXPECT_EQ(ParsePointer("/nodes/12/rotation").kind, Kind::kNode);
  EXPECT_EQ(ParsePointer("/nodes/12/rotation").index, 12);
  EXPECT_EQ(ParsePointer("/nodes/3/weights").path, "weights");
  const auto roughness = ParsePointer("/materials/2/pbrMetallicRoughness/roughnessFactor");
  EXPECT_EQ(roughness.kind, Kind::kMaterial);
  EXPECT_EQ(roughness.index, 2);
  EXPECT_EQ(roughness.property, anim::MaterialProperty::kRoughnessFactor);
  EXPECT_EQ(ParsePointer("/materials/1/extensions/KHR_materials_emissive_strength/emissiveStrength")
                .property,
            anim::MaterialProperty::kEmissiveStrength);
  const auto offset =
      ParsePointer("/materials/0/emissiveTexture/extensions/KHR_texture_transform/offset");
  EXPECT_EQ(offset.property, anim::MaterialProperty::kTextureOffset);
  EXPECT_EQ(offset.texture, 4);
  const auto yfov = ParsePointer("/cameras/3/perspective/yfov");
  EXPECT_EQ(yfov.kind, Kind::kCamera);
  EXPECT_EQ(yfov.index, 3);
  EXPECT_EQ(yfov.camera_property, anim::CameraProperty::kYfov);
  EXPECT_EQ(ParsePointer("/cameras/0/orthographic/ymag").camera_property,
            anim::CameraProperty::kYmag);
  EXPECT_EQ(ParsePointer("/cameras/0/orthographic/zfar").camera_property,
            anim::CameraProperty::kZfar);
  EXPECT_EQ(ParsePointer("/cameras/0/perspective/aspectRatio").camera_property,
            anim::CameraProperty::kAspectRatio);
  const auto visible = ParsePointer("/nodes/7/extensions/KHR_node_visibility/visible");
  EXPECT_EQ(visible.kind, Kind::kNodeVisibility);
  EXPECT_EQ(visible.index, 7);
  for (const char* unplayed :
       {"", "nodes/0/rotation", "/nodes/01/rotation", "/nodes/-1/rotation", "/nodes/0/matrix",
        "/nodes/0/rotation/0", "/materials/0/pbrMetallicRoughness", "/cameras/0/perspective",
        "/cameras/0/perspective/xmag", "/cameras/x/perspective/yfov",
        "/nodes/0/extensions/KHR_node_visibility/hidden", "/nodes/0/extensions/KHR_node_visibility",
        "/materials/99999999999/alphaCutoff",
        "/materials/0/normalTexture/extensions/"
        "KHR_texture_transform/texCoord"}) {
    EXPECT_EQ(ParsePointer(unplayed).kind, Kind::kUnsupported) << unplayed;
  }
}

}  // namespace
