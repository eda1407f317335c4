// The benchmark's user rig (ANIM_BENCH_RIG, ANIM_BENCH_CLIPS): the clip list
// is parsed into the four roles, and every way it can be wrong gives a
// message naming the file and the problem instead of a crash or a silent
// skip.
#include <gtest/gtest.h>

#include <string>

#include "bench_crowd.h"
#include "user_rig.h"

namespace {

const std::string kMannequin = ANIM_SOURCE_DIR "/assets/mannequin.gltf";

TEST(UserRig, FourNamesFillTheRolesInOrder) {
  const anim_bench::RigSource s = anim_bench::UserRigSource(kMannequin, "Walk,Run,Lean_Left,Idle");
  EXPECT_EQ(s.error, "");
  EXPECT_EQ(s.name, "user");
  EXPECT_EQ(s.path, kMannequin);
  EXPECT_EQ(s.walk, "Walk");
  EXPECT_EQ(s.run, "Run");
  EXPECT_EQ(s.lean, "Lean_Left");
  EXPECT_EQ(s.idle, "Idle");
  std::string error;
  const std::unique_ptr<anim_bench::Rig> rig = anim_bench::LoadRig(s, &error);
  ASSERT_NE(rig, nullptr) << error;
  EXPECT_EQ(rig->walk->Name(), "Walk");
  EXPECT_EQ(rig->run->Name(), "Run");
  EXPECT_EQ(rig->lean->Name(), "Lean_Left");
  EXPECT_EQ(rig->idle->Name(), "Idle");
}

TEST(UserRig, AListThatIsNotFourNamesIsAnErrorNamingTheFile) {
  for (const char* clips :
       {"Walk,Run", "Walk,Run,Lean_Left,Idle,Jump", "Walk,,Lean_Left,Idle", ""}) {
    const anim_bench::RigSource s = anim_bench::UserRigSource("my.gltf", clips);
    EXPECT_NE(s.error.find("ANIM_BENCH_CLIPS must name four clips of my.gltf"), std::string::npos)
        << clips << ": " << s.error;
    EXPECT_NE(s.error.find(std::string("\"") + clips + "\""), std::string::npos) << s.error;
  }
  const anim_bench::RigSource unset = anim_bench::UserRigSource("my.gltf", nullptr);
  EXPECT_NE(unset.error.find("ANIM_BENCH_CLIPS must name four clips"), std::string::npos);
}

TEST(UserRig, AMissingClipIsNamedWithTheFileAndItsClips) {
  const anim_bench::RigSource s =
      anim_bench::UserRigSource(kMannequin, "Walk,Sprint,Lean_Left,Idle");
  std::string error;
  EXPECT_EQ(anim_bench::LoadRig(s, &error), nullptr);
  EXPECT_NE(error.find(kMannequin + ": no clip named \"Sprint\" (the run)"), std::string::npos)
      << error;
  EXPECT_NE(error.find("\"Walk\" \"Run\""), std::string::npos) << error;  // what it has
}

TEST(UserRig, AFileThatCannotBeLoadedIsAnErrorNamingIt) {
  const std::string missing = ANIM_BINARY_DIR "/no_such_rig.gltf";
  std::string error;
  EXPECT_EQ(anim_bench::LoadRig(anim_bench::UserRigSource(missing, "a,b,c,d"), &error), nullptr);
  EXPECT_NE(error.find("no_such_rig.gltf"), std::string::npos) << error;
}

}  // namespace
