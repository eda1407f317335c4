// The one place tinygltf's implementation is compiled (Debian ships only its
// header for this use; libtinygltf.so is built without Draco). With
// TINYGLTF_ENABLE_DRACO tinygltf decodes KHR_draco_mesh_compression with
// Debian's libdraco while it parses, so indexed Draco primitives load
// instead of failing its accessor checks (gltf_draco.cpp checks the data
// first).
//
// TINYGLTF_ENABLE_DRACO and TINYGLTF_NO_STB_IMAGE_WRITE come from the
// tinygltf_draco target (PUBLIC), so every file including <tiny_gltf.h> sees
// the same declarations. stb_image_write is left out because images are
// never written; the JSON writer stays (tools/make_mannequin uses it).
// stb_image comes from Debian's libstb.so, which already holds its
// implementation: STB_IMAGE_IMPLEMENTATION is deliberately not defined.
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
