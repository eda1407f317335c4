// Foot contacts read off sampled poses, independently of any authored event:
// a foot is planted in a frame when it is at (nearly) its lowest and (nearly)
// still on the ground. Used by the footstep and root motion tests.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/clips/root_motion.h"
#include "anim/core/skeleton.h"

namespace foot_contacts {

// Model-space positions of `joint` at frames 0..frames (frame i at
// start + i * Duration() / frames), the last one equal to the first for a
// seamless cycle.
std::vector<glm::vec3> JointPath(const anim::Skeleton& skeleton, const anim::Clip& clip, int joint,
                                 int frames);

// planted[i] for i in [0, frames): height within height_tolerance of the
// path's lowest, and ground-relative speed below speed_tolerance. The speed
// is the forward difference to frame i + 1 plus the ground speed along +Z
// (a treadmill foot slides back at exactly the ground speed).
std::vector<bool> Planted(const std::vector<glm::vec3>& path, float dt, float ground_speed,
                          float height_tolerance, float speed_tolerance);

// The frames where a planted run starts (the frame before is not planted,
// cyclically): the contact frames.
std::vector<int> ContactStarts(const std::vector<bool>& planted);

// Plays `clip` for `cycles` cycles in 1/60 s steps with root motion moving
// the placement, and returns the largest distance a foot moves in the world
// while it is planted (within `height_tolerance` of its lowest world height).
// Also counts the contact stretches seen in *contacts.
float WorstPlantedSlide(const anim::Skeleton& skeleton, const anim::Clip& clip,
                        const anim::RootMotion& motion, int foot, int cycles,
                        float height_tolerance, int* contacts);

}  // namespace foot_contacts
