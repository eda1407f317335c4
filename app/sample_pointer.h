// Hands left-button drags in the 3D view to the active sample (its Pointer
// hook) when the press lands on something the sample lets the user grab,
// such as an IK target; any other press orbits the camera as before.
#pragma once

#include <glm/glm.hpp>

#include "samples/sample.h"

namespace animviewer {

struct PointerRay {
  glm::vec3 origin;
  glm::vec3 direction;  // unit
};

// The world-space ray from the camera through a point of the window:
// `mouse` and `display` in window units (origin top left), `view_projection`
// the matrix the frame is drawn with (lens shift included).
PointerRay MouseRay(const glm::vec2& mouse, const glm::vec2& display,
                    const glm::mat4& view_projection);

class SamplePointer {
 public:
  // One frame of the left button: `pressed` on the frame it went down (and
  // not over a panel), `down` while held. Returns whether the sample holds
  // the pointer, in which case the camera must not orbit this frame.
  bool Update(samples::Sample* sample, bool pressed, bool down, const PointerRay& ray);
  bool captured() const { return captured_; }

 private:
  bool captured_ = false;
  samples::Sample* holder_ = nullptr;  // the sample that took the press
};

}  // namespace animviewer
