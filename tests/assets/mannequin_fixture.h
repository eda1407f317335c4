// Shared by the mannequin tests: the committed asset loaded once through the
// project's importer (anim::LoadGltfModel) and once through tinygltf for the
// things the importer does not keep, plus sampling helpers.
#pragma once

#include <string>
#include <vector>

#include <tiny_gltf.h>
#include <glm/glm.hpp>

#include "import/gltf_importer.h"

namespace mannequin_test {

std::string AssetPath();  // <source>/assets/mannequin.gltf

// Loaded once per process; a failed load fails the calling test with the
// importer's message (the pointer is then null).
const anim::Model* Model();
const tinygltf::Model* Gltf();

int Joint(const std::string& name);  // index in Model()->skeleton, -1 if absent
const anim::Clip* Clip(const std::string& name);

// Model-space joint matrices of `clip` at time t (looped).
std::vector<glm::mat4> SampleModelMatrices(const anim::Clip& clip, float t);

// The skinned positions of the given vertices of primitive 0 for those matrices.
std::vector<glm::vec3> SkinVertices(const std::vector<glm::mat4>& model_matrices,
                                    const std::vector<int>& vertices);

// The `speed` the animation's extras declare (m/s), or a negative value.
double ExtrasSpeed(const std::string& clip_name);

}  // namespace mannequin_test
