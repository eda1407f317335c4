// The clip roles file beside a model (import/clip_roles_file.h): the roles a
// user chose come back in the next run over the guesses, the guesses stay
// visible, and every mistake in the file is a warning naming the file and
// the entry while the rest still applies.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "import/clip_roles_file.h"
#include "model/clip_roles.h"

namespace {

anim::Transform At(const glm::vec3& p) {
  anim::Transform t;
  t.translation = p;
  return t;
}

// A two-joint model with three clips whose guessed roles are known: a clip
// that holds one pose is "full body" (model/clip_roles.h's first rule).
anim::Model MakeModel() {
  anim::Model model;
  std::vector<anim::Transform> rest = {At({0, 1, 0}), At({0, 0.5f, 0})};
  std::vector<glm::mat4> inverse_bind(2, glm::mat4(1.0f));
  std::string error;
  EXPECT_TRUE(
      model.skeleton.Build({"Hips", "Spine"}, {-1, 0}, {}, rest, rest, inverse_bind, &error))
      << error;
  for (const char* name : {"Idle", "Wave", "Dance"}) {
    std::vector<anim::JointTracks> tracks(1);
    tracks[0].joint = 1;
    tracks[0].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                               {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)});
    model.clips.emplace_back(name, std::move(tracks));
  }
  anim::GuessClipRoles(model);
  return model;
}

class ClipRolesFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("clip_roles_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
    path_ = anim::ClipRolesPathFor((dir_ / "hero.glb").string());
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void Write(const std::string& text) { std::ofstream(path_) << text; }

  std::filesystem::path dir_;
  std::string path_;
};

TEST_F(ClipRolesFile, BesideTheModelByItsName) {
  EXPECT_EQ(anim::ClipRolesPathFor("/models/hero.glb"), "/models/hero.roles.json");
  EXPECT_EQ(path_, (dir_ / "hero.roles.json").string());
}

TEST_F(ClipRolesFile, TheUsersRolesComeBackOverTheGuesses) {
  anim::Model model = MakeModel();
  ASSERT_EQ(model.clip_roles[1].guessed, anim::ClipRole::kFullBody);
  model.clip_roles[1].role = anim::ClipRole::kAdditive;  // the user's word on Wave
  std::string error;
  ASSERT_TRUE(anim::SaveClipRolesFile(path_, model, &error)) << error;
  std::ifstream in(path_);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(R"("Wave": "additive")"), std::string::npos) << text;
  EXPECT_EQ(text.find("Idle"), std::string::npos) << "only the changed roles are kept: " << text;

  anim::Model next_run = MakeModel();
  std::vector<std::string> warnings;
  anim::ApplyClipRolesFile(path_, &next_run, &warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_EQ(next_run.clip_roles[1].role, anim::ClipRole::kAdditive);
  EXPECT_EQ(next_run.clip_roles[1].guessed, anim::ClipRole::kFullBody) << "the guess stays";
  EXPECT_TRUE(next_run.clip_roles[1].Overridden());
  EXPECT_FALSE(next_run.clip_roles[0].Overridden());

  // Set back to the guess, the file goes: nothing is left to keep.
  model.clip_roles[1].role = model.clip_roles[1].guessed;
  ASSERT_TRUE(anim::SaveClipRolesFile(path_, model, &error)) << error;
  EXPECT_FALSE(std::filesystem::exists(path_));
}

TEST_F(ClipRolesFile, NoFileChangesNothingAndSaysNothing) {
  anim::Model model = MakeModel();
  std::vector<std::string> warnings;
  anim::ApplyClipRolesFile(path_, &model, &warnings);
  EXPECT_TRUE(warnings.empty());
  for (const anim::ClipRoleGuess& g : model.clip_roles) EXPECT_FALSE(g.Overridden());
}

TEST_F(ClipRolesFile, MistakesAreWarningsNamingTheEntryAndTheRestApplies) {
  anim::Model model = MakeModel();
  Write(R"({"roles": {"Idle": "idle", "Wave": "waving", "Jump": "one-shot", "Dance": 3}})");
  std::vector<std::string> warnings;
  anim::ApplyClipRolesFile(path_, &model, &warnings);
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0], path_ +
                             ": roles.\"Wave\": \"waving\" is no role (full body, idle, "
                             "locomotion, one-shot, additive)");
  EXPECT_EQ(warnings[1], path_ + ": roles.\"Jump\": the model has no clip of that name");
  EXPECT_EQ(warnings[2], path_ +
                             ": roles.\"Dance\": 3 is no role (full body, idle, locomotion, "
                             "one-shot, additive)");
  EXPECT_EQ(model.clip_roles[0].role, anim::ClipRole::kIdle) << "the good entry applies";
  EXPECT_EQ(model.clip_roles[1].role, model.clip_roles[1].guessed);

  for (const std::string& bad : {std::string("{\"roles\": [\"Idle\"]}"), std::string("not json"),
                                 std::string(R"({"roles": {"Idle": [[[["idle"]]]]}})")}) {
    Write(bad);
    warnings.clear();
    anim::Model fresh = MakeModel();
    anim::ApplyClipRolesFile(path_, &fresh, &warnings);
    ASSERT_EQ(warnings.size(), 1u) << bad;
    EXPECT_EQ(warnings[0].rfind(path_ + ": ", 0), 0u) << warnings[0];
    for (const anim::ClipRoleGuess& g : fresh.clip_roles) EXPECT_FALSE(g.Overridden()) << bad;
  }
}

}  // namespace
