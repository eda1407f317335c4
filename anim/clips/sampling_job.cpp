#include "anim/clips/sampling_job.h"

#include "anim/core/job_messages.h"

namespace anim {

namespace msg = job_messages;

std::string ClipJointsMismatch(const Clip& clip, int joint_count, std::string_view holder) {
  const int joint = clip.LowestJoint() < 0 ? clip.LowestJoint() : clip.HighestJoint();
  return "'" + clip.Name() + "' animates joint " + std::to_string(joint) + ", " +
         std::string(holder) + " has " + std::to_string(joint_count) + " joints";
}

std::string SamplingJob::Validate() const {
  if (clip == nullptr) return msg::Null("clip");
  if (output == nullptr) return msg::Null("output");
  // The kernel skips joints outside the pose: sampling a clip of another
  // rig would leave a pose half written, so it is refused here.
  if (!ClipFitsJoints(*clip, output->JointCount())) {
    return "clip " + ClipJointsMismatch(*clip, output->JointCount(), "the output");
  }
  // A playback's cursor holds three keys per track (none for a clip whose
  // tracks share their key times, as Clip::MakeCursor makes it).
  const std::size_t per_track = 3 * clip->Tracks().size();
  if (cursor != nullptr && !cursor->keys.empty() && cursor->keys.size() != per_track) {
    return "cursor has " + std::to_string(cursor->keys.size()) + " track keys, the clip " +
           std::to_string(clip->Tracks().size()) + " tracks (3 keys each): made for another clip";
  }
  return {};
}

bool SamplingJob::Run() const {
  if (!Validate().empty()) return false;
  clip->Sample(*output, time, mode, cursor);
  return true;
}

}  // namespace anim
