// Internal to anim_import: glTF metallic-roughness materials (factors,
// textures with their samplers and KHR_texture_transform, alpha mode,
// unlit, emissive strength) and the images they use, decoded to RGBA8
// with stb_image. An image that cannot be decoded gives a warning and the
// material draws without that texture.
#pragma once

#include <vector>

#include "import/gltf_context.h"
#include "model/model.h"

namespace anim::gltf {

// What the image callback needs: the document being loaded (to check an
// image's buffer view before touching its bytes) and the load's budget.
struct ImageLoading {
  const tinygltf::Model* document;
  LoadBudget* budget;
};

// tinygltf image callback (`user_data` is an ImageLoading). Decoding happens
// later, only for images that materials use, once per distinct source. An
// image in a buffer view is not copied (its bytes stay in the buffer); one
// from a URI keeps its encoded bytes, counted against the budget.
bool KeepEncodedImage(tinygltf::Image* image, int image_index, std::string* error,
                      std::string* warning, int width, int height, const unsigned char* bytes,
                      int size, void* user_data);

void ImportMaterials(Context& ctx, std::vector<Material>* materials, std::vector<Image>* images);

}  // namespace anim::gltf
