// Internal to anim_import: glTF materials (base colour factor and texture,
// sampler settings, doubleSided) and the images they use, decoded to RGBA8
// with stb_image. An image that cannot be decoded gives a warning and the
// material keeps only its factor.
#pragma once

#include <vector>

#include "anim/import/gltf_context.h"
#include "anim/import/model.h"

namespace anim::gltf {

// tinygltf image callback: keeps the encoded bytes (decoding happens later,
// only for images that materials use, and never fails the whole load).
// `user_data` is the tinygltf::Model being loaded, used to check that an
// image's buffer view lies inside its buffer before touching the bytes.
bool KeepEncodedImage(tinygltf::Image* image, int image_index, std::string* error,
                      std::string* warning, int width, int height, const unsigned char* bytes,
                      int size, void* user_data);

void ImportMaterials(Context& ctx, std::vector<Material>* materials, std::vector<Image>* images);

}  // namespace anim::gltf
