// Foot locking (anim/ik/foot_lock.h) set up for a model driven by motion
// matching or the locomotion graph: its legs read from the feet the
// motion's joints name (the knee the ankle's parent, the hip the knee's),
// each ankle's height when standing from the rest pose, and the settings
// in the model's units (2 cm of contact, 1 m/s, 25 cm of stretch).
#pragma once

#include <array>
#include <optional>

#include "anim/core/skeleton.h"
#include "anim/ik/foot_lock.h"
#include "anim/offline/motion_database_builder.h"

namespace samples {

// Nothing where a foot has no knee and hip above it.
std::optional<std::array<anim::ik::FootLockLeg, 2>> FootLockLegs(const anim::Skeleton& skeleton,
                                                                 const anim::MotionJoints& joints);

anim::ik::FootLockSettings FootLockSettingsFor(float units_per_metre);

}  // namespace samples
