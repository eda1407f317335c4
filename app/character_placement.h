// What a walkthrough sample that moves its character around (05 Locomotion)
// adds to a frame: the character's world matrix (mesh and skeleton overlay),
// marks on the ground, and a camera and grid that follow it. Shared by the
// window and the headless renderer so both draw the same picture.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "app/ground_view.h"
#include "render/scene_renderer.h"
#include "samples/sample.h"

namespace animviewer {

struct CharacterPlacement {
  glm::mat4 world{1.0f};
  bool follow = false;
  std::vector<render::GroundDisc> discs;     // reused frame to frame
  std::vector<render::ColoredVertex> lines;  // the sample's DebugLines, as vertex pairs
  GroundView ground;                         // the sample's ground mesh, if any

  // Reads the sample's hooks (uploading a changed ground mesh); without a
  // sample: identity, no marks, no ground, no follow.
  void Read(const samples::Sample* sample);
  // Sets the frame's world matrix, ground discs and overlay lines, and makes the grid
  // follow the character when the sample asks for it.
  void Apply(render::FrameInputs* frame) const;
  // Where the character stands (the world matrix's translation).
  glm::vec3 Position() const { return glm::vec3(world[3]); }
};

}  // namespace animviewer
