// MotionMatcher: a character driven by motion matching. Each update it
// moves a simulated character on the ground towards the desired velocity
// and facing (trajectory_spring.h), and every `search_interval` seconds, or
// at once when the desired motion changes sharply or a clip that does not
// loop runs out, it searches the database (motion_search.h) with a query
// made of the playing row's pose features and the trajectory the spring
// predicts from where the character is. A better row starts playing at
// once, the switch hidden by inertialization (the one record of the poses
// shown, anim/control/shown_pose_history.h), as in D. Holden's
// Motion-Matching demo (2021) and S. Clavet's GDC 2016 talk.
//
// The character moves by its clips' root motion (anim/clips/root_motion.h):
// the pose comes out with the root's travel and turn taken out, to be drawn
// at Placement(). The simulated character is the player's: it follows the
// input alone, and the trajectory asked for is predicted from it but seen
// from the character. Where the clips cannot follow (a database without a
// turn cannot turn), the character's placement is pulled towards the
// simulation's (position and yaw, `adjust_halflife`), as in Holden's demo:
// it then slides, which foot-sliding measures show; 0 leaves root motion
// alone.
//
// Units: the database's and the model's (a velocity in model units per
// second). Allocates in its constructor and Reset only.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "anim/clips/root_motion.h"
#include "anim/compression/playback.h"
#include "anim/control/shown_pose_history.h"
#include "anim/matching/motion_search.h"
#include "anim/matching/trajectory_spring.h"

namespace anim {

// A clip the matcher plays: index i is the database's MotionFrame::clip i.
struct MatchedClip {
  ClipRef clip;
  const RootMotion* motion = nullptr;  // null: the clip does not move the character
  LoopMode mode = LoopMode::kLoop;
};

struct MotionMatchingSettings {
  float search_interval = 0.1f;     // seconds between searches
  float transition_seconds = 0.2f;  // how long an inertialized switch takes
  // A search at once when the desired velocity changes by more than this
  // (model units per second) or the desired facing by more than
  // `sharp_turn` radians since the last search.
  float sharp_velocity_change = 0.5f;
  float sharp_turn = 0.5f;
  // A row of the clip playing nearer than this (seconds) is the same place,
  // not worth a switch.
  float same_place_seconds = 0.2f;
  // The character's placement halves its distance to the simulation's in
  // this many seconds (<= 0: never pulled).
  float adjust_halflife = 0.2f;
  SpringHalflives halflives;
};

// What the last search saw and did.
struct MotionSearchReport {
  std::array<float, kFeatureCount> query{};  // normalised
  MatchResult playing;                       // the playing row and its cost (-1: not searchable)
  MatchResult found;                         // the row found (playing's when nothing beat it)
  SearchCounts counts;
  bool switched = false;
  bool forced = false;  // by a sharp change or a clip running out
};

class MotionMatcher {
 public:
  MotionMatcher() = default;
  // `rows_per_second`: the database's frame rate. Skeleton, database, clips
  // and their root motions are the caller's and must outlive the matcher.
  MotionMatcher(const Skeleton& skeleton, const MotionDatabase& db,
                std::span<const MatchedClip> clips, float rows_per_second);

  // "" or the first problem: a database row naming a clip that is not
  // given, rows of a clip that are not contiguous, no searchable row.
  // Checked once when the matcher is made; Reset and Update refuse a
  // matcher it refuses.
  std::string Validate() const;

  // Starts over at `placement`, playing `row` (-1: the first searchable).
  void Reset(const GroundPlacement& placement, int row = -1);
  // One frame of `dt` seconds towards `desired` (world; velocity in model
  // units per second). False, changing nothing, for a dt that is not finite
  // and >= 0 or a matcher that does not validate.
  bool Update(float dt, const DesiredMotion& desired, const MotionMatchingSettings& settings);

  // The pose shown, root motion taken out: draw it at Placement().
  const SoaPose& Pose() const { return pose_; }
  const GroundPlacement& Placement() const { return placement_; }
  const GroundMotion& Simulation() const { return simulation_; }
  // Where the spring says the character will be at the horizons (world).
  const std::array<GroundPlacement, 3>& DesiredTrajectory() const { return desired_trajectory_; }
  // The database row playing, and the playback.
  int Row() const { return row_; }
  const Playback& Playing() const { return playing_; }
  int PlayingClip() const { return clip_; }
  const MotionSearchReport& LastSearch() const { return report_; }
  long long Searches() const { return searches_; }
  long long Switches() const { return switches_; }
  bool Inertializing() const { return shown_.Inertializing(); }

 private:
  int RowAt(int clip, float time) const;
  bool ShouldSearch(const DesiredMotion& desired, const MotionMatchingSettings& settings,
                    bool ran_out) const;
  void Search(const DesiredMotion& desired, const MotionMatchingSettings& settings, bool ran_out,
              float dt);
  void SwitchTo(int row, float dt, const MotionMatchingSettings& settings);
  void PullTowardsSimulation(float dt, float halflife);
  // Samples `playback` (after moving it by dt) into `pose`, root motion out.
  void SampleInto(Playback& playback, int clip, float dt, SoaPose& pose, ClockStep* step);

  bool valid_ = false;  // Validate() passed when made
  const Skeleton* skeleton_ = nullptr;
  const MotionDatabase* db_ = nullptr;
  std::vector<MatchedClip> clips_;
  std::vector<int> first_row_, row_count_;
  float rows_per_second_ = 30.0f;

  Playback playing_, probe_;
  int clip_ = 0;
  int row_ = 0;
  SoaPose rest_, pose_, target_, target_next_;
  ShownPoseHistory shown_;
  GroundPlacement placement_;
  GroundMotion simulation_;
  std::array<GroundPlacement, 3> desired_trajectory_{};
  DesiredMotion searched_for_;
  float since_search_ = 0.0f;
  MotionSearchReport report_;
  long long searches_ = 0, switches_ = 0;
};

}  // namespace anim
