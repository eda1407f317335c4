// scene::Ground as anim::ik::SolveFootIk's ground query: the runtime asks
// for a ray cast through a function pointer and a context, and this is
// that function for a triangle-mesh ground.
#pragma once

#include "anim/ik/foot_ik.h"
#include "scene/ground.h"

namespace scene {

// The query casting rays against `ground`, which must outlive its use.
anim::ik::GroundQuery FootIkGround(const Ground& ground);

}  // namespace scene
