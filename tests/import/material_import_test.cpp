// Materials: base colour factor, doubleSided, a PNG texture embedded as a
// data URI (written here with stb_image_write, decoded by the importer with
// stb_image) with its sampler, and an image that cannot be decoded, which
// must warn and leave the material with its factor. Then the rest of the
// metallic-roughness material: factors, the four other textures (each with
// its own KHR_texture_transform), alpha modes, unlit, emissive strength, and
// what a malformed value falls back to.
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_files.h"
#include "test_util.h"

namespace {

using gltf_test::EncodePng;
using gltf_test::GltfBuilder;

TEST(MaterialImport, TexturesDecodeAndBrokenImagesFallBackToTheFactor) {
  const std::vector<std::uint8_t> pixels = {255, 0, 0,   255, 0,  255, 0,  255,
                                            0,   0, 255, 128, 10, 20,  30, 40};
  const std::vector<std::uint8_t> png = EncodePng(2, 2, pixels);
  ASSERT_FALSE(png.empty());

  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int garbage_view = b.AddView({1, 2, 3, 4, 5, 6, 7, 8});
  const std::string rest =
      R"("nodes":[{"mesh":0}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) +
      R"(},"material":1}]}],
         "materials":[
           {"name":"textured","doubleSided":true,
            "pbrMetallicRoughness":{"baseColorFactor":[0.5,0.25,1,1],"baseColorTexture":{"index":0}}},
           {"name":"broken","pbrMetallicRoughness":{"baseColorFactor":[0.1,0.2,0.3,0.4],
            "baseColorTexture":{"index":1}}}],
         "textures":[{"source":0,"sampler":0},{"source":1}],
         "samplers":[{"magFilter":9728,"minFilter":9728,"wrapS":33071,"wrapT":33648}],
         "images":[{"uri":"data:image/png;base64,)" +
      gltf_test::Base64(png) + R"("},
                   {"bufferView":)" +
      std::to_string(garbage_view) + R"(,"mimeType":"image/png"}])";
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(rest));
  ASSERT_EQ(model.materials.size(), 2u);
  ASSERT_EQ(model.primitives.size(), 1u);
  EXPECT_EQ(model.primitives[0].material, 1);

  const anim::Material& textured = model.materials[0];
  EXPECT_EQ(textured.name, "textured");
  EXPECT_TRUE(textured.double_sided);
  EXPECT_EQ(textured.base_color_factor, glm::vec4(0.5f, 0.25f, 1, 1));
  ASSERT_GE(textured.base_color.image, 0);
  const anim::Image& image = model.images[textured.base_color.image];
  EXPECT_EQ(image.width, 2);
  EXPECT_EQ(image.height, 2);
  EXPECT_EQ(image.rgba, pixels);
  EXPECT_EQ(textured.base_color.sampler.mag_filter, 9728);  // GL_NEAREST
  EXPECT_EQ(textured.base_color.sampler.min_filter, 9728);
  EXPECT_EQ(textured.base_color.sampler.wrap_s, 33071);  // GL_CLAMP_TO_EDGE
  EXPECT_EQ(textured.base_color.sampler.wrap_t, 33648);  // GL_MIRRORED_REPEAT

  const anim::Material& broken = model.materials[1];
  EXPECT_FALSE(broken.double_sided);
  EXPECT_EQ(broken.base_color.image, -1);
  EXPECT_EQ(broken.base_color_factor, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "image 1 cannot be decoded"));
}

