// BlendSpace1D: N clips placed on one parameter axis, a one-dimensional blend
// space ("Game Engine Architecture", Jason Gregory), for example speed: Idle at 0, Walk at 1.4 and
// Run at 3.5 m/s. For a parameter value b between the neighbouring positions
// b1 < b2 the blend factor is
//   beta = (b - b1) / (b2 - b1)
// so the clip at b1 gets weight 1 - beta, the clip at b2 gets beta and every
// other clip 0. Outside [first, last] the value is clamped to the end point.
//
// Built once (Build allocates); Weights and Locate allocate nothing, so they
// can run every frame. Locate gives just the two active clips and beta, for
// callers that play those two as a synchronised blend (synced_blend.h).
#pragma once

#include <span>
#include <string>
#include <vector>

namespace anim {

class BlendSpace1D {
 public:
  // The two clips active at a parameter value: weight 1 - t for `a`, t for
  // `b` (indices in the caller's order). With a single point a == b == 0 and
  // t == 0; before Build succeeds a == b == -1.
  struct Segment {
    int a = -1;
    int b = -1;
    float t = 0.0f;
  };

  // positions may come in any order; Position(i) keeps the caller's order.
  // Fails (and leaves the space empty) on no positions, a non-finite
  // position or two equal positions; `error` (may be null) names the index.
  bool Build(std::span<const float> positions, std::string* error);

  int PointCount() const { return static_cast<int>(positions_.size()); }
  float Position(int i) const { return positions_[i]; }

  // Segment for parameter x. x below the first position gives the lowest
  // point with weight 1 (t = 0 on the first segment), above the last the
  // highest point with weight 1 (t = 1 on the last segment). A NaN x is
  // treated as Position(0), the caller's first point, so a bad input shows
  // a defined clip rather than garbage.
  Segment Locate(float x) const;

  // One weight per point, caller's order: 1 - t and t for the segment's two
  // points, 0 elsewhere. The weights sum to exactly 1 (for every float t in
  // [0, 1], (1 - t) + t rounds to exactly 1) and x == Position(i) gives
  // weight exactly 1 to point i. weights.size() must be PointCount();
  // otherwise the span is zero-filled and nothing else happens.
  void Weights(float x, std::span<float> weights) const;

 private:
  std::vector<float> positions_;  // caller's order
  std::vector<float> sorted_;     // ascending
  std::vector<int> order_;        // order_[k]: caller index of sorted_[k]
};

}  // namespace anim
