// Linear-blend skinning on the CPU with up to eight influences: the formula
// of shaders/skinned.vert (skin = sum of weight x palette[joint]; position by
// skin, normal by its upper 3x3), for the crowd's CPU-skinning comparison
// path and for bounds. Joints past the palette count as identity.
#pragma once

#include <span>

#include <glm/glm.hpp>

#include "model/model.h"

namespace render {

// What the CPU path uploads per vertex (normals are not renormalised: the
// fragment shader does that, as for GPU skinning).
struct SkinnedVertex {
  glm::vec3 position;
  glm::vec3 normal;
};

inline glm::mat4 BlendedSkinMatrix(const glm::u16vec4& joints, const glm::vec4& weights,
                                   std::span<const glm::mat4> palette) {
  glm::mat4 skin(0.0f);
  for (int k = 0; k < 4; ++k) {
    const std::size_t j = joints[k];
    skin += weights[k] * (j < palette.size() ? palette[j] : glm::mat4(1.0f));
  }
  return skin;
}

// Vertex v's blended skin matrix over all its influences (both sets when
// `p` has eight per vertex).
inline glm::mat4 VertexSkinMatrix(const anim::MeshPrimitive& p, std::size_t v,
                                  std::span<const glm::mat4> palette) {
  glm::mat4 skin = BlendedSkinMatrix(p.joints[v], p.weights[v], palette);
  if (v < p.joints1.size() && v < p.weights1.size()) {
    skin += BlendedSkinMatrix(p.joints1[v], p.weights1[v], palette);
  }
  return skin;
}

// True when `p` carries joints and weights for every vertex.
bool IsSkinned(const anim::MeshPrimitive& p);

// Vertex v of `p` with its morph targets applied, before skinning:
// position + sum of weights[t] x target t's offset, the normal likewise (not
// renormalised). `weights` holds one weight per target (Model::MorphWeightsOf);
// targets past its end, and all of them when it is empty, are left out.
SkinnedVertex MorphedVertex(const anim::MeshPrimitive& p, std::size_t v,
                            std::span<const float> weights);

// Skins every vertex of `p` with `palette` into `out` (p.positions.size()
// long), after its morph targets at `morph_weights` (see MorphedVertex);
// unskinned primitives are copied as they are (morphed). Allocates nothing.
void SkinPrimitive(const anim::MeshPrimitive& p, std::span<const glm::mat4> palette,
                   std::span<SkinnedVertex> out, std::span<const float> morph_weights = {});

}  // namespace render
