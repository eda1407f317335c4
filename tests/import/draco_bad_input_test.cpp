// Draco primitives that tinygltf's decoder would mishandle (it indexes
// buffer views, accessors and Draco attributes unchecked and copies values
// into a four-element array) must be refused with a message naming the
// primitive, before tinygltf sees them. Under ASan+UBSan these also show
// that nothing is read out of bounds.
#include <gtest/gtest.h>

#include "draco_test_util.h"
#include "test_util.h"

namespace {

using gltf_test::Attribute;

struct Fixture {
  gltf_test::DracoTriangle triangle = gltf_test::EncodeDracoTriangle();
  gltf_test::GltfBuilder builder;
  int view = builder.AddView(triangle.bytes);
  int positions = gltf_test::AddDracoPositions(builder);
};

void ExpectRefused(const std::string& text, const std::string& expected) {
  const std::string error = gltf_test::LoadError(text);
  EXPECT_EQ(error.rfind("bad.gltf: ", 0), 0u) << error;
  EXPECT_NE(error.find(expected), std::string::npos) << error;
}

TEST(DracoBadInput, UnknownDracoAttributeId) {
  Fixture f;
  ExpectRefused(f.builder.EmbeddedJson(gltf_test::DracoRest(
                    f.view, Attribute("POSITION", f.positions), Attribute("POSITION", 7))),
                "mesh 0 primitive 0 KHR_draco_mesh_compression POSITION: the Draco data has no "
                "attribute with id 7");
}

TEST(DracoBadInput, AccessorDisagreesWithDracoAttribute) {
  Fixture f;
  const int vec4 = f.builder.AddAccessorJson(R"({"componentType":5126,"count":3,"type":"VEC4"})");
  const int bytes = f.builder.AddAccessorJson(R"({"componentType":5121,"count":3,"type":"VEC3"})");
  for (int accessor : {vec4, bytes}) {
    ExpectRefused(
        f.builder.EmbeddedJson(gltf_test::DracoRest(f.view, Attribute("POSITION", accessor),
                                                    Attribute("POSITION", f.triangle.position_id))),
        "does not match accessor " + std::to_string(accessor));
  }
}

// A nine-component attribute under a MAT3 accessor: tinygltf would copy nine
// values into its four-element array.
TEST(DracoBadInput, MoreThanFourComponents) {
  const gltf_test::DracoTriangle t = gltf_test::EncodeDracoTriangle(9);
  ASSERT_GE(t.extra_id, 0);
  gltf_test::GltfBuilder b;
  const int view = b.AddView(t.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  const int mat3 = b.AddAccessorJson(R"({"componentType":5126,"count":3,"type":"MAT3"})");
  ExpectRefused(b.EmbeddedJson(gltf_test::DracoRest(
                    view, Attribute("POSITION", positions) + "," + Attribute("_EXTRA", mat3),
                    Attribute("POSITION", t.position_id) + "," + Attribute("_EXTRA", t.extra_id))),
                "_EXTRA: the Draco attribute (9 components");
}

TEST(DracoBadInput, BadReferences) {
  Fixture f;
  const std::string draco = Attribute("POSITION", f.triangle.position_id);
  ExpectRefused(
      f.builder.EmbeddedJson(gltf_test::DracoRest(5, Attribute("POSITION", f.positions), draco)),
      "bufferView refers to index 5");
  ExpectRefused(
      f.builder.EmbeddedJson(gltf_test::DracoRest(f.view, Attribute("POSITION", 9), draco)),
      "accessor (the primitive's attribute) refers to index 9");
  ExpectRefused(f.builder.EmbeddedJson(
                    gltf_test::DracoRest(f.view, Attribute("POSITION", f.positions), draco, 9)),
                "indices refers to index 9");
  // The extension names an attribute the primitive does not have.
  ExpectRefused(
      f.builder.EmbeddedJson(gltf_test::DracoRest(f.view, Attribute("POSITION", f.positions),
                                                  draco + "," + Attribute("NORMAL", 1))),
      "NORMAL accessor (the primitive's attribute) is missing");
}

TEST(DracoBadInput, BufferViewOutsideItsBuffer) {
  Fixture f;
  const int outside = f.builder.AddViewJson(R"({"buffer":0,"byteOffset":4,"byteLength":100000})");
  ExpectRefused(
      f.builder.EmbeddedJson(gltf_test::DracoRest(outside, Attribute("POSITION", f.positions),
                                                  Attribute("POSITION", f.triangle.position_id))),
      "buffer view " + std::to_string(outside) + " (offset 4, length 100000) lies outside");
}

TEST(DracoBadInput, CorruptDracoData) {
  gltf_test::DracoTriangle t = gltf_test::EncodeDracoTriangle();
  t.bytes.resize(t.bytes.size() / 2);
  gltf_test::GltfBuilder b;
  const int view = b.AddView(t.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  ExpectRefused(b.EmbeddedJson(gltf_test::DracoRest(view, Attribute("POSITION", positions),
                                                    Attribute("POSITION", t.position_id))),
                "Draco cannot decode the data");
}

// Indices too narrow for the decoded vertices would be truncated.
TEST(DracoBadInput, IndicesAccessorOfFloats) {
  Fixture f;
  const int floats =
      f.builder.AddAccessorJson(R"({"componentType":5126,"count":3,"type":"SCALAR"})");
  ExpectRefused(f.builder.EmbeddedJson(
                    gltf_test::DracoRest(f.view, Attribute("POSITION", f.positions),
                                         Attribute("POSITION", f.triangle.position_id), floats)),
                "indices accessor is not of an unsigned integer type");
}

// tinygltf decodes a compressed buffer view once; a second primitive that
// shares it with accessors of its own would silently read zeros.
TEST(DracoBadInput, SharedBufferViewWithOtherAccessors) {
  Fixture f;
  const int other = gltf_test::AddDracoPositions(f.builder);
  const auto primitive = [&](int accessor) {
    return R"({"attributes":{"POSITION":)" + std::to_string(accessor) +
           R"(},"extensions":{"KHR_draco_mesh_compression":{"bufferView":)" +
           std::to_string(f.view) + ",\"attributes\":{" +
           Attribute("POSITION", f.triangle.position_id) + "}}}}";
  };
  const std::string rest =
      R"("extensionsRequired":["KHR_draco_mesh_compression"],
         "extensionsUsed":["KHR_draco_mesh_compression"],"nodes":[{"mesh":0}],
         "meshes":[{"primitives":[)" +
      primitive(f.positions) + "," + primitive(other) + "]}]";
  ExpectRefused(f.builder.EmbeddedJson(rest),
                "POSITION of mesh 0 primitive 1: tinygltf did not decode the "
                "KHR_draco_mesh_compression data into accessor " +
                    std::to_string(other));
}

// The extension's name spelled with a JSON \u escape is the same name: the
// checks must not be skipped for it.
TEST(DracoBadInput, EscapedExtensionNameIsStillChecked) {
  Fixture f;
  ExpectRefused(f.builder.EmbeddedJson(gltf_test::DracoRest(
                    f.view, Attribute("POSITION", f.positions), Attribute("POSITION", 7), -1,
                    "KHR_draco_mesh_compressio\\u006e")),
                "the Draco data has no attribute with id 7");
}

}  // namespace
