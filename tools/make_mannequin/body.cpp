#include "body.h"

#include <vector>

#include "pose_math.h"
#include "rig.h"

namespace mannequin {

namespace {

// Linear-space vertex colours: a warm orange dummy with charcoal ball joints
// and waist, darker hands and feet, a cream head. The left limbs are a little
// yellower and the right ones a little redder so the legs read apart in motion.
const glm::vec4 kTorsoColor{0.80f, 0.36f, 0.08f, 1.0f};
const glm::vec4 kLeftLimbColor{0.88f, 0.52f, 0.12f, 1.0f};
const glm::vec4 kRightLimbColor{0.70f, 0.22f, 0.06f, 1.0f};
const glm::vec4 kJointColor{0.05f, 0.05f, 0.06f, 1.0f};
const glm::vec4 kHandFootColor{0.16f, 0.08f, 0.04f, 1.0f};
const glm::vec4 kHeadColor{0.85f, 0.60f, 0.32f, 1.0f};
const glm::vec4 kEyeColor{0.01f, 0.01f, 0.01f, 1.0f};

auto Solid(glm::vec4 c) {
  return [c](const glm::vec3&) { return c; };
}
auto Bone(int joint) {
  return [joint](const glm::vec3&) { return joint; };
}

// A radius profile through control points (s, value), smooth (Catmull-Rom
// style cubic through the points, flat at the ends).
struct Profile {
  std::vector<glm::vec3> points;  // (s, radius_u, radius_v)
  glm::vec2 operator()(float s) const {
    if (s <= points.front().x) return {points.front().y, points.front().z};
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
      const glm::vec3& p0 = points[i];
      const glm::vec3& p1 = points[i + 1];
      if (s > p1.x) continue;
      const float t = (s - p0.x) / (p1.x - p0.x);
      const glm::vec3& before = i > 0 ? points[i - 1] : p0;
      const glm::vec3& after = i + 2 < points.size() ? points[i + 2] : p1;
      glm::vec2 m0 = 0.5f * (glm::vec2(p1.y, p1.z) - glm::vec2(before.y, before.z));
      glm::vec2 m1 = 0.5f * (glm::vec2(after.y, after.z) - glm::vec2(p0.y, p0.z));
      if (i == 0) m0 = glm::vec2(0.0f);
      if (i + 2 >= points.size()) m1 = glm::vec2(0.0f);
      return {Hermite(p0.y, m0.x, p1.y, m1.x, t), Hermite(p0.z, m0.y, p1.z, m1.y, t)};
    }
    return {points.back().y, points.back().z};
  }
};

TubeSpec Ball(int joint, float radius, int bone) {
  TubeSpec spec = Ellipsoid(BindPosition(joint), glm::vec3(radius));
  spec.color = Solid(kJointColor);
  spec.bone = Bone(bone);
  spec.rigid = true;  // a ball turning about its own centre keeps its shape
  return spec;
}

void AddTorsoAndHead(Mesh& mesh) {
  // Torso: one superellipse tube along +Y from the pelvis to the shoulders;
  // profile control points are (height, half-width, half-depth).
  const float bottom = 0.90f, top = 1.50f;
  auto s_of = [&](float y) { return (y - bottom) / (top - bottom); };
  Profile widths{{{s_of(0.90f), 0.150f, 0.100f},
                  {s_of(0.97f), 0.165f, 0.112f},
                  {s_of(1.05f), 0.152f, 0.100f},
                  {s_of(1.13f), 0.138f, 0.090f},
                  {s_of(1.23f), 0.150f, 0.100f},
                  {s_of(1.33f), 0.172f, 0.112f},
                  {s_of(1.42f), 0.178f, 0.105f},
                  {s_of(1.50f), 0.150f, 0.080f}}};
  TubeSpec torso;
  torso.a = {0.0f, bottom, 0.0f};
  torso.b = {0.0f, top, 0.0f};
  torso.side = {1, 0, 0};  // second axis = Y x X = -Z
  torso.cap_a = 0.06f;
  torso.cap_b = 0.05f;
  torso.radii = widths;
  torso.exponent = 2.6f;
  torso.around = 36;
  torso.rings = 28;
  torso.cap_rings = 8;
  const float band_low = 1.065f, band_high = 1.165f;  // the dark waist band
  torso.color = [=](const glm::vec3& p) {
    return (p.y > band_low && p.y < band_high) ? kJointColor : kTorsoColor;
  };
  for (float edge : {band_low, band_high})
    for (float side : {-0.002f, 0.002f}) torso.extra_rings.push_back(s_of(edge + side));
  torso.bone = [](const glm::vec3& p) {
    if (p.y < BindPosition(kSpine).y) return static_cast<int>(kHips);
    if (p.y < BindPosition(kSpine1).y) return static_cast<int>(kSpine);
    if (p.y < BindPosition(kSpine2).y) return static_cast<int>(kSpine1);
    return static_cast<int>(kSpine2);
  };
  AddTube(mesh, torso);

  TubeSpec neck;
  neck.a = {0.0f, 1.47f, 0.0f};
  neck.b = {0.0f, 1.63f, 0.0f};
  neck.cap_a = neck.cap_b = 0.02f;
  neck.radii = [](float s) { return glm::vec2(0.050f - 0.006f * s); };
  neck.around = 24;
  neck.rings = 10;
  neck.cap_rings = 4;
  neck.color = Solid(kJointColor);
  neck.bone = [](const glm::vec3& p) {
    return static_cast<int>(p.y < BindPosition(kHead).y ? kNeck : kHead);
  };
  AddTube(mesh, neck);

  TubeSpec head = Ellipsoid({0.0f, 1.685f, 0.012f}, {0.088f, 0.115f, 0.103f});
  head.around = 32;
  head.cap_rings = 13;
  head.color = Solid(kHeadColor);
  head.bone = Bone(kHead);
  head.rigid = true;
  AddTube(mesh, head);
  // Eyes and a nose so the facing direction reads at a glance.
  for (float side : {-1.0f, 1.0f}) {
    TubeSpec eye = Ellipsoid({side * 0.034f, 1.705f, 0.096f}, glm::vec3(0.014f));
    eye.around = 12;
    eye.cap_rings = 5;
    eye.color = Solid(kEyeColor);
    eye.bone = Bone(kHead);
    eye.rigid = true;
    AddTube(mesh, eye);
  }
  TubeSpec nose = Ellipsoid({0.0f, 1.675f, 0.108f}, {0.014f, 0.024f, 0.016f});
  nose.around = 12;
  nose.cap_rings = 5;
  nose.color = Solid(kHeadColor);
  nose.bone = Bone(kHead);
  nose.rigid = true;
  AddTube(mesh, nose);
}

// A hand: a chunky mitten (reads as a fist or an open hand alike), palm
// down in the T pose, plus a thumb pointing forward; built for the left side
// and mirrored with x -> -x.
void AddHand(Mesh& mesh, bool left) {
  const float sx = left ? 1.0f : -1.0f;
  const int hand = left ? kLeftHand : MirrorJoint(kLeftHand);
  const glm::vec3 wrist = BindPosition(hand);
  TubeSpec palm;
  palm.a = wrist + glm::vec3(sx * 0.035f, 0.0f, 0.0f);
  palm.b = wrist + glm::vec3(sx * 0.095f, 0.0f, 0.0f);
  palm.side = {0, 0, 1};
  palm.cap_a = 0.02f;
  palm.cap_b = 0.045f;
  palm.radii = Profile{{{0.0f, 0.038f, 0.026f}, {0.6f, 0.046f, 0.032f}, {1.0f, 0.046f, 0.030f}}};
  palm.exponent = 2.4f;
  palm.around = 24;
  palm.rings = 8;
  palm.cap_rings = 6;
  palm.color = Solid(kHandFootColor);
  palm.bone = Bone(hand);
  AddTube(mesh, palm);

  TubeSpec thumb;
  thumb.a = wrist + glm::vec3(sx * 0.045f, -0.006f, 0.032f);
  thumb.b = wrist + glm::vec3(sx * 0.085f, -0.014f, 0.058f);
  thumb.side = {0, 1, 0};
  thumb.cap_a = thumb.cap_b = 0.016f;
  thumb.radii = [](float) { return glm::vec2(0.016f); };
  thumb.around = 14;
  thumb.rings = 4;
  thumb.cap_rings = 4;
  thumb.color = Solid(kHandFootColor);
  thumb.bone = Bone(hand);
  AddTube(mesh, thumb);
}

// One arm; built for the left side and mirrored with x -> -x.
void AddArm(Mesh& mesh, bool left) {
  const glm::vec4 limb = left ? kLeftLimbColor : kRightLimbColor;
  auto J = [&](int left_joint) { return left ? left_joint : MirrorJoint(left_joint); };
  auto P = [&](int left_joint) { return BindPosition(J(left_joint)); };

  TubeSpec clavicle;
  clavicle.a = P(kLeftShoulder);
  clavicle.b = P(kLeftArm);
  clavicle.side = {0, 1, 0};
  clavicle.cap_a = clavicle.cap_b = 0.03f;
  clavicle.radii = [](float) { return glm::vec2(0.045f, 0.05f); };
  clavicle.around = 20;
  clavicle.rings = 6;
  clavicle.cap_rings = 4;
  clavicle.color = Solid(kTorsoColor);
  clavicle.bone = Bone(J(kLeftShoulder));
  AddTube(mesh, clavicle);

  AddTube(mesh, Ball(J(kLeftArm), 0.060f, J(kLeftArm)));

  TubeSpec upper;
  upper.a = P(kLeftArm);
  upper.b = P(kLeftForeArm);
  upper.side = {0, 1, 0};
  upper.cap_a = 0.05f;
  upper.cap_b = 0.04f;
  upper.radii = Profile{{{0.0f, 0.054f, 0.052f}, {0.35f, 0.052f, 0.050f}, {1.0f, 0.040f, 0.040f}}};
  upper.around = 22;
  upper.rings = 10;
  upper.cap_rings = 6;
  upper.color = Solid(limb);
  upper.bone = Bone(J(kLeftArm));
  AddTube(mesh, upper);

  AddTube(mesh, Ball(J(kLeftForeArm), 0.046f, J(kLeftForeArm)));

  TubeSpec fore;
  fore.a = P(kLeftForeArm);
  fore.b = P(kLeftHand);
  fore.side = {0, 1, 0};
  fore.cap_a = 0.038f;
  fore.cap_b = 0.03f;
  fore.radii = Profile{{{0.0f, 0.040f, 0.042f}, {0.3f, 0.043f, 0.045f}, {1.0f, 0.028f, 0.031f}}};
  fore.around = 22;
  fore.rings = 10;
  fore.cap_rings = 6;
  fore.color = Solid(limb);
  fore.bone = Bone(J(kLeftForeArm));
  AddTube(mesh, fore);

  AddTube(mesh, Ball(J(kLeftHand), 0.036f, J(kLeftHand)));

  AddHand(mesh, left);
}

void AddLeg(Mesh& mesh, bool left) {
  const glm::vec4 limb = left ? kLeftLimbColor : kRightLimbColor;
  auto J = [&](int left_joint) { return left ? left_joint : MirrorJoint(left_joint); };
  auto P = [&](int left_joint) { return BindPosition(J(left_joint)); };

  AddTube(mesh, Ball(J(kLeftUpLeg), 0.072f, J(kLeftUpLeg)));

  TubeSpec thigh;
  thigh.a = P(kLeftUpLeg);
  thigh.b = P(kLeftLeg);
  thigh.side = {1, 0, 0};  // second axis = -Y x X = +Z
  thigh.cap_a = 0.07f;
  thigh.cap_b = 0.05f;
  thigh.radii = Profile{{{0.0f, 0.084f, 0.088f}, {0.3f, 0.080f, 0.084f}, {1.0f, 0.056f, 0.058f}}};
  thigh.centre_offset = [](float s) { return glm::vec2(0.0f, 0.008f * (1.0f - s)); };
  thigh.around = 24;
  thigh.rings = 14;
  thigh.cap_rings = 6;
  // The top of the thigh takes the pelvis colour, so where it pushes through
  // the pelvis surface no jagged seam of two colours shows.
  const float shorts = 0.865f;  // height of that colour edge
  thigh.color = [limb, shorts](const glm::vec3& p) { return p.y > shorts ? kTorsoColor : limb; };
  for (float side : {-0.002f, 0.002f})
    thigh.extra_rings.push_back((thigh.a.y - shorts + side) / (thigh.a.y - thigh.b.y));
  thigh.bone = Bone(J(kLeftUpLeg));
  AddTube(mesh, thigh);

  AddTube(mesh, Ball(J(kLeftLeg), 0.058f, J(kLeftLeg)));

  TubeSpec shin;
  shin.a = P(kLeftLeg);
  shin.b = P(kLeftFoot);
  shin.side = {1, 0, 0};
  shin.cap_a = 0.05f;
  shin.cap_b = 0.035f;
  shin.radii = Profile{{{0.0f, 0.053f, 0.055f}, {0.25f, 0.056f, 0.060f}, {1.0f, 0.036f, 0.038f}}};
  // The calf bulges backward (-Z) just below the knee.
  shin.centre_offset = [](float s) {
    return glm::vec2(0.0f,
                     -0.012f * Smoothstep(0.0f, 0.25f, s) * (1.0f - Smoothstep(0.3f, 0.9f, s)));
  };
  shin.around = 24;
  shin.rings = 14;
  shin.cap_rings = 6;
  shin.color = Solid(limb);
  shin.bone = Bone(J(kLeftLeg));
  AddTube(mesh, shin);

  AddTube(mesh, Ball(J(kLeftFoot), 0.040f, J(kLeftFoot)));

  // Foot: a boxy shoe along +Z whose centre line rises with its half-height,
  // so the sole is flat on Y = 0 from heel to toe.
  const glm::vec3 ankle = P(kLeftFoot);
  const float heel_z = -0.045f, tip_z = 0.175f;
  Profile shoe{{{0.00f, 0.038f, 0.044f},
                {0.25f, 0.042f, 0.054f},
                {0.60f, 0.048f, 0.040f},
                {0.80f, 0.050f, 0.030f},
                {1.00f, 0.045f, 0.024f}}};
  TubeSpec foot;
  foot.a = {ankle.x, 0.0f, heel_z};
  foot.b = {ankle.x, 0.0f, tip_z};
  foot.side = {1, 0, 0};  // second axis = Z x X = +Y
  foot.cap_a = 0.035f;
  foot.cap_b = 0.045f;
  foot.radii = shoe;
  foot.centre_offset = [shoe](float s) { return glm::vec2(0.0f, shoe(s).y); };
  foot.exponent = 3.0f;
  foot.around = 24;
  foot.rings = 16;
  foot.cap_rings = 6;
  foot.color = Solid(kHandFootColor);
  const float toe_z = P(kLeftToeBase).z;
  foot.bone = [&, toe_z](const glm::vec3& p) {
    return p.z < toe_z ? J(kLeftFoot) : J(kLeftToeBase);
  };
  AddTube(mesh, foot);
}

}  // namespace

Mesh BuildBody() {
  Mesh mesh;
  AddTorsoAndHead(mesh);
  for (bool left : {true, false}) {
    AddArm(mesh, left);
    AddLeg(mesh, left);
  }
  return mesh;
}

}  // namespace mannequin
