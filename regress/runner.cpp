#include "regress/runner.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "regress/image_compare.h"

extern char** environ;

namespace regress {

namespace fs = std::filesystem;

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPassed: return "passed";
    case Verdict::kPoseMoved: return "pose moved";
    case Verdict::kImageMoved: return "image moved";
    case Verdict::kBothMoved: return "pose and image moved";
    case Verdict::kNew: return "new";
    case Verdict::kFailed: return "failed";
    case Verdict::kSkipped: return "skipped";
    case Verdict::kUpdated: return "updated";
  }
  return "?";
}

bool VerdictFails(Verdict verdict) {
  return verdict != Verdict::kPassed && verdict != Verdict::kSkipped &&
         verdict != Verdict::kUpdated;
}

namespace {

using Clock = std::chrono::steady_clock;

// An argument as a POSIX shell would take it back (for the report).
std::string Quoted(const std::string& arg) {
  if (!arg.empty() && arg.find_first_of(" \t'\"\\$`*?[]{}();&|<>!#~") == std::string::npos) {
    return arg;
  }
  std::string out = "'";
  for (const char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string LastLines(const std::string& path, std::size_t max_chars) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  if (s.size() > max_chars) s = "..." + s.substr(s.size() - max_chars);
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

bool Matches(const std::vector<std::string>& patterns, const std::string& name) {
  return std::any_of(patterns.begin(), patterns.end(),
                     [&](const std::string& p) { return NameMatches(p, name); });
}

bool SameFileContents(const std::string& a, const std::string& b) {
  std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
  if (!fa || !fb) return false;
  return std::equal(std::istreambuf_iterator<char>(fa), std::istreambuf_iterator<char>(),
                    std::istreambuf_iterator<char>(fb), std::istreambuf_iterator<char>());
}

struct Job {
  std::size_t index;
  std::vector<std::string> argv;
  std::string log;
  Clock::time_point start;
};

// Starts the viewer with `argv`, its output into `log`. -1 when it cannot.
pid_t Spawn(const std::vector<std::string>& argv, const std::string& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char*> raw;
  for (const std::string& a : argv) raw.push_back(const_cast<char*>(a.c_str()));
  raw.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, raw[0], &actions, nullptr, raw.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -1;
}

void Fail(CaseResult& r, const std::string& message) {
  r.verdict = Verdict::kFailed;
  r.message = message;
}

// --update: the case's image and pose become its goldens; says whether
// either changed.
void WriteGoldens(const std::vector<JointPose>& pose, const std::string& golden_png,
                  const std::string& golden_pose, CaseResult& r) {
  const bool had = fs::exists(golden_png) && fs::exists(golden_pose);
  std::vector<JointPose> before;
  std::string error;
  const bool pose_same = had && ReadPoseGolden(golden_pose, &before, &error) &&
                         ComparePoses(before, pose, r.c.tolerances).passed;
  const bool image_same = had && SameFileContents(golden_png, r.actual_png);
  std::error_code ec;
  fs::create_directories(fs::path(golden_png).parent_path(), ec);
  fs::copy_file(r.actual_png, golden_png, fs::copy_options::overwrite_existing, ec);
  if (ec || !WritePoseGolden(golden_pose, pose, &error)) {
    Fail(r, ec ? golden_png + ": " + ec.message() : error);
    return;
  }
  r.verdict = Verdict::kUpdated;
  r.golden_png = golden_png;
  r.message = !had ? "goldens written (new)"
              : pose_same && image_same
                  ? "goldens written (unchanged)"
                  : std::string("goldens written (") + (pose_same ? "" : "pose changed") +
                        (!pose_same && !image_same ? ", " : "") +
                        (image_same ? "" : "image changed") + ")";
}

// The case's image against the golden, its figures into `r` and the diff
// beside the case's image. False (r failed) when either cannot be read.
bool CompareImages(const RunOptions& o, const std::string& golden_png, CaseResult& r,
                   Comparison* image, std::string* sizes) {
  Rgba8Image golden, actual;
  std::string error;
  if (!LoadPng(golden_png, &golden, &error) || !LoadPng(r.actual_png, &actual, &error)) {
    Fail(r, error);
    return false;
  }
  *image = Compare(golden, actual, ImageTolerance(r.c.tolerances));
  r.image_compared = image->same_size;
  r.differing_pixels = image->differing_pixels;
  r.forgiven_pixels = image->forgiven_pixels;
  r.silhouette_pixels = image->silhouette_pixels;
  r.differing_fraction = image->differing_fraction;
  r.max_channel_difference = image->max_channel_difference;
  if (image->same_size) {
    r.diff_png = (fs::path(o.out) / (r.c.name + ".diff.png")).string();
    if (!SavePng(r.diff_png, image->diff, &error)) r.diff_png.clear();
  }
  *sizes = "image " + std::to_string(actual.width) + "x" + std::to_string(actual.height) +
           ", golden " + std::to_string(golden.width) + "x" + std::to_string(golden.height);
  return true;
}

// What moved, in one line: the joint that moved most, the pixels that differ.
std::string MovedMessage(const CaseResult& r, const Comparison& image, const std::string& sizes) {
  std::ostringstream m;
  if (!r.pose.same_joints) {
    m << "the skeleton differs: " << r.pose.problem;
  } else if (!r.pose.passed && !r.pose.joints.empty()) {
    const JointDifference& d = r.pose.joints.front();
    m << "joint " << d.name << " moved " << d.distance * 1000.0 << " mm and turned " << d.turn
      << " rad (tolerances " << r.c.tolerances.pose_tolerance * 1000.0 << " mm, "
      << r.c.tolerances.axis_tolerance << " rad)";
  }
  if (!image.same_size) {
    m << (m.tellp() > 0 ? "; " : "") << sizes;
  } else if (!image.passed) {
    m << (m.tellp() > 0 ? "; " : "") << image.differing_pixels << " pixels differ ("
      << image.differing_fraction * 100.0 << " % of the " << image.silhouette_pixels
      << "-pixel silhouette, budget " << r.c.tolerances.image_budget * 100.0 << " %)";
  }
  return m.str();
}

// Judges a rendered case against its goldens, pose first, or writes them.
void Judge(const RunOptions& o, bool update, CaseResult& r) {
  std::string error;
  const std::string dump = (fs::path(o.out) / (r.c.name + ".pose.json")).string();
  std::vector<JointPose> pose;
  if (!ReadPoseDump(dump, &pose, &error)) return Fail(r, error);
  const std::string golden_png = (fs::path(o.goldens) / (r.c.name + ".png")).string();
  const std::string golden_pose = (fs::path(o.goldens) / "poses" / (r.c.name + ".txt")).string();
  if (update && !o.update_poses_only) return WriteGoldens(pose, golden_png, golden_pose, r);
  if (update && !WritePoseGolden(golden_pose, pose, &error)) return Fail(r, error);
  if (!fs::exists(golden_png) || !fs::exists(golden_pose)) {
    r.verdict = Verdict::kNew;
    r.message = "no golden yet (" + (fs::exists(golden_png) ? golden_pose : golden_png) +
                "); --update " + r.c.name + " writes it";
    return;
  }
  r.golden_png = golden_png;
  std::vector<JointPose> expected;
  if (!ReadPoseGolden(golden_pose, &expected, &error)) return Fail(r, error);
  r.pose = ComparePoses(expected, pose, r.c.tolerances);
  r.pose_compared = true;
  Comparison image;
  std::string sizes;
  if (!CompareImages(o, golden_png, r, &image, &sizes)) return;
  const bool pose_ok = r.pose.passed, image_ok = image.passed;
  r.verdict = pose_ok && image_ok     ? Verdict::kPassed
              : !pose_ok && !image_ok ? Verdict::kBothMoved
              : !pose_ok              ? Verdict::kPoseMoved
                                      : Verdict::kImageMoved;
  r.message = MovedMessage(r, image, sizes);
}

}  // namespace

std::vector<CaseResult> RunCases(const std::vector<Case>& cases, const RunOptions& o) {
  std::vector<CaseResult> results(cases.size());
  std::error_code ec;
  fs::create_directories(o.out, ec);
  std::vector<Job> pending;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CaseResult& r = results[i];
    r.c = cases[i];
    const std::string model = o.resolve_model ? o.resolve_model(r.c.model)
                              : fs::path(r.c.model).is_absolute()
                                  ? r.c.model
                                  : (fs::path(o.case_file_dir) / r.c.model).string();
    r.actual_png = (fs::path(o.out) / (r.c.name + ".png")).string();
    const std::string dump = (fs::path(o.out) / (r.c.name + ".pose.json")).string();
    fs::remove(r.actual_png, ec);
    fs::remove(dump, ec);
    fs::remove(fs::path(o.out) / (r.c.name + ".diff.png"), ec);
    std::vector<std::string> argv{o.viewer, "--headless", model};
    argv.insert(argv.end(), r.c.args.begin(), r.c.args.end());
    argv.insert(argv.end(), {"--screenshot", r.actual_png, "--dump-pose", dump});
    for (const std::string& a : argv) r.command += (r.command.empty() ? "" : " ") + Quoted(a);
    if (o.skip_missing_models && !fs::exists(model)) {
      r.verdict = Verdict::kSkipped;
      r.message = "model " + model + " is absent";
      r.actual_png.clear();
      continue;
    }
    pending.push_back({i, argv, (fs::path(o.out) / (r.c.name + ".log")).string(), {}});
  }
  std::map<pid_t, Job> running;
  std::size_t next = 0, finished = 0;
  const std::size_t total = pending.size();
  const auto report = [&](const CaseResult& r) {
    if (o.progress == nullptr) return;
    *o.progress << "[" << ++finished << "/" << total << "] " << r.c.name << ": "
                << VerdictName(r.verdict) << (r.message.empty() ? "" : " - " + r.message) << "\n"
                << std::flush;
  };
  while (next < pending.size() || !running.empty()) {
    while (next < pending.size() && static_cast<int>(running.size()) < std::max(1, o.jobs)) {
      Job job = pending[next++];
      job.start = Clock::now();
      const pid_t pid = Spawn(job.argv, job.log);
      if (pid < 0) {
        CaseResult& r = results[job.index];
        r.verdict = Verdict::kFailed;
        r.message = "cannot start " + o.viewer;
        r.actual_png.clear();
        report(r);
        continue;
      }
      running.emplace(pid, std::move(job));
    }
    if (running.empty()) continue;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const Job job = std::move(it->second);
    running.erase(it);
    CaseResult& r = results[job.index];
    r.seconds = std::chrono::duration<double>(Clock::now() - job.start).count();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      r.verdict = Verdict::kFailed;
      r.message =
          (WIFEXITED(status) ? "the viewer exited with " + std::to_string(WEXITSTATUS(status))
                             : std::string("the viewer crashed")) +
          ": " + LastLines(job.log, 400);
      if (!fs::exists(r.actual_png)) r.actual_png.clear();
    } else {
      Judge(o, Matches(o.update, r.c.name), r);
    }
    report(r);
  }
  return results;
}

std::string Summary(const std::vector<CaseResult>& results) {
  std::map<Verdict, int> counts;
  for (const CaseResult& r : results) ++counts[r.verdict];
  std::string out = std::to_string(results.size()) + " case" + (results.size() == 1 ? "" : "s");
  const char* separator = ": ";
  for (const auto& [verdict, count] : counts) {
    out += separator + std::to_string(count) + " " + VerdictName(verdict);
    separator = ", ";
  }
  return out;
}

Tolerance ImageTolerance(const Tolerances& tolerances) {
  Tolerance t;
  t.channel_threshold = tolerances.channel_threshold;
  t.max_differing_fraction = tolerances.image_budget;
  t.forgive_one_pixel_shifts = tolerances.shift_tolerant;
  return t;
}

int ExitCode(const std::vector<CaseResult>& results) {
  return std::any_of(results.begin(), results.end(),
                     [](const CaseResult& r) { return VerdictFails(r.verdict); })
             ? 1
             : 0;
}

}  // namespace regress
