// The rig, clips and helpers the graph node tests share. Every clip is
// analytic, so a test can work out the pose it expects by hand:
//   ramp  1 s   every joint's x = t                  (x0 0 -> x1 1)
//   slow  2 s   every joint's x = 2 t                (0 -> 4)
//   still 1 s   every joint's x = 10
//   spin  1 s   joint 1 (spine) turns about +Z at 90 degrees a second
//               (slerp between two keys: exactly 90 t degrees)
//   walk  1 s   every joint's x = 3, no root travel, ground speed 2 m/s
//   run   0.5 s every joint's x = 7, no root travel, ground speed 6 m/s
// walk and run are treadmill clips: a clip node with root motion moves the
// character along +Z at their speed (anim/clips/root_motion.h, kSynthesized), so
// motion deltas are speed x seconds played.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "anim/graph/animation_graph.h"
#include "anim/graph/clip_node.h"
#include "tests/anim/test_rig.h"
#include "tests/anim/test_util.h"

namespace anim_test {

inline anim::Clip MakeSpinClip(const std::string& name, int joint, float degrees_per_second,
                               float duration) {
  anim::JointTracks jt;
  jt.joint = joint;
  jt.rotation = anim::QuaternionTrack(
      anim::Interpolation::kLinear, {0, duration},
      {glm::quat(1, 0, 0, 0), AxisAngle(degrees_per_second * duration, {0, 0, 1})});
  return anim::Clip(name, {jt});
}

inline anim::Clip MakeTreadmillClip(const std::string& name, float duration, float x, float speed) {
  anim::Clip clip = MakeSlideClip(name, duration, x, x);
  clip.SetSpeed(speed);
  return clip;
}

// A layer over `root` with a weight and everything else at its default.
inline anim::Layer MakeLayer(std::string name, anim::Node* root,
                             anim::FloatInput weight = {-1, 1.0f}) {
  anim::Layer l;
  l.name = std::move(name);
  l.root = root;
  l.weight = weight;
  return l;
}

// One fired event, copied out of the graph's buffer for comparisons.
struct SeenEvent {
  anim::EventKind kind;
  std::string name;
  float time;
  float weight;
};

inline std::vector<SeenEvent> EventsOf(const anim::AnimationGraph& g, anim::EventKind kind) {
  std::vector<SeenEvent> seen;
  for (const anim::FiredEvent& e : g.Events()) {
    if (e.kind == kind) seen.push_back({e.kind, std::string(e.name), e.time, e.weight});
  }
  return seen;
}

inline int CountEvents(const anim::AnimationGraph& g, anim::EventKind kind, std::string_view name) {
  int n = 0;
  for (const anim::FiredEvent& e : g.Events()) n += e.kind == kind && e.name == name;
  return n;
}

class GraphFixture : public ::testing::Test {
 protected:
  float X(int joint = 0) const { return graph.SoaOutput().Local(joint).translation.x; }
  glm::quat Rotation(int joint) const { return graph.SoaOutput().Local(joint).rotation; }

  anim::ClipNode* AddClip(const std::string& name, const anim::Clip& clip,
                          anim::LoopMode loop = anim::LoopMode::kLoop, float rate = 1.0f,
                          bool root_motion = false) {
    anim::ClipNodeOptions o;
    o.loop = loop;
    o.rate = {-1, rate};
    o.root_motion = root_motion;
    return graph.Add<anim::ClipNode>(name, skeleton, clip, o);
  }
  static anim::ClipNodeOptions RootMotionOptions() {
    anim::ClipNodeOptions o;
    o.root_motion = true;
    return o;
  }
  anim::ClipNode* AddRootMotionClip(const std::string& name, const anim::Clip& clip) {
    return AddClip(name, clip, anim::LoopMode::kLoop, 1.0f, true);
  }
  int AddFloat(const std::string& name, float value) {
    return graph.Params().Add(name, anim::ParamType::kFloat, value);
  }

  anim::Skeleton skeleton = MakeTestSkeleton();
  anim::Clip ramp = MakeSlideClip("ramp", 1.0f, 0.0f, 1.0f);
  anim::Clip slow = MakeSlideClip("slow", 2.0f, 0.0f, 4.0f);
  anim::Clip still = MakeSlideClip("still", 1.0f, 10.0f, 10.0f);
  anim::Clip spin = MakeSpinClip("spin", 1, 90.0f, 1.0f);
  anim::Clip walk = MakeTreadmillClip("walk", 1.0f, 3.0f, 2.0f);
  anim::Clip run = MakeTreadmillClip("run", 0.5f, 7.0f, 6.0f);
  anim::AnimationGraph graph{skeleton};
};

}  // namespace anim_test
