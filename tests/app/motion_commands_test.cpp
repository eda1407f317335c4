// --motion-database and --match as a user runs them, on the mannequin: the
// written database read back with the tests' own JSON reader and checked
// against the definition of its normalisation, and --match checked against
// a nearest-row search written here over the written matrix.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "json_reader.h"
#include "run_viewer.h"

namespace {

using app_test::JsonValue;

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";

JsonValue ReadJson(const std::string& path) {
  JsonValue json;
  std::string error;
  EXPECT_TRUE(app_test::ParseJson(app_test::ReadFile(path), &json, &error)) << path << error;
  return json;
}

// The database the command writes for the mannequin (once per test run).
const JsonValue& MannequinDatabase() {
  static const JsonValue db = [] {
    const std::string path = app_test::TempPath("mannequin_motion.json");
    const auto run = app_test::RunViewer("'" + kMannequin + "' --motion-database '" + path + "'");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return ReadJson(path);
  }();
  return db;
}

TEST(MotionCommands, TheDatabaseIsNormalisedGroupByGroup) {
  const JsonValue& db = MannequinDatabase();
  const auto& matrix = db["matrix"].array;
  ASSERT_GT(matrix.size(), 100u);
  ASSERT_EQ(db["feature_names"].array.size(), 27u);
  std::set<std::string> names;
  for (const JsonValue& n : db["feature_names"].array) names.insert(n.string);
  EXPECT_EQ(names.size(), 27u);
  // Every column has mean 0; in each group the mean of its columns'
  // deviations is the group's weight (1), or 0 where the group never varies
  // (the mannequin does not turn, so the facings are all ahead).
  for (const JsonValue& group : db["groups"].array) {
    const int first = static_cast<int>(group["first"].number);
    const int width = static_cast<int>(group["width"].number);
    double deviations = 0.0;
    for (int f = first; f < first + width; ++f) {
      double sum = 0.0, sum_sq = 0.0;
      for (const JsonValue& row : matrix) sum += row[static_cast<std::size_t>(f)].number;
      const double mean = sum / static_cast<double>(matrix.size());
      for (const JsonValue& row : matrix)
        sum_sq += std::pow(row[static_cast<std::size_t>(f)].number - mean, 2);
      EXPECT_NEAR(mean, 0.0, 1e-4) << group["name"].string << " " << f;
      deviations += std::sqrt(sum_sq / static_cast<double>(matrix.size()));
    }
    deviations /= width;
    if (group["name"].string == "trajectory_facings")
      EXPECT_NEAR(deviations, 0.0, 1e-6);
    else
      EXPECT_NEAR(deviations, group["weight"].number, 1e-4) << group["name"].string;
  }
}

TEST(MotionCommands, EveryFullBodyClipIsSampledThirtyTimesASecond) {
  const JsonValue& db = MannequinDatabase();
  std::vector<std::string> clips;
  for (const JsonValue& c : db["clips"].array) clips.push_back(c.string);
  // Lean_Left and Look are additive: never played alone, so not searched.
  // Of the clips jumped to, the Idle alone is mirrored: Walk and Run are
  // their own mirror half a cycle on.
  EXPECT_EQ(clips,
            (std::vector<std::string>{"Idle", "Walk", "Run", "Punch", "Jump", "Idle (mirrored)"}));
  const auto& clip = db["frames"]["clip"].array;
  const auto& time = db["frames"]["time"].array;
  ASSERT_EQ(clip.size(), db["matrix"].array.size());
  for (std::size_t r = 1; r < clip.size(); ++r) {
    if (clip[r].number == clip[r - 1].number)
      EXPECT_NEAR(time[r].number - time[r - 1].number, 1.0 / 30.0, 1e-5) << r;
    else
      EXPECT_EQ(time[r].number, 0.0) << r;
  }
}

// --no-mirrored-clips leaves the mirror images out; --motion-exclude keeps a
// clip's rows in the database but never jumped to; either without a mode
// that builds a database is refused, since the window would ignore it.
TEST(MotionCommands, TheDatabaseLeavesOutMirrorsAndExcludesClipsWhenAsked) {
  const std::string path = app_test::TempPath("mannequin_motion_plain.json");
  const auto run = app_test::RunViewer("'" + kMannequin + "' --motion-database '" + path +
                                       "' --no-mirrored-clips --motion-exclude Run");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const JsonValue db = ReadJson(path);
  std::vector<std::string> clips;
  for (const JsonValue& c : db["clips"].array) clips.push_back(c.string);
  EXPECT_EQ(clips, (std::vector<std::string>{"Idle", "Walk", "Run", "Punch", "Jump"}));
  const auto& clip = db["frames"]["clip"].array;
  const auto& searchable = db["frames"]["searchable"].array;
  int run_rows = 0, walk_jumped = 0;
  for (std::size_t r = 0; r < clip.size(); ++r) {
    if (clip[r].number == 2) {
      ++run_rows;
      EXPECT_FALSE(searchable[r].boolean) << r;
    }
    if (clip[r].number == 1 && searchable[r].boolean) ++walk_jumped;
  }
  EXPECT_GT(run_rows, 10);
  EXPECT_GT(walk_jumped, 10);
  const auto alone =
      app_test::RunViewer("'" + kMannequin + "' --headless --info --motion-exclude Run");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--no-mirrored-clips and --motion-exclude shape the database of "
                           "--motion-database, --match and --drive"),
            std::string::npos)
      << alone.err;
  const auto unknown = app_test::RunViewer("'" + kMannequin + "' --motion-database '" + path +
                                           "' --motion-exclude Moonwalk");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("no clip named 'Moonwalk' to exclude from the motion database"),
            std::string::npos)
      << unknown.err;
}

