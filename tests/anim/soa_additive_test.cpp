// anim::Add (soa_additive.h) against the additive formula written out with
// glm in the test, joint by joint, within 1e-6: weights 0, between, 1 and
// above, out aliasing in, delta rotations on both hemispheres, a base
// rotation that is not of unit length, and a degenerate (zero) rotation.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/blending/soa_additive.h"
#include "anim/offline/pose.h"
#include "random_values.h"
#include "test_util.h"

namespace {

using namespace anim_test;

constexpr int kJoints = 13;  // two groups of eight lanes, the second partial
constexpr float kTol = 1e-6f;

anim::Pose RandomPose(std::mt19937& random) {
  std::vector<anim::Transform> locals(kJoints);
  for (anim::Transform& t : locals)
    t = {RandomVec(random, -1, 1), RandomRotation(random), RandomVec(random, 0.5f, 2.0f)};
  std::vector<int> parents(kJoints);
  for (int j = 0; j < kJoints; ++j) parents[j] = j - 1;
  return anim::Pose(locals, parents);
}

void ExpectSoaEqualsPose(const anim::SoaPose& got, const anim::Pose& want,
                         const std::string& what) {
  for (int j = 0; j < kJoints; ++j) {
    SCOPED_TRACE(what + ", joint " + std::to_string(j));
    const anim::Transform g = got.Local(j), w = want.Local(j);
    ExpectVecNear(g.translation, w.translation, kTol);
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(g.rotation[c], w.rotation[c], kTol);
    ExpectVecNear(g.scale, w.scale, kTol);
  }
}

// out = in + weight * (add - base) for one joint: translation and scale add
// the weighted difference; rotation is in * delta^weight, delta =
// inverse(base) * add taken on the identity's side (w >= 0), delta^weight
// the normalised mix of the identity and delta, the product normalised
// (the identity where it vanishes).
anim::Transform ExpectedAdd(const anim::Transform& in, const anim::Transform& add,
                            const anim::Transform& base, float weight) {
  if (weight == 0.0f) return in;
  glm::quat delta = glm::inverse(base.rotation) * add.rotation;
  if (delta.w < 0.0f) delta = -delta;
  const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);
  const glm::quat scaled = glm::normalize(identity * (1.0f - weight) + delta * weight);
  const glm::quat r = in.rotation * scaled;
  const float length = glm::length(r);
  return {in.translation + (add.translation - base.translation) * weight,
          length > 0.0f ? r / length : identity, in.scale + (add.scale - base.scale) * weight};
}

anim::Pose ExpectedAdd(const anim::Pose& in, const anim::Pose& add, const anim::Pose& base,
                       float weight) {
  anim::Pose out = in;
  for (int j = 0; j < kJoints; ++j)
    out.SetLocal(j, ExpectedAdd(in.Local(j), add.Local(j), base.Local(j), weight));
  return out;
}

TEST(SoaAdditive, MatchesTheFormulaJointByJoint) {
  std::mt19937 random(21);
  const anim::Pose in = RandomPose(random);
  anim::Pose add = RandomPose(random);
  anim::Pose base = RandomPose(random);
  // Joint 2: the delta inverse(base) * add has a negative w (the shorter-arc
  // flip); joint 3: add equals base (no change); joint 4: a base rotation of
  // length 1.5 (glm::inverse divides by its squared length); joint 5: the
  // input rotation is zero (the result falls back to the identity).
  anim::Transform t = add.Local(2);
  t.rotation = -(base.Local(2).rotation * glm::angleAxis(0.4f, glm::vec3(0, 0, 1)));
  add.SetLocal(2, t);
  add.SetLocal(3, base.Local(3));
  t = base.Local(4);
  t.rotation = t.rotation * 1.5f;
  base.SetLocal(4, t);
  anim::Pose in_zero = in;
  t = in_zero.Local(5);
  t.rotation = glm::quat(0, 0, 0, 0);
  in_zero.SetLocal(5, t);

  const anim::SoaPose soa_add(add), soa_base(base);
  for (const float weight : {0.0f, 0.3f, 1.0f, 0.75f, 1.4f}) {
    for (const anim::Pose* input : {&in, static_cast<const anim::Pose*>(&in_zero)}) {
      const anim::Pose want = ExpectedAdd(*input, add, base, weight);
      anim::SoaPose out(RandomPose(random));
      anim::Add(out, anim::SoaPose(*input), soa_add, soa_base, weight);
      ExpectSoaEqualsPose(out, want, "weight " + std::to_string(weight));
      anim::SoaPose alias(*input);
      anim::Add(alias, alias, soa_add, soa_base, weight);
      ExpectSoaEqualsPose(alias, want, "out = in, weight " + std::to_string(weight));
      if (HasFailure()) return;
    }
  }
}

TEST(SoaAdditive, WeightZeroIsTheInputExactly) {
  std::mt19937 random(22);
  const anim::Pose in = RandomPose(random);
  const anim::SoaPose soa_in(in), add(RandomPose(random)), base(RandomPose(random));
  anim::SoaPose out(RandomPose(random));
  anim::Add(out, soa_in, add, base, 0.0f);
  for (int j = 0; j < kJoints; ++j) {
    EXPECT_EQ(out.Local(j).translation, in.Local(j).translation);
    EXPECT_EQ(out.Local(j).rotation, in.Local(j).rotation);
    EXPECT_EQ(out.Local(j).scale, in.Local(j).scale);
  }
}

}  // namespace
