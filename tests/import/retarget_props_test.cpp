// Which joints of a retargeted character are props, and what each follows
// (model/retarget_props.h), and the mapping file's word on them
// (import/retarget_mapping_file.h). The character is built in code: a spine
// and a head the source drives, and three joints the source lacks, hung
// under the root: a helmet slot carrying a rigid mesh, a twist joint
// sharing the spine's skin, and a sheath that rests by the root.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "anim/retarget/joint_mapping.h"
#include "import/retarget_mapping_file.h"
#include "model/retarget_props.h"

namespace {

constexpr int kRoot = 0, kHips = 1, kSpine = 2, kHead = 3;
constexpr int kHelmetSlot = 4, kTwist = 5, kSheath = 6;

anim::Transform At(const glm::vec3& p) {
  anim::Transform t;
  t.translation = p;
  return t;
}

anim::Skeleton MakeSkeleton(bool target) {
  std::vector<std::string> names = {"Root", "Hips", "Spine", "Head"};
  std::vector<int> parents = {-1, kRoot, kHips, kSpine};
  std::vector<anim::Transform> rest = {At({0, 0, 0}), At({0, 1, 0}), At({0, 0.2f, 0}),
                                       At({0, 0.5f, 0})};
  if (target) {
    names.insert(names.end(), {"HelmetSlot", "Twist", "Sheath"});
    parents.insert(parents.end(), {kRoot, kRoot, kRoot});
    // The helmet slot sits nearer the head (y 1.7) than the spine (1.2);
    // the twist joint beside the spine; the sheath low, by the root.
    rest.insert(rest.end(), {At({0, 1.65f, 0.1f}), At({0.1f, 1.25f, 0}), At({0.15f, 0.1f, 0})});
  }
  std::vector<glm::mat4> inverse_bind(rest.size(), glm::mat4(1.0f));
  anim::Skeleton skeleton;
  std::string error;
  EXPECT_TRUE(skeleton.Build(names, parents, {}, rest, rest, inverse_bind, &error)) << error;
  return skeleton;
}

// Three vertices on `a` with weight `wa`, the rest of each on `b`.
anim::MeshPrimitive Bound(int a, float wa, int b) {
  anim::MeshPrimitive p;
  p.positions.assign(3, glm::vec3(0.0f));
  p.normals.assign(3, glm::vec3(0, 1, 0));
  p.joints.assign(3, glm::u16vec4(a, b, 0, 0));
  p.weights.assign(3, glm::vec4(wa, 1.0f - wa, 0, 0));
  p.indices = {0, 1, 2};
  return p;
}

// A clip of the target's own in which the helmet slot is keyed to stay on
// the spine while the spine turns 40 degrees and the head nods 30: what a
// rig whose helmet hangs on the chest, not the head, would look like.
anim::Clip HelmetOnTheSpineClip() {
  const glm::quat turn = glm::angleAxis(glm::radians(40.0f), glm::vec3(0, 0, 1));
  const glm::quat nod = glm::angleAxis(glm::radians(30.0f), glm::vec3(1, 0, 0));
  const glm::vec3 pivot(0, 1.2f, 0);
  const glm::vec3 slot(0, 1.65f, 0.1f);
  std::vector<anim::JointTracks> tracks(3);
  tracks[0].joint = kSpine;
  tracks[0].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                             {glm::quat(1, 0, 0, 0), turn});
  tracks[1].joint = kHead;
  tracks[1].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                             {glm::quat(1, 0, 0, 0), nod});
  tracks[2].joint = kHelmetSlot;
  // Linear keys between two rigid placements are not rigid in between, so
  // key it at every twentieth of the turn, as an exporter bakes a constraint.
  std::vector<float> times;
  std::vector<glm::vec3> positions;
  std::vector<glm::quat> rotations;
  for (int i = 0; i <= 20; ++i) {
    const float t = static_cast<float>(i) / 20.0f;
    const glm::quat q = glm::slerp(glm::quat(1, 0, 0, 0), turn, t);
    times.push_back(t);
    positions.push_back(pivot + q * (slot - pivot));
    rotations.push_back(q);
  }
  tracks[2].translation = anim::VectorTrack(anim::Interpolation::kLinear, times, positions);
  tracks[2].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, rotations);
  return anim::Clip("Look", std::move(tracks));
}

