// Internal to anim_import: KHR_animation_pointer's targets. A channel whose
// target path is "pointer" names what it animates with a JSON pointer into
// the document ("/materials/0/pbrMetallicRoughness/baseColorFactor"). This
// reads the pointers the viewer plays: a node's translation, rotation, scale
// and morph weights (as ordinary channels), material factors and texture
// transforms (anim::AnimatedMaterialValue), and a camera's projection
// (anim::AnimatedCameraValue). Any other pointer is
// kUnsupported, and the importer lists it by path.
#pragma once

#include <string>

#include "model/model.h"

namespace anim::gltf {

struct PointerTarget {
  enum class Kind { kNode, kMaterial, kCamera, kUnsupported };
  Kind kind = Kind::kUnsupported;
  int index = -1;    // the node, material or camera (not checked against the file)
  std::string path;  // kNode: "translation", "rotation", "scale" or "weights"
  MaterialProperty property = MaterialProperty::kBaseColorFactor;  // kMaterial
  int texture = -1;  // kMaterial transform properties: Material::Textures' order
  CameraProperty camera_property = CameraProperty::kYfov;  // kCamera
};

PointerTarget ParsePointer(const std::string& pointer);

}  // namespace anim::gltf
