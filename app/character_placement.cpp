#include "app/character_placement.h"

namespace animviewer {

void CharacterPlacement::Read(const samples::Sample* sample) {
  world = sample != nullptr ? sample->CharacterWorld() : glm::mat4(1.0f);
  follow = sample != nullptr && sample->FollowCamera();
  discs.clear();
  lines.clear();
  ground.Read(sample);
  if (sample == nullptr) return;
  for (const samples::Sample::GroundMark& mark : sample->GroundMarks()) {
    discs.push_back({mark.position, mark.color, mark.radius});
  }
  for (const samples::Sample::DebugLine& line : sample->DebugLines()) {
    lines.push_back({line.from, line.color});
    lines.push_back({line.to, line.color});
  }
}

void CharacterPlacement::Apply(render::FrameInputs* frame) const {
  frame->world = world;
  frame->ground_discs = discs;
  frame->overlay_lines = lines;
  frame->grid_follows = follow;
  frame->grid_focus = Position();
  ground.Apply(frame);
}

}  // namespace animviewer
