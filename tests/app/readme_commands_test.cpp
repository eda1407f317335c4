// Every command README.md shows runs. The convention: each line of a ```sh
// block in README.md is one command as a user types it at the root of a
// clone (a trailing "# comment" is dropped; a line of only a comment is
// skipped), and it must be one of:
//
// - build/app/animviewer ...: run as written by sh, from a fresh folder of
//   its own that holds `build/app/animviewer` (a link to the animviewer this
//   build made) and `assets` (a link to the source tree's), so relative
//   paths resolve as at the root of a clone and what the command writes
//   (walk.png, ./out/) lands in that folder. No display (DISPLAY and
//   WAYLAND_DISPLAY unset: the viewer renders through EGL, and a command
//   that would open a window renders its frames into ./out/ instead), a 60 s
//   timeout each. It must exit with 0 and print nothing with "error" in it
//   on stderr.
// - scripts/viewer.sh [ARGS] and scripts/test.sh: these install Debian
//   packages and build the project (test.sh the whole suite, twice), which
//   cannot happen inside the suite. So they are checked, not run: the script
//   exists, is executable and parses (`bash -n`); viewer.sh installs and
//   builds only the viewer and ends by running `build/app/animviewer "$@"`,
//   and that invocation, with the README's ARGS, is then run as above;
//   test.sh builds the release tree and runs ctest.
//
// Any other line fails the test, so a command added to README.md either
// runs here or gets a rule of its own. A second test checks that README's
// sample table lists every samples/sample_NN_*.cpp.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = ANIM_SOURCE_DIR;

// This process's folders, removed when it ends.
struct TempRoot {
  fs::path path = fs::temp_directory_path() / ("readme_commands_" + std::to_string(getpid()));
  ~TempRoot() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

std::string ReadText(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

std::string Trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  const auto end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

// The line without a trailing comment: a '#' at the start or after a space,
// outside quotes.
std::string WithoutComment(const std::string& line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#' && (i == 0 || std::isspace(static_cast<unsigned char>(line[i - 1])))) {
      return line.substr(0, i);
    }
  }
  return line;
}

struct Command {
  int line = 0;  // in README.md
  std::string text;
};

// Every command of README.md's ```sh blocks.
std::vector<Command> ReadmeCommands() {
  std::vector<Command> commands;
  std::istringstream in(ReadText(kSource / "README.md"));
  std::string line;
  int number = 0;
  bool in_block = false, in_sh = false;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      in_sh = !in_block && Trim(line) == "```sh";
      in_block = !in_block;
      continue;
    }
    if (!in_sh) continue;
    const std::string command = Trim(WithoutComment(line));
    if (!command.empty()) commands.push_back({number, command});
  }
  return commands;
}

bool StartsWithWord(const std::string& text, const std::string& word) {
  return text.rfind(word, 0) == 0 && (text.size() == word.size() || text[word.size()] == ' ');
}

const std::string kViewer = "build/app/animviewer";
const std::string kViewerScript = "scripts/viewer.sh";
const std::string kTestScript = "scripts/test.sh";

std::string ShellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

struct Run {
  int exit_code = -1;  // -1: killed by a signal
  std::string err;
};

// `command` run by sh in a fresh folder laid out as the root of a clone.
Run RunAsAtTheRoot(const std::string& command, int line) {
  static const TempRoot root;
  const fs::path folder = root.path / ("line_" + std::to_string(line));
  fs::remove_all(folder);
  fs::create_directories(folder / "build" / "app");
  fs::create_symlink(ANIMVIEWER_EXE, folder / "build" / "app" / "animviewer");
  fs::create_directory_symlink(kSource / "assets", folder / "assets");
  const std::string shell = "cd " + ShellQuoted(folder.string()) +
                            " && env -u DISPLAY -u WAYLAND_DISPLAY timeout 60 sh -c " +
                            ShellQuoted(command) + " > stdout.txt 2> stderr.txt";
  const int status = std::system(shell.c_str());
  Run run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.err = ReadText(folder / "stderr.txt");
  return run;
}

void ExpectRunsCleanly(const std::string& command, int line) {
  SCOPED_TRACE("README.md:" + std::to_string(line) + ": " + command);
  const Run run = RunAsAtTheRoot(command, line);
  EXPECT_EQ(run.exit_code, 0) << (run.exit_code == 124 ? "timed out after 60 s\n" : "") << run.err;
  std::string lower = run.err;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  EXPECT_EQ(lower.find("error"), std::string::npos) << "stderr:\n" << run.err;
}

