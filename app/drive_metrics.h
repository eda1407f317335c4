// What --drive measures of a driven character (docs/motion_matching.md),
// from what each frame shows:
//   - foot sliding: how far a foot in contact moves over the ground (a foot
//     is in contact within `contact_metres` of its lowest height over the
//     run, in both frames of a step), in cm per metre walked;
//   - trajectory error at 0.5 s and 1 s: how far the character's travel
//     from t to t + h differs from the travel of the path asked for (the
//     simulated character, the spring following the input as given) over
//     the same time, averaged over t: an offset the character keeps costs
//     nothing, falling behind or cutting a corner does;
//   - switches and searches a second, and the time an update took.
// Totals over the run and the same per second of it.
#pragma once

#include <array>
#include <vector>

#include <glm/glm.hpp>

namespace animviewer {

inline constexpr std::array<float, 2> kDriveHorizons{0.5f, 1.0f};

// One frame shown, in world space and model units.
struct DriveFrame {
  float time = 0.0f;                // seconds, at the end of the frame's update
  glm::vec2 character{0.0f};        // the placement (x, z)
  glm::vec2 asked{0.0f};            // the simulated character's (x, z): the path asked for
  std::array<glm::vec3, 2> feet{};  // left and right foot
  bool searched = false;
  bool switched = false;
  double update_seconds = 0.0;
};

struct DriveSummary {
  double seconds = 0.0;
  double metres = 0.0;    // the character's path
  double slide_cm = 0.0;  // feet in contact, both feet
  double SlidePerMetre() const { return metres > 0.0 ? slide_cm / metres : 0.0; }
  std::array<double, 2> error_cm{};  // mean, at kDriveHorizons
  std::array<int, 2> windows{};      // how many (t, t + h) that mean is over
  int searches = 0, switches = 0, frames = 0;
  double update_mean_us = 0.0, update_max_us = 0.0;
};

class DriveMetrics {
 public:
  explicit DriveMetrics(float units_per_metre, float contact_metres = 0.02f)
      : units_(units_per_metre), contact_(contact_metres * units_per_metre) {}

  // Frames come in time order, a fixed step apart.
  void Add(const DriveFrame& frame) { frames_.push_back(frame); }

  // Over the frames with time in (from, to].
  DriveSummary Summarise(float from, float to) const;

 private:
  // The frame nearest `time`; -1 past the run.
  int FrameAt(float time) const;

  float units_, contact_;
  std::vector<DriveFrame> frames_;
};

}  // namespace animviewer
