#include "anim/core/ease_curve.h"

#include <algorithm>
#include <cmath>

namespace anim {

float EaseCurve::Evaluate(float u) const {
  if (!(u > 0.0f)) return 0.0f;  // also NaN
  if (u >= 1.0f) return 1.0f;
  switch (kind) {
    case EaseKind::kLinear: return u;
    case EaseKind::kSmoothStep: return u * u * (3.0f - 2.0f * u);
    case EaseKind::kBezier: {
      const float v = 1.0f - u;
      return 3.0f * v * v * u * b1 + 3.0f * v * u * u * b2 + u * u * u;
    }
  }
  return u;
}

const char* EaseKindName(EaseKind kind) {
  switch (kind) {
    case EaseKind::kLinear: return "linear";
    case EaseKind::kSmoothStep: return "smoothstep";
    case EaseKind::kBezier: return "bezier";
  }
  return "?";
}

}  // namespace anim
