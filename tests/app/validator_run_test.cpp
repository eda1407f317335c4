// Running the glTF validator: on a hand-made glTF with a known error through
// the real validator (skipped, saying why, where node or the npm package is
// missing), through a stand-in "node" that prints canned reports (runs
// everywhere), and every way it cannot run. Also the window's background
// job: a model switch while a run is under way never shows the old report.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "app/command_line.h"
#include "app/validator_job.h"
#include "app/validator_run.h"

namespace {

namespace fs = std::filesystem;
using animviewer::ValidatorReport;
using animviewer::ValidatorSetup;
using animviewer::ValidatorSeverity;

fs::path TestDir(const std::string& name) {
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("validator_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void Write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// Three VEC3 floats (36 bytes) in a 4-byte buffer view: ACCESSOR_TOO_LONG.
constexpr const char* kAccessorTooLongGltf =
    R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4,)"
    R"("uri":"data:application/octet-stream;base64,AAAAAA=="}],)"
    R"("bufferViews":[{"buffer":0,"byteLength":4}],)"
    R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}]})";

TEST(ValidatorRun, TheRealValidatorFindsTheAccessorThatReadsPastItsBufferView) {
  const ValidatorSetup setup = animviewer::DefaultValidatorSetup();
  if (const std::string missing = animviewer::ValidatorMissing(setup); !missing.empty()) {
    GTEST_SKIP() << missing;
  }
  const fs::path gltf = TestDir("real") / "too_long.gltf";
  Write(gltf, kAccessorTooLongGltf);
  const ValidatorReport report = animviewer::RunValidator(gltf.string(), setup);
  ASSERT_EQ(report.outcome, ValidatorReport::Outcome::kReport) << report.problem;
  EXPECT_EQ(report.path, gltf.string());
  EXPECT_EQ(report.Count(ValidatorSeverity::kError), 1);
  EXPECT_EQ(report.Count(ValidatorSeverity::kWarning), 0);
  ASSERT_FALSE(report.messages.empty());
  EXPECT_EQ(report.messages[0].severity, ValidatorSeverity::kError);
  EXPECT_EQ(report.messages[0].code, "ACCESSOR_TOO_LONG");
  EXPECT_EQ(report.messages[0].pointer, "/accessors/0");
  EXPECT_FALSE(report.truncated);
}

// 250 unused accessors (an info each), one of them reading past its buffer
// view (an error), and an unknown extension used (one more info): the list
// keeps the error and the first 100 infos, the error first; the counts stay
// every issue's.
TEST(ValidatorRun, TheRealValidatorsListKeeps100OfEachSeverityButCountsEveryIssue) {
  const ValidatorSetup setup = animviewer::DefaultValidatorSetup();
  if (const std::string missing = animviewer::ValidatorMissing(setup); !missing.empty()) {
    GTEST_SKIP() << missing;
  }
  std::string accessors;
  for (int i = 0; i < 249; ++i) {
    accessors += R"({"bufferView":0,"componentType":5126,"count":1,"type":"SCALAR"},)";
  }
  accessors += R"({"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"})";
  const fs::path gltf = TestDir("many") / "many.gltf";
  Write(gltf, R"({"asset":{"version":"2.0"},"extensionsUsed":["EXT_unknown"],"buffers":[{)"
              R"("byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="}],)"
              R"("bufferViews":[{"buffer":0,"byteLength":4}],"accessors":[)" +
                  accessors + "]}");
  const ValidatorReport report = animviewer::RunValidator(gltf.string(), setup);
  ASSERT_EQ(report.outcome, ValidatorReport::Outcome::kReport) << report.problem;
  EXPECT_EQ(report.Count(ValidatorSeverity::kError), 1);
  EXPECT_EQ(report.Count(ValidatorSeverity::kInfo), 251);
  EXPECT_TRUE(report.truncated);
  ASSERT_EQ(report.messages.size(), 101u);
  EXPECT_EQ(report.messages[0].code, "ACCESSOR_TOO_LONG");
  EXPECT_EQ(report.messages[0].pointer, "/accessors/249");
  EXPECT_EQ(report.messages[1].severity, ValidatorSeverity::kInfo);
  EXPECT_EQ(animviewer::TruncationNote(report),
            "Showing 101 of 252 messages (the first 100 of each severity).");
}

TEST(ValidatorRun, AMissingNodeOrPackageSaysHowToInstallIt) {
  const fs::path dir = TestDir("missing");  // no validate.js, no node_modules
  ValidatorSetup setup{"node", dir.string()};
  const fs::path gltf = dir / "a.gltf";
  Write(gltf, kAccessorTooLongGltf);
  for (const std::string& node : {std::string("node"), (dir / "no_such_node").string()}) {
    setup.node = node;
    const ValidatorReport report = animviewer::RunValidator(gltf.string(), setup);
    EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kNotInstalled) << node;
    EXPECT_NE(report.problem.find("bash scripts/install_validator.sh (needs npm)"),
              std::string::npos)
        << report.problem;
    EXPECT_EQ(report.path, gltf.string());
    EXPECT_TRUE(report.messages.empty());
  }
  setup.node = (dir / "no_such_node").string();
  EXPECT_NE(animviewer::ValidatorMissing(setup).find("needs node"), std::string::npos);
}

TEST(ValidatorRun, FilesThatAreNotGltfAreNotValidated) {
  EXPECT_TRUE(animviewer::IsGltfPath("a/b/Model.GLB"));
  EXPECT_TRUE(animviewer::IsGltfPath("model.gltf"));
  EXPECT_FALSE(animviewer::IsGltfPath("take.bvh"));
  EXPECT_FALSE(animviewer::IsGltfPath("gltf"));
  const ValidatorReport report = animviewer::RunValidator("walk.bvh", ValidatorSetup{});
  EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kNotGltf);
  EXPECT_NE(report.problem.find("reads glTF only"), std::string::npos) << report.problem;
  EXPECT_NE(report.problem.find("walk.bvh"), std::string::npos) << report.problem;
}

