// assets/mannequin_locomotion.gltf, the mannequin's locomotion dance card
// (tools/make_mannequin --locomotion): its feet stay where they land while
// the body travels over them, nothing goes under the ground, each turn
// turns by the angle its name gives, starts end at speed and stops end
// still. Positions are read off the imported clips at 120 Hz (between the
// keys too), in model space, which for these clips is the ground's: their
// hips carry the travel.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/root_motion.h"
#include "import/gltf_importer.h"
#include "tests/support/pose_sampling.h"

namespace {

const std::string kPath = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin_locomotion.gltf";

const anim::Model& Loaded() {
  static const anim::Model model = [] {
    anim::Model m;
    std::string error;
    EXPECT_TRUE(anim::LoadGltfModel(kPath, &m, &error)) << error;
    return m;
  }();
  return model;
}

const anim::Clip& ClipNamed(const std::string& name) {
  const int c = Loaded().FindClip(name);
  EXPECT_GE(c, 0) << name;
  return Loaded().clips[static_cast<std::size_t>(std::max(c, 0))];
}

// Model-space positions of `joint` every 1/120 s over the clip.
std::vector<glm::vec3> JointPath(const anim::Clip& clip, int joint) {
  const anim::Skeleton& s = Loaded().skeleton;
  anim::Pose pose = anim::RestPoseOf(s);
  std::vector<glm::vec3> path;
  for (float t = clip.StartTime(); t <= clip.EndTime() + 1e-6f; t += 1.0f / 120.0f) {
    test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
    path.push_back(glm::vec3(pose.ModelMatrix(joint)[3]));
  }
  return path;
}

const std::vector<std::string> kDanceCard = {"Walk_Start",
                                             "Walk_Stop",
                                             "Run_Start",
                                             "Run_Stop",
                                             "Walk_Turn_Left_45",
                                             "Run_Turn_Left_45",
                                             "Walk_Turn_Left_90",
                                             "Run_Turn_Left_90",
                                             "Walk_Turn_Left_135",
                                             "Run_Turn_Left_135",
                                             "Walk_Turn_Left_180",
                                             "Run_Turn_Left_180",
                                             "Walk_Curve_Left",
                                             "Run_Curve_Left",
                                             "Turn_On_The_Spot_Left_90",
                                             "Turn_On_The_Spot_Left_180",
                                             "Side_Step_Left",
                                             "Back_Up"};

// A foot is down while its ankle is within 5 mm of the lowest it gets; over
// each stretch down, it moves less than 1.5 cm over the ground (the heel
// lifting about the planted toes moves the ankle up, out of the stretch).
TEST(MannequinLocomotion, FeetStayWhereTheyLandWhileTheBodyTravels) {
  const anim::Skeleton& s = Loaded().skeleton;
  for (const std::string& name : kDanceCard) {
    for (const char* foot : {"LeftFoot", "RightFoot"}) {
      const std::vector<glm::vec3> path = JointPath(ClipNamed(name), s.FindJoint(foot));
      float lowest = 1e9f;
      for (const glm::vec3& p : path) lowest = std::min(lowest, p.y);
      float worst = 0.0f;
      int stretches = 0;
      std::size_t i = 0;
      while (i < path.size()) {
        if (path[i].y > lowest + 0.005f) {
          ++i;
          continue;
        }
        const glm::vec2 at(path[i].x, path[i].z);
        ++stretches;
        for (; i < path.size() && path[i].y <= lowest + 0.005f; ++i)
          worst = std::max(worst, glm::distance(at, glm::vec2(path[i].x, path[i].z)));
      }
      std::printf("%-26s %-9s %2d stretches down, worst slide %.1f mm\n", name.c_str(), foot,
                  stretches, 1000.0f * worst);
      EXPECT_GE(stretches, 1) << name << " " << foot;
      EXPECT_LT(worst, 0.015f) << name << " " << foot;
    }
  }
}

// Each foot stands on its own side: while down (within 5 mm of its
// lowest), the left ankle is left of the hips (+X when facing +Z) and the
// right one right of them, seen along where the hips face on average over
// the second around (the pelvis's own twist averaged out), whichever way the
// clip has turned.
TEST(MannequinLocomotion, EachFootStandsOnItsOwnSideAsTheBodyTurns) {
  const anim::Skeleton& s = Loaded().skeleton;
  const int hips = s.FindJoint("Hips");
  for (const std::string& name : kDanceCard) {
    const anim::Clip& clip = ClipNamed(name);
    const std::vector<glm::vec3> at = JointPath(clip, hips);
    std::vector<glm::vec3> facing;  // the hips' +Z on the ground, per frame
    anim::Pose pose = anim::RestPoseOf(s);
    for (std::size_t i = 0; i < at.size(); ++i) {
      test_support::SampleInto(clip, pose, clip.StartTime() + static_cast<float>(i) / 120.0f,
                               anim::LoopMode::kClamp);
      const glm::mat4 h = pose.ModelMatrix(hips);
      facing.push_back(glm::normalize(glm::vec3(h[2].x, 0.0f, h[2].z)));
    }
    for (const char* foot : {"LeftFoot", "RightFoot"}) {
      const float side = std::string(foot) == "LeftFoot" ? 1.0f : -1.0f;
      const std::vector<glm::vec3> path = JointPath(clip, s.FindJoint(foot));
      float lowest = 1e9f;
      for (const glm::vec3& p : path) lowest = std::min(lowest, p.y);
      float least = 1e9f;
      for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i].y > lowest + 0.005f) continue;
        glm::vec3 mean(0.0f);
        for (std::size_t k = i > 60 ? i - 60 : 0; k < std::min(path.size(), i + 60); ++k)
          mean += facing[k];
        const glm::vec3 ahead = glm::normalize(mean);
        const glm::vec3 left(ahead.z, 0.0f, -ahead.x);
        least = std::min(least, side * glm::dot(path[i] - at[i], left));
      }
      EXPECT_GT(least, 0.0f) << name << " " << foot;
    }
  }
}