// The nearest searchable row to `q` in the written matrix, in double.
int Nearest(const JsonValue& db, const std::vector<double>& q, double* cost) {
  int best = -1;
  *cost = 1e300;
  const auto& matrix = db["matrix"].array;
  for (std::size_t r = 0; r < matrix.size(); ++r) {
    if (!db["frames"]["searchable"][r].boolean) continue;
    double c = 0.0;
    for (std::size_t f = 0; f < 27; ++f) c += std::pow(q[f] - matrix[r][f].number, 2);
    if (c < *cost) {
      *cost = c;
      best = static_cast<int>(r);
    }
  }
  return best;
}

std::string QueryJson(const std::vector<double>& q) {
  std::string out = "[";
  for (std::size_t f = 0; f < q.size(); ++f) out += (f ? ", " : "") + std::to_string(q[f]);
  return out + "]";
}

TEST(MotionCommands, MatchAnswersEachQueryWithTheNearestSearchableRow) {
  const JsonValue& db = MannequinDatabase();
  const auto& matrix = db["matrix"].array;
  // Queries: row 40 as written (rounded to 6 decimals by std::to_string),
  // row 120 moved half a unit on every feature, and the origin.
  std::vector<std::vector<double>> queries(3, std::vector<double>(27, 0.0));
  for (std::size_t f = 0; f < 27; ++f) {
    queries[0][f] = matrix[40][f].number;
    queries[1][f] = matrix[120][f].number + (f % 2 ? 0.5 : -0.5);
  }
  const std::string in = app_test::TempPath("queries.json"), out = app_test::TempPath("found.json");
  std::ofstream(in) << "{\"queries\": [" << QueryJson(queries[0]) << ", " << QueryJson(queries[1])
                    << ", " << QueryJson(queries[2]) << "]}";
  const auto run = app_test::RunViewer("'" + kMannequin + "' --match '" + in + "' '" + out + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const JsonValue found = ReadJson(out);
  ASSERT_EQ(found["results"].array.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    double cost = 0.0;
    // The query as the command read it: the text's six decimals.
    std::vector<double> read(27);
    for (std::size_t f = 0; f < 27; ++f) read[f] = std::stod(std::to_string(queries[i][f]));
    const int expected = Nearest(db, read, &cost);
    const JsonValue& result = found["results"][i];
    // The row found is a nearest one: its own cost, measured here, is the
    // least (rows of the idle's cycle can tie within float rounding, so the
    // first of them in double need not be the first in float).
    const auto row = static_cast<std::size_t>(result["frame"].number);
    ASSERT_TRUE(db["frames"]["searchable"][row].boolean) << i;
    double own = 0.0;
    for (std::size_t f = 0; f < 27; ++f) own += std::pow(read[f] - matrix[row][f].number, 2);
    EXPECT_NEAR(own, cost, 1e-4 * (1.0 + cost)) << i << ": " << expected << " is nearer";
    EXPECT_NEAR(result["cost"].number, cost, 1e-4 * (1.0 + cost)) << i;
    EXPECT_EQ(result["clip"].string,
              db["clips"][static_cast<std::size_t>(db["frames"]["clip"][row].number)].string);
    EXPECT_EQ(result["time"].number, db["frames"]["time"][row].number);
  }
  EXPECT_EQ(found["results"][0]["frame"].number, 40);
}

TEST(MotionCommands, ABadQueriesFileIsRefusedNamingTheFileAndTheQuery) {
  const std::string out = app_test::TempPath("never.json");
  const auto refused = [&](const std::string& name, const std::string& text) {
    const std::string path = app_test::TempPath(name);
    std::ofstream(path) << text;
    const auto run =
        app_test::RunViewer("'" + kMannequin + "' --match '" + path + "' '" + out + "'");
    EXPECT_EQ(run.exit_code, 1) << text;
    EXPECT_NE(run.err.find(path + ": "), std::string::npos) << run.err;
    return run.err;
  };
  const std::string row27 = QueryJson(std::vector<double>(27, 0.0));
  const std::string row26 = QueryJson(std::vector<double>(26, 0.0));
  EXPECT_NE(refused("short.json", "{\"queries\": [" + row27 + ", " + row26 + "]}")
                .find("queries[1] is not an array of 27 numbers (it has 26)"),
            std::string::npos);
  std::string text_feature = row27;
  text_feature.replace(text_feature.find("0.000000"), 8, "\"x\"");
  EXPECT_NE(refused("text.json", "{\"queries\": [" + text_feature + "]}")
                .find("queries[0] feature 0 is not a finite number"),
            std::string::npos);
  EXPECT_NE(refused("deep.json", "{\"queries\": [[[[0]]]]}").find("nested deeper"),
            std::string::npos);
  EXPECT_NE(refused("shape.json", "[1, 2]").find("{ \"queries\": [[27 numbers], ...] }"),
            std::string::npos);
  EXPECT_NE(refused("broken.json", "{\"queries\": [").find("not valid JSON"), std::string::npos);
  EXPECT_FALSE(std::ifstream(out).good());
  const auto one_file = app_test::RunViewer("'" + kMannequin + "' --match only.json");
  EXPECT_EQ(one_file.exit_code, 2);
  EXPECT_NE(one_file.err.find("--match needs two files"), std::string::npos) << one_file.err;
}

TEST(MotionCommands, DriveWalksTheScriptAndReportsWhatItMeasured) {
  // Four seconds at the mannequin's walk (1.4 m/s) along +Z, then two
  // standing.
  const std::string script = app_test::TempPath("straight.json");
  std::ofstream(script) << "{\"duration\": 6, \"keys\": [{\"time\": 0, \"velocity\": [0, 1.4]}, "
                           "{\"time\": 4, \"velocity\": [0, 0]}]}";
  const auto run = app_test::RunViewer("'" + kMannequin + "' --drive '" + script + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::size_t total = run.out.find("total: walked ");
  ASSERT_NE(total, std::string::npos) << run.out;
  const double walked = std::stod(run.out.substr(total + 14));
  // 1.4 m/s for 4 s less the spring's start (2/y = 0.39 s at 1.4 m/s:
  // 0.54 m), plus the stop's run-out (as much again, at most).
  EXPECT_NEAR(walked, 5.6, 0.6) << run.out;
  // One line per second and the totals, in the columns the header names.
  EXPECT_NE(run.out.find("second  walked_m  slide_cm"), std::string::npos);
  EXPECT_NE(run.out.find("\n5 "), std::string::npos) << run.out;
}

// The same script through 05's locomotion graph: it walks as far (its
// blend space reaches the walk at 2.5 m/s^2, the spring's start is the
// matcher's), neither searches nor switches, and the report says which
// controller ran. A right-angle turn then: the graph steers its path round
// at 90 degrees a second, so it walks on along +X after 3 s.
TEST(MotionCommands, DriveRunsTheLocomotionGraphOnTheSameInput) {
  const std::string script = app_test::TempPath("turn.json");
  std::ofstream(script) << "{\"duration\": 7, \"keys\": [{\"time\": 0, \"velocity\": [0, 1.4]}, "
                           "{\"time\": 4, \"velocity\": [1.4, 0]}]}";
  const auto run =
      app_test::RunViewer("'" + kMannequin + "' --drive '" + script + "' --drive-controller graph");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("(locomotion graph)"), std::string::npos) << run.out;
  const std::size_t total = run.out.find("total: walked ");
  ASSERT_NE(total, std::string::npos) << run.out;
  // 7 s at 1.4 m/s less the start (0.6 m at most).
  EXPECT_NEAR(std::stod(run.out.substr(total + 14)), 9.8, 0.7) << run.out;
  EXPECT_NE(run.out.find("0.00 switches and 0.0 searches a second"), std::string::npos) << run.out;
  // Following the turn, its 1 s trajectory error stays under a metre (the
  // matcher's is a few cm; the graph cuts the corner wide).
  const std::size_t at_1s = run.out.find(" cm at 0.5 s, ");
  ASSERT_NE(at_1s, std::string::npos) << run.out;
  EXPECT_LT(std::stod(run.out.substr(at_1s + 14)), 100.0) << run.out;
  const auto wrong =
      app_test::RunViewer("'" + kMannequin + "' --drive '" + script + "' --drive-controller blend");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("--drive-controller needs matching or graph, got 'blend'"),
            std::string::npos)
      << wrong.err;
}

