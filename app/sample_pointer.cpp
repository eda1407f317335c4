#include "app/sample_pointer.h"

namespace animviewer {

PointerRay MouseRay(const glm::vec2& mouse, const glm::vec2& display,
                    const glm::mat4& view_projection) {
  const glm::vec2 size = glm::max(display, glm::vec2(1.0f));
  const float x = 2.0f * mouse.x / size.x - 1.0f;
  const float y = 1.0f - 2.0f * mouse.y / size.y;
  const glm::mat4 inverse = glm::inverse(view_projection);
  glm::vec4 near_point = inverse * glm::vec4(x, y, -1.0f, 1.0f);
  glm::vec4 far_point = inverse * glm::vec4(x, y, 1.0f, 1.0f);
  near_point /= near_point.w;
  far_point /= far_point.w;
  return {glm::vec3(near_point), glm::normalize(glm::vec3(far_point - near_point))};
}

bool SamplePointer::Update(samples::Sample* sample, bool pressed, bool down,
                           const PointerRay& ray) {
  using Phase = samples::Sample::PointerPhase;
  // A sample switched away mid-drag loses the pointer without a release.
  if (captured_ && sample != holder_) captured_ = false;
  if (captured_) {
    if (down) {
      sample->Pointer(Phase::kDrag, ray.origin, ray.direction);
    } else {
      sample->Pointer(Phase::kRelease, ray.origin, ray.direction);
      captured_ = false;
    }
    return true;
  }
  if (pressed && sample != nullptr && sample->Pointer(Phase::kPress, ray.origin, ray.direction)) {
    captured_ = true;
    holder_ = sample;
  }
  return captured_;
}

}  // namespace animviewer