// The script exists, is executable and parses.
void ExpectScript(const std::string& script) {
  const fs::path path = kSource / script;
  ASSERT_TRUE(fs::is_regular_file(path)) << script;
  EXPECT_EQ(access(path.c_str(), X_OK), 0) << script << " is not executable";
  const int status = std::system(("bash -n " + ShellQuoted(path.string())).c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "bash -n " << script;
}

// The arguments after the script's name ("" when none).
std::string ArgumentsAfter(const std::string& command, const std::string& name) {
  return Trim(command.substr(name.size()));
}

TEST(ReadmeCommands, EveryShellLineIsACommandTheSuiteChecks) {
  const std::vector<Command> commands = ReadmeCommands();
  int viewer = 0, viewer_script = 0, test_script = 0;
  for (const Command& c : commands) {
    if (StartsWithWord(c.text, kViewer)) {
      ++viewer;
    } else if (StartsWithWord(c.text, kViewerScript)) {
      ++viewer_script;
    } else if (c.text == kTestScript) {
      ++test_script;
    } else {
      ADD_FAILURE() << "README.md:" << c.line
                    << " shows a command the suite does not run: " << c.text
                    << "\n(see tests/app/readme_commands_test.cpp for what it runs)";
    }
  }
  // The two commands, and the viewer's own: an extraction that finds
  // nothing must not pass.
  EXPECT_EQ(viewer_script, 1);
  EXPECT_EQ(test_script, 1);
  EXPECT_GE(viewer, 5);
}

TEST(ReadmeCommands, ViewerCommandsExitZeroWithoutErrors) {
  int ran = 0;
  for (const Command& c : ReadmeCommands()) {
    if (!StartsWithWord(c.text, kViewer)) continue;
    ExpectRunsCleanly(c.text, c.line);
    ++ran;
  }
  EXPECT_GE(ran, 5);
}

TEST(ReadmeCommands, SetUpScriptsParseAndViewerShRunsTheViewer) {
  ExpectScript(kViewerScript);
  ExpectScript(kTestScript);

  // viewer.sh: only the viewer's packages and target, then the viewer with
  // the script's arguments.
  const std::string viewer_sh = ReadText(kSource / kViewerScript);
  EXPECT_NE(viewer_sh.find("\nscripts/install_deps.sh viewer\n"), std::string::npos);
  EXPECT_NE(viewer_sh.find("\nscripts/build.sh viewer\n"), std::string::npos);
  const std::string last_line =
      Trim(viewer_sh.substr(viewer_sh.find_last_of('\n', viewer_sh.find_last_not_of("\n")) + 1));
  EXPECT_EQ(last_line, "exec " + kViewer + " \"$@\"");

  // test.sh: the release tree and ctest.
  const std::string test_sh = ReadText(kSource / kTestScript);
  EXPECT_NE(test_sh.find("\nscripts/build.sh release\n"), std::string::npos);
  EXPECT_NE(test_sh.find("ctest "), std::string::npos);

  // What `scripts/viewer.sh ARGS` ends by running, run here.
  for (const Command& c : ReadmeCommands()) {
    if (!StartsWithWord(c.text, kViewerScript)) continue;
    const std::string arguments = ArgumentsAfter(c.text, kViewerScript);
    ExpectRunsCleanly(kViewer + (arguments.empty() ? "" : " " + arguments), c.line);
  }
}

// README's sample table has a row "| NN Name |" for every
// samples/sample_NN_*.cpp, and no other.
TEST(ReadmeSamples, TableListsEverySampleFile) {
  std::set<std::string> files;
  const std::regex file_name(R"(sample_(\d\d)_.*\.cpp)");
  for (const auto& entry : fs::directory_iterator(kSource / "samples")) {
    std::smatch match;
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, match, file_name)) files.insert(match[1]);
  }
  ASSERT_GE(files.size(), 10u);

  std::set<std::string> rows;
  const std::string readme = ReadText(kSource / "README.md");
  const std::regex row(R"(\n\| (\d\d) [^|]+\| [^|\n]+ \|)");
  for (auto it = std::sregex_iterator(readme.begin(), readme.end(), row);
       it != std::sregex_iterator(); ++it) {
    rows.insert((*it)[1]);
  }
  EXPECT_EQ(rows, files);
}

}  // namespace
