#include "app/command_line.h"

#include <charconv>
#include <cmath>
#include <functional>
#include <map>

#include "app/parse_number.h"
#include "app/ui_scale.h"

namespace animviewer {
namespace {

// Each option that takes a value stores it into Options and returns an
// error message, empty when the value is accepted.
using Setter = std::function<std::string(const std::string&)>;
using ValueOptions = std::map<std::string, Setter>;
using FlagOptions = std::map<std::string, bool*>;

// Paths: an empty one ("--graph ''") would otherwise read as "not given"
// and the option would be ignored without a word.
Setter PathInto(const std::string& name, std::string* field) {
  return [name, field](const std::string& v) {
    if (v.empty()) return name + " needs a path, got an empty one";
    *field = v;
    return std::string();
  };
}

// What to show, when and at which size, and where results go.
void AddModelTimeOutputOptions(Options& o, ValueOptions* table) {
  table->insert({
      {"--clip",
       [&o](const std::string& v) {
         o.clip = v;
         return std::string();
       }},
      {"--time",
       [&o](const std::string& v) {
         if (!ParseDouble(v, &o.time) || o.time < 0.0 || o.time > kMaxTime) {
           return "--time needs seconds in 0.." + std::to_string(static_cast<int>(kMaxTime)) +
                  ", got '" + v + "'";
         }
         return std::string();
       }},
      {"--size",
       [&o](const std::string& v) {
         if (!ParseSize(v, &o.width, &o.height)) {
           return "--size needs WIDTHxHEIGHT, each side 1.." + std::to_string(kMaxImageSide) +
                  " and at most " + std::to_string(kMaxImagePixels) + " pixels, got '" + v + "'";
         }
         return std::string();
       }},
      {"--screenshot", PathInto("--screenshot", &o.screenshot)},
      {"--dump-pose", PathInto("--dump-pose", &o.dump_pose)},
      {"--dump-mesh", PathInto("--dump-mesh", &o.dump_mesh)},
      {"--graph", PathInto("--graph", &o.graph)},
      {"--ground", PathInto("--ground", &o.ground)},
      {"--animations", PathInto("--animations", &o.animations)},
      {"--retarget-map", PathInto("--retarget-map", &o.retarget_map)},
      {"--save-retargeted", PathInto("--save-retargeted", &o.save_retargeted)},
      {"--out-dir", PathInto("--out-dir", &o.out_dir)},
      {"--record", PathInto("--record", &o.record)},
      {"--record-seconds",
       [&o](const std::string& v) {
         if (!ParseDouble(v, &o.record_seconds) || !(o.record_seconds > 0.0) ||
             o.record_seconds > kMaxRecordSeconds) {
           return "--record-seconds needs seconds above 0, at most " +
                  std::to_string(static_cast<int>(kMaxRecordSeconds)) + ", got '" + v + "'";
         }
         return std::string();
       }},
      {"--record-fps",
       [&o](const std::string& v) {
         if (!ParseInt(v, &o.record_fps) || o.record_fps < 1 || o.record_fps > 120) {
           return "--record-fps needs frames a second in 1..120, got '" + v + "'";
         }
         return std::string();
       }},
      {"--max-load-memory",
       [&o](const std::string& v) {
         long long mib = 0;
         const char* end = v.data() + v.size();
         const auto [ptr, ec] = std::from_chars(v.data(), end, mib);
         if (ec != std::errc() || ptr != end || mib < kMinLoadMemoryMiB ||
             mib > kMaxLoadMemoryMiB) {
           return "--max-load-memory needs MiB in " + std::to_string(kMinLoadMemoryMiB) + ".." +
                  std::to_string(kMaxLoadMemoryMiB) + ", got '" + v + "'";
         }
         o.max_load_mib = mib;
         return std::string();
       }},
  });
}

// How the clip plays.
void AddPlaybackOptions(Options& o, ValueOptions* table) {
  table->insert({
      {"--loop",
       [&o](const std::string& v) {
         if (!ParseLoopMode(v, &o.loop)) {
           return "--loop needs loop, clamp or ping-pong, got '" + v + "'";
         }
         return std::string();
       }},
      {"--skinning",
       [&o](const std::string& v) {
         if (!anim::ParseSkinningMethod(v, &o.skinning)) {
           return "--skinning needs lbs (linear blend) or dqs (dual quaternion), got '" + v + "'";
         }
         return std::string();
       }},
      {"--shading",
       [&o](const std::string& v) {
         if (v == "material") {
           o.shading = render::Shading::kMaterial;
         } else if (v == "flat") {
           o.shading = render::Shading::kFlat;
         } else {
           return "--shading needs material or flat, got '" + v + "'";
         }
         return std::string();
       }},
      {"--tone-mapping",
       [&o](const std::string& v) {
         if (!render::ParseToneMapping(v, &o.tone_map.curve)) {
           return "--tone-mapping needs none, neutral or aces, got '" + v + "'";
         }
         return std::string();
       }},
      {"--environment",
       [&o](const std::string& v) {
         if (!render::ParseEnvironment(v, &o.environment)) {
           return "--environment needs hemisphere or studio, got '" + v + "'";
         }
         return std::string();
       }},
      {"--background",
       [&o](const std::string& v) {
         if (!render::ParseBackground(v, &o.background)) {
           return "--background needs color, environment or blurred, got '" + v + "'";
         }
         return std::string();
       }},
      {"--exposure",
       [&o](const std::string& v) {
         double exposure = 0.0;
         if (!ParseDouble(v, &exposure) || !(exposure > 0.0) || exposure > 64.0) {
           return "--exposure needs a factor above 0 and at most 64, got '" + v + "'";
         }
         o.tone_map.exposure = static_cast<float>(exposure);
         return std::string();
       }},
      {"--camera",
       [&o](const std::string& v) {
         if (v.empty()) return std::string("--camera needs a camera's name or index");
         o.camera = v;
         return std::string();
       }},
      {"--msaa",
       [&o](const std::string& v) {
         if (!ParseInt(v, &o.msaa_samples) || o.msaa_samples < 0 || o.msaa_samples > 16) {
           return "--msaa needs samples per pixel in 0..16 (0: off), got '" + v + "'";
         }
         return std::string();
       }},
      {"--ui-scale",
       [&o](const std::string& v) {
         double scale = 0.0;
         if (!ParseDouble(v, &scale) || scale < kMinUiScale || scale > kMaxUiScale) {
           return "--ui-scale needs a scale from 0.75 to 3, got '" + v + "'";
         }
         o.ui_scale = static_cast<float>(scale);
         return std::string();
       }},
      {"--speed",
       [&o](const std::string& v) {
         double speed = 0.0;
         if (!ParseDouble(v, &speed) || std::abs(speed) > kMaxSpeed) {
           return "--speed needs a number in -100..100, got '" + v + "'";
         }
         o.speed = static_cast<float>(speed);
         return std::string();
       }},
  });
}

// The walkthrough sample to show and its scripted parameters.
void AddSampleOptions(Options& o, ValueOptions* table) {
  table->insert({
      {"--sample",
       [&o](const std::string& v) {
         if (!ParseInt(v, &o.sample) || o.sample < 0) {
           return "--sample needs a sample number (see --list-samples), got '" + v + "'";
         }
         return std::string();
       }},
      {"--set",
       [&o](const std::string& v) {
         if (v.find('=') == std::string::npos || v.front() == '=') {
           return "--set needs name=value, got '" + v + "'";
         }
         o.sets.push_back(v);
         return std::string();
       }},
      {"--at",
       [&o](const std::string& v) {
         const auto colon = v.find(':');
         double t = 0.0;
         if (colon == std::string::npos || !ParseDouble(v.substr(0, colon), &t) || t < 0.0 ||
             t > kMaxTime || v.find('=', colon) == std::string::npos || colon + 1 >= v.size() ||
             v[colon + 1] == '=') {
           return "--at needs SECONDS:NAME=VALUE with SECONDS in 0..3600, got '" + v + "'";
         }
         o.timed_sets.push_back({t, v.substr(colon + 1)});
         return std::string();
       }},
  });
}

// The window's scripted runs: fixed frame count, final capture, a simulated drop.
void AddWindowOptions(Options& o, ValueOptions* table) {
  table->insert({
      {"--quit-after-frames",
       [&o](const std::string& v) {
         if (!ParseInt(v, &o.quit_after_frames) || o.quit_after_frames < 1) {
           return "--quit-after-frames needs a whole number >= 1, got '" + v + "'";
         }
         return std::string();
       }},
      {"--window-screenshot", PathInto("--window-screenshot", &o.window_screenshot)},
      {"--simulate-drop", PathInto("--simulate-drop", &o.simulate_drop)},
  });
}

// Motion matching's headless modes and what its database holds.
void AddMotionOptions(Options& o, ValueOptions* table) {
  table->insert({
      {"--motion-database", PathInto("--motion-database", &o.motion_database)},
      {"--drive", PathInto("--drive", &o.drive)},
      {"--drive-controller",
       [&o](const std::string& v) {
         if (v != "matching" && v != "graph") {
           return "--drive-controller needs matching or graph, got '" + v + "'";
         }
         o.drive_graph = v == "graph";
         return std::string();
       }},
      {"--motion-exclude",
       [&o](const std::string& v) {
         if (v.empty()) return std::string("--motion-exclude needs a clip's name");
         o.motion_excluded.push_back(v);
         return std::string();
       }},
  });
}

ValueOptions ValueOptionsInto(Options& o) {
  ValueOptions table;
  AddModelTimeOutputOptions(o, &table);
  AddPlaybackOptions(o, &table);
  AddSampleOptions(o, &table);
  AddWindowOptions(o, &table);
  AddMotionOptions(o, &table);
  return table;
}

FlagOptions FlagOptionsInto(Options& o) {
  return {
      {"--help", &o.help},
      {"-h", &o.help},
      {"--info", &o.info},
      {"--validate", &o.validate},
      {"--headless", &o.headless},
      {"--skeleton", &o.skeleton},
      {"--wireframe", &o.wireframe},
      {"--no-compression", &o.no_compression},
      {"--apply-scene-turn", &o.apply_scene_turn},
      {"--no-mirrored-clips", &o.no_mirrored_clips},
      {"--foot-lock", &o.foot_lock},
      {"--list-params", &o.list_params},
      {"--list-samples", &o.list_samples},
      {"--simulate-drop-shift", &o.simulate_drop_shift},
  };
}

struct SplitArgument {
  std::string name;
  std::optional<std::string> inline_value;  // the VALUE of "--name=VALUE"
};

SplitArgument SplitInlineValue(const std::string& arg) {
  SplitArgument split{arg, std::nullopt};
  if (arg.rfind("--", 0) == 0) {
    const std::size_t eq = arg.find('=');
    if (eq != std::string::npos) {
      split.inline_value = arg.substr(eq + 1);
      split.name = arg.substr(0, eq);
    }
  }
  return split;
}

// Parses args[*i] (a flag, an option with its value, or the model file),
// advancing *i past a value given as the next argument. Returns an error.
std::string ParseArgument(const std::vector<std::string>& args, std::size_t* i,
                          const FlagOptions& flags, const ValueOptions& with_value, Options& o) {
  const auto [name, inline_value] = SplitInlineValue(args[*i]);
  if (name == "--match") {  // the one option with two values
    if (inline_value || *i + 2 >= args.size() || args[*i + 1].empty() || args[*i + 2].empty())
      return "--match needs two files: --match QUERIES.json OUT.json";
    o.match_queries = args[++*i];
    o.match_out = args[++*i];
    return std::string();
  }
  if (auto flag = flags.find(name); flag != flags.end()) {
    if (inline_value) return name + " takes no value";
    *flag->second = true;
    return std::string();
  }
  if (auto option = with_value.find(name); option != with_value.end()) {
    if (inline_value) return option->second(*inline_value);
    if (*i + 1 >= args.size()) return name + " needs a value";
    return option->second(args[++*i]);
  }
  if (name.size() > 1 && name[0] == '-') return "unknown option '" + args[*i] + "' (see --help)";
  if (!o.file.empty()) {
    return "only one model file can be given, got '" + o.file + "' and '" + name + "'";
  }
  o.file = name;
  return std::string();
}

// Options that only make sense together with others. Where several are
// missing, the first check here is the one reported.
std::string CombinationError(const Options& o) {
  const bool prints_and_exits = o.help || o.info || o.validate || o.list_samples || o.list_params ||
                                !o.graph.empty() || !o.save_retargeted.empty() ||
                                !o.motion_database.empty() || !o.match_queries.empty() ||
                                !o.drive.empty();
  if (o.headless && o.screenshot.empty() && o.dump_pose.empty() && o.dump_mesh.empty() &&
      o.record.empty() && !prints_and_exits) {
    return "--headless needs --screenshot OUT.png, --dump-pose OUT.json, --dump-mesh OUT.json or "
           "--record OUT";
  }
  if ((o.record_seconds >= 0.0 || o.record_fps != 30) && o.record.empty()) {
    return "--record-seconds and --record-fps need --record OUT";
  }
  if (o.list_params && o.sample < 0) return "--list-params needs --sample N";
  if (!o.timed_sets.empty() && o.sample < 0) return "--at needs --sample N";
  if (!o.sets.empty() && o.sample < 0) return "--set needs --sample N";
  if (!o.ground.empty() && o.sample < 0) return "--ground needs --sample N";
  if (!o.save_retargeted.empty() && o.animations.empty()) {
    return "--save-retargeted needs --animations FROM";
  }
  if (o.drive_graph && o.drive.empty()) return "--drive-controller needs --drive SCRIPT.json";
  if (o.foot_lock && o.drive.empty()) return "--foot-lock needs --drive SCRIPT.json";
  if ((o.no_mirrored_clips || !o.motion_excluded.empty()) && o.motion_database.empty() &&
      o.match_queries.empty() && o.drive.empty())
    return "--no-mirrored-clips and --motion-exclude shape the database of --motion-database, "
           "--match and --drive (in the window, sample 19's mirrored_clips sets the first)";
  if (!o.retarget_map.empty() && o.animations.empty())
    return "--retarget-map needs --animations FROM";
  return std::string();
}

}  // namespace

bool ParseSize(const std::string& text, int* width, int* height) {
  const std::size_t x = text.find('x');
  if (x == std::string::npos) return false;
  int w = 0, h = 0;
  if (!ParseInt(text.substr(0, x), &w) || !ParseInt(text.substr(x + 1), &h)) return false;
  if (w < 1 || h < 1 || w > kMaxImageSide || h > kMaxImageSide) return false;
  // Multisampled colour + depth cost 32 bytes a pixel: keep it near 0.5 GB.
  if (static_cast<long long>(w) * h > kMaxImagePixels) return false;
  *width = w;
  *height = h;
  return true;
}

bool ParseLoopMode(const std::string& text, anim::LoopMode* mode) {
  if (text == "loop") {
    *mode = anim::LoopMode::kLoop;
  } else if (text == "clamp") {
    *mode = anim::LoopMode::kClamp;
  } else if (text == "ping-pong" || text == "pingpong") {
    *mode = anim::LoopMode::kPingPong;
  } else {
    return false;
  }
  return true;
}

ParseResult ParseCommandLine(const std::vector<std::string>& args) {
  ParseResult result;
  Options& o = result.options;
  const FlagOptions flags = FlagOptionsInto(o);
  const ValueOptions with_value = ValueOptionsInto(o);
  for (std::size_t i = 0; i < args.size(); ++i) {
    result.error = ParseArgument(args, &i, flags, with_value, o);
    if (!result.ok()) return result;
  }
  result.error = CombinationError(o);
  return result;
}

namespace {

// --help's text in three parts: showing and playing a model; samples,
// graphs, retargeting and motion matching; limits, output and the window.
constexpr const char* kUsageViewing =
    "Usage: animviewer [FILE.gltf|FILE.glb] [options]\n"
    "       animviewer regress CASES [options]   (visual regression: regress --help)\n"
    "\n"
    "Opens a skinned glTF character in a window (default: the bundled model).\n"
    "Drop another file on the window to open it.\n"
    "\n"
    "Options:\n"
    "  --headless            render off-screen (no window) and exit\n"
    "  --clip NAME           clip to play (default: the first)\n"
    "  --time SECONDS        playback time to show; simulated in fixed 1/60 s steps\n"
    "  --size WxH            window or image size (default 1280x720)\n"
    "  --screenshot OUT.png  with --headless: write the frame as PNG\n"
    "  --dump-pose OUT.json  write every joint's local and model-space transform\n"
    "  --dump-mesh OUT.json  write every drawn primitive's skinned vertex positions\n"
    "  --record OUT          headless: record from --time on (the clip's length, or 2 s\n"
    "                        of a sample, unless --record-seconds S; --record-fps N a\n"
    "                        second, default 30) as OUT/frame_00000.png..., or into a video\n"
    "                        (OUT.mp4, .webm, .gif...) through ffmpeg where installed\n"
    "  --loop MODE           loop, clamp or ping-pong (default loop)\n"
    "  --speed X             playback rate, negative plays backwards (default 1)\n"
    "  --skeleton            draw the skeleton over the mesh\n"
    "  --wireframe           draw the mesh as wireframe\n"
    "  --no-compression      play the clips raw instead of compressed (0.1 mm)\n"
    "  --skinning METHOD     lbs (linear blend, default) or dqs (dual quaternion)\n"
    "  --shading LOOK        material (the glTF material, default) or flat (base colour,\n"
    "                        soft key light: the skinning without the material's effects)\n"
    "  --tone-mapping CURVE  none (clamp, default), neutral (Khronos PBR Neutral) or\n"
    "                        aces, for the material look; --exposure X multiplies\n"
    "                        the colour before it (default 1)\n"
    "  --environment LIGHT   studio (image-based light from a generated studio, default)\n"
    "                        or hemisphere (a sky and a ground colour), besides the key\n"
    "  --background WHAT     color (plain, default), environment or blurred: the studio\n"
    "                        behind the character\n"
    "  --camera NAME         look through the file's camera NAME (or index from 0)\n"
    "                        instead of the orbit camera; --info lists the cameras\n"
    "  --ui-scale X          the window's panel scale, 0.75 to 3 (default: the monitor's)\n"
    "  --msaa N              multisampling, samples per pixel (default 4, 0: off;\n"
    "                        0 is much faster on software renderers)\n"
    "  --info                print the skeleton and the clips, then exit\n"
    "  --validate            print the Khronos glTF validator's report on the model\n"
    "                        (errors, warnings, infos, hints), then exit: 1 when it\n"
    "                        has errors or the validator cannot run (install it with\n"
    "                        bash scripts/install_validator.sh, needs npm)\n";
constexpr const char* kUsageTechniques =
    "  --graph FILE.json     load a graph description (docs/graph_format.md) for the\n"
    "                        model, print its parameters, nodes, states and layers\n"
    "                        (or the error), then exit\n"
    "  --sample N            show walkthrough sample N instead of a plain clip\n"
    "  --set NAME=VALUE      set a parameter of the sample (repeatable)\n"
    "  --at SECONDS:NAME=VALUE  set it when the sample's time reaches SECONDS:\n"
    "                        scripted input such as --at 1.5:jump=1 (repeatable)\n"
    "  --ground FILE.gltf    with --sample N: stand the character on this static\n"
    "                        glTF mesh (sample 12, feet on uneven ground)\n"
    "  --list-samples        print the walkthrough's samples, then exit\n"
    "  --list-params         with --sample N: print its parameters, then exit\n"
    "  --animations FROM     also play FROM's clips (a glTF file or a .bvh take),\n"
    "                        retargeted onto the model's skeleton (joints mapped\n"
    "                        by name; --info lists the mapping); listed as\n"
    "                        \"<clip> (from FROM)\"\n"
    "  --retarget-map FILE   the joint mapping for --animations (default: the\n"
    "                        model's <name>.retarget.json when it exists)\n"
    "  --save-retargeted OUT.gltf  with --animations: write the model's file with\n"
    "                        the retargeted clips added as animations, then exit\n"
    "  --motion-database OUT.json  write the motion-matching database of the model's\n"
    "                        clips (features, means, deviations, weights, per frame\n"
    "                        its clip and time, the normalised matrix), then exit\n"
    "  --match QUERIES.json OUT.json  find the database row nearest each query (rows\n"
    "                        of 27 numbers in the written normalised space), write\n"
    "                        frame, cost, clip and time of each, then exit\n"
    "  --drive SCRIPT.json   drive the model by motion matching along a scripted input\n"
    "                        (velocity and facing keyed over time), headless; print\n"
    "                        per second and in total the distance walked, foot\n"
    "                        sliding, trajectory error at 0.5 and 1 s, switches,\n"
    "                        searches and update time, then exit\n"
    "  --drive-controller C  what --drive drives: matching (default) or graph\n"
    "                        (sample 05's locomotion graph on the same input)\n"
    "  --foot-lock           with --drive: hold each planted foot where it came\n"
    "                        down (two-bone IK), for either controller\n"
    "  --no-mirrored-clips   leave the clips' mirror images out of the motion\n"
    "                        database (--motion-database, --match, --drive)\n"
    "  --motion-exclude CLIP never jump to CLIP's rows (repeatable)\n";
constexpr const char* kUsageRunning =
    "  --max-load-memory MIB memory one model load may use (default 1024); files\n"
    "                        needing more are refused with a message\n"
    "  --apply-scene-turn    a turn above a skinned mesh that its skeleton hangs\n"
    "                        outside of (glTF draws the mesh without it; the load\n"
    "                        warns) is put on the skeleton's roots: the character\n"
    "                        stands as the scene turns it\n"
    "  --out-dir DIR         where to write images when no display is available\n"
    "                        (default ./out)\n"
    "  --quit-after-frames N  window: advance fixed 1/60 s steps (no real time,\n"
    "                        no measured timings) and close after frame N\n"
    "  --window-screenshot OUT.png  with --quit-after-frames: save the last frame of\n"
    "                        the window, panels included\n"
    "  --help                this text\n"
    "\n"
    "Without a display (no DISPLAY or WAYLAND_DISPLAY), the viewer renders a few\n"
    "frames of the clip (or of --sample N) to --out-dir instead of opening a window.\n"
    "\n"
    "Exit status: 0 on success, 2 for bad arguments, 1 for any other error (a model\n"
    "or a --set the sample refuses included, checked before a window opens).\n";

}  // namespace

std::string UsageText() { return std::string(kUsageViewing) + kUsageTechniques + kUsageRunning; }

}  // namespace animviewer
