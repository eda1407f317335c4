#include "anim/matching/motion_matcher.h"

#include <algorithm>
#include <cmath>

namespace anim {

MotionMatcher::MotionMatcher(const Skeleton& skeleton, const MotionDatabase& db,
                             std::span<const MatchedClip> clips, float rows_per_second)
    : skeleton_(&skeleton),
      db_(&db),
      clips_(clips.begin(), clips.end()),
      first_row_(clips.size(), -1),
      row_count_(clips.size(), 0),
      rows_per_second_(rows_per_second),
      rest_(skeleton.RestPose()),
      pose_(skeleton.RestPose()),
      target_(skeleton.RestPose()),
      target_next_(skeleton.RestPose()),
      shown_(skeleton.RestPose(), ShownPoseNeeds{false, true}) {
  for (int r = 0; r < db.FrameCount(); ++r) {
    const int c = db.Frame(r).clip;
    if (c < 0 || c >= static_cast<int>(clips_.size())) continue;
    if (first_row_[static_cast<std::size_t>(c)] < 0) first_row_[static_cast<std::size_t>(c)] = r;
    ++row_count_[static_cast<std::size_t>(c)];
  }
  valid_ = Validate().empty();
  Reset(GroundPlacement{});
}

std::string MotionMatcher::Validate() const {
  if (db_ == nullptr) return "the motion matcher has no database";
  for (int r = 0; r < db_->FrameCount(); ++r) {
    const int c = db_->Frame(r).clip;
    if (c < 0 || c >= static_cast<int>(clips_.size()))
      return "database row " + std::to_string(r) + " plays clip " + std::to_string(c) + " of " +
             std::to_string(clips_.size()) + " given";
    if (r >= first_row_[static_cast<std::size_t>(c)] + row_count_[static_cast<std::size_t>(c)])
      return "the rows of clip " + std::to_string(c) + " are not together";
  }
  for (std::size_t c = 0; c < clips_.size(); ++c)
    if (!clips_[c].clip.Plays() || row_count_[c] == 0)
      return "clip " + std::to_string(c) + " has no clip or no rows";
  if (db_->Ranges().empty() || !(rows_per_second_ > 0.0f))
    return "the database has no row to jump to";
  return {};
}

int MotionMatcher::RowAt(int clip, float time) const {
  const auto c = static_cast<std::size_t>(clip);
  const float offset = (time - clips_[c].clip.StartTime()) * rows_per_second_;
  const int i = static_cast<int>(std::lround(offset));
  return first_row_[c] + std::clamp(i, 0, row_count_[c] - 1);
}

void MotionMatcher::SampleInto(Playback& playback, int clip, float dt, SoaPose& pose,
                               ClockStep* step) {
  pose.CopyFrom(rest_);
  playback.Advance(dt, pose, step);
  const RootMotion* motion = clips_[static_cast<std::size_t>(clip)].motion;
  if (motion != nullptr) motion->RemoveFromPose(pose, *skeleton_, playback.SampleTime());
}

void MotionMatcher::Reset(const GroundPlacement& placement, int row) {
  if (!valid_) return;
  if (row < 0 || row >= db_->FrameCount()) row = db_->Ranges()[0].begin;
  // Both playbacks bound to every clip once, so that switching between
  // them later allocates nothing (a playback keeps the largest cursor).
  for (const MatchedClip& c : clips_) {
    playing_.Start(c.clip, c.mode);
    probe_.Start(c.clip, c.mode);
  }
  clip_ = db_->Frame(row).clip;
  row_ = row;
  const MatchedClip& c = clips_[static_cast<std::size_t>(clip_)];
  playing_.Start(c.clip, c.mode);
  playing_.SetTime(db_->Frame(row).time);
  SampleInto(playing_, clip_, 0.0f, pose_, nullptr);
  shown_.Reset(pose_);
  placement_ = placement;
  simulation_ = GroundMotion{};
  simulation_.position = placement.position;
  simulation_.yaw = placement.yaw;
  desired_trajectory_.fill(placement);
  searched_for_ = DesiredMotion{{}, placement.yaw};
  since_search_ = 1e9f;  // the first update searches
  report_ = MotionSearchReport{};
  searches_ = switches_ = 0;
}

bool MotionMatcher::ShouldSearch(const DesiredMotion& desired,
                                 const MotionMatchingSettings& settings, bool ran_out) const {
  return ran_out || since_search_ >= settings.search_interval ||
         glm::length(desired.velocity - searched_for_.velocity) > settings.sharp_velocity_change ||
         std::abs(WrapAngle(desired.yaw - searched_for_.yaw)) > settings.sharp_turn;
}

bool MotionMatcher::Update(float dt, const DesiredMotion& desired,
                           const MotionMatchingSettings& settings) {
  if (!std::isfinite(dt) || dt < 0.0f || !valid_) return false;
  shown_.BeginFrame(dt);
  StepGroundMotion(simulation_, desired, settings.halflives, dt);
  desired_trajectory_ = PredictTrajectory(simulation_, desired, settings.halflives);

  // The clip plays on and moves the character.
  ClockStep step;
  SampleInto(playing_, clip_, dt, pose_, &step);
  const MatchedClip& c = clips_[static_cast<std::size_t>(clip_)];
  if (c.motion != nullptr) {
    glm::vec3 position(placement_.position.x, 0.0f, placement_.position.y);
    ApplyMotion(c.motion->Delta(static_cast<float>(step.from), step.delta, c.mode), position,
                placement_.yaw);
    placement_.position = {position.x, position.z};
  }
  PullTowardsSimulation(dt, settings.adjust_halflife);
  row_ = RowAt(clip_, playing_.time);
  since_search_ += dt;

  // A clip that stops is left before its end (its last second is never
  // jumped to, so nothing keeps it playing there but the lack of a search).
  const float left = c.clip.StartTime() + c.clip.Duration() - playing_.time;
  const bool ran_out = c.mode != LoopMode::kLoop && left <= settings.search_interval;
  if (ShouldSearch(desired, settings, ran_out)) Search(desired, settings, ran_out, dt);
  shown_.ApplyInertialization(pose_);
  shown_.Remember(pose_);
  return true;
}

void MotionMatcher::PullTowardsSimulation(float dt, float halflife) {
  if (!(halflife > 0.0f)) return;
  constexpr float kLn2 = 0.69314718056f;
  const float share = 1.0f - std::exp(-kLn2 * dt / halflife);
  placement_.position += (simulation_.position - placement_.position) * share;
  placement_.yaw += WrapAngle(simulation_.yaw - placement_.yaw) * share;
}

void MotionMatcher::Search(const DesiredMotion& desired, const MotionMatchingSettings& settings,
                           bool ran_out, float dt) {
  searched_for_ = desired;
  since_search_ = 0.0f;
  ++searches_;
  // The trajectory part from the spring, the pose part the playing row's.
  std::array<float, kFeatureCount> raw{};
  WriteTrajectoryFeatures(placement_, desired_trajectory_, raw.data());
  db_->Normalise(raw, report_.query);
  const int pose_features = GroupSpan(FeatureGroup::kTrajectoryPositions).first;
  std::copy_n(db_->Row(row_).begin(), pose_features, report_.query.begin());

  report_.forced = ran_out;
  report_.playing =
      ran_out ? MatchResult{} : MatchResult{row_, MatchCost(*db_, report_.query, row_)};
  report_.counts = {};
  report_.found = SearchAccelerated(*db_, report_.query, report_.playing, &report_.counts);
  report_.switched = false;
  const int found = report_.found.row;
  if (found < 0 || found == row_) return;
  const MotionFrame& to = db_->Frame(found);
  if (to.clip == clip_ && std::abs(to.time - playing_.time) < settings.same_place_seconds) return;
  SwitchTo(found, dt, settings);
  report_.switched = true;
  ++switches_;
}

void MotionMatcher::SwitchTo(int row, float dt, const MotionMatchingSettings& settings) {
  const MotionFrame& to = db_->Frame(row);
  const MatchedClip& c = clips_[static_cast<std::size_t>(to.clip)];
  // The new row and one frame step on: the offset's velocity at the switch.
  probe_.Start(c.clip, c.mode);
  probe_.SetTime(to.time);
  SampleInto(probe_, to.clip, 0.0f, target_, nullptr);
  const float step = shown_.LastStep() > 0.0f ? shown_.LastStep() : dt;
  SampleInto(probe_, to.clip, step, target_next_, nullptr);
  shown_.StartInertialization(target_, target_next_, settings.transition_seconds);
  playing_.Start(c.clip, c.mode);
  playing_.SetTime(to.time);
  clip_ = to.clip;
  row_ = row;
  pose_.CopyFrom(target_);
}

}  // namespace anim
