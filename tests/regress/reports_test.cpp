// The reports from results made here: the HTML page lists failing cases
// first, links images that exist beside it and escapes what it shows; the
// JUnit XML has the elements and counts CI systems read.
#include "regress/reports.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "regress/image_compare.h"

namespace {

namespace fs = std::filesystem;

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Png(const fs::path& path) {
  regress::Rgba8Image image{4, 3, std::vector<std::uint8_t>(4 * 3 * 4, 200)};
  std::string error;
  EXPECT_TRUE(regress::SavePng(path.string(), image, &error)) << error;
  return path.string();
}

std::vector<regress::CaseResult> Results(const fs::path& dir) {
  std::vector<regress::CaseResult> results(3);
  results[0].c.name = "passes";
  results[0].verdict = regress::Verdict::kPassed;
  results[0].golden_png = Png(dir / "goldens_passes.png");
  results[0].actual_png = Png(dir / "passes.png");
  results[0].command = "animviewer --headless a.gltf --time 1";
  results[1].c.name = "moved";
  results[1].verdict = regress::Verdict::kPoseMoved;
  results[1].message = "joint <Head> moved 3 mm";
  results[1].golden_png = Png(dir / "goldens_moved.png");
  results[1].actual_png = Png(dir / "moved.png");
  results[1].diff_png = Png(dir / "moved.diff.png");
  results[1].pose_compared = true;
  results[1].pose.same_joints = true;
  results[1].pose.joints = {{"Head", 0.003, 0.01}, {"Neck", 0.001, 0.0}};
  results[1].seconds = 0.5;
  results[2].c.name = "broken";
  results[2].verdict = regress::Verdict::kFailed;
  results[2].message = "x.gltf: cannot open";
  return results;
}

TEST(RegressReports, TheHtmlPageListsFailingCasesFirstWithTheirImages) {
  const fs::path dir = fs::temp_directory_path() / "regress_reports_html";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string error;
  ASSERT_TRUE(regress::WriteHtmlReport(Results(dir), dir.string(), "my run", &error)) << error;
  const std::string html = Read((dir / "index.html").string());
  EXPECT_NE(html.find("3 cases: 1 passed, 1 pose moved, 1 failed"), std::string::npos);
  const auto moved = html.find("id=\"case-moved\""), broken = html.find("id=\"case-broken\""),
             passes = html.find("id=\"case-passes\"");
  ASSERT_NE(passes, std::string::npos);
  EXPECT_LT(moved, passes);
  EXPECT_LT(broken, passes);
  EXPECT_NE(html.find("joint &lt;Head&gt; moved 3 mm"), std::string::npos);
  EXPECT_EQ(html.find("<Head>"), std::string::npos);
  // The golden copied beside the page; every image the page links exists.
  EXPECT_TRUE(fs::exists(dir / "moved.golden.png"));
  const std::regex src("src=\"([^\"]+)\"");
  int images = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), src); it != std::sregex_iterator();
       ++it, ++images) {
    EXPECT_TRUE(fs::exists(dir / (*it)[1].str())) << (*it)[1].str();
  }
  // passes: golden, image, wipe (2); moved: golden, image, diff, wipe (2).
  EXPECT_EQ(images, 4 + 5);
  EXPECT_NE(html.find("<td class=\"name\">Head</td><td>3.0000</td>"), std::string::npos);
}

TEST(RegressReports, JunitHasASuiteACasePerCaseAndTheRightCounts) {
  const fs::path dir = fs::temp_directory_path() / "regress_reports_junit";
  fs::create_directories(dir);
  const std::string path = (dir / "junit.xml").string();
  std::string error;
  ASSERT_TRUE(regress::WriteJunitReport(Results(dir), path, &error)) << error;
  const std::string xml = Read(path);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ", 0), 0u);
  EXPECT_NE(xml.find("<testsuite name=\"animviewer regress\" tests=\"3\" failures=\"1\" "
                     "errors=\"1\" skipped=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"regress\" name=\"passes\" time=\"0.000\"></testcase>"),
            std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"pose moved: joint &lt;Head&gt; moved 3 mm\" "
                     "type=\"pose moved\">"),
            std::string::npos);
  EXPECT_NE(xml.find("<error message=\"x.gltf: cannot open\" type=\"failed\">"), std::string::npos);
  EXPECT_NE(xml.find("</testsuite>\n</testsuites>\n"), std::string::npos);
}

}  // namespace