// A stand-in for node in `dir`, with the files ValidatorMissing looks for:
// it prints the validated file itself as the report (after a second when
// the name holds "slow"), and fails with a message for names holding "fail".
ValidatorSetup FakeValidator(const fs::path& dir) {
  fs::create_directories(dir / "node_modules" / "gltf-validator");
  Write(dir / "validate.js", "");
  const fs::path node = dir / "fake node";  // a space: the command must quote it
  Write(node,
        "#!/bin/sh\n"
        "[ \"$1\" = --version ] && exit 0\n"
        "case \"$3\" in *fail*) echo \"validate.js: cannot read $3\" >&2; exit 2;; esac\n"
        "case \"$3\" in *slow*) sleep 1;; esac\n"
        "cat \"$3\"\n");
  fs::permissions(node, fs::perms::owner_all);
  return ValidatorSetup{node.string(), dir.string()};
}

std::string CountsReport(int errors) {
  return R"({"issues":{"numErrors":)" + std::to_string(errors) +
         R"(,"numWarnings":0,"numInfos":0,"numHints":0,"messages":[]}})";
}

TEST(ValidatorRun, OutputThatIsNotAReportOrAFailedRunIsReportedAsAFailure) {
  const fs::path dir = TestDir("fake");
  const ValidatorSetup setup = FakeValidator(dir);
  Write(dir / "garbage.gltf", "Segmentation fault\n");
  Write(dir / "fail.gltf", "{}");
  Write(dir / "it's fine.gltf", CountsReport(3));
  ValidatorReport report = animviewer::RunValidator((dir / "garbage.gltf").string(), setup);
  EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kFailed);
  EXPECT_NE(report.problem.find("not JSON: Segmentation fault"), std::string::npos)
      << report.problem;
  report = animviewer::RunValidator((dir / "fail.gltf").string(), setup);
  EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kFailed);
  EXPECT_NE(report.problem.find("validate.js: cannot read"), std::string::npos) << report.problem;
  report = animviewer::RunValidator((dir / "it's fine.gltf").string(), setup);
  ASSERT_EQ(report.outcome, ValidatorReport::Outcome::kReport) << report.problem;
  EXPECT_EQ(report.Count(ValidatorSeverity::kError), 3);
}

// Polls until the job's run is done (at most 20 s).
void WaitFor(animviewer::ValidatorJob& job) {
  for (int i = 0; i < 2000 && job.running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    job.Poll();
  }
}

TEST(ValidatorJob, AModelSwitchDuringARunNeverShowsTheOldFilesReport) {
  const fs::path dir = TestDir("job");
  const fs::path slow = dir / "slow.gltf", fast = dir / "fast.gltf";
  Write(slow, CountsReport(7));
  Write(fast, CountsReport(2));
  animviewer::ValidatorJob job(FakeValidator(dir));
  job.Start(slow.string());
  EXPECT_TRUE(job.running());  // Start returned before the second the run takes
  job.Start(fast.string());
  WaitFor(job);
  ASSERT_FALSE(job.running());
  EXPECT_EQ(job.report().path, fast.string());
  EXPECT_EQ(job.report().Count(ValidatorSeverity::kError), 2);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the slow run ends unseen
  job.Poll();
  EXPECT_EQ(job.report().path, fast.string());
  EXPECT_EQ(job.report().Count(ValidatorSeverity::kError), 2);
}

TEST(ValidatorJob, InTheForegroundStartReturnsWithTheReport) {
  const fs::path dir = TestDir("foreground");
  Write(dir / "a.gltf", CountsReport(1));
  animviewer::ValidatorJob job(FakeValidator(dir));
  job.SetBackground(false);
  job.Start((dir / "a.gltf").string());
  EXPECT_FALSE(job.running());
  EXPECT_EQ(job.report().outcome, ValidatorReport::Outcome::kReport);
  EXPECT_EQ(job.report().Count(ValidatorSeverity::kError), 1);
}

// animviewer MODEL --validate, as a user runs it.
int RunViewer(const std::string& arguments, std::string* output) {
  FILE* pipe = ::popen((std::string(ANIMVIEWER_EXE) + " " + arguments + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output->append(buffer, n);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ValidateOption, PrintsTheReportAndExitsOneOnErrors) {
  const auto parsed = animviewer::ParseCommandLine({"model.glb", "--validate"});
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_TRUE(parsed.options.validate);
  EXPECT_TRUE(animviewer::ParseCommandLine({"--headless", "--validate"}).ok());
  if (const std::string missing = animviewer::ValidatorMissing(animviewer::DefaultValidatorSetup());
      !missing.empty()) {
    GTEST_SKIP() << missing;
  }
  const fs::path gltf = TestDir("option") / "too_long.gltf";
  Write(gltf, kAccessorTooLongGltf);
  std::string output;
  EXPECT_EQ(RunViewer("'" + gltf.string() + "' --validate", &output), 1) << output;
  EXPECT_NE(output.find("glTF validator: 1 error, 0 warnings, 1 info, 0 hints\n"
                        "  error ACCESSOR_TOO_LONG /accessors/0: "),
            std::string::npos)
      << output;
  output.clear();
  EXPECT_EQ(RunViewer("--validate", &output), 0) << output;  // the bundled model
  EXPECT_NE(output.find("glTF validator: 0 errors"), std::string::npos) << output;
}

}  // namespace
