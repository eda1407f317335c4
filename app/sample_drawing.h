// What the active walkthrough sample adds to a frame, turned from the
// samples::SampleView it returns into the scene renderer's inputs in one
// place (Read, then Apply), shared by the window and the headless renderer
// so both draw the same picture: a crowd or a generated mesh drawn instead
// of the character, the skeleton overlay's joint colours, the character's
// world matrix (mesh and skeleton overlay), marks on the ground, debug
// lines, a camera and grid that follow it, and a ground mesh. A new field of
// SampleView is drawn by adding it here.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "app/ground_view.h"
#include "render/scene_renderer.h"
#include "samples/sample.h"

namespace animviewer {

struct SampleDrawing {
  bool active = false;                           // a sample runs: frame on every clip's motion
  const samples::CrowdFrame* crowd = nullptr;    // drawn instead of the character (CrowdView)
  const samples::OwnMeshes* own_mesh = nullptr;  // likewise: a generated mesh (OwnMeshView)
  std::vector<glm::vec4> joint_colors;           // skeleton overlay colours; empty: defaults
  glm::mat4 world{1.0f};                         // where the character stands
  bool follow = false;                           // camera and grid follow the character
  std::vector<render::GroundDisc> discs;         // the view's ground marks
  std::vector<render::ColoredVertex> lines;      // the view's debug lines, as vertex pairs
  GroundView ground;                             // the view's ground mesh, if any

  // Reads the sample's View() (uploading a changed ground mesh when drawn);
  // without a sample: nothing added (identity, no marks, no ground, no follow).
  void Read(const samples::Sample* sample);
  // Sets the frame's scene options (`view`, less what a crowd or a generated
  // mesh replaces), joint colours, world matrix, ground discs, overlay lines
  // and ground, and makes the grid follow the character when asked.
  void Apply(const render::ViewOptions& view, render::FrameInputs* frame) const;
  // Where the character stands (the world matrix's translation).
  glm::vec3 Position() const { return glm::vec3(world[3]); }
};

}  // namespace animviewer
