// What the interactive viewer remembers between frames: the character and
// its playback settings, the time control, the view toggles, the camera,
// the frame timings and the last message. ImGui panels read and change it;
// the window loop acts on it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "app/animated_character.h"
#include "app/frame_timings.h"
#include "app/model_loading.h"
#include "app/time_control.h"
#include "app/validator_job.h"
#include "app/walkthrough.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"

namespace animviewer {

struct ViewerState {
  AnimatedCharacter character;
  // When a sample is active it poses the character instead of the clip list.
  Walkthrough walkthrough;
  bool has_joint_colors = false;  // the active sample's view has some (SampleDrawing)
  // Pause, time scale, single steps and fixed rate, for the clip list and
  // every sample alike. A step back asks the loop to rewind by rewind_seconds.
  TimeControl time;
  float rewind_seconds = 0.0f;
  float speed = 1.0f;  // the clip list's playback rate (negative: backward)
  anim::LoopMode loop = anim::LoopMode::kLoop;
  render::ViewOptions view;
  render::OrbitCamera camera;
  bool reframe_requested = true;
  // The free area between the panels, in window coordinates: the model is
  // framed and centred there. 0 and the window width when no panel covers it.
  float free_left = 0.0f;
  float free_right = 0.0f;
  // The Framework panel's left edge, open or folded to its title bar: what
  // the validator bar at the top must stay left of.
  float framework_left = 0.0f;
  glm::vec2 panels_display_size{0.0f};  // the window size the panels were last placed for

  std::string message;  // shown in the UI, e.g. why a dropped file failed
  bool message_is_error = false;
  // The shown model's import warnings, under the message for as long as the
  // model is shown (a sample's refusal replaces the message, not them).
  std::vector<std::string> warnings;
  // The skeleton overlay was turned on for a sample's joint colours (04's
  // mask), not by the user: it goes off again when the colours do.
  bool skeleton_for_joint_colors = false;

  // Fixed-step runs (--quit-after-frames) advance 1/60 s a frame and show no
  // measured times, so their screenshots do not change from run to run.
  bool fixed_step = false;
  FrameTimings timings;
  bool screenshot_requested = false;  // the Screenshot button: saved after this frame's render
  // The Capture section's Record button: while `recording` holds a folder,
  // every frame is saved there as frame_00000.png... and the clock steps a
  // fixed 1/60 s a frame (so the frames play back at 60 a second however
  // long saving takes); `record_toggle` asks to start or stop after this frame.
  std::string recording;
  int recorded_frames = 0;
  bool record_toggle = false;
  // The panels' scale (app/ui_scale.h): the slider's value, and a new value
  // to apply before the next frame (0: none).
  float ui_scale = 1.0f;
  float ui_scale_requested = 0.0f;
  float panels_ui_scale = 0.0f;  // the scale the panels were last placed for
  // The glTF validator's run on the shown file (app/validator_panel.h), and
  // which severities its table lists (errors, warnings, infos, hints).
  ValidatorJob validator;
  std::array<bool, kValidatorSeverityCount> validator_shown{true, true, true, true};
  // What every load uses (app/model_loading.h): the command line's, and
  // after a file dropped with Shift, its clips as the animation source.
  LoadOptions load_options;
  // Set by a panel that changes what the load does (the scene's turn): the
  // shown model is opened again with these options before the next frame,
  // and keeps them only if that succeeds.
  std::optional<LoadOptions> reload_with;
};

// What "Frame model" (F, or the View panel's button) does: frames the
// orbit camera on what is shown, and looks through it again when a file's
// camera was shown (framing only moves the orbit camera).
inline void FrameModelAsAsked(ViewerState& state) {
  state.view.file_camera = -1;
  state.reframe_requested = true;
}

}  // namespace animviewer
