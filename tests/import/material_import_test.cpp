// Materials: base colour factor, doubleSided, a PNG texture embedded as a
// data URI (written here with stb_image_write, decoded by the importer with
// stb_image) with its sampler, and an image that cannot be decoded, which
// must warn and leave the material with its factor.
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
  ASSERT_GE(textured.base_color_image, 0);
  const anim::Image& image = model.images[textured.base_color_image];
  EXPECT_EQ(image.width, 2);
  EXPECT_EQ(image.height, 2);
  EXPECT_EQ(image.rgba, pixels);
  EXPECT_EQ(textured.base_color_sampler.mag_filter, 9728);  // GL_NEAREST
  EXPECT_EQ(textured.base_color_sampler.min_filter, 9728);
  EXPECT_EQ(textured.base_color_sampler.wrap_s, 33071);  // GL_CLAMP_TO_EDGE
  EXPECT_EQ(textured.base_color_sampler.wrap_t, 33648);  // GL_MIRRORED_REPEAT

  const anim::Material& broken = model.materials[1];
  EXPECT_FALSE(broken.double_sided);
  EXPECT_EQ(broken.base_color_image, -1);
  EXPECT_EQ(broken.base_color_factor, glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "image 1 cannot be decoded"));
}

}  // namespace