class RetargetPropsOfAModel : public ::testing::Test {
 protected:
  void SetUp() override {
    model_.skeleton = MakeSkeleton(true);
    model_.primitives = {Bound(kHelmetSlot, 1.0f, kRoot), Bound(kTwist, 0.5f, kSpine),
                         Bound(kSheath, 1.0f, kRoot)};
    Rebuild();
  }
  void Rebuild() {
    std::string error;
    ASSERT_TRUE(map_.Build(source_, model_.skeleton, anim::AutoMapJoints(source_, model_.skeleton),
                           anim::ReferenceMatch::kRestPoses, &error))
        << error;
  }

  anim::Skeleton source_ = MakeSkeleton(false);
  anim::Model model_;
  anim::RetargetMap map_;
};

TEST_F(RetargetPropsOfAModel, WithoutClipsARigidSlotFollowsTheMappedJointNearestAtRest) {
  const std::vector<anim::RetargetProp> props = anim::FindRetargetProps(model_, map_);
  ASSERT_EQ(props.size(), 1u) << "the twist joint shares the spine's skin and the sheath's "
                                 "nearest joint, the root, is above it already";
  EXPECT_EQ(props[0].joint, kHelmetSlot);
  EXPECT_EQ(props[0].follows, kHead);
  EXPECT_EQ(props[0].why, "the mapped joint nearest to it at rest");
  const std::vector<int> follows = anim::PropFollows(props, model_.skeleton.JointCount());
  EXPECT_EQ(follows, (std::vector<int>{-1, -1, -1, -1, kHead, -1, -1}));
}

TEST_F(RetargetPropsOfAModel, TheModelsOwnClipsSayWhatTheSlotIsFixedTo) {
  model_.clips.push_back(HelmetOnTheSpineClip());
  const std::vector<anim::RetargetProp> props = anim::FindRetargetProps(model_, map_);
  ASSERT_EQ(props.size(), 1u);
  EXPECT_EQ(props[0].joint, kHelmetSlot);
  EXPECT_EQ(props[0].follows, kSpine) << "nearer the head at rest, but keyed to the spine";
  EXPECT_EQ(props[0].why, "the model's own clips keep it on Spine");
}

TEST_F(RetargetPropsOfAModel, AJointUnderAMappedLimbIsNoProp) {
  // Hung under the head, the slot follows the head through the hierarchy.
  anim::Skeleton skeleton;
  std::vector<std::string> names(model_.skeleton.JointNames().begin(),
                                 model_.skeleton.JointNames().end());
  std::vector<int> parents(model_.skeleton.Parents().begin(), model_.skeleton.Parents().end());
  std::vector<anim::Transform> rest;
  for (int j = 0; j < model_.skeleton.JointCount(); ++j) {
    rest.push_back(model_.skeleton.RestPose().Local(j));
  }
  parents[kHelmetSlot] = kHead;
  rest[kHelmetSlot] = At({0, -0.05f, 0.1f});
  std::vector<glm::mat4> inverse_bind(rest.size(), glm::mat4(1.0f));
  std::string error;
  ASSERT_TRUE(skeleton.Build(names, parents, {}, rest, rest, inverse_bind, &error)) << error;
  model_.skeleton = std::move(skeleton);
  Rebuild();
  EXPECT_TRUE(anim::FindRetargetProps(model_, map_).empty());
}

