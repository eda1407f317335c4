#include "anim/ik/foot_lock.h"

#include <algorithm>
#include <cmath>

#include "anim/core/job_messages.h"
#include "anim/ik/ik_job_messages.h"
#include "anim/ik/ik_math.h"
#include "anim/ik/two_bone_ik.h"

namespace anim::ik {

namespace msg = ik_messages;

namespace {

std::string LegProblem(const IkPose& pose, const FootLockLeg& leg, std::size_t i) {
  if (std::string chain = msg::LegChainProblem(pose, i, leg.hip, leg.knee, leg.ankle);
      !chain.empty())
    return chain;
  if (!std::isfinite(leg.ankle_height))
    return msg::NotFinite(job_messages::Indexed("legs", i, "ankle_height"), leg.ankle_height);
  return {};
}

// "<name> <value> is not finite and >= 0", or "".
std::string NotUsable(const char* name, float value) {
  if (std::isfinite(value) && value >= 0.0f) return {};
  return std::string(name) + " " + msg::Format(value) + " is not finite and >= 0";
}

// The release offset's share left `t` seconds after letting go.
float Fade(float t, float seconds) {
  if (!(seconds > 0.0f) || t >= seconds) return 0.0f;
  const float s = t / seconds;
  return 1.0f - s * s * (3.0f - 2.0f * s);
}

// The ankle held at `target` (world), turned back to the model-space
// orientation the pose gave it.
float Hold(IkPose& pose, const FootLockLeg& leg, const glm::mat4& world, const glm::mat4& to_model,
           const glm::vec3& target, const FootLockSettings& settings) {
  const glm::quat animated = ModelRotation(pose.ModelMatrix(leg.ankle));
  TwoBoneIkJob reach;
  reach.start_joint = leg.hip;
  reach.mid_joint = leg.knee;
  reach.end_joint = leg.ankle;
  reach.target = glm::vec3(to_model * glm::vec4(target, 1.0f));
  reach.soften = settings.soften;
  SolveTwoBoneIk(pose, reach);
  const glm::quat now = ModelRotation(pose.ModelMatrix(leg.ankle));
  RotateJointInModelSpace(pose, leg.ankle, pose.ParentFrame(leg.ankle),
                          animated * glm::inverse(now));
  return glm::length(PositionOf(world * pose.ModelMatrix(leg.ankle)) - target);
}

}  // namespace

std::string FootLock::Validate(const IkPose& pose, std::span<const FootLockLeg, 2> legs,
                               const glm::mat4& world, float dt, const FootLockSettings& settings) {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  for (std::size_t i = 0; i < legs.size(); ++i) {
    if (std::string problem = LegProblem(pose, legs[i], i); !problem.empty()) return problem;
  }
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(world[c][r])) return "world is not finite";
    }
  }
  for (const auto& [name, value] : {std::pair<const char*, float>{"dt", dt},
                                    {"contact_height", settings.contact_height},
                                    {"contact_speed", settings.contact_speed},
                                    {"max_stretch", settings.max_stretch},
                                    {"release_seconds", settings.release_seconds}}) {
    if (std::string problem = NotUsable(name, value); !problem.empty()) return problem;
  }
  return {};
}

FootLockResult FootLock::Apply(IkPose& pose, std::span<const FootLockLeg, 2> legs,
                               const glm::mat4& world, float dt, const FootLockSettings& settings) {
  FootLockResult result;
  if (!Validate(pose, legs, world, dt, settings).empty()) return result;
  result.valid = true;
  const glm::mat4 to_model = glm::inverse(world);
  for (std::size_t i = 0; i < legs.size(); ++i) {
    const FootLockLeg& leg = legs[i];
    FootLockLegState& s = legs_[i];
    const glm::mat4 ankle_model = pose.ModelMatrix(leg.ankle);
    const glm::vec3 posed = PositionOf(world * ankle_model);
    const glm::vec2 moved(posed.x - s.previous.x, posed.z - s.previous.z);
    const float speed = s.seen && dt > 0.0f ? glm::length(moved) / dt : 0.0f;
    s.previous = posed;
    s.seen = true;
    const bool down = ankle_model[3].y - leg.ankle_height < settings.contact_height &&
                      speed < settings.contact_speed;
    if (s.locked && (!down || glm::distance(posed, s.lock) > settings.max_stretch)) {
      s.locked = false;
      s.release_offset = s.lock - posed;
      s.since_release = 0.0f;
    } else if (!s.locked && down && Fade(s.since_release, settings.release_seconds) == 0.0f) {
      s.locked = true;
      s.lock = posed;
    }
    const glm::vec3 target =
        s.locked ? s.lock
                 : posed + s.release_offset * Fade(s.since_release, settings.release_seconds);
    if (!s.locked) s.since_release += dt;
    result.locked[i] = s.locked;
    if (glm::distance(target, posed) > kIkEpsilon)
      result.error[i] = Hold(pose, leg, world, to_model, target, settings);
  }
  return result;
}

}  // namespace anim::ik
