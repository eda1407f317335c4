// The footstep events make_mannequin authors into Walk and Run's extras fall
// on the frames where that foot lands: found here from the sampled poses
// alone (the first frame of each stretch where the ankle is within 2 mm of
// its lowest and moves less than 0.1 m/s against the ground), not from the
// generator's gait parameters the events were computed from.
#include <cmath>

#include <gtest/gtest.h>

#include "foot_contacts.h"
#include "mannequin_fixture.h"

namespace {

using namespace mannequin_test;

// Time of the one event with this name (NAN if not exactly one).
float EventTime(const anim::Clip& clip, const std::string& name) {
  float time = NAN;
  int count = 0;
  for (const anim::ClipEvent& e : clip.Events()) {
    if (e.name == name) time = e.time, ++count;
  }
  return count == 1 ? time : NAN;
}

TEST(MannequinFootsteps, EachFootstepIsTheFrameThatFootLandsOn) {
  ASSERT_NE(Model(), nullptr);
  for (const char* name : {"Walk", "Run"}) {
    SCOPED_TRACE(name);
    const anim::Clip* clip = Clip(name);
    ASSERT_NE(clip, nullptr);
    ASSERT_EQ(clip->Events().size(), 2u);
    // The clip's own frames: its tracks share one key array.
    const int frames = static_cast<int>(clip->Tracks()[0].rotation.Times().size()) - 1;
    const float dt = clip->Duration() / frames;
    const float speed = static_cast<float>(ExtrasSpeed(name));
    for (const char* side : {"Left", "Right"}) {
      SCOPED_TRACE(side);
      const std::vector<glm::vec3> path = foot_contacts::JointPath(
          Model()->skeleton, *clip, Joint(std::string(side) + "Foot"), frames);
      const std::vector<int> contacts =
          foot_contacts::ContactStarts(foot_contacts::Planted(path, dt, speed, 0.002f, 0.1f));
      ASSERT_EQ(contacts.size(), 1u) << "one landing per foot per cycle";
      const std::string event = std::string("footstep_") + (side[0] == 'L' ? "left" : "right");
      EXPECT_NEAR(EventTime(*clip, event), clip->StartTime() + contacts[0] * dt, 0.5f * dt)
          << event << " lands on frame " << contacts[0];
    }
  }
}

TEST(MannequinFootsteps, WalkAndRunBothStartOnTheLeftFootsContact) {
  // Synchronising blends by phase needs the cycles to start at the
  // same event: both start on the left foot's landing.
  ASSERT_NE(Model(), nullptr);
  EXPECT_EQ(EventTime(*Clip("Walk"), "footstep_left"), Clip("Walk")->StartTime());
  EXPECT_EQ(EventTime(*Clip("Run"), "footstep_left"), Clip("Run")->StartTime());
  // and the right foot lands half a cycle later in both.
  EXPECT_NEAR(EventTime(*Clip("Walk"), "footstep_right"), 0.5f * Clip("Walk")->Duration(), 1e-5f);
  EXPECT_NEAR(EventTime(*Clip("Run"), "footstep_right"), 0.5f * Clip("Run")->Duration(), 1e-5f);
}

}  // namespace
