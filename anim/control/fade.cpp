#include "anim/control/fade.h"

#include <algorithm>
#include <cmath>

namespace anim {

const char* TransitionModeName(TransitionMode mode) {
  switch (mode) {
    case TransitionMode::kSmooth: return "smooth";
    case TransitionMode::kFrozen: return "frozen";
    case TransitionMode::kInertial: return "inertial";
  }
  return "?";
}

void Fade::Start(float from_value, float to_value, float seconds, const EaseCurve& curve) {
  from = from_value;
  to = to_value;
  elapsed = 0.0f;
  duration = std::isfinite(seconds) ? std::max(seconds, 0.0f) : 0.0f;
  ease = curve;
}

void Fade::Advance(float dt) {
  if (std::isfinite(dt) && dt > 0.0f) elapsed = std::min(elapsed + dt, duration);
}

float Fade::Value() const {
  if (!Running()) return to;
  return from + (to - from) * ease.Evaluate(elapsed / duration);
}

}  // namespace anim
