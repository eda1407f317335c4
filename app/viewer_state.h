// What the interactive viewer remembers between frames: the character and
// its playback settings, the view toggles, the camera and the last message.
// ImGui panels read and change it; the window loop acts on it.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "app/animated_character.h"
#include "app/walkthrough.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"

namespace animviewer {

struct ViewerState {
  AnimatedCharacter character;
  // When a sample is active it poses the character instead of the clip list.
  Walkthrough walkthrough;
  std::vector<glm::vec4> joint_colors;  // the active sample's, for the skeleton overlay
  bool has_joint_colors = false;
  bool playing = true;
  float speed = 1.0f;
  anim::LoopMode loop = anim::LoopMode::kLoop;
  render::ViewOptions view;
  render::OrbitCamera camera;
  bool reframe_requested = true;
  // Right edge of the animation panel in window coordinates (0: no panel on
  // the left); the model is framed and centred in the area right of it.
  float panel_right_edge = 0.0f;

  std::string message;          // shown in the UI, e.g. why a dropped file failed
  bool message_is_error = false;

  // Timing shown in the stats panel; fixed_step hides the measured values so
  // the screenshots of --quit-after-frames runs do not change from run to run.
  bool fixed_step = false;
  double frame_seconds = 0.0;
  double animation_seconds = 0.0;
};

}  // namespace animviewer