// On the mannequin's dance card (clips that start, stop and turn) motion
// matching walks the shipped square with stops sliding its feet less than
// the locomotion graph does, and keeping closer to the path asked for.
TEST(MotionCommands, OnTheDanceCardTheSquaresStopsAndCornersSlideLessThanUnderTheGraph) {
  const std::string model = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin_locomotion.gltf";
  const std::string script = std::string(ANIM_SOURCE_DIR) + "/assets/drives/square_with_stops.json";
  struct Totals {
    double slide = 0.0, error_1s = 0.0;
  };
  const auto drive = [&](const std::string& controller) {
    const auto run = app_test::RunViewer("'" + model + "' --drive '" + script +
                                         "' --drive-controller " + controller);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    Totals t;
    const std::size_t slide = run.out.find(" cm per metre)");
    const std::size_t open = run.out.rfind('(', slide);
    const std::size_t error = run.out.find(" cm at 0.5 s, ");
    EXPECT_NE(slide, std::string::npos) << run.out;
    EXPECT_NE(error, std::string::npos) << run.out;
    if (slide == std::string::npos || error == std::string::npos) return t;
    t.slide = std::stod(run.out.substr(open + 1));
    t.error_1s = std::stod(run.out.substr(error + 14));
    return t;
  };
  const Totals matching = drive("matching"), graph = drive("graph");
  std::printf(
      "square on the dance card: matching slides %.1f cm/m, 1 s error %.1f cm; graph %.1f, "
      "%.1f\n",
      matching.slide, matching.error_1s, graph.slide, graph.error_1s);
  EXPECT_GT(graph.slide, 0.0);
  EXPECT_LT(matching.slide, graph.slide);
  EXPECT_LT(matching.error_1s, graph.error_1s);
}

