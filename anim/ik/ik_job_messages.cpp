#include "anim/ik/ik_job_messages.h"

#include <cstdio>

#include "anim/core/job_messages.h"

namespace anim::ik::ik_messages {

std::string Format(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", static_cast<double>(value));
  return text;
}

std::string Format(const glm::vec3& value) {
  return "(" + Format(value.x) + ", " + Format(value.y) + ", " + Format(value.z) + ")";
}

std::string PoseOfAnotherSkeleton(const IkPose& pose) {
  return job_messages::CountMismatch("pose", static_cast<std::size_t>(pose.JointCount()), "joints",
                                     "its skeleton", pose.SkeletonJointCount());
}

std::string JointOutside(std::string_view field, int joint, const IkPose& pose) {
  return std::string(field) + " " + std::to_string(joint) + " is not one of the pose's " +
         std::to_string(pose.JointCount()) + " joints";
}

std::string NotBelow(std::string_view field, int joint, std::string_view ancestor_field,
                     int ancestor) {
  return std::string(field) + " " + std::to_string(joint) + " does not descend from " +
         std::string(ancestor_field) + " " + std::to_string(ancestor);
}

std::string NotALink(std::string_view field, int joint, std::string_view ancestor_field,
                     int ancestor) {
  if (joint == ancestor) {
    return std::string(field) + " " + std::to_string(joint) + " is the same joint as " +
           std::string(ancestor_field);
  }
  return NotBelow(field, joint, ancestor_field, ancestor);
}

std::string NotFinite(std::string_view field, const glm::vec3& value) {
  return std::string(field) + " " + Format(value) + " is not finite";
}

std::string NotFinite(std::string_view field, float value) {
  return std::string(field) + " " + Format(value) + " is not finite";
}

std::string LegChainProblem(const IkPose& pose, std::size_t i, int hip, int knee, int ankle) {
  const auto field = [i](const char* member) { return job_messages::Indexed("legs", i, member); };
  if (!pose.ValidJoint(hip)) return JointOutside(field("hip"), hip, pose);
  if (!pose.ValidJoint(knee)) return JointOutside(field("knee"), knee, pose);
  if (!pose.ValidJoint(ankle)) return JointOutside(field("ankle"), ankle, pose);
  if (!pose.DescendsFrom(knee, hip)) return NotALink(field("knee"), knee, field("hip"), hip);
  if (!pose.DescendsFrom(ankle, knee)) return NotALink(field("ankle"), ankle, field("knee"), knee);
  return {};
}

}  // namespace anim::ik::ik_messages
