#include "anim/control/blend_space_1d.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "anim/core/error_text.h"

namespace anim {

bool BlendSpace1D::Build(std::span<const float> positions, std::string* error) {
  positions_.clear();
  sorted_.clear();
  order_.clear();
  if (positions.empty()) {
    SetError(error, "blend space 1D: no positions (it needs at least one clip)");
    return false;
  }
  for (size_t i = 0; i < positions.size(); ++i) {
    if (!std::isfinite(positions[i])) {
      SetError(error, "blend space 1D: position " + std::to_string(i) + " is not finite");
      return false;
    }
  }
  std::vector<int> order(positions.size());
  std::iota(order.begin(), order.end(), 0);
  // Stable, so of two equal positions the lower index comes first in the message.
  std::stable_sort(order.begin(), order.end(),
                   [&](int l, int r) { return positions[l] < positions[r]; });
  for (size_t k = 1; k < order.size(); ++k) {
    if (positions[order[k]] == positions[order[k - 1]]) {
      SetError(error, "blend space 1D: positions " + std::to_string(order[k - 1]) + " and " +
                          std::to_string(order[k]) + " are equal (" +
                          std::to_string(positions[order[k]]) + ")");
      return false;
    }
  }
  positions_.assign(positions.begin(), positions.end());
  order_ = std::move(order);
  sorted_.reserve(order_.size());
  for (int i : order_) sorted_.push_back(positions_[i]);
  return true;
}

BlendSpace1D::Segment BlendSpace1D::Locate(float x) const {
  const int n = PointCount();
  if (n == 0) return Segment{};
  if (n == 1) return Segment{0, 0, 0.0f};
  if (std::isnan(x)) x = positions_[0];
  if (x <= sorted_.front()) return Segment{order_[0], order_[1], 0.0f};
  if (x >= sorted_.back()) return Segment{order_[n - 2], order_[n - 1], 1.0f};
  // First position strictly greater than x: x lies in [sorted_[k-1], sorted_[k]).
  const int k =
      static_cast<int>(std::upper_bound(sorted_.begin(), sorted_.end(), x) - sorted_.begin());
  const float lo = sorted_[k - 1];
  const float hi = sorted_[k];
  // x == lo gives t == 0 exactly, so a point's own position reproduces it.
  const float t = std::clamp((x - lo) / (hi - lo), 0.0f, 1.0f);
  return Segment{order_[k - 1], order_[k], t};
}

void BlendSpace1D::Weights(float x, std::span<float> weights) const {
  std::fill(weights.begin(), weights.end(), 0.0f);
  if (static_cast<int>(weights.size()) != PointCount() || PointCount() == 0) return;
  const Segment s = Locate(x);
  if (s.a == s.b) {
    weights[s.a] = 1.0f;
    return;
  }
  weights[s.a] = 1.0f - s.t;
  weights[s.b] = s.t;
}

}  // namespace anim