TEST(MotionCommands, ABadDriveScriptIsRefusedNamingTheFileAndTheKey) {
  const auto refused = [&](const std::string& name, const std::string& text) {
    const std::string path = app_test::TempPath(name);
    std::ofstream(path) << text;
    const auto run = app_test::RunViewer("'" + kMannequin + "' --drive '" + path + "'");
    EXPECT_EQ(run.exit_code, 1) << text;
    EXPECT_NE(run.err.find(path + ": "), std::string::npos) << run.err;
    return run.err;
  };
  EXPECT_NE(
      refused("late.json", "{\"duration\": 2, \"keys\": [{\"time\": 1, \"velocity\": [0, 1]}]}")
          .find("keys[0] starts at 1"),
      std::string::npos);
  EXPECT_NE(refused("order.json",
                    "{\"duration\": 2, \"keys\": [{\"time\": 0, \"velocity\": [0, 1]}, "
                    "{\"time\": 1, \"velocity\": [1]}]}")
                .find("keys[1] velocity is not [x, z]"),
            std::string::npos);
  EXPECT_NE(refused("long.json", "{\"duration\": 1e9, \"keys\": []}").find("duration"),
            std::string::npos);
  EXPECT_NE(refused("deep.json", "{\"duration\": 1, \"keys\": [[[[[0]]]]]}").find("nested deeper"),
            std::string::npos);
}

}  // namespace
