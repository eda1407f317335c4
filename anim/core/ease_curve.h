// Ease curves that shape a fade's weight over its normalised time u in [0, 1].
// A 1D cubic Bezier, beta(u) = v^3 b0 + 3 v^2 u b1 + 3 v u^2 b2 + u^3 b3
// with v = 1 - u and control values b0..b3. They pick the shape: (0, 0, 1, 1)
// eases in and out (and equals smoothstep 3u^2 - 2u^3),
// (0, 0, 2/3, 1) eases in only, (0, 1/3, 1, 1) eases out only.
#pragma once

namespace anim {

enum class EaseKind { kLinear, kSmoothStep, kBezier };

struct EaseCurve {
  EaseKind kind = EaseKind::kLinear;
  float b1 = 0.0f;  // Bezier inner control values (b0 = 0 and b3 = 1 so the
  float b2 = 1.0f;  // fade starts at 0 and ends at exactly 1)

  static EaseCurve Linear() { return {}; }
  static EaseCurve SmoothStep() { return {EaseKind::kSmoothStep}; }
  static EaseCurve Bezier(float b1, float b2) { return {EaseKind::kBezier, b1, b2}; }
  static EaseCurve EaseInOut() { return Bezier(0.0f, 1.0f); }
  static EaseCurve EaseIn() { return Bezier(0.0f, 2.0f / 3.0f); }
  static EaseCurve EaseOut() { return Bezier(1.0f / 3.0f, 1.0f); }

  // u is clamped to [0, 1]; Evaluate(0) == 0 and Evaluate(1) == 1 exactly.
  float Evaluate(float u) const;
};

const char* EaseKindName(EaseKind kind);

}  // namespace anim
