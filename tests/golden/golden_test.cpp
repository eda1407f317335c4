// Golden screenshots: renders each case of cases.txt with animviewer,
// headless, or for cases named window_* in its real window (GLFW + ImGui,
// panel included) under a virtual X server, and compares it with the committed PNG under a
// tolerance (image_compare.h). On failure the actual image and a diff image (differing pixels in
// red) are written next to each other in <build>/golden-out/.
//
// The image tolerance forgives what software rasterisers change, and with
// it small pose errors (a clip one frame late, a layer missing). So every
// case also dumps its pose (--dump-pose) and compares each joint's
// model-space position and orientation with tests/golden/poses/<case>.txt
// within kPoseTolerance and kAxisTolerance: the pose is computed on the CPU,
// identical from run to run up to float rounding (about 1e-6), while one
// frame (1/60 s) of the slowest clip moves some joint by millimetres, and a
// layer that turns only the head moves no joint but turns the head's axes.
//
// Regenerate the goldens with scripts/update_goldens.sh, then look at them.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "image_compare.h"
#include "json_reader.h"

namespace {

namespace fs = std::filesystem;

struct GoldenCase {
  std::string name;
  // "shared:FILE" (../shared/assets), "assets:FILE" (the repository's) or
  // "tests:FILE" (tests/assets: small third-party models with their licence)
  std::string model;
  std::string args;
};

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<GoldenCase> LoadCases() {
  std::vector<GoldenCase> cases;
  std::ifstream in(std::string(ANIM_SOURCE_DIR) + "/tests/golden/cases.txt");
  std::string line;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    GoldenCase c;
    std::getline(fields, c.name, '|');
    std::getline(fields, c.model, '|');
    std::getline(fields, c.args);
    cases.push_back({Trim(c.name), Trim(c.model), Trim(c.args)});
  }
  return cases;
}

std::string ModelPath(const std::string& model) {
  if (model.rfind("shared:", 0) == 0)
    return std::string(ANIM_SHARED_ASSETS_DIR) + "/" + model.substr(7);
  if (model.rfind("assets:", 0) == 0)
    return std::string(ANIM_SOURCE_DIR) + "/assets/" + model.substr(7);
  if (model.rfind("tests:", 0) == 0)
    return std::string(ANIM_SOURCE_DIR) + "/tests/assets/" + model.substr(6);
  return model;
}

// Joint positions farther than this (model units: metres for both
// characters) from the committed ones fail the case, and so do joint axes
// turned by more than kAxisTolerance radians.
constexpr double kPoseTolerance = 1e-4;
constexpr double kAxisTolerance = 1e-4;

struct Vec3 {
  double x = 0, y = 0, z = 0;
};

struct JointPosition {
  std::string name;
  Vec3 position, x_axis, y_axis;  // the axes unit length: the model's scale divided out
};

Vec3 Unit(double x, double y, double z) {
  const double n = std::sqrt(x * x + y * y + z * z);
  return n > 0.0 ? Vec3{x / n, y / n, z / n} : Vec3{};
}

// The angle between two unit vectors, well conditioned near 0.
double AngleBetween(const Vec3& a, const Vec3& b) {
  const double cx = a.y * b.z - a.z * b.y, cy = a.z * b.x - a.x * b.z, cz = a.x * b.y - a.y * b.x;
  return std::atan2(std::sqrt(cx * cx + cy * cy + cz * cz), a.x * b.x + a.y * b.y + a.z * b.z);
}

// Each joint's model-space position and x and y axes: the columns of its
// model matrix in a --dump-pose file.
bool ReadDumpedPositions(const std::string& path, std::vector<JointPosition>* joints,
                         std::string* error) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  app_test::JsonValue dump;
  if (!in || !app_test::ParseJson(text.str(), &dump, error)) {
    *error = "cannot read pose dump " + path + ": " + *error;
    return false;
  }
  for (const app_test::JsonValue& joint : dump["joints"].array) {
    const app_test::JsonValue& m = joint["model_matrix"];
    if (m.array.size() != 16) {
      *error = path + ": joint " + joint["name"].string + " has no 16-number model_matrix";
      return false;
    }
    joints->push_back({joint["name"].string,
                       {m[12].number, m[13].number, m[14].number},
                       Unit(m[0].number, m[1].number, m[2].number),
                       Unit(m[4].number, m[5].number, m[6].number)});
  }
  return true;
}

