// Shared by the graph description tests: the default character, the
// example description, and pose comparisons.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <sstream>
#include <string>

#include "anim/graph/state_machine.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "import/graph_description.h"

namespace graph_test {

inline const std::string kExamplePath =
    std::string(ANIM_SOURCE_DIR) + "/assets/graphs/mannequin_locomotion.json";

// Loaded once: every test reads it, none changes it.
inline const anim::Model& Mannequin() {
  static const anim::Model model = [] {
    anim::Model m;
    std::string error;
    if (!anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &m, &error)) {
      ADD_FAILURE() << error;
    }
    return m;
  }();
  return model;
}

inline const anim::Clip& ClipNamed(const std::string& name) {
  const int i = Mannequin().FindClip(name);
  EXPECT_GE(i, 0) << name;
  return Mannequin().clips.at(i);
}

// A transition as the hand-built graphs write them; other fields keep
// their defaults unless the caller sets them.
inline anim::Transition MakeTransition(int from, int to, std::vector<anim::Condition> when,
                                       float duration) {
  anim::Transition t;
  t.from = from;
  t.to = to;
  t.conditions = std::move(when);
  t.duration = duration;
  return t;
}

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Largest component difference between two poses' local transforms
// (0 exactly when they are equal); rotations compare up to sign, as q and
// -q are one rotation.
inline float PoseDifference(const anim::Pose& a, const anim::Pose& b) {
  if (a.JointCount() != b.JointCount()) return INFINITY;
  float worst = 0.0f;
  for (int j = 0; j < a.JointCount(); ++j) {
    const anim::Transform& x = a.Local(j);
    const anim::Transform& y = b.Local(j);
    float same = 0.0f, flipped = 0.0f;
    for (int k = 0; k < 4; ++k) {
      same = std::max(same, std::abs(x.rotation[k] - y.rotation[k]));
      flipped = std::max(flipped, std::abs(x.rotation[k] + y.rotation[k]));
    }
    worst = std::max(worst, std::min(same, flipped));
    for (int k = 0; k < 3; ++k) {
      worst = std::max(worst, std::abs(x.translation[k] - y.translation[k]));
      worst = std::max(worst, std::abs(x.scale[k] - y.scale[k]));
    }
  }
  return worst;
}

inline bool PoseFinite(const anim::Pose& p) {
  for (int j = 0; j < p.JointCount(); ++j) {
    const anim::Transform& t = p.Local(j);
    for (int k = 0; k < 3; ++k) {
      if (!std::isfinite(t.translation[k]) || !std::isfinite(t.scale[k])) return false;
    }
    for (int k = 0; k < 4; ++k) {
      if (!std::isfinite(t.rotation[k])) return false;
    }
  }
  return true;
}

}  // namespace graph_test
