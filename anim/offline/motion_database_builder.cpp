#include "anim/offline/motion_database_builder.h"

#include <cmath>

#include "anim/core/error_text.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"

namespace anim {
namespace {

// `v` turned by `yaw` about +Y (root motion's turn: +Z towards +X).
glm::vec3 TurnedBy(glm::vec3 v, float yaw) {
  const float c = std::cos(yaw), s = std::sin(yaw);
  return {v.x * c + v.z * s, v.y, -v.x * s + v.z * c};
}

// One clip's poses with their root motion taken out: the joints the
// features read, in the character's frame at the time sampled.
class FramePoses {
 public:
  FramePoses(const Skeleton& skeleton, const MotionClip& source)
      : skeleton_(skeleton),
        source_(source),
        pose_(skeleton.RestPose()),
        models_(static_cast<std::size_t>(skeleton.JointCount())) {}

  // Samples the clip at `time` (wrapped or clamped by its mode).
  void SampleAt(float time) {
    const Clip& clip = *source_.clip;
    pose_.CopyFrom(skeleton_.RestPose());
    clip.Sample(pose_, time, source_.mode);
    if (source_.motion != nullptr)
      source_.motion->RemoveFromPose(pose_, skeleton_, clip.SampleTime(time, source_.mode));
    ComputeModelMatrices(skeleton_, pose_, models_);
  }
  glm::vec3 Position(int joint) const {
    return glm::vec3(models_[static_cast<std::size_t>(joint)][3]);
  }
  // The character's move from `time` over `step` seconds (none without
  // root motion).
  MotionDelta Move(float time, float step) const {
    return source_.motion != nullptr ? source_.motion->Delta(time, step, source_.mode)
                                     : MotionDelta{};
  }

