// The retarget mapping file (import/retarget_mapping_file.h): what it says
// overrides the automatic mapping, it survives a save and a read, and every
// mistake is named with the file and the entry.
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "import/retarget_mapping_file.h"
#include "tests/anim/retarget_rig.h"

namespace {

class RetargetMappingFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("retarget_mapping_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  // Reads and applies `text`; the error, or "" with *mapping set.
  std::string Apply(const std::string& text, anim::JointMapping* mapping = nullptr) {
    const std::string path = Write("rig.retarget.json", text);
    anim::RetargetMappingFile file;
    std::string error;
    anim::JointMapping out;
    if (!anim::ReadRetargetMappingFile(path, &file, &error) ||
        !anim::ApplyRetargetMappingFile(file, source_, target_, &out, &error)) {
      const std::string prefix = path + ": ";
      EXPECT_EQ(error.rfind(prefix, 0), 0u) << "the message names the file: " << error;
      return error.substr(std::min(error.size(), prefix.size()));
    }
    if (mapping != nullptr) *mapping = out;
    return {};
  }

  std::filesystem::path dir_;
  anim::Skeleton source_ =
      retarget_test::MakeRig(retarget_test::MixamoNames(), retarget_test::TPoseLocals());
  anim::Skeleton target_ =
      retarget_test::MakeRig(retarget_test::BlenderNames(), retarget_test::TPoseLocals());
};

TEST_F(RetargetMappingFile, BesideTheModelByItsName) {
  EXPECT_EQ(anim::RetargetMappingPathFor("/models/hero.glb"), "/models/hero.retarget.json");
  EXPECT_EQ(anim::RetargetMappingPathFor("hero.gltf"), "hero.retarget.json");
}

TEST_F(RetargetMappingFile, ItsEntriesOverrideTheAutomaticMapping) {
  anim::JointMapping mapping;
  ASSERT_EQ(Apply(R"({"joints": {"head": null, "neck": "Head", "toe.L": null}})", &mapping), "");
  anim::JointMapping expected = anim::AutoMapJoints(source_, target_);
  expected[3] = -1;  // head: unmapped
  expected[2] = 3;   // neck <- Head
  expected[13] = -1;
  EXPECT_EQ(mapping, expected);
}

TEST_F(RetargetMappingFile, ASavedMappingReadsBackTheSame) {
  anim::JointMapping mapping = anim::AutoMapJoints(source_, target_);
  mapping[6] = -1;  // hand.L unmapped
  const std::string json =
      anim::RetargetMappingJson(source_, target_, mapping, anim::ReferenceMatch::kRestPoses, "");
  std::string error;
  const std::string path = (dir_ / "saved.retarget.json").string();
  ASSERT_TRUE(anim::SaveRetargetMappingFile(path, json, &error)) << error;
  anim::RetargetMappingFile file;
  ASSERT_TRUE(anim::ReadRetargetMappingFile(path, &file, &error)) << error;
  EXPECT_TRUE(file.has_reference);
  EXPECT_EQ(file.reference, anim::ReferenceMatch::kRestPoses);
  ASSERT_EQ(file.joints.size(), 18u);
  EXPECT_EQ(file.joints[0], (std::pair<std::string, std::string>("pelvis", "Hips")));
  anim::JointMapping read;
  ASSERT_TRUE(anim::ApplyRetargetMappingFile(file, source_, target_, &read, &error)) << error;
  EXPECT_EQ(read, mapping);
}

TEST_F(RetargetMappingFile, MistakesAreNamed) {
  EXPECT_EQ(Apply(R"({"joints": {"tail": "Hips"}})"),
            "joints.\"tail\": the target has no joint of that name");
  EXPECT_EQ(Apply(R"({"joints": {"head": "Skull"}})"),
            "joints.\"head\": the source has no joint named \"Skull\"");
  EXPECT_EQ(Apply(R"({"joints": {"upper_arm.L": "LeftForeArm", "forearm.L": "LeftArm"}})"),
            "the mapping crosses the hierarchy (a cycle): target \"upper_arm.L\" is above "
            "\"forearm.L\", but its source \"LeftForeArm\" is below (or is) \"LeftArm\"");
  EXPECT_EQ(Apply(R"({"source": "missing.glb"})"),
            "\"source\": " + (dir_ / "missing.glb").string() + " does not exist");
  EXPECT_EQ(Apply(R"({"reference": "tpose"})"),
            "\"reference\" must be \"match\" or \"rest\", not \"tpose\"");
  EXPECT_EQ(Apply(R"({"joints": {"head": 3}})"),
            "joints.\"head\" must be a source joint's name or null, not 3");
  EXPECT_EQ(Apply(R"({"joint": {}})"),
            "unknown entry \"joint\" (source, reference, joints and props are known)");
  EXPECT_EQ(Apply(R"(["joints"])"), "the top level must be an object");
  EXPECT_EQ(Apply(R"({"joints": {"head": "Head")").substr(0, 20), "not valid JSON: [jso");
  EXPECT_EQ(Apply(std::string(100000, '[') + std::string(100000, ']')),
            "nested deeper than a mapping file can be");
  // A source file that exists is accepted and resolved against the file's folder.
  Write("hero.glb", "x");
  EXPECT_EQ(Apply(R"({"source": "hero.glb"})"), "");
}

TEST_F(RetargetMappingFile, AMissingFileIsNamed) {
  anim::RetargetMappingFile file;
  std::string error;
  const std::string path = (dir_ / "absent.retarget.json").string();
  EXPECT_FALSE(anim::ReadRetargetMappingFile(path, &file, &error));
  EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
}

// Mangled files (bytes changed, inserted, cut; a fixed seed) are read and
// applied without a crash or a hang (under the sanitizer build too), and
// every refusal names the file.
TEST_F(RetargetMappingFile, MangledFilesAreRefusedOrReadNeverCrash) {
  anim::JointMapping mapping = anim::AutoMapJoints(source_, target_);
  mapping[3] = -1;
  const std::string valid =
      anim::RetargetMappingJson(source_, target_, mapping, anim::ReferenceMatch::kMatchSource, "");
  const std::string path = (dir_ / "mangled.retarget.json").string();
  std::mt19937 random(2026);
  const char kBytes[] = "{}[]\",:null0123456789 \\\n\xff";
  int read = 0, refused = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    std::string text = valid;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = random() % text.size();
      switch (random() % 3) {
        case 0: text[at] = kBytes[random() % (sizeof kBytes - 1)]; break;
        case 1: text.insert(at, 1, kBytes[random() % (sizeof kBytes - 1)]); break;
        default: text.resize(at); break;
      }
    }
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << text; }
    anim::RetargetMappingFile file;
    std::string error;
    anim::JointMapping out;
    if (anim::ReadRetargetMappingFile(path, &file, &error) &&
        anim::ApplyRetargetMappingFile(file, source_, target_, &out, &error)) {
      ++read;
      EXPECT_EQ(anim::CheckJointMapping(source_, target_, out), "");
    } else {
      ++refused;
      ASSERT_EQ(error.rfind(path + ": ", 0), 0u) << error;
    }
  }
  EXPECT_GT(refused, 100);
  EXPECT_GT(read, 0);  // a few edits leave a file that still means something
}

}  // namespace
