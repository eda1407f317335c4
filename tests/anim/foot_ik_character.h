// Shared by the foot IK tests and benchmark: a character standing in its
// idle pose with both legs described for anim::ik::SolveFootIk, and an
// analytic ground plane as the ground query, so the geometry the tests
// check against is computed independently of any mesh code.
#pragma once

#include <array>
#include <cmath>
#include <string>

#include <glm/glm.hpp>

#include "anim/ik/foot_ik.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "tests/support/pose_sampling.h"

namespace foot_ik_test {

// The plane dot(n, p) = d, n unit.
struct Plane {
  glm::vec3 normal{0, 1, 0};
  float offset = 0.0f;
  float Distance(const glm::vec3& p) const { return glm::dot(normal, p) - offset; }
  // Height of the plane above (x, z).
  float HeightAt(float x, float z) const {
    return (offset - normal.x * x - normal.z * z) / normal.y;
  }
};

// Ray against the plane, both sides.
inline bool RaycastPlane(const void* context, const glm::vec3& origin, const glm::vec3& direction,
                         float max_distance, anim::ik::GroundContact* contact) {
  const Plane& plane = *static_cast<const Plane*>(context);
  const float along = glm::dot(plane.normal, direction);
  if (std::abs(along) < 1e-9f) return false;
  const float t = -plane.Distance(origin) / along;
  if (t < 0.0f || t > max_distance) return false;
  contact->point = origin + direction * t;
  contact->normal = plane.normal;
  return true;
}

// A plane through `point` tilted from flat by `degrees` about `axis`.
inline Plane TiltedPlane(const glm::vec3& point, const glm::vec3& axis, float degrees) {
  const float a = glm::radians(degrees);
  const glm::vec3 u = glm::normalize(axis);
  // Rodrigues' rotation of +Y about u.
  const glm::vec3 y(0, 1, 0);
  const glm::vec3 n =
      y * std::cos(a) + glm::cross(u, y) * std::sin(a) + u * glm::dot(u, y) * (1 - std::cos(a));
  return Plane{n, glm::dot(n, point)};
}

struct Character {
  anim::Model model;
  anim::Pose animated;  // the clip's pose, feet on the model's floor
  std::array<anim::ik::FootIkLeg, 2> legs;
  std::array<int, 2> toes{-1, -1};
  int pelvis = -1;
  float units_per_metre = 1.0f;
  std::string error;  // why it could not be set up
};

inline int JointNamed(const anim::Skeleton& skeleton, const std::string& name) {
  for (int j = 0; j < skeleton.JointCount(); ++j)
    if (skeleton.JointName(j) == name) return j;
  return -1;
}

// `clip` at `time`; both legs' ankle_height is the ankle's height in that
// pose, so the feet stand exactly on the model's floor (y = 0).
inline Character LoadCharacter(const std::string& path, const std::string& clip_name, float time) {
  Character c;
  if (!anim::LoadGltfModel(path, &c.model, &c.error)) return c;
  const anim::Skeleton& s = c.model.skeleton;
  const int clip = c.model.FindClip(clip_name);
  if (clip < 0) {
    c.error = "no clip " + clip_name;
    return c;
  }
  c.animated = anim::RestPoseOf(s);
  test_support::SampleInto(c.model.clips[clip], c.animated, time);
  c.pelvis = JointNamed(s, "Hips");
  const char* feet[2] = {"LeftFoot", "RightFoot"};
  const char* toes[2] = {"LeftToeBase", "RightToeBase"};
  for (int i = 0; i < 2; ++i) {
    if (!anim::ik::LegFromAnkle(s, JointNamed(s, feet[i]), &c.legs[i])) {
      c.error = std::string("no leg above ") + feet[i];
      return c;
    }
    c.legs[i].ankle_height = c.animated.ModelMatrix(c.legs[i].ankle)[3].y;
    c.toes[i] = JointNamed(s, toes[i]);
  }
  // A 1.8 m adult's head at 1.58 m (the samples' convention for models
  // that do not say their units).
  c.units_per_metre = anim::RestPoseOf(s).ModelMatrix(JointNamed(s, "Head"))[3].y / 1.58f;
  return c;
}

// A job for the character's two legs on `plane`, reading and writing the
// caller's arrays (which must outlive it).
struct Job {
  std::array<anim::ik::FootIkLeg, 2> legs;
  std::array<anim::ik::FootIkLegResult, 2> results;
  anim::ik::FootIkJob job;
  Job(const Character& c, const Plane& plane) : legs(c.legs) {
    job.legs = legs;
    job.results = results;
    job.pelvis = c.pelvis;
    job.ground = {RaycastPlane, &plane};
  }
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;
};

}  // namespace foot_ik_test
