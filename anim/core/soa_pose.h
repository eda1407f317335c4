// SoaPose: the runtime's pose, stored as structure of arrays, one float
// array per channel (translation x, y, z, rotation x, y, z, w, scale x, y,
// z), each padded to a multiple of kSoaLanes joints; the hierarchy stays in
// the skeleton. Everything per frame (sampling, blending, additive layers,
// mirroring, local to model) runs over it as loops over joints, four at a
// time as vectors (soa_vector.h). Tools and tests that want an array of
// Transform with its parents use anim/offline/pose.h, converted with
// Load/Store.
#pragma once

#include <span>
#include <vector>

#include "anim/core/transform.h"

namespace anim {

// Joints per vector step. Arrays are padded to a multiple of this so loops
// need no scalar tail; padding joints hold the identity transform.
inline constexpr int kSoaLanes = 8;

inline constexpr int SoaPadded(int joints) {
  return (joints + kSoaLanes - 1) / kSoaLanes * kSoaLanes;
}

enum SoaChannel : int { kTx, kTy, kTz, kQx, kQy, kQz, kQw, kSx, kSy, kSz, kSoaChannels };

class SoaPose {
 public:
  SoaPose() = default;
  // These locals, one per joint (the hierarchy stays with the skeleton:
  // see skeleton.h).
  explicit SoaPose(std::span<const Transform> locals);

  int JointCount() const { return joint_count_; }
  int PaddedCount() const { return padded_; }

  float* Channel(int c) { return data_.data() + c * padded_; }
  const float* Channel(int c) const { return data_.data() + c * padded_; }

  Transform Local(int joint) const;
  void SetLocal(int joint, const Transform& t);

  // Copies one local per joint in (same joint count: allocates nothing) or
  // out; Store returns false, changing nothing, when the counts differ.
  bool Store(std::span<Transform> locals) const;
  void Load(std::span<const Transform> locals);
  // The same from another SoaPose, morph weights included: without
  // allocating when the sizes are the same; another size is copied too.
  void CopyFrom(const SoaPose& other);

  // The character's morph-target weights (morph_weights.h), carried with
  // the joints so that everything done to a pose is done to them alike:
  // clips sample their weight tracks into them (Clip::Sample), blends and
  // fades mix them by the same weight (a per-joint mask does not apply:
  // they follow the layer's weight), additive layers add their change, a
  // mirror keeps them. Empty for characters without morph targets; the
  // skeleton's rest pose holds the defaults (Skeleton::SetDefaultMorphWeights),
  // so poses made from it carry them. An operation on poses whose counts
  // differ leaves its output's weights as they were.
  std::span<float> MorphWeights() { return morph_; }
  std::span<const float> MorphWeights() const { return morph_; }
  // Sets the count and values (allocates when the count grows).
  void SetMorphWeights(std::span<const float> weights) {
    morph_.assign(weights.begin(), weights.end());
  }

 private:
  int joint_count_ = 0;
  int padded_ = 0;
  std::vector<float> data_;  // kSoaChannels * padded_, channel after channel
  std::vector<float> morph_;
};

}  // namespace anim