// One material of each kind: every number below is the file's, read back.
TEST(MaterialImport, FactorsTexturesAlphaModesAndExtensions) {
  const std::vector<std::uint8_t> png = EncodePng(1, 1, {10, 20, 30, 255});
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const std::string rest =
      R"("nodes":[{"mesh":0}],
         "extensionsUsed":["KHR_texture_transform","KHR_materials_unlit",
                           "KHR_materials_emissive_strength"],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(},"material":0}]}],
         "materials":[
           {"pbrMetallicRoughness":{"metallicFactor":0.25,"roughnessFactor":0.75,
              "metallicRoughnessTexture":{"index":0,"extensions":{"KHR_texture_transform":
                {"offset":[0.5,0.25],"scale":[2,4],"rotation":1.5}}}},
            "normalTexture":{"index":0,"scale":0.5},
            "occlusionTexture":{"index":0,"strength":0.8},
            "emissiveTexture":{"index":0},
            "emissiveFactor":[1,0.5,0.25],
            "extensions":{"KHR_materials_emissive_strength":{"emissiveStrength":4}},
            "alphaMode":"MASK","alphaCutoff":0.3},
           {"alphaMode":"BLEND","extensions":{"KHR_materials_unlit":{}}},
           {"alphaMode":"SHINY","alphaCutoff":-1,"pbrMetallicRoughness":{"metallicFactor":-2}}],
         "textures":[{"source":0}],
         "images":[{"uri":"data:image/png;base64,)" +
      gltf_test::Base64(png) + R"("}])";
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(rest));
  ASSERT_EQ(model.materials.size(), 3u);
  const anim::Material& masked = model.materials[0];
  EXPECT_EQ(masked.metallic_factor, 0.25f);
  EXPECT_EQ(masked.roughness_factor, 0.75f);
  EXPECT_EQ(masked.normal_scale, 0.5f);
  EXPECT_FLOAT_EQ(masked.occlusion_strength, 0.8f);
  EXPECT_EQ(masked.emissive_factor, glm::vec3(1.0f, 0.5f, 0.25f));
  EXPECT_EQ(masked.emissive_strength, 4.0f);
  EXPECT_EQ(masked.alpha_mode, anim::AlphaMode::kMask);
  EXPECT_FLOAT_EQ(masked.alpha_cutoff, 0.3f);
  EXPECT_FALSE(masked.unlit);
  // One decoded image shared by the four textures that use it.
  ASSERT_EQ(model.images.size(), 1u);
  for (const anim::TextureRef* ref :
       {&masked.metallic_roughness, &masked.normal, &masked.occlusion, &masked.emissive}) {
    EXPECT_EQ(ref->image, 0);
  }
  EXPECT_EQ(masked.base_color.image, -1);
  EXPECT_EQ(masked.metallic_roughness.transform.offset, glm::vec2(0.5f, 0.25f));
  EXPECT_EQ(masked.metallic_roughness.transform.scale, glm::vec2(2.0f, 4.0f));
  EXPECT_EQ(masked.metallic_roughness.transform.rotation, 1.5f);
  EXPECT_EQ(masked.normal.transform.scale, glm::vec2(1.0f));  // its own: none

  const anim::Material& blended = model.materials[1];
  EXPECT_EQ(blended.alpha_mode, anim::AlphaMode::kBlend);
  EXPECT_TRUE(blended.unlit);
  // glTF's defaults where the file says nothing.
  EXPECT_EQ(blended.metallic_factor, 1.0f);
  EXPECT_EQ(blended.roughness_factor, 1.0f);
  EXPECT_EQ(blended.alpha_cutoff, 0.5f);
  EXPECT_EQ(blended.emissive_factor, glm::vec3(0.0f));

  const anim::Material& odd = model.materials[2];
  EXPECT_EQ(odd.alpha_mode, anim::AlphaMode::kOpaque);
  EXPECT_EQ(odd.alpha_cutoff, 0.5f);
  EXPECT_EQ(odd.metallic_factor, 1.0f);
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "material 2 has alphaMode \"SHINY\""));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "material 2 alphaCutoff"));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "material 2 metallicFactor"));
  // The three extensions are read, so none is listed as ignored.
  EXPECT_FALSE(gltf_test::HasWarningContaining(model, "optional extensions ignored"));
}

// KHR_texture_transform's matrix, worked by hand: (u, v) is scaled, then
// rotated (u' = cos u + sin v, v' = -sin u + cos v, the extension's
// convention), then offset.
TEST(MaterialImport, TextureTransformMatrixScalesRotatesThenOffsets) {
  anim::TextureTransform t;
  t.scale = glm::vec2(2.0f, 3.0f);
  t.rotation = 1.5707963f;  // a quarter turn
  t.offset = glm::vec2(0.5f, 0.25f);
  const glm::vec3 uv = anim::TextureTransformMatrix(t) * glm::vec3(1.0f, 1.0f, 1.0f);
  // Scaled: (2, 3); rotated: (cos*2 + sin*3, -sin*2 + cos*3) = (3, -2);
  // offset: (3.5, -1.75).
  EXPECT_NEAR(uv.x, 3.5f, 1e-5f);
  EXPECT_NEAR(uv.y, -1.75f, 1e-5f);
  EXPECT_NEAR(uv.z, 1.0f, 1e-6f);
}

// The extension's own example: offset (0, 1), a quarter turn, scale 0.5
// "uses only the lower left quadrant of the image, rotated clockwise 90
// degrees": the quad's corners land on that quadrant's (v grows down).
TEST(MaterialImport, TextureTransformMatchesTheExtensionsExample) {
  anim::TextureTransform t;
  t.offset = glm::vec2(0.0f, 1.0f);
  t.rotation = 1.57079632679f;
  t.scale = glm::vec2(0.5f);
  const glm::mat3 m = anim::TextureTransformMatrix(t);
  const auto at = [&](float u, float v) { return glm::vec2(m * glm::vec3(u, v, 1.0f)); };
  const float e = 1e-6f;
  EXPECT_NEAR(glm::distance(at(0, 0), glm::vec2(0.0f, 1.0f)), 0.0f, e);
  EXPECT_NEAR(glm::distance(at(1, 0), glm::vec2(0.0f, 0.5f)), 0.0f, e);
  EXPECT_NEAR(glm::distance(at(0, 1), glm::vec2(0.5f, 1.0f)), 0.0f, e);
  EXPECT_NEAR(glm::distance(at(1, 1), glm::vec2(0.5f, 0.5f)), 0.0f, e);
}

}  // namespace
