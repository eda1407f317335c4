// How the default character moves, measured on the imported asset with the
// runtime's own sampling (anim::Clip::Sample + Pose::ComputeModelMatrices):
// planted feet do not slide when the character travels at the declared
// speed, nothing sinks into the ground, loops close, additive clips start
// neutral and touch only their joints, the one-shots stay in place.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "anim/offline/pose.h"
#include "mannequin_fixture.h"
#include "tests/anim/test_util.h"
#include "tests/support/pose_sampling.h"

namespace mannequin_test {
namespace {

constexpr float kSampleRate = 240.0f;

glm::vec3 Position(const glm::mat4& m) { return glm::vec3(m[3]); }

float BindHeight(int joint) {
  std::vector<glm::mat4> m(Model()->skeleton.JointCount());
  anim::BindPoseOf(Model()->skeleton).ComputeModelMatrices(m);
  return m[joint][3].y;
}

struct StanceReport {
  int complete_stances = 0;
  float longest_stance = 0.0f;  // seconds
  float worst_slide = 0.0f;     // metres, horizontal, from the landing point
  float planted_fraction = 0.0f;
};

// Moves the character forward at `speed` while it plays `clip` for two
// cycles and follows `joint` in the world. A stance is a run of samples in
// which the joint is on the ground: no higher than 5 mm above its height in
// the bind pose (where the sole is flat on Y = 0). For every stance that
// begins and ends inside the window, measure how far the joint drifts
// horizontally from where it landed.
StanceReport MeasureStances(const anim::Clip& clip, int joint, float speed) {
  const float ground = BindHeight(joint) + 0.005f;
  const int cycle = static_cast<int>(std::lround(clip.Duration() * kSampleRate));
  const int samples = 2 * cycle;
  std::vector<glm::vec3> world(samples);
  for (int i = 0; i < samples; ++i) {
    const float t = static_cast<float>(i) / kSampleRate;
    world[i] = Position(SampleModelMatrices(clip, t)[joint]) + glm::vec3(0.0f, 0.0f, speed * t);
  }
  StanceReport report;
  int planted = 0;
  for (int i = 0; i < cycle; ++i) planted += world[i].y <= ground;
  report.planted_fraction = static_cast<float>(planted) / static_cast<float>(cycle);
  int i = 0;
  while (i < samples) {
    if (world[i].y > ground) {
      ++i;
      continue;
    }
    const int start = i;
    while (i < samples && world[i].y <= ground) ++i;
    if (start == 0 || i == samples) continue;  // cut by the window: incomplete
    ++report.complete_stances;
    report.longest_stance = std::max(report.longest_stance, (i - start) / kSampleRate);
    const glm::vec2 landed(world[start].x, world[start].z);
    for (int k = start; k < i; ++k) {
      report.worst_slide =
          std::max(report.worst_slide, glm::distance(glm::vec2(world[k].x, world[k].z), landed));
    }
  }
  return report;
}

void ExpectPlantedFeet(const char* clip_name, float min_planted_fraction) {
  ASSERT_NE(Model(), nullptr);
  const anim::Clip* clip = Clip(clip_name);
  ASSERT_NE(clip, nullptr);
  const double speed = ExtrasSpeed(clip_name);
  ASSERT_GT(speed, 0.0) << clip_name << " has no extras.speed";
  for (const char* foot : {"LeftFoot", "LeftToeBase", "RightFoot", "RightToeBase"}) {
    const StanceReport r = MeasureStances(*clip, Joint(foot), static_cast<float>(speed));
    SCOPED_TRACE(std::string(clip_name) + " " + foot);
    EXPECT_GE(r.complete_stances, 1);
    EXPECT_GE(r.planted_fraction, min_planted_fraction);
    EXPECT_LE(r.worst_slide, 0.02f) << "a planted foot slides";
    ::testing::Test::RecordProperty(std::string(clip_name) + "_" + foot + "_slide_mm",
                                    std::to_string(r.worst_slide * 1000.0f));
  }
}

TEST(MannequinMotion, WalkKeepsPlantedFeetWithin2cmAtItsSpeed) {
  // Toes are down for most of a walk cycle; ankles until the heel lifts.
  ExpectPlantedFeet("Walk", 0.25f);
}

TEST(MannequinMotion, RunKeepsPlantedFeetWithin2cmAtItsSpeed) { ExpectPlantedFeet("Run", 0.12f); }

TEST(MannequinMotion, AtTheWrongSpeedTheFeetWouldSlide) {
  // The measurement above can fail: moving at half the declared speed, a
  // planted foot drifts far more than 2 cm.
  ASSERT_NE(Model(), nullptr);
  const anim::Clip* walk = Clip("Walk");
  ASSERT_NE(walk, nullptr);
  const StanceReport r =
      MeasureStances(*walk, Joint("LeftToeBase"), 0.5f * static_cast<float>(ExtrasSpeed("Walk")));
  EXPECT_GT(r.worst_slide, 0.1f);
}

// Knee flexion in degrees: the angle between the thigh and the shin.
float KneeFlex(const std::vector<glm::mat4>& m, const char* side) {
  const glm::vec3 hip = Position(m[Joint(std::string(side) + "UpLeg")]);
  const glm::vec3 knee = Position(m[Joint(std::string(side) + "Leg")]);
  const glm::vec3 ankle = Position(m[Joint(std::string(side) + "Foot")]);
  const float c = glm::dot(glm::normalize(knee - hip), glm::normalize(ankle - knee));
  return glm::degrees(std::acos(glm::clamp(c, -1.0f, 1.0f)));
}

void ExpectNaturalGait(const char* clip_name, float min_passing_flex) {
  ASSERT_NE(Model(), nullptr);
  const anim::Clip* clip = Clip(clip_name);
  ASSERT_NE(clip, nullptr);
  // Arms swing against the legs: when the left foot is ahead of the right,
  // the left hand is behind the right. Measured as a correlation over a cycle.
  std::vector<float> feet, hands;
  int passes = 0;
  for (float t = 0.0f; t < clip->Duration(); t += 1.0f / kSampleRate) {
    const std::vector<glm::mat4> m = SampleModelMatrices(*clip, t);
    const glm::vec3 lf = Position(m[Joint("LeftFoot")]), rf = Position(m[Joint("RightFoot")]);
    feet.push_back(lf.z - rf.z);
    hands.push_back(Position(m[Joint("LeftHand")]).z - Position(m[Joint("RightHand")]).z);
    // The passing pose: the swinging ankle (the higher one) goes by the
    // planted one. Its knee must be clearly bent so the foot clears the ground.
    if (std::fabs(lf.z - rf.z) < 0.03f && std::fabs(lf.y - rf.y) > 0.03f) {
      ++passes;
      EXPECT_GT(KneeFlex(m, lf.y > rf.y ? "Left" : "Right"), min_passing_flex)
          << clip_name << " t=" << t;
    }
  }
  EXPECT_GT(passes, 2) << clip_name << ": no passing pose found";
  double sum_fh = 0, sum_ff = 0, sum_hh = 0, mean_f = 0, mean_h = 0;
  for (std::size_t i = 0; i < feet.size(); ++i) {
    mean_f += feet[i];
    mean_h += hands[i];
  }
  mean_f /= feet.size();
  mean_h /= hands.size();
  for (std::size_t i = 0; i < feet.size(); ++i) {
    sum_fh += (feet[i] - mean_f) * (hands[i] - mean_h);
    sum_ff += (feet[i] - mean_f) * (feet[i] - mean_f);
    sum_hh += (hands[i] - mean_h) * (hands[i] - mean_h);
  }
  EXPECT_LT(sum_fh / std::sqrt(sum_ff * sum_hh), -0.6)
      << clip_name << ": arms do not swing against the legs";
  // And at the extremes of the stride the hands are the other way round.
  const auto most = std::max_element(feet.begin(), feet.end()) - feet.begin();
  const auto least = std::min_element(feet.begin(), feet.end()) - feet.begin();
  EXPECT_LT(hands[most], -0.05f) << clip_name << ": left foot ahead, left hand should be behind";
  EXPECT_GT(hands[least], 0.05f) << clip_name << ": right foot ahead, right hand should be behind";
}

TEST(MannequinMotion, WalkSwingsArmsAgainstLegsAndBendsThePassingKnee) {
  ExpectNaturalGait("Walk", 25.0f);
}

TEST(MannequinMotion, RunSwingsArmsAgainstLegsAndBendsThePassingKnee) {
  ExpectNaturalGait("Run", 60.0f);
}

TEST(MannequinMotion, NothingGoesBelowTheGroundInAnyClip) {
  ASSERT_NE(Model(), nullptr);
  const anim::MeshPrimitive& prim = Model()->primitives[0];
  std::vector<int> foot_joints;
  for (const char* name : {"LeftFoot", "LeftToeBase", "RightFoot", "RightToeBase"})
    foot_joints.push_back(Joint(name));
  // The vertices the feet move (every vertex with any foot or toe weight).
  std::vector<int> foot_vertices;
  for (std::size_t v = 0; v < prim.positions.size(); ++v) {
    for (int k = 0; k < 4; ++k) {
      if (prim.weights[v][k] > 0.0f &&
          std::count(foot_joints.begin(), foot_joints.end(), prim.joints[v][k])) {
        foot_vertices.push_back(static_cast<int>(v));
        break;
      }
    }
  }
  ASSERT_GT(foot_vertices.size(), 100u);
  for (const anim::Clip& clip : Model()->clips) {
    float lowest_joint = 1e9f, lowest_vertex = 1e9f;
    const int samples = static_cast<int>(clip.Duration() * 120.0f);
    for (int i = 0; i <= samples; ++i) {
      const float t = clip.Duration() * static_cast<float>(i) / static_cast<float>(samples);
      // Clamp so the last sample is the clip's last frame, not its first.
      anim::Pose pose = anim::RestPoseOf(Model()->skeleton);
      test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
      std::vector<glm::mat4> m(pose.JointCount());
      pose.ComputeModelMatrices(m);
      for (int j : foot_joints) lowest_joint = std::min(lowest_joint, m[j][3].y);
      for (const glm::vec3& p : SkinVertices(m, foot_vertices))
        lowest_vertex = std::min(lowest_vertex, p.y);
    }
    EXPECT_GE(lowest_joint, -0.01f) << clip.Name();
    EXPECT_GE(lowest_vertex, -0.01f) << clip.Name() << ": a foot sinks into the ground";
    ::testing::Test::RecordProperty(clip.Name() + "_lowest_foot_vertex_mm",
                                    std::to_string(lowest_vertex * 1000.0f));
  }
}

TEST(MannequinMotion, LoopingClipsEndWhereTheyStart) {
  ASSERT_NE(Model(), nullptr);
  for (const char* name : {"Idle", "Walk", "Run", "Look"}) {
    const anim::Clip* clip = Clip(name);
    ASSERT_NE(clip, nullptr) << name;
    anim::Pose first = anim::RestPoseOf(Model()->skeleton), last = first;
    test_support::SampleInto(*clip, first, clip->StartTime(), anim::LoopMode::kClamp);
    test_support::SampleInto(*clip, last, clip->EndTime(), anim::LoopMode::kClamp);
    for (int j = 0; j < first.JointCount(); ++j) {
      const anim::Transform& a = first.Local(j);
      const anim::Transform& b = last.Local(j);
      EXPECT_LT(glm::distance(a.translation, b.translation), 1e-4f) << name << " joint " << j;
      EXPECT_LT(anim_test::RotationAngle(a.rotation, b.rotation), anim_test::kRotationTolerance)
          << name << " joint " << j;
    }
    // And the motion just before the end leads smoothly into the start: the
    // step across the seam is no bigger than the biggest step inside.
    const float dt = 1.0f / 60.0f;
    auto hand = [&](float t) { return Position(SampleModelMatrices(*clip, t)[Joint("LeftHand")]); };
    float biggest = 0.0f;
    for (float t = dt; t < clip->Duration() - dt; t += dt)
      biggest = std::max(biggest, glm::distance(hand(t), hand(t + dt)));
    const float seam = glm::distance(hand(clip->Duration() - dt), hand(0.0f));
    EXPECT_LE(seam, biggest * 1.05f + 1e-5f) << name;
  }
}

TEST(MannequinMotion, AdditiveClipsStartNeutralAndDriveOnlyTheirJoints) {
  ASSERT_NE(Model(), nullptr);
  struct Expect {
    const char* clip;
    std::set<std::string> joints;
  };
  for (const Expect& e :
       {Expect{"Lean_Left", {"Spine", "Spine1", "Spine2"}}, Expect{"Look", {"Neck", "Head"}}}) {
    const anim::Clip* clip = Clip(e.clip);
    ASSERT_NE(clip, nullptr) << e.clip;
    for (const anim::JointTracks& tracks : clip->Tracks()) {
      EXPECT_TRUE(e.joints.count(Model()->skeleton.JointName(tracks.joint)))
          << e.clip << " animates " << Model()->skeleton.JointName(tracks.joint);
    }
    // Frame 0 is the neutral reference: the rest pose.
    anim::Pose first = anim::RestPoseOf(Model()->skeleton);
    test_support::SampleInto(*clip, first, 0.0f, anim::LoopMode::kClamp);
    const anim::Pose& rest = anim::RestPoseOf(Model()->skeleton);
    for (int j = 0; j < rest.JointCount(); ++j) {
      EXPECT_LT(anim_test::RotationAngle(first.Local(j).rotation, rest.Local(j).rotation),
                anim_test::kRotationTolerance)
          << e.clip << " " << Model()->skeleton.JointName(j);
    }
  }
  // Lean_Left leans to the character's left (+X): the neck moves that way.
  const anim::Clip* lean = Clip("Lean_Left");
  const float neck_x =
      Position(SampleModelMatrices(*lean, lean->Duration() - 1e-3f)[Joint("Neck")]).x;
  EXPECT_GT(neck_x, 0.1f);
  // Look turns the face towards +X (left) and later towards -X (right).
  const anim::Clip* look = Clip("Look");
  float most_left = 0.0f, most_right = 0.0f;
  for (float t = 0.0f; t < look->Duration(); t += 0.05f) {
    const glm::mat4 head = SampleModelMatrices(*look, t)[Joint("Head")];
    const glm::vec3 face = glm::vec3(head * glm::vec4(0, 0, 1, 0));
    most_left = std::max(most_left, face.x);
    most_right = std::min(most_right, face.x);
  }
  EXPECT_GT(most_left, 0.7f);
  EXPECT_LT(most_right, -0.7f);
}

TEST(MannequinMotion, PunchDrivesTheUpperBodyOnlyAndReachesForward) {
  ASSERT_NE(Model(), nullptr);
  const anim::Clip* punch = Clip("Punch");
  ASSERT_NE(punch, nullptr);
  for (const anim::JointTracks& tracks : punch->Tracks()) {
    const std::string& name = Model()->skeleton.JointName(tracks.joint);
    EXPECT_TRUE(name != "Hips" && name.find("Leg") == std::string::npos &&
                name.find("Foot") == std::string::npos && name.find("Toe") == std::string::npos)
        << "Punch animates " << name;
  }
  float reach = 0.0f;
  for (float t = 0.0f; t <= punch->Duration(); t += 0.02f)
    reach = std::max(reach, Position(SampleModelMatrices(*punch, t)[Joint("RightHand")]).z);
  EXPECT_GT(reach, 0.4f) << "the right fist should strike forward";
}

TEST(MannequinMotion, ClipsStayInPlace) {
  ASSERT_NE(Model(), nullptr);
  for (const anim::Clip& clip : Model()->clips) {
    float farthest = 0.0f;
    for (float t = 0.0f; t <= clip.Duration(); t += 1.0f / 60.0f) {
      const glm::vec3 hips = Position(SampleModelMatrices(clip, t)[Joint("Hips")]);
      farthest = std::max(farthest, glm::length(glm::vec2(hips.x, hips.z)));
    }
    EXPECT_LT(farthest, 0.1f) << clip.Name() << " travels";
  }
}

}  // namespace
}  // namespace mannequin_test