 private:
  const Skeleton& skeleton_;
  const MotionClip& source_;
  SoaPose pose_;
  std::vector<glm::mat4> models_;
};

// The joints' positions at time + step, carried into the frame at `time`.
std::array<glm::vec3, 3> CarriedPositions(FramePoses& poses, const MotionJoints& joints, float time,
                                          float step) {
  poses.SampleAt(time + step);
  const MotionDelta move = poses.Move(time, step);
  std::array<glm::vec3, 3> out;
  const int ids[3] = {joints.left_foot, joints.right_foot, joints.hips};
  for (int i = 0; i < 3; ++i)
    out[i] = TurnedBy(poses.Position(ids[i]), move.yaw) + move.translation;
  return out;
}

void WriteVec3(glm::vec3 v, FeatureGroup group, float* row) {
  const int first = GroupSpan(group).first;
  row[first] = v.x;
  row[first + 1] = v.y;
  row[first + 2] = v.z;
}

// The features of one frame at clip time `time` into `row`.
void MeasureFrame(FramePoses& poses, const MotionJoints& joints, float time, float* row) {
  const auto ahead = CarriedPositions(poses, joints, time, kVelocityStep);
  const auto behind = CarriedPositions(poses, joints, time, -kVelocityStep);
  poses.SampleAt(time);
  WriteVec3(poses.Position(joints.left_foot), FeatureGroup::kLeftFootPosition, row);
  WriteVec3(poses.Position(joints.right_foot), FeatureGroup::kRightFootPosition, row);
  const float span = 2.0f * kVelocityStep;
  WriteVec3((ahead[0] - behind[0]) / span, FeatureGroup::kLeftFootVelocity, row);
  WriteVec3((ahead[1] - behind[1]) / span, FeatureGroup::kRightFootVelocity, row);
  WriteVec3((ahead[2] - behind[2]) / span, FeatureGroup::kHipsVelocity, row);
  std::array<GroundPlacement, 3> future;
  for (int h = 0; h < 3; ++h) {
    const MotionDelta move = poses.Move(time, kTrajectoryHorizons[h]);
    future[h] = {{move.translation.x, move.translation.z}, move.yaw};
  }
  WriteTrajectoryFeatures(GroundPlacement{}, future, row);
}

std::string CheckSources(const Skeleton& skeleton, std::span<const MotionClip> clips,
                         const MotionJoints& joints, float frame_rate) {
  if (!(frame_rate > 0.0f) || !std::isfinite(frame_rate)) return "the frame rate is not positive";
  for (int id : {joints.left_foot, joints.right_foot, joints.hips})
    if (id < 0 || id >= skeleton.JointCount())
      return "joint " + std::to_string(id) + " is not one of the skeleton's " +
             std::to_string(skeleton.JointCount());
  for (std::size_t c = 0; c < clips.size(); ++c)
    if (clips[c].clip == nullptr || !(clips[c].clip->Duration() > 0.0f))
      return "clip " + std::to_string(c) + " has no duration";
  return {};
}

// Appends one clip's rows and its search range.
void AddClipRows(const Skeleton& skeleton, const MotionClip& source, int index, float frame_rate,
                 const MotionJoints& joints, MotionRows& rows) {
  const Clip& clip = *source.clip;
  const bool loops = source.mode == LoopMode::kLoop;
  // A loop's end is its start again; a clip that stops keeps its last pose.
  const float steps = clip.Duration() * frame_rate;
  const int count = loops ? std::max(1, static_cast<int>(std::lround(steps)))
                          : static_cast<int>(std::floor(steps + 1e-3f)) + 1;
  FramePoses poses(skeleton, source);
  const int first = static_cast<int>(rows.frames.size());
  int last_searchable = first + count;
  for (int i = 0; i < count; ++i) {
    const float time = clip.StartTime() + static_cast<float>(i) / frame_rate;
    rows.frames.push_back({index, time});
    rows.raw.resize(rows.raw.size() + kFeatureCount);
    MeasureFrame(poses, joints, time, rows.raw.data() + rows.raw.size() - kFeatureCount);
    const float left = clip.StartTime() + clip.Duration() - time;
    if (!loops && left + 1e-4f < kTrajectoryHorizons.back() && last_searchable == first + count)
      last_searchable = first + i;
  }
  if (source.searchable && last_searchable > first) rows.ranges.push_back({first, last_searchable});
}

}  // namespace

std::optional<MotionJoints> FindMotionJoints(const Skeleton& skeleton, std::string* error) {
  const RigMap rig = ReadRig(skeleton);
  const std::string missing = MissingPartsMessage(
      rig, {{BodyPart::kFoot, Side::kLeft}, {BodyPart::kFoot, Side::kRight}, {BodyPart::kHips}});
  if (!missing.empty()) {
    SetError(error, "motion matching: " + missing);
    return std::nullopt;
  }
  return MotionJoints{rig.Find(BodyPart::kFoot, Side::kLeft),
                      rig.Find(BodyPart::kFoot, Side::kRight), rig.Find(BodyPart::kHips)};
}

bool ExtractMotionRows(const Skeleton& skeleton, std::span<const MotionClip> clips,
                       const MotionJoints& joints, float frame_rate, MotionRows* rows,
                       std::string* error) {
  if (std::string problem = CheckSources(skeleton, clips, joints, frame_rate); !problem.empty()) {
    SetError(error, "motion database: " + problem);
    return false;
  }
  *rows = {};
  for (std::size_t c = 0; c < clips.size(); ++c)
    AddClipRows(skeleton, clips[c], static_cast<int>(c), frame_rate, joints, *rows);
  return true;
}

std::optional<MotionDatabase> BuildMotionDatabase(const Skeleton& skeleton,
                                                  std::span<const MotionClip> clips,
                                                  const MotionJoints& joints, float frame_rate,
                                                  const FeatureWeights& weights,
                                                  std::string* error) {
  MotionRows rows;
  if (!ExtractMotionRows(skeleton, clips, joints, frame_rate, &rows, error)) return std::nullopt;
  return MotionDatabase::Create(rows.raw, std::move(rows.frames), std::move(rows.ranges), weights,
                                error);
}

}  // namespace anim
