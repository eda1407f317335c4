#include "scene/foot_ik_ground.h"

namespace scene {

namespace {

bool CastOnGround(const void* context, const glm::vec3& origin, const glm::vec3& direction,
                  float max_distance, anim::ik::GroundContact* contact) {
  RayHit hit;
  if (!static_cast<const Ground*>(context)->Raycast(origin, direction, max_distance, &hit)) {
    return false;
  }
  contact->point = hit.point;
  contact->normal = hit.normal;
  return true;
}

}  // namespace

anim::ik::GroundQuery FootIkGround(const Ground& ground) { return {CastOnGround, &ground}; }

}  // namespace scene