// The committed reference: one line per joint after a comment, its position,
// x axis and y axis (nine numbers), then its name.
std::string PoseReferencePath(const std::string& case_name) {
  return std::string(ANIM_SOURCE_DIR) + "/tests/golden/poses/" + case_name + ".txt";
}

void WritePoseReference(const std::string& path, const std::vector<JointPosition>& joints) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream out(path);
  out << "# model-space joint position, x axis, y axis, name; written by "
         "scripts/update_goldens.sh\n";
  char line[256];
  for (const JointPosition& j : joints) {
    const Vec3 &p = j.position, &a = j.x_axis, &b = j.y_axis;
    std::snprintf(line, sizeof line, "%.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f ", p.x, p.y, p.z,
                  a.x, a.y, a.z, b.x, b.y, b.z);
    out << line << j.name << "\n";
  }
}

bool ReadPoseReference(const std::string& path, std::vector<JointPosition>* joints) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    JointPosition j;
    for (Vec3* v : {&j.position, &j.x_axis, &j.y_axis}) fields >> v->x >> v->y >> v->z;
    std::getline(fields >> std::ws, j.name);
    joints->push_back(j);
  }
  return static_cast<bool>(in.eof()) && !joints->empty();
}

// Every joint within kPoseTolerance and kAxisTolerance of the reference; the
// messages name the joint that moved most and the one that turned most.
void ExpectSamePose(const std::vector<JointPosition>& expected,
                    const std::vector<JointPosition>& actual, const std::string& case_name) {
  ASSERT_EQ(actual.size(), expected.size()) << case_name << ": joint count differs";
  double worst = 0.0, worst_turn = 0.0;
  std::string worst_joint, worst_turned;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(actual[i].name, expected[i].name) << case_name << ": joint " << i;
    const Vec3 &p = actual[i].position, &q = expected[i].position;
    const double d = std::hypot(p.x - q.x, p.y - q.y, p.z - q.z);
    if (d > worst) {
      worst = d;
      worst_joint = expected[i].name;
    }
    const double turn = std::max(AngleBetween(actual[i].x_axis, expected[i].x_axis),
                                 AngleBetween(actual[i].y_axis, expected[i].y_axis));
    if (turn > worst_turn) {
      worst_turn = turn;
      worst_turned = expected[i].name;
    }
  }
  EXPECT_LE(worst, kPoseTolerance) << case_name << ": joint " << worst_joint << " is " << worst
                                   << " from its committed position";
  EXPECT_LE(worst_turn, kAxisTolerance) << case_name << ": joint " << worst_turned << " turned "
                                        << worst_turn << " rad from its committed orientation";
}

// A window case's command: the viewer's window under xvfb-run, captured after
// a fixed number of frames of fixed steps (the same picture every run).
// Each process starts its display search at its own number so that parallel
// tests do not race for one. The viewer runs in the source folder with the
// model's path relative to it, because the panel prints that path.
std::string WindowCommand(const std::string& model, const std::string& args,
                          const std::string& png) {
  const std::string relative = fs::relative(model, ANIM_SOURCE_DIR).string();
  return "cd \"" ANIM_SOURCE_DIR "\" && xvfb-run -a -n " + std::to_string(100 + getpid() % 800) +
         " -s '-screen 0 1280x720x24' " + std::string(ANIM_BINARY_DIR) + "/app/animviewer \"" +
         relative + "\" " + args + " --quit-after-frames 12 --window-screenshot \"" + png + "\"";
}