TEST_F(RetargetPropsOfAModel, AJointWithMappedJointsBelowIsNoProp) {
  // The hips unmapped, carrying a rigid mesh, the spine and head below them
  // mapped: as a robot's Body joint above its Hips. Hung under the root,
  // nearest to the spine at rest, they would follow it and carry it off.
  std::string error;
  ASSERT_TRUE(map_.Build(source_, model_.skeleton,
                         std::vector<int>{kRoot, -1, kSpine, kHead, -1, -1, -1},
                         anim::ReferenceMatch::kRestPoses, &error))
      << error;
  model_.primitives.push_back(Bound(kHips, 1.0f, kRoot));
  for (const anim::RetargetProp& p : anim::FindRetargetProps(model_, map_)) {
    EXPECT_NE(p.joint, kHips) << "the hips were made a prop following " << p.follows;
  }
  anim::RetargetMappingFile file;
  file.path = "hero.retarget.json";
  file.props = {{"Hips", "Spine"}};
  std::vector<anim::PropOverride> overrides;
  EXPECT_FALSE(anim::ReadPropOverrides(file, model_.skeleton, map_.Mapping(), &overrides, &error));
  EXPECT_EQ(error,
            "hero.retarget.json: props.\"Hips\": mapped joints hang below it, and it "
            "would carry them off");
}

TEST_F(RetargetPropsOfAModel, TheMappingFileHasTheLastWord) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("props_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       ".retarget.json");
  std::ofstream(path) << R"({"props": {"HelmetSlot": null, "Sheath": "Spine"}})";
  anim::RetargetMappingFile file;
  std::string error;
  ASSERT_TRUE(anim::ReadRetargetMappingFile(path.string(), &file, &error)) << error;
  std::vector<anim::PropOverride> overrides;
  ASSERT_TRUE(anim::ReadPropOverrides(file, model_.skeleton, map_.Mapping(), &overrides, &error))
      << error;
  const std::vector<anim::RetargetProp> props = anim::FindRetargetProps(model_, map_, overrides);
  ASSERT_EQ(props.size(), 1u) << "the helmet slot is no prop by the file's word";
  EXPECT_EQ(props[0].joint, kSheath);
  EXPECT_EQ(props[0].follows, kSpine);
  EXPECT_EQ(props[0].why, "the mapping file");

  // Saved again, the file keeps its word on props.
  const std::string json = anim::RetargetMappingJson(
      source_, model_.skeleton, anim::JointMapping(map_.Mapping().begin(), map_.Mapping().end()),
      anim::ReferenceMatch::kRestPoses, "", overrides);
  EXPECT_NE(json.find(R"("HelmetSlot": null)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("Sheath": "Spine")"), std::string::npos) << json;

  // Mistakes name the file and the entry.
  std::ofstream(path) << R"({"props": {"Head": "Spine"}})";
  ASSERT_TRUE(anim::ReadRetargetMappingFile(path.string(), &file, &error)) << error;
  EXPECT_FALSE(anim::ReadPropOverrides(file, model_.skeleton, map_.Mapping(), &overrides, &error));
  EXPECT_EQ(error, path.string() +
                       ": props.\"Head\": it is mapped, so it moves with its source "
                       "joint already");
  std::ofstream(path) << R"({"props": {"Sheath": "Twist"}})";
  ASSERT_TRUE(anim::ReadRetargetMappingFile(path.string(), &file, &error)) << error;
  EXPECT_FALSE(anim::ReadPropOverrides(file, model_.skeleton, map_.Mapping(), &overrides, &error));
  EXPECT_EQ(error,
            path.string() + ": props.\"Sheath\": \"Twist\" is unmapped, so it does not move");
  std::ofstream(path) << R"({"props": ["Sheath"]})";
  EXPECT_FALSE(anim::ReadRetargetMappingFile(path.string(), &file, &error));
  EXPECT_NE(error.find("\"props\" must be an object"), std::string::npos) << error;
  std::filesystem::remove(path);
}

}  // namespace
