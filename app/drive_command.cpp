#include "app/drive_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "anim/core/local_to_model_jobs.h"
#include "app/drive_metrics.h"
#include "app/loaded_motion.h"
#include "app/terminal_text.h"
#include "import/drive_script_file.h"
#include "samples/clip_speed.h"
#include "samples/foot_lock_legs.h"
#include "samples/graph_driver.h"

namespace animviewer {
namespace {

constexpr float kStep = 1.0f / 60.0f;
constexpr float kDegrees = 3.14159265358979f / 180.0f;

// The index of the key holding at `time`.
std::size_t KeyAt(const anim::DriveScript& script, float time) {
  std::size_t at = 0;
  for (std::size_t k = 0; k < script.keys.size(); ++k)
    if (script.keys[k].time <= time) at = k;
  return at;
}

// What the script asks for at `time`: the key holding then, the facing
// along the velocity unless the key gives one or the character stands.
anim::DesiredMotion Asked(const anim::DriveScript& script, float time, float units,
                          float forward_yaw, float standing_yaw) {
  const anim::DriveKey* key = &script.keys[KeyAt(script, time)];
  anim::DesiredMotion desired{key->velocity * units, standing_yaw};
  if (key->facing_deg)
    desired.yaw = *key->facing_deg * kDegrees - forward_yaw;
  else if (glm::length(key->velocity) > 0.1f)
    desired.yaw = std::atan2(key->velocity.x, key->velocity.y) - forward_yaw;
  return desired;
}

void PrintSummary(const char* label, const DriveSummary& s) {
  std::printf("%-7s %8.2f %9.2f %10.1f %12.1f %11.1f %9d %9d %10.1f %9.1f\n", label, s.metres,
              s.slide_cm, s.SlidePerMetre(), s.error_cm[0], s.error_cm[1], s.switches, s.searches,
              s.update_mean_us, s.update_max_us);
}

void PrintReport(const DriveMetrics& metrics, float duration) {
  std::printf(
      "second  walked_m  slide_cm  slide_cm/m  error_0.5s_cm  error_1s_cm  switches  "
      "searches  update_us  max_us\n");
  for (int second = 0; second < static_cast<int>(std::ceil(duration)); ++second) {
    char label[16];
    std::snprintf(label, sizeof label, "%d", second);
    PrintSummary(label, metrics.Summarise(static_cast<float>(second) - (second == 0 ? 1.0f : 0.0f),
                                          static_cast<float>(second + 1)));
  }
  const DriveSummary total = metrics.Summarise(-1.0f, duration + 1.0f);
  PrintSummary("total", total);
  std::printf(
      "total: walked %.2f m in %.1f s; feet slid %.1f cm (%.2f cm per metre); trajectory "
      "error %.1f cm at 0.5 s, %.1f cm at 1 s; %.2f switches and %.1f searches a second; "
      "update %.1f us mean, %.1f us max\n",
      total.metres, total.seconds, total.slide_cm, total.SlidePerMetre(), total.error_cm[0],
      total.error_cm[1], total.switches / std::max(total.seconds, 1e-6),
      total.searches / std::max(total.seconds, 1e-6), total.update_mean_us, total.update_max_us);
}

// What the search chose from: rows, clips, how many are mirror images, and
// what has no mirror and why.
void PrintDatabase(const LoadedMotion& loaded) {
  int jumped = 0;
  for (const anim::SearchRange& r : loaded.db.Ranges()) jumped += r.end - r.begin;
  std::printf("database: %d rows of %zu clips (%zu of them mirror images), %d may be jumped to\n",
              loaded.db.FrameCount(), loaded.motion.clips.size(), loaded.motion.mirrored.size(),
              jumped);
  if (!loaded.motion.mirror_note.empty())
    std::printf("database: %s\n", loaded.motion.mirror_note.c_str());
}

}  // namespace

int RunDrive(const Options& options) {
  const auto fail = [](const std::string& message) {
    std::cerr << "animviewer: " << EscapeControlCharacters(message, false) << "\n";
    return 1;
  };
  anim::DriveScript script;
  std::string error;
  if (!anim::ReadDriveScript(options.drive, &script, &error)) return fail(error);
  LoadedMotion loaded;
  if (!LoadMotion(options, &loaded, &error)) return fail(error);
  const anim::Skeleton& skeleton = loaded.model.skeleton;
  anim::MotionMatcher matcher(skeleton, loaded.db, loaded.matched, samples::kMotionFrameRate);
  if (std::string problem = matcher.Validate(); !problem.empty()) return fail(problem);
  samples::LocomotionGraphDriver graph;
  if (options.drive_graph && !graph.Load(loaded.model, &error)) return fail(error);
  const anim::MotionMatchingSettings settings;
  const float units = samples::UnitsPerMetre(loaded.model);
  DriveMetrics metrics(units);
  std::vector<glm::mat4> models(static_cast<std::size_t>(skeleton.JointCount()));
  const int feet[2] = {loaded.motion.joints.left_foot, loaded.motion.joints.right_foot};
  // --foot-lock: the pose measured is the locked one.
  const auto legs = samples::FootLockLegs(skeleton, loaded.motion.joints);
  if (options.foot_lock && !legs)
    return fail("--foot-lock: the feet have no knee and hip above them");
  anim::ik::FootLock lock;
  const anim::ik::FootLockSettings lock_settings = samples::FootLockSettingsFor(units);
  anim::SoaPose locked = skeleton.RestPose();
  float yaw = 0.0f;
  const int frames = static_cast<int>(std::lround(script.duration / kStep));
  for (int i = 0; i < frames; ++i) {
    const float time = static_cast<float>(i) * kStep;
    const anim::DesiredMotion desired = Asked(script, time, units, loaded.motion.forward_yaw, yaw);
    yaw = desired.yaw;
    const long long searches = matcher.Searches(), switches = matcher.Switches();
    const auto start = std::chrono::steady_clock::now();
    if (options.drive_graph) {
      graph.Update(kStep, desired, units);
    } else {
      matcher.Update(kStep, desired, settings);
    }
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const anim::GroundPlacement at = options.drive_graph ? graph.Placement() : matcher.Placement();
    const glm::mat4 world = glm::rotate(
        glm::translate(glm::mat4(1.0f), {at.position.x, 0.0f, at.position.y}), at.yaw, {0, 1, 0});
    locked.CopyFrom(options.drive_graph ? graph.Pose() : matcher.Pose());
    if (options.foot_lock) {
      anim::ik::IkPose view(skeleton, locked);
      lock.Apply(view, *legs, world, kStep, lock_settings);
    }
    anim::ComputeModelMatrices(skeleton, locked, models);
    DriveFrame frame{
        time + kStep,
        at.position,
        options.drive_graph ? graph.Simulation().position : matcher.Simulation().position,
        {},
        matcher.Searches() > searches,
        matcher.Switches() > switches,
        took.count()};
    for (int f = 0; f < 2; ++f) frame.feet[f] = glm::vec3(world * models[feet[f]][3]);
    metrics.Add(frame);
  }
  std::printf("drive: %s on %s, %.1f s at 60 frames a second (%s%s)\n", options.drive.c_str(),
              loaded.model.source_path.c_str(), script.duration,
              options.drive_graph ? "locomotion graph" : "motion matching",
              options.foot_lock ? ", feet locked" : "");
  if (!options.drive_graph) PrintDatabase(loaded);
  PrintReport(metrics, script.duration);
  return 0;
}

}  // namespace animviewer