// Readable test output: gtest would otherwise dump the struct's bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) {
  *os << c.name << " (" << c.model << " " << c.args << ")";
}

class GoldenScreenshot : public testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenScreenshot, MatchesTheCommittedImage) {
  const GoldenCase& c = GetParam();
  const std::string model = ModelPath(c.model);
  if (!fs::exists(model)) GTEST_SKIP() << model << " is absent; golden " << c.name << " skipped";

  const fs::path out_dir = fs::path(ANIM_BINARY_DIR) / "golden-out";
  fs::create_directories(out_dir);
  const std::string actual_path = (out_dir / (c.name + ".png")).string();
  fs::remove(actual_path);
  const bool window = c.name.rfind("window_", 0) == 0;
  if (window && !fs::exists("/usr/bin/xvfb-run")) GTEST_SKIP() << "xvfb-run not installed";
  const std::string pose_path = (out_dir / (c.name + ".pose.json")).string();
  fs::remove(pose_path);
  // The references are the raw clips' poses (within 0.1 mm and 1e-4 rad):
  // compressed clips may differ from them by their own tolerance, which
  // tests/anim/compression_test.cpp checks, so the goldens play them raw.
  const std::string args = c.args + " --no-compression";
  const std::string command =
      window ? WindowCommand(model, args, actual_path)
             : std::string(ANIM_BINARY_DIR) + "/app/animviewer --headless \"" + model + "\" " +
                   args + " --screenshot \"" + actual_path + "\" --dump-pose \"" + pose_path + "\"";
  ASSERT_EQ(std::system(command.c_str()), 0) << "failed: " << command;

  std::string error;
  // Window cases are there for the layout (panels and scene); the window
  // writes no pose dump, and the poses it shows are the headless cases'.
  if (!window) {
    std::vector<JointPosition> pose, expected_pose;
    ASSERT_TRUE(ReadDumpedPositions(pose_path, &pose, &error)) << error;
    const std::string reference = PoseReferencePath(c.name);
    if (std::getenv("ANIM_UPDATE_GOLDENS") != nullptr ||
        std::getenv("ANIM_UPDATE_GOLDEN_POSES") != nullptr) {
      WritePoseReference(reference, pose);
    }
    ASSERT_TRUE(ReadPoseReference(reference, &expected_pose))
        << "cannot read " << reference << " (run scripts/update_goldens.sh to create it)";
    ExpectSamePose(expected_pose, pose, c.name);
  }

  golden::Rgba8Image actual, expected;
  ASSERT_TRUE(golden::LoadPng(actual_path, &actual, &error)) << error;

  const std::string golden_path = std::string(ANIM_SOURCE_DIR) + "/tests/golden/" + c.name + ".png";
  if (std::getenv("ANIM_UPDATE_GOLDENS") != nullptr) {
    fs::copy_file(actual_path, golden_path, fs::copy_options::overwrite_existing);
    GTEST_SKIP() << "updated " << golden_path << "; look at it before committing";
  }
  ASSERT_TRUE(golden::LoadPng(golden_path, &expected, &error))
      << error << " (run scripts/update_goldens.sh to create it)";

  const golden::Comparison result = golden::Compare(expected, actual, golden::Tolerance{});
  ASSERT_TRUE(result.same_size) << "size " << actual.width << "x" << actual.height
                                << " but golden is " << expected.width << "x" << expected.height;
  if (!result.passed) {
    const std::string diff_path = (out_dir / (c.name + ".diff.png")).string();
    golden::SavePng(diff_path, result.diff, &error);
    FAIL() << c.name << ": " << result.differing_pixels << " pixels ("
           << result.differing_fraction * 100 << "% of the " << result.silhouette_pixels
           << "-pixel silhouette) differ by more than the threshold, worst "
           << result.max_channel_difference << "; actual " << actual_path << ", diff " << diff_path;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenScreenshot, testing::ValuesIn(LoadCases()),
                         [](const testing::TestParamInfo<GoldenCase>& info) {
                           return info.param.name;
                         });

}  // namespace
