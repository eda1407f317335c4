// The viewer's command line, parsed into Options without side effects so it
// can be unit tested. Options may come in any order, as "--name value" or
// "--name=value".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/core/dual_quaternion.h"
#include "import/gltf_importer.h"
#include "render/shading.h"

namespace animviewer {

// Limits that keep a mistyped number from exhausting memory or time: the
// headless path simulates --time in 1/60 s steps (3600 s = 216000 steps).
inline constexpr int kMaxImageSide = 8192;
inline constexpr long long kMaxImagePixels = 4096LL * 4096LL;
inline constexpr double kMaxTime = 3600.0;
// The longest --record (seconds): at 120 frames a second, 72,000 frames.
inline constexpr double kMaxRecordSeconds = 600.0;
inline constexpr double kMaxSpeed = 100.0;
// --max-load-memory, in MiB: below 16 not even the bundled model loads.
inline constexpr long long kMinLoadMemoryMiB = 16;
inline constexpr long long kMaxLoadMemoryMiB = 1LL << 20;  // 1 TiB

struct Options {
  std::string file;  // empty: the default model
  bool help = false;
  bool info = false;                // print skeleton and clips, then exit
  bool validate = false;            // --validate: print the glTF validator's report, then exit
  std::string graph;                // --graph FILE: load a graph description, print it, exit
  bool headless = false;            // render off-screen, no window
  std::optional<std::string> clip;  // empty: the first clip
  double time = 0.0;                // seconds of playback to simulate (headless)
  int width = 1280;
  int height = 720;
  std::string screenshot;       // PNG path (headless)
  std::string dump_pose;        // JSON path
  std::string dump_mesh;        // JSON path: skinned vertex positions of every primitive
  std::string out_dir = "out";  // where the no-display fallback writes
  // --animations FROM: another file whose clips are retargeted onto the
  // model; --retarget-map FILE: the joint mapping to use (default: the
  // model's <name>.retarget.json when it exists, else by joint names).
  std::string animations;
  std::string retarget_map;
  // --save-retargeted OUT.gltf: with --animations, write the model's file
  // with the retargeted clips added as animations, then exit.
  std::string save_retargeted;
  // --motion-database OUT.json: write the motion-matching database the
  // model's clips make, then exit; --match QUERIES.json OUT.json: search it
  // for each query, write the rows found, then exit.
  std::string motion_database;
  std::string match_queries;
  std::string match_out;
  // --drive SCRIPT.json: drive the model by motion matching along a scripted
  // input, headless, print what it measured, then exit.
  std::string drive;
  // --drive-controller matching|graph: what --drive drives (motion matching,
  // or sample 05's locomotion graph on the same input).
  bool drive_graph = false;
  // What the motion-matching database holds (samples::MotionOptions):
  // --no-mirrored-clips leaves the clips' mirror images out; each
  // --motion-exclude CLIP keeps CLIP's rows from ever being jumped to.
  bool no_mirrored_clips = false;
  // --foot-lock: --drive holds each planted foot where it came down
  // (anim/ik/foot_lock.h), for either controller.
  bool foot_lock = false;
  std::vector<std::string> motion_excluded;
  // --record OUT: headless, frames from --time on as OUT/frame_00000.png... (or a video),
  // record_seconds long (below 0: the clip's duration, 2 s for a sample) at
  // record_fps frames a second.
  std::string record;
  double record_seconds = -1.0;
  int record_fps = 30;
  // --max-load-memory MIB: the memory one model load may use (the importer
  // refuses files that need more).
  long long max_load_mib = static_cast<long long>(anim::kDefaultMaxLoadBytes >> 20);
  // --apply-scene-turn: a turn above a skinned mesh that its skeleton misses
  // goes on the skeleton's roots (anim::ImportOptions::apply_scene_turn).
  bool apply_scene_turn = false;
  anim::LoopMode loop = anim::LoopMode::kLoop;
  float speed = 1.0f;
  bool skeleton = false;
  bool wireframe = false;
  bool no_compression = false;  // --no-compression: play the raw clips
  anim::SkinningMethod skinning = anim::SkinningMethod::kLinearBlend;  // --skinning lbs|dqs
  render::Shading shading = render::Shading::kMaterial;                // --shading material|flat
  // --tone-mapping none|neutral|aces and --exposure X: the material look's
  // tone map and exposure (render/shading.h).
  render::ToneMap tone_map;
  // --environment hemisphere|studio and --background color|environment|blurred:
  // what lights the material look besides the key, and what is behind it.
  render::Environment environment = render::Environment::kStudio;
  render::Background background = render::Background::kColor;
  // --camera NAME: look through the file's camera of that name (or index)
  // instead of the orbit camera (app/camera_choice.h).
  std::string camera;
  // --msaa N: samples per pixel of the window and of headless pictures
  // (0 or 1: no multisampling). Software renderers shade every sample, so 0
  // draws a frame about three times faster under Mesa's llvmpipe.
  int msaa_samples = 4;
  // --ui-scale X: the panels' scale in the window, 0.75 to 3 (0: the
  // monitor's content scale).
  float ui_scale = 0.0f;
  // The walkthrough: --sample N shows sample N instead of a plain clip;
  // --set name=value (repeatable) sets its panel parameters; --list-params
  // and --list-samples print what there is and exit.
  int sample = -1;
  std::vector<std::string> sets;
  // --at SECONDS:NAME=VALUE (repeatable): a scripted input, applied when the
  // sample's simulated time reaches SECONDS (a key press at a given time,
  // e.g. --at 1.5:jump=1), so interactive scenes can be captured headless.
  struct TimedSet {
    double time = 0.0;
    std::string assignment;
  };
  std::vector<TimedSet> timed_sets;
  // --ground FILE.gltf: with --sample N, a static glTF mesh the sample
  // stands its character on instead of its own ground.
  std::string ground;
  bool list_params = false;
  bool list_samples = false;
  // For tests and reproducible window screenshots (README, --help): stop
  // after N frames of fixed dt and optionally save the window (ImGui
  // included) as PNG.
  int quit_after_frames = -1;
  std::string window_screenshot;
  // Hidden, for testing drag and drop: acts as if this file were dropped on
  // the window after the first frame.
  std::string simulate_drop;
  bool simulate_drop_shift = false;  // --simulate-drop-shift: as if Shift were held
};

struct ParseResult {
  Options options;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

ParseResult ParseCommandLine(const std::vector<std::string>& args);  // args without argv[0]

// "1280x720" -> width, height; sides in [1, kMaxImageSide], area at most
// kMaxImagePixels.
bool ParseSize(const std::string& text, int* width, int* height);
// "loop", "clamp", "ping-pong" (or "pingpong").
bool ParseLoopMode(const std::string& text, anim::LoopMode* mode);

std::string UsageText();

}  // namespace animviewer