// No joint of the feet goes under the ground (1 cm of slack, the key
// interpolation's), and the ankles rest at the same height in every clip.
TEST(MannequinLocomotion, NothingGoesUnderTheGround) {
  const anim::Skeleton& s = Loaded().skeleton;
  for (const std::string& name : kDanceCard) {
    for (const char* joint : {"LeftFoot", "RightFoot", "LeftToeBase", "RightToeBase"}) {
      float lowest = 1e9f;
      for (const glm::vec3& p : JointPath(ClipNamed(name), s.FindJoint(joint)))
        lowest = std::min(lowest, p.y);
      const float rest = glm::vec3(anim::RestPoseOf(s).ModelMatrix(s.FindJoint(joint))[3]).y;
      EXPECT_GT(lowest, rest - 0.01f) << name << " " << joint;
    }
  }
}

// The runtime's root motion (read from the hips) turns each turn by the
// angle in its name, to the left (+ yaw: +Z towards +X).
TEST(MannequinLocomotion, EachTurnTurnsByTheAngleInItsName) {
  const anim::Skeleton& s = Loaded().skeleton;
  for (const std::string& name : kDanceCard) {
    const std::size_t at = name.rfind("Left_");
    if (at == std::string::npos) continue;
    const float degrees = std::stof(name.substr(at + 5));
    const anim::Clip& clip = ClipNamed(name);
    const anim::RootMotion motion = anim::RootMotion::FromClip(s, clip, s.FindJoint("Hips"));
    const anim::MotionDelta whole =
        motion.Delta(clip.StartTime(), clip.Duration(), anim::LoopMode::kClamp);
    EXPECT_NEAR(glm::degrees(whole.yaw), degrees, 1.0f) << name;
  }
}

// Ground speed (m/s) of the hips over [from, to] seconds of the clip.
float Speed(const std::string& name, float from, float to) {
  const anim::Skeleton& s = Loaded().skeleton;
  const anim::Clip& clip = ClipNamed(name);
  const std::vector<glm::vec3> hips = JointPath(clip, s.FindJoint("Hips"));
  const auto frame = [&](float t) {
    return hips[std::min(hips.size() - 1, static_cast<std::size_t>(std::lround(t * 120.0f)))];
  };
  const glm::vec3 d = frame(to) - frame(from);
  return glm::length(glm::vec2(d.x, d.z)) / (to - from);
}

TEST(MannequinLocomotion, StartsEndAtTheGaitsSpeedAndStopsEndStill) {
  // One whole cycle at the end (or start) averages out the sway.
  EXPECT_NEAR(Speed("Walk_Start", 3.3f - 1.1f, 3.3f), 1.4f, 0.03f);
  EXPECT_LT(Speed("Walk_Start", 0.0f, 0.5f), 0.01f);
  EXPECT_NEAR(Speed("Walk_Stop", 0.0f, 1.1f), 1.4f, 0.03f);
  EXPECT_LT(Speed("Walk_Stop", 2.3f, 3.3f), 0.03f);
  EXPECT_NEAR(Speed("Run_Start", 3.5f - 0.7f, 3.5f), 3.5f, 0.05f);
  EXPECT_LT(Speed("Run_Stop", 2.8f, 3.5f), 0.03f);
}

}  // namespace
