#include "app/sample_drawing.h"

#include "app/crowd_view.h"
#include "app/own_mesh_view.h"

namespace animviewer {

void SampleDrawing::Read(const samples::Sample* sample) {
  const samples::SampleView view = sample != nullptr ? sample->View() : samples::SampleView{};
  active = sample != nullptr;
  crowd = view.crowd;
  own_mesh = view.own_mesh;
  joint_colors = view.joint_colors;
  world = view.character_world;
  follow = view.follow_camera;
  discs.clear();
  for (const samples::GroundMark& mark : view.ground_marks) {
    discs.push_back({mark.position, mark.color, mark.radius});
  }
  lines.clear();
  for (const samples::DebugLine& line : view.debug_lines) {
    lines.push_back({line.from, line.color});
    lines.push_back({line.to, line.color});
  }
  ground.Read(view.ground_mesh, view.ground_revision);
}

void SampleDrawing::Apply(const render::ViewOptions& view, render::FrameInputs* frame) const {
  frame->options = crowd != nullptr      ? SceneOptionsUnderCrowd(view)
                   : own_mesh != nullptr ? SceneOptionsUnderOwnMesh(view)
                                         : view;
  frame->joint_colors = joint_colors;
  frame->world = world;
  frame->ground_discs = discs;
  frame->overlay_lines = lines;
  frame->grid_follows = follow;
  frame->grid_focus = Position();
  ground.Apply(frame);
}

}  // namespace animviewer
