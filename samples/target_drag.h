// Grabbing a point in the 3D view with the mouse (an IK or look-at target):
// a press whose ray passes within a pick radius of the point grabs it, and
// the drag moves it in the plane through it that faces the camera (the
// plane normal is the ray's direction at the press), so the point stays
// under the mouse and keeps its depth.
#pragma once

#include <glm/glm.hpp>

#include "samples/param_list.h"
#include "samples/sample.h"

namespace samples {

class TargetDrag {
 public:
  // True (and grabbing) when the ray from `origin` along the unit
  // `direction` passes within `radius` of `target`, in front of the camera.
  bool Press(const glm::vec3& origin, const glm::vec3& direction, const glm::vec3& target,
             float radius);
  // Where the grabbed point is for this ray; `current` when the ray runs
  // parallel to the drag plane or nothing is grabbed.
  glm::vec3 Drag(const glm::vec3& origin, const glm::vec3& direction,
                 const glm::vec3& current) const;
  void Release() { grabbing_ = false; }
  // A sample's Pointer hook for one draggable point: grabs on a press
  // within `radius`, moves *target (kept inside low..high) while dragging.
  // Returns what Sample::Pointer returns.
  bool Handle(Sample::PointerPhase phase, const glm::vec3& origin, const glm::vec3& direction,
              float radius, const glm::vec3& low, const glm::vec3& high, glm::vec3* target);
  bool grabbing() const { return grabbing_; }

 private:
  bool grabbing_ = false;
  glm::vec3 plane_point_{0.0f};
  glm::vec3 plane_normal_{0.0f, 0.0f, 1.0f};
  glm::vec3 grab_offset_{0.0f};  // target minus where the press ray met the plane
};

// Sliders target_x, target_y, target_z for a point (the model's x, height
// and z), and their ranges once the character's size is known.
void AddTargetSliders(ParamList& params, glm::vec3* target);
void SetTargetSliderRanges(ParamList& params, const glm::vec3& low, const glm::vec3& high);

}  // namespace samples
