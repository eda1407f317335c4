#include "anim/blending/blending_jobs.h"

#include "anim/blending/blend_kernels.h"
#include "anim/blending/blending.h"
#include "anim/core/job_messages.h"

namespace anim {

namespace msg = job_messages;

namespace {

// The comparisons come first and the message only on failure, so that a
// valid job builds no string but the empty one it returns.
bool SameJoints(const SoaPose& pose, const SoaPose& output) {
  return pose.JointCount() == output.JointCount();
}

std::string JointsMismatch(std::string_view field, const SoaPose& pose, const SoaPose& output) {
  return msg::CountMismatch(field, static_cast<std::size_t>(pose.JointCount()), "joints",
                            "the output", output.JointCount());
}

// Per-joint weights are optional; when given there is one per joint.
bool JointWeightsFit(std::span<const float> weights, const SoaPose& output) {
  return weights.empty() || weights.size() == static_cast<std::size_t>(output.JointCount());
}

std::string JointWeightsMismatch(const std::string& field, std::span<const float> weights,
                                 const SoaPose& output) {
  return msg::CountMismatch(field, weights.size(), "weights", "the output", output.JointCount());
}

}  // namespace

std::string BlendJob::Validate() const {
  if (a == nullptr) return msg::Null("a");
  if (b == nullptr) return msg::Null("b");
  if (output == nullptr) return msg::Null("output");
  if (!SameJoints(*a, *output)) return JointsMismatch("a", *a, *output);
  if (!SameJoints(*b, *output)) return JointsMismatch("b", *b, *output);
  if (!JointWeightsFit(joint_weights, *output)) {
    return JointWeightsMismatch("joint_weights", joint_weights, *output);
  }
  return {};
}

bool BlendJob::Run() const {
  if (!Validate().empty()) return false;
  if (joint_weights.empty()) {
    kernels::Blend(*output, *a, *b, weight);
  } else {
    kernels::BlendWeighted(*output, *a, *b, weight, joint_weights);
  }
  return true;
}

std::string LayerBlendJob::Validate() const {
  if (rest == nullptr) return msg::Null("rest");
  if (output == nullptr) return msg::Null("output");
  if (!SameJoints(*rest, *output)) return JointsMismatch("rest", *rest, *output);
  const char* why = "the output must not be one of the blend's inputs";
  if (output == rest) return msg::Aliases("output", "rest", why);
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const SoaBlendLayer& layer = layers[i];
    if (layer.pose == nullptr) return msg::Null(msg::Indexed("layers", i, "pose"));
    if (layer.pose == output) return msg::Aliases("output", msg::Indexed("layers", i, "pose"), why);
    if (!SameJoints(*layer.pose, *output)) {
      return JointsMismatch(msg::Indexed("layers", i, "pose"), *layer.pose, *output);
    }
    if (!JointWeightsFit(layer.joint_weights, *output)) {
      return JointWeightsMismatch(msg::Indexed("layers", i, "joint_weights"), layer.joint_weights,
                                  *output);
    }
  }
  return {};
}

bool LayerBlendJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::BlendLayers(*output, layers, *rest, threshold);
  return true;
}

bool Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t) {
  return BlendJob{&a, &b, t, {}, &out}.Run();
}

bool BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights) {
  return BlendJob{&a, &b, t, weights, &out}.Run();
}

bool BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                 float threshold) {
  return LayerBlendJob{layers, &rest, threshold, &out}.Run();
}

}  // namespace anim
