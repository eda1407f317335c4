// Activity: what main's out-of-memory message names is the innermost step
// an exception left, and a new step forgets an old interruption.
#include "app/activity.h"

#include <new>
#include <stdexcept>

#include <gtest/gtest.h>

namespace {

using animviewer::Activity;

TEST(Activity, TheInnermostStepAnExceptionLeftIsNamed) {
  try {
    const Activity outer("loading model.gltf");
    const Activity inner("compressing clip \"walk\" of model.gltf");
    throw std::bad_alloc();
  } catch (const std::bad_alloc&) {
    EXPECT_EQ(Activity::Interrupted(), "compressing clip \"walk\" of model.gltf");
  }
}

TEST(Activity, StepsThatEndNormallyAreNotNamedAndANewStepForgetsTheOld) {
  { const Activity done("loading model.gltf"); }
  EXPECT_EQ(Activity::Interrupted(), "");
  try {
    const Activity failed("starting sample 08 Crowd on model.gltf");
    throw std::runtime_error("x");
  } catch (const std::runtime_error&) {
    EXPECT_EQ(Activity::Interrupted(), "starting sample 08 Crowd on model.gltf");
  }
  const Activity next("rendering model.gltf");
  EXPECT_EQ(Activity::Interrupted(), "");
}

TEST(Activity, AnExceptionCaughtInsideAStepDoesNotNameIt) {
  const Activity step("loading model.gltf");
  try {
    throw std::runtime_error("handled");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(Activity::Interrupted(), "");
}

}  // namespace
