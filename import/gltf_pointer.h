// Internal to anim_import: KHR_animation_pointer's targets. A channel whose
// target path is "pointer" names what it animates with a JSON pointer into
// the document ("/materials/0/pbrMetallicRoughness/baseColorFactor"). This
// reads the pointers the viewer plays: a node's translation, rotation, scale
// and morph weights (as ordinary channels), material factors and texture
// transforms (anim::AnimatedMaterialValue), and a camera's projection
// (anim::AnimatedCameraValue), and a node's KHR_node_visibility
// (anim::NodeVisibility). Any other pointer is
// kUnsupported, and the importer lists it by path.
#pragma once

#include <string>

#include "import/gltf_pointer_channels.h"
#include "model/model.h"

namespace anim::gltf {

struct PointerTarget {
  enum class Kind { kNode, kMaterial, kCamera, kNodeVisibility, kUnsupported };
  Kind kind = Kind::kUnsupported;
  int index = -1;    // the node, material or camera (not checked against the file)
  std::string path;  // kNode: "translation", "rotation", "scale" or "weights"
  MaterialProperty property = MaterialProperty::kBaseColorFactor;  // kMaterial
  int texture = -1;  // kMaterial transform properties: Material::Textures' order
  CameraProperty camera_property = CameraProperty::kYfov;  // kCamera
};

PointerTarget ParsePointer(const std::string& pointer);

// Calls visit(pointer, target) for every pointer channel of every
// animation (`channels`: Context::pointer_channels) whose target is of
// `kind` and indexes one of `count` objects.
template <typename Visit>
void ForEachPointerAt(const std::vector<std::vector<PointerChannel>>& channels,
                      PointerTarget::Kind kind, std::size_t count, Visit visit) {
  for (const std::vector<PointerChannel>& animation : channels) {
    for (const PointerChannel& channel : animation) {
      const PointerTarget target = ParsePointer(channel.pointer);
      if (target.kind == kind && static_cast<std::size_t>(target.index) < count) {
        visit(channel.pointer, target);
      }
    }
  }
}

}  // namespace anim::gltf
