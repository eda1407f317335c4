// The wording of the IK jobs' Validate(pose) messages, kept in one place so
// every solver names a joint field, its value and the pose the same way
// (after anim/core/job_messages.h, which these build on).
#pragma once

#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "anim/ik/ik_pose.h"

namespace anim::ik::ik_messages {

// "pose has <n> joints, its skeleton <m> joints": the pose was made for
// another skeleton.
std::string PoseOfAnotherSkeleton(const IkPose& pose);

// "<field> <joint> is not one of the pose's <n> joints".
std::string JointOutside(std::string_view field, int joint, const IkPose& pose);

// Why `joint` (named `field`) fails IkPose::DescendsFrom(joint, ancestor):
// "<field> <joint> is the same joint as <ancestor_field>", else NotBelow's
// words. Only called on failure, so a valid job builds no field names.
std::string NotALink(std::string_view field, int joint, std::string_view ancestor_field,
                     int ancestor);

// "<field> <joint> does not descend from <ancestor_field> <ancestor>" (also
// where the joint may be the ancestor itself, as a leg's hip the pelvis).
std::string NotBelow(std::string_view field, int joint, std::string_view ancestor_field,
                     int ancestor);

// "<field> (x, y, z) is not finite" and "<field> <value> is not finite".
std::string NotFinite(std::string_view field, const glm::vec3& value);
std::string NotFinite(std::string_view field, float value);

// A float or a vector as the messages print them: "%g" ("nan", "inf",
// "-0.5") and "(x, y, z)".
std::string Format(float value);
std::string Format(const glm::vec3& value);

// The first problem of leg `i`'s joints (legs[i].hip, .knee, .ankle): one
// outside the pose, or a knee not below its hip, an ankle not below its
// knee; "" when the three make a chain. Foot IK and foot locking share it.
std::string LegChainProblem(const IkPose& pose, std::size_t i, int hip, int knee, int ankle);

}  // namespace anim::ik::ik_messages
