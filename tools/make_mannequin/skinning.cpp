#include "skinning.h"

#include <algorithm>
#include <map>

#include "pose_math.h"
#include "rig.h"

namespace mannequin {

namespace {

struct BlendZone {
  glm::vec3 centre;
  glm::vec3 direction;  // from the parent's side towards the joint's side
  float radius;         // half thickness of the hand-over slab
};

// The zone where joint j takes over from its parent. Widths follow the limb
// thickness there: wide enough to bend smoothly, narrow enough that the
// segment between two joints stays rigid (segments are not squashed).
BlendZone ZoneOf(int joint) {
  const glm::vec3 p = BindPosition(joint);
  const int side_joint = MirrorJoint(joint) < joint ? MirrorJoint(joint) : joint;  // left version
  const float sx = joint == side_joint ? 1.0f : -1.0f;
  switch (side_joint) {
    case kSpine: return {p, {0, 1, 0}, 0.05f};
    case kSpine1:
    case kSpine2: return {p, {0, 1, 0}, 0.06f};
    case kNeck: return {p, {0, 1, 0}, 0.04f};
    case kHead: return {p, {0, 1, 0}, 0.03f};
    case kLeftShoulder: return {p, {sx, 0, 0}, 0.04f};
    case kLeftArm: return {p, {sx, 0, 0}, 0.05f};
    case kLeftForeArm: return {p, {sx, 0, 0}, 0.045f};
    case kLeftHand: return {p, {sx, 0, 0}, 0.03f};
    case kLeftUpLeg: return {p, {0, -1, 0}, 0.07f};
    case kLeftLeg: return {p, {0, -1, 0}, 0.055f};
    // The ankle hands over above the joint so the whole shoe follows the foot.
    case kLeftFoot: return {p + glm::vec3(0, 0.045f, 0), {0, -1, 0}, 0.03f};
    case kLeftToeBase: return {p, {0, 0, 1}, 0.03f};
    default: return {p, {0, 1, 0}, 0.05f};
  }
}

// The next joint along the chain a surface segment belongs to (-1 at the ends).
int ChainChild(int joint) {
  switch (joint) {
    case kHips: return kSpine;
    case kSpine: return kSpine1;
    case kSpine1: return kSpine2;
    case kSpine2: return kNeck;
    case kNeck: return kHead;
    case kHead:
    case kLeftHand:
    case kRightHand:
    case kLeftToeBase:
    case kRightToeBase: return -1;
    default: return joint + 1;  // Shoulder->Arm->ForeArm->Hand, UpLeg->Leg->Foot->ToeBase
  }
}

// Share of `joint` (versus its parent) at point p.
float TakeOver(int joint, const glm::vec3& p) {
  const BlendZone zone = ZoneOf(joint);
  return Smoothstep(-1.0f, 1.0f, glm::dot(p - zone.centre, zone.direction) / zone.radius);
}

}  // namespace

std::vector<SkinWeights> ComputeSkinWeights(const Mesh& mesh) {
  std::vector<SkinWeights> out;
  out.reserve(mesh.vertices.size());
  for (const MeshVertex& v : mesh.vertices) {
    std::map<int, float> influence;
    if (v.rigid) {
      influence[v.bone] = 1.0f;
    } else {
      const int parent = Joints()[v.bone].parent;
      const float own = parent < 0 ? 1.0f : TakeOver(v.bone, v.position);
      const int child = ChainChild(v.bone);
      const float to_child = child < 0 ? 0.0f : TakeOver(child, v.position);
      influence[v.bone] += own * (1.0f - to_child);
      if (parent >= 0) influence[parent] += (1.0f - own) * (1.0f - to_child);
      if (child >= 0) influence[child] += to_child;
    }
    std::vector<std::pair<float, int>> sorted;
    for (const auto& [joint, w] : influence)
      if (w > 1e-4f) sorted.push_back({w, joint});
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (sorted.size() > 4) sorted.resize(4);
    SkinWeights skin;
    float total = 0.0f;
    for (const auto& s : sorted) total += s.first;
    std::size_t slot = 0;
    for (; slot < sorted.size(); ++slot) {
      skin.joints[slot] = static_cast<std::uint8_t>(sorted[slot].second);
      skin.weights[slot] = sorted[slot].first / total;
    }
    // Unused slots stay joint 0 with weight 0, as the glTF validator expects
    // (it flags non-zero joint indices paired with zero weights).
    out.push_back(skin);
  }
  return out;
}

}  // namespace mannequin
