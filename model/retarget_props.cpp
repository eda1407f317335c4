#include "model/retarget_props.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/core/local_to_model_jobs.h"
#include "anim/retarget/joint_mapping.h"

namespace anim {
namespace {

glm::vec3 PositionOf(const glm::mat4& m) { return glm::vec3(m[3]); }

// Per joint: the vertices it moves at all, and those bound to it alone.
struct JointBinding {
  int moved = 0;
  int rigid = 0;
};

std::vector<JointBinding> Bindings(const Model& model) {
  std::vector<JointBinding> out(static_cast<std::size_t>(model.skeleton.JointCount()));
  auto add = [&](const glm::u16vec4& joints, const glm::vec4& weights) {
    for (int i = 0; i < 4; ++i) {
      const int j = joints[i];
      if (j >= static_cast<int>(out.size()) || !(weights[i] > 0.01f)) continue;
      ++out[j].moved;
      if (weights[i] >= 0.99f) ++out[j].rigid;
    }
  };
  for (const MeshPrimitive& primitive : model.primitives) {
    const std::size_t n = std::min(primitive.joints.size(), primitive.weights.size());
    for (std::size_t v = 0; v < n; ++v) add(primitive.joints[v], primitive.weights[v]);
    const std::size_t n1 = std::min(primitive.joints1.size(), primitive.weights1.size());
    for (std::size_t v = 0; v < n1; ++v) add(primitive.joints1[v], primitive.weights1[v]);
  }
  return out;
}

bool IsAbove(const Skeleton& skeleton, int ancestor, int joint) {
  for (int j = skeleton.Parent(joint); j >= 0; j = skeleton.Parent(j)) {
    if (j == ancestor) return true;
  }
  return false;
}

// The model's own clips (not the retargeted ones), each sampled at a few
// times from the rest pose: every frame's model matrices, one after another.
std::vector<std::vector<glm::mat4>> OwnClipFrames(const Model& model) {
  constexpr int kFramesPerClip = 12;
  const int own = model.animation_source != nullptr ? std::min(model.animation_source->first_clip,
                                                               static_cast<int>(model.clips.size()))
                                                    : static_cast<int>(model.clips.size());
  const Skeleton& skeleton = model.skeleton;
  std::vector<std::vector<glm::mat4>> frames;
  SoaPose pose;
  for (int c = 0; c < own; ++c) {
    const Clip& clip = model.clips[c];
    ClipCursor cursor = clip.MakeCursor();
    for (int i = 0; i < kFramesPerClip; ++i) {
      pose.CopyFrom(skeleton.RestPose());
      const float phase = static_cast<float>(i) / static_cast<float>(kFramesPerClip - 1);
      clip.Sample(pose, clip.TimeAtPhase(phase), LoopMode::kClamp, &cursor);
      std::vector<glm::mat4>& model_matrices =
          frames.emplace_back(static_cast<std::size_t>(skeleton.JointCount()));
      ComputeModelMatrices(skeleton, pose, model_matrices);
    }
  }
  return frames;
}

// How far `prop` strays, over the frames, from where a rigid tie to
// `follows` (as at the first frame) would hold it.
float LargestStray(const std::vector<std::vector<glm::mat4>>& frames, int prop, int follows) {
  const glm::mat4 tie = glm::inverse(frames.front()[follows]) * frames.front()[prop];
  float largest = 0.0f;
  for (const std::vector<glm::mat4>& frame : frames) {
    const glm::vec3 held = PositionOf(frame[follows] * tie);
    largest = std::max(largest, glm::length(PositionOf(frame[prop]) - held));
  }
  return largest;
}

// The rest pose's height (joint positions' vertical extent), the scale the
// clips rule's tolerance is read in.
float ReferenceHeight(const std::vector<glm::mat4>& reference) {
  if (reference.empty()) return 1.0f;
  float low = std::numeric_limits<float>::max(), high = -std::numeric_limits<float>::max();
  for (const glm::mat4& m : reference) {
    low = std::min(low, m[3].y);
    high = std::max(high, m[3].y);
  }
  return std::max(high - low, 1e-6f);
}

// The mapped joint the clips' frames keep `prop` fixed to (strays least,
// under 2 % of `height`; ties to the joint met first, a parent before its
// children), else -1.
int FollowedInClips(const std::vector<std::vector<glm::mat4>>& frames,
                    std::span<const RetargetMap::JointPlan> plan, int prop, float height) {
  if (frames.size() <= 1) return -1;
  int follows = -1;
  float best = std::numeric_limits<float>::max();
  for (int f = 0; f < static_cast<int>(plan.size()); ++f) {
    if (plan[f].source < 0) continue;
    const float stray = LargestStray(frames, prop, f);
    if (stray < best) {
      best = stray;
      follows = f;
    }
  }
  return best < 0.02f * height ? follows : -1;
}

// The mapped joint nearest to `prop` in the reference pose, or -1.
int NearestMappedAtRest(const std::vector<glm::mat4>& reference,
                        std::span<const RetargetMap::JointPlan> plan, int prop) {
  int follows = -1;
  float nearest = std::numeric_limits<float>::max();
  for (int f = 0; f < static_cast<int>(plan.size()); ++f) {
    if (plan[f].source < 0) continue;
    const float d = glm::length(PositionOf(reference[f]) - PositionOf(reference[prop]));
    if (d < nearest) {
      nearest = d;
      follows = f;
    }
  }
  return follows;
}

}  // namespace

std::vector<RetargetProp> FindRetargetProps(const Model& model, const RetargetMap& map,
                                            std::span<const PropOverride> overrides) {
  std::vector<RetargetProp> props;
  if (map.Empty() || &map.Target() != &model.skeleton) return props;
  const Skeleton& skeleton = model.skeleton;
  const int count = skeleton.JointCount();
  const std::span<const RetargetMap::JointPlan> plan = map.Plan();
  const std::vector<JointBinding> bindings = Bindings(model);

  std::vector<glm::mat4> reference(static_cast<std::size_t>(count));
  ComputeModelMatrices(skeleton, map.TargetReference(), reference);
  const float height = ReferenceHeight(reference);

  const std::vector<bool> mapped_below = JointsAboveMapped(skeleton, map.Mapping());
  std::vector<bool> is_prop(static_cast<std::size_t>(count), false);
  std::vector<std::vector<glm::mat4>> frames;
  bool frames_read = false;
  for (int t = 0; t < count; ++t) {
    if (plan[t].source >= 0 || mapped_below[t]) continue;
    const JointBinding& b = bindings[t];
    if (b.rigid == 0 || b.rigid * 10 < b.moved * 9) continue;
    bool hangs_free = true;  // no mapped joint above but roots of the mapping, no prop
    for (int j = skeleton.Parent(t); j >= 0 && hangs_free; j = skeleton.Parent(j)) {
      hangs_free = !is_prop[j] && (plan[j].source < 0 || plan[j].moves);
    }
    if (!hangs_free) continue;

    if (!frames_read) {
      frames = OwnClipFrames(model);
      frames_read = true;
    }
    RetargetProp prop;
    prop.joint = t;
    prop.follows = FollowedInClips(frames, plan, t, height);
    if (prop.follows >= 0) {
      prop.why = "the model's own clips keep it on " + skeleton.JointName(prop.follows);
    } else {
      prop.follows = NearestMappedAtRest(reference, plan, t);
      if (prop.follows < 0) continue;  // nothing is mapped
      prop.why = "the mapped joint nearest to it at rest";
    }
    if (IsAbove(skeleton, prop.follows, t)) continue;  // it follows that joint already
    is_prop[t] = true;
    props.push_back(std::move(prop));
  }
  for (const PropOverride& o : overrides) {
    if (o.joint < 0 || o.joint >= count) continue;
    std::erase_if(props, [&](const RetargetProp& p) { return p.joint == o.joint; });
    if (o.follows < 0 || o.follows >= count || plan[o.joint].source >= 0 || mapped_below[o.joint] ||
        plan[o.follows].source < 0) {
      continue;
    }
    props.push_back({o.joint, o.follows, "the mapping file"});
  }
  std::sort(props.begin(), props.end(),
            [](const RetargetProp& a, const RetargetProp& b) { return a.joint < b.joint; });
  return props;
}

std::vector<int> PropFollows(std::span<const RetargetProp> props, int joint_count) {
  std::vector<int> follows(static_cast<std::size_t>(std::max(joint_count, 0)), -1);
  for (const RetargetProp& prop : props) {
    if (prop.joint >= 0 && prop.joint < joint_count) follows[prop.joint] = prop.follows;
  }
  return follows;
}

}  // namespace anim
