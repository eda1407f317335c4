// What a crowd sample hands the viewer every frame: many characters of one
// model, each with its own palette and placement. Plain data (glm only), so
// samples/ stays free of GL; app/ draws it with render/'s CrowdRenderer.
#pragma once

#include <span>

#include <glm/glm.hpp>

namespace samples {

// Seconds the viewer measured while drawing the crowd (with glFinish at
// each boundary, see render/crowd_renderer.h). `measured` stays false where
// nothing is timed (headless screenshots).
struct CrowdDrawTimes {
  bool measured = false;
  double skinning = 0.0;  // CPU skinning of the vertices (CPU path only)
  double upload = 0.0;    // palettes (GPU path) or skinned vertices (CPU path) to the GPU
  double frame = 0.0;     // the crowd's whole draw, finished
};

struct CrowdFrame {
  int joint_count = 0;
  // Instance k's skinning palette: palettes[k * joint_count, (k + 1) * joint_count).
  std::span<const glm::mat4> palettes;
  std::span<const glm::mat4> worlds;  // one per instance: model space -> world space
  // Instance k's morph-target weights (the model's whole array) at
  // [k * W, (k + 1) * W); empty: the model's defaults.
  std::span<const float> morph_weights;
  bool cpu_skinning = false;  // draw with the CPU-skinning comparison path
  // World box holding every character through its motion: what the camera
  // frames and the ground grid covers.
  glm::vec3 bounds_min{0.0f};
  glm::vec3 bounds_max{0.0f};
  // The viewer writes its timings here after drawing (null: not wanted).
  CrowdDrawTimes* draw_times = nullptr;
};

}  // namespace samples
