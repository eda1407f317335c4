#include "anim/core/ease_curve.h"

#include <cmath>

#include <gtest/gtest.h>

namespace {

using anim::EaseCurve;

TEST(EaseCurve, EndPointsAreExactAndInputIsClamped) {
  for (const EaseCurve& c : {EaseCurve::Linear(), EaseCurve::SmoothStep(), EaseCurve::EaseIn(),
                             EaseCurve::EaseOut(), EaseCurve::EaseInOut()}) {
    EXPECT_EQ(c.Evaluate(0.0f), 0.0f);
    EXPECT_EQ(c.Evaluate(1.0f), 1.0f);
    EXPECT_EQ(c.Evaluate(-3.0f), 0.0f);
    EXPECT_EQ(c.Evaluate(7.0f), 1.0f);
    EXPECT_EQ(c.Evaluate(NAN), 0.0f);
  }
}

TEST(EaseCurve, SmoothStepIsThreeUSquaredMinusTwoUCubed) {
  EXPECT_FLOAT_EQ(EaseCurve::SmoothStep().Evaluate(0.25f), 0.15625f);  // 3/16 - 2/64
  EXPECT_FLOAT_EQ(EaseCurve::SmoothStep().Evaluate(0.5f), 0.5f);
}

TEST(EaseCurve, BezierWithControlsZeroZeroOneOneEqualsSmoothStep) {
  // v^3*0 + 3v^2u*0 + 3vu^2*1 + u^3*1 = 3u^2 - 2u^3 after expanding v = 1 - u.
  for (float u = 0.0f; u <= 1.0f; u += 0.05f) {
    EXPECT_NEAR(EaseCurve::EaseInOut().Evaluate(u), EaseCurve::SmoothStep().Evaluate(u), 1e-6f);
  }
}

TEST(EaseCurve, EaseInStartsSlowAndEaseOutEndsSlow) {
  // Worked by hand at u = 0.5: ease-in 3*.5*.25*(2/3) + .125 = 0.375,
  // ease-out 3*.25*.5*(1/3) + 3*.5*.25 + .125 = 0.625.
  EXPECT_FLOAT_EQ(EaseCurve::EaseIn().Evaluate(0.5f), 0.375f);
  EXPECT_FLOAT_EQ(EaseCurve::EaseOut().Evaluate(0.5f), 0.625f);
  // Bezier with the straight-line controls (1/3, 2/3) is linear.
  EXPECT_NEAR(EaseCurve::Bezier(1.0f / 3, 2.0f / 3).Evaluate(0.3f), 0.3f, 1e-6f);
}

}  // namespace
