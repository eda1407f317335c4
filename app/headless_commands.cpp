#include "app/headless_commands.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/animated_character.h"
#include "app/camera_choice.h"
#include "app/default_model.h"
#include "app/headless_renderer.h"
#include "app/mesh_json.h"
#include "app/model_info.h"
#include "app/model_loading.h"
#include "app/pose_json.h"
#include "app/step_time_notice.h"
#include "app/terminal_text.h"
#include "app/video_pipe.h"
#include "app/walkthrough.h"
#include "import/gltf_animation_export.h"

namespace animviewer {
namespace {

int Fail(const std::string& message) {
  std::cerr << "animviewer: " << EscapeControlCharacters(message, false) << "\n";
  return 1;
}

// Loads the model and prints what the import warned about (a headless run
// has no panel to show it in); fails when --camera names none of its cameras.
bool LoadAndWarn(const Options& options, anim::Model* model, std::string* error) {
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), model, error)) return false;
  if (!options.camera.empty() && FindFileCamera(*model, options.camera, error) < 0) return false;
  for (const std::string& warning : model->warnings) {
    std::cerr << "animviewer: " << EscapeControlCharacters(model->source_path, false)
              << ": warning: " << EscapeControlCharacters(warning, false) << "\n";
  }
  return true;
}

render::ViewOptions ViewFor(const Options& options, const anim::Model& model) {
  render::ViewOptions view;
  std::string unknown;  // LoadAndWarn has refused a camera the model lacks
  if (!options.camera.empty()) view.file_camera = FindFileCamera(model, options.camera, &unknown);
  view.show_skeleton = options.skeleton;
  view.wireframe = options.wireframe;
  view.skinning = options.skinning;
  view.shading = options.shading;
  view.tone_map = options.tone_map;
  view.environment = options.environment;
  view.background = options.background;
  return view;
}

// The clip --clip names, or the first one; -1 when the model has none.
bool ChooseClip(const Options& options, const anim::Model& model, int* index, std::string* error) {
  if (!options.clip) {
    *index = model.clips.empty() ? -1 : 0;
    return true;
  }
  *index = model.FindClip(*options.clip);
  if (*index < 0) {
    *error = "unknown clip '" + *options.clip + "' in " + model.source_path +
             "; available clips: " + ClipNameList(model);
    return false;
  }
  return true;
}

std::string FileNameSafe(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_';
    out += keep ? c : '_';
  }
  return out.empty() ? "clip" : out;
}

}  // namespace

std::string ModelPathFor(const Options& options) {
  return options.file.empty() ? DefaultModelPath() : options.file;
}

LoadOptions LoadOptionsFor(const Options& options) {
  LoadOptions load;
  load.import.max_load_bytes = static_cast<std::size_t>(options.max_load_mib) << 20;
  load.import.apply_scene_turn = options.apply_scene_turn;
  load.animations = {options.animations, options.retarget_map};
  return load;
}

int RunInfo(const Options& options) {
  const LoadOptions load = LoadOptionsFor(options);
  anim::Model model;
  std::string error;
  if (!LoadModelFile(ModelPathFor(options), load, &model, &error)) return Fail(error);
  std::cout << EscapeControlCharacters(DescribeModel(model, load.import.max_load_bytes));
  return 0;
}

int RunSaveRetargeted(const Options& options) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), &model, &error)) {
    return Fail(error);
  }
  if (model.animation_source == nullptr) {
    return Fail("--save-retargeted needs --animations FROM: no clips to save");
  }
  const std::span<const anim::Clip> clips =
      std::span<const anim::Clip>(model.clips).subspan(model.animation_source->first_clip);
  if (!anim::SaveClipsIntoGltf(model.source_path, model, clips, options.save_retargeted, &error)) {
    return Fail(error);
  }
  std::cout << "Wrote " << options.save_retargeted << ": " << model.source_path << " with "
            << clips.size() << " retargeted clips added\n";
  return 0;
}

// --record: `options.record_fps` frames a second from where the character
// (or sample) is; each frame steps the clip or the sample by 1 / fps. Into a
// video through ffmpeg when the path names one and ffmpeg is installed, else
// as PNG frames, DIR/frame_00000.png... (a video path without ffmpeg: its
// name without the extension, plus "_frames", and a note saying so).
// What a sample adds to the picture is read again after every step (a crowd
// or a placement changes as it plays).
int Record(const Options& options, AnimatedCharacter& character, Walkthrough& walkthrough,
           SampleDrawing& sample_drawing) {
  const bool video = IsVideoPath(options.record);
  const std::string ffmpeg = video ? FindOnPath("ffmpeg") : std::string();
  std::filesystem::path folder = options.record;
  if (video && ffmpeg.empty()) {
    folder = folder.parent_path() / (folder.stem().string() + "_frames");
    std::cerr << "animviewer: ffmpeg is not installed (not on PATH): writing PNG frames to "
              << EscapeControlCharacters(folder.string(), false) << " instead of "
              << EscapeControlCharacters(options.record, false) << "\n";
  }
  std::error_code ec;
  if (!video || ffmpeg.empty()) {
    std::filesystem::create_directories(folder, ec);
    if (ec) return Fail("cannot create folder '" + folder.string() + "': " + ec.message());
  }
  const anim::Clip* clip = character.clip();
  const double seconds =
      options.record_seconds > 0.0 ? options.record_seconds
      : walkthrough.Active() == nullptr && clip != nullptr && clip->Duration() > 0.0f
          ? clip->Duration()
          : 2.0;
  const int frames = std::max(1, static_cast<int>(std::lround(seconds * options.record_fps)));
  const float dt = 1.0f / static_cast<float>(options.record_fps);
  HeadlessRenderer renderer;
  std::string error;
  if (!renderer.Init(options.msaa_samples, &error) ||
      !renderer.SetModel(character.model(), &error)) {
    return Fail(error);
  }
  VideoPipe pipe;
  if (!ffmpeg.empty() && !pipe.Open(ffmpeg, options.record, options.width, options.height,
                                    options.record_fps, &error)) {
    return Fail(error);
  }
  std::vector<std::uint8_t> pixels;
  for (int frame = 0; frame < frames; ++frame) {
    if (frame > 0) {
      if (walkthrough.Active() != nullptr) {
        walkthrough.Step(dt, character);
        sample_drawing.Read(walkthrough.Active());
      } else {
        character.Advance(dt);
      }
    }
    if (!ffmpeg.empty()) {
      if (!renderer.RenderPixels(character, ViewFor(options, character.model()), options.width,
                                 options.height, &pixels, &error, sample_drawing) ||
          !pipe.Write(pixels, &error)) {
        return Fail(error);
      }
      continue;
    }
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", frame);
    if (!renderer.RenderPng(character, ViewFor(options, character.model()), options.width,
                            options.height, (folder / name).string(), &error, sample_drawing)) {
      return Fail(error);
    }
  }
  if (!ffmpeg.empty() && !pipe.Close(&error)) return Fail(error);
  std::cout << "animviewer: wrote " << frames << " frames (" << options.width << "x"
            << options.height << ", " << options.record_fps << " a second) to "
            << EscapeControlCharacters(ffmpeg.empty() ? folder.string() : options.record, false)
            << (ffmpeg.empty() ? "" : " with " + ffmpeg) << "\n";
  return 0;
}

int RunHeadless(const Options& options) {
  if (options.screenshot.empty() && options.dump_pose.empty() && options.dump_mesh.empty() &&
      options.record.empty()) {
    return Fail(
        "--headless needs --screenshot OUT.png, --dump-pose OUT.json, --dump-mesh OUT.json or "
        "--record OUT");
  }
  anim::Model model;
  std::string error;
  if (!LoadAndWarn(options, &model, &error)) return Fail(error);
  int clip = -1;
  if (!ChooseClip(options, model, &clip, &error)) return Fail(error);

  AnimatedCharacter character;
  character.SetCompression(!options.no_compression);
  character.SetLoadMemoryLimit(LoadOptionsFor(options).import.max_load_bytes);
  character.SetModel(std::move(model));
  Walkthrough walkthrough;
  SampleDrawing sample_drawing;
  if (options.sample >= 0) {
    // A sample poses the character itself; --set applies before the first frame.
    if (!walkthrough.StartAsAsked(options, character.model(), &error)) return Fail(error);
    ForEachFixedStepWithNotice(
        options.time, [&](float dt) { walkthrough.Step(dt, character); }, std::cerr);
    if (options.time == 0.0) walkthrough.Step(0.0f, character);
    if (!walkthrough.ScriptError().empty()) return Fail(walkthrough.ScriptError());
    // A sample that met a problem while running (a graph file that does not
    // fit the model) would show its previous state: an image of the wrong thing.
    if (const std::string problem = walkthrough.Active()->View().problem; !problem.empty()) {
      return Fail(walkthrough.Active()->Title() + ": " + problem);
    }
    sample_drawing.Read(walkthrough.Active());
  } else {
    character.Play(clip, options.loop, options.speed);
    character.AdvanceFixedSteps(options.time);
  }

  PoseDumpInfo info;
  if (character.clip() != nullptr) info.clip = character.clip()->Name();
  if (walkthrough.Active() != nullptr) info.clip = walkthrough.Active()->Title();
  info.requested_time = options.time;
  if (!options.dump_pose.empty() && !WritePoseJson(options.dump_pose, character, info, &error)) {
    return Fail(error);
  }
  if (!options.dump_mesh.empty() &&
      !WriteMeshJson(options.dump_mesh, character, info, options.skinning, &error)) {
    return Fail(error);
  }
  if (!options.screenshot.empty()) {
    HeadlessRenderer renderer;
    if (!renderer.Init(options.msaa_samples, &error) ||
        !renderer.SetModel(character.model(), &error) ||
        !renderer.RenderPng(character, ViewFor(options, character.model()), options.width,
                            options.height, options.screenshot, &error, sample_drawing)) {
      return Fail(error);
    }
  }
  if (!options.record.empty()) {
    return Record(options, character, walkthrough, sample_drawing);
  }
  return 0;
}

int RunListSamples() {
  std::cout << Walkthrough().ListSamples();
  return 0;
}

int RunListParams(const Options& options) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), &model, &error))
    return Fail(error);
  Walkthrough walkthrough;
  if (!walkthrough.ActivateNumber(options.sample, model, &error, options.sets)) return Fail(error);
  samples::Sample& sample = *walkthrough.Active();
  std::cout << sample.Title() << "\n  " << sample.Explanation()
            << "\nParameters (--set NAME=VALUE):\n"
            << sample.Params().Describe();
  return 0;
}

int CheckWindowOptions(const Options& options) {
  // A bad model ends the window with 1 too.
  if (options.sample < 0 && !options.clip && options.camera.empty()) return 0;
  anim::Model model;
  std::string error;
  int clip = -1;
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), &model, &error) ||
      !ChooseClip(options, model, &clip, &error) ||
      (!options.camera.empty() && FindFileCamera(model, options.camera, &error) < 0)) {
    return Fail(error);
  }
  Walkthrough walkthrough;
  if (options.sample >= 0 && !walkthrough.StartAsAsked(options, model, &error)) return Fail(error);
  return 0;
}

namespace {

// The fallback with --sample: the sample at 0, 0.5, 1 and 1.5 s, each
// simulated from the start as --headless --time would.
int RunSampleWithoutDisplay(const Options& options) {
  std::cout << "animviewer: no display available, rendering 4 frames of sample " << options.sample
            << " headless instead\n";
  for (int i = 0; i < 4; ++i) {
    Options frame = options;
    frame.time = 0.5 * i;
    char name[48];
    std::snprintf(name, sizeof name, "sample_%02d_%.3fs.png", options.sample, frame.time);
    frame.screenshot = (std::filesystem::path(options.out_dir) / name).string();
    frame.dump_pose.clear();
    frame.dump_mesh.clear();
    if (const int code = RunHeadless(frame); code != 0) return code;
    std::cout << "  wrote " << frame.screenshot << "\n";
  }
  return 0;
}

}  // namespace

int RunWithoutDisplay(const Options& options) {
  std::error_code ec;
  std::filesystem::create_directories(options.out_dir, ec);
  if (ec) return Fail("cannot create output folder '" + options.out_dir + "': " + ec.message());
  if (options.sample >= 0) return RunSampleWithoutDisplay(options);
  anim::Model model;
  std::string error;
  if (!LoadAndWarn(options, &model, &error)) return Fail(error);
  int clip = -1;
  if (!ChooseClip(options, model, &clip, &error)) return Fail(error);

  HeadlessRenderer renderer;
  if (!renderer.Init(options.msaa_samples, &error) || !renderer.SetModel(model, &error))
    return Fail(error);
  AnimatedCharacter character;
  character.SetCompression(!options.no_compression);
  character.SetLoadMemoryLimit(LoadOptionsFor(options).import.max_load_bytes);
  character.SetModel(std::move(model));
  const anim::Model& m = character.model();
  const double duration = clip >= 0 ? m.clips[clip].Duration() : 0.0;
  const std::string base = clip >= 0 ? FileNameSafe(m.clips[clip].Name()) : "rest_pose";
  const int frames = clip >= 0 && duration > 0.0 ? 4 : 1;
  std::cout << "animviewer: no display available, rendering " << frames << " frame"
            << (frames > 1 ? "s" : "") << " of "
            << EscapeControlCharacters(clip >= 0 ? m.clips[clip].Name() : base, false)
            << " headless instead\n";
  for (int i = 0; i < frames; ++i) {
    const double time = duration * i / frames;
    character.Play(clip, options.loop, options.speed);
    character.AdvanceFixedSteps(time);
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, "_%.3fs.png", time);
    const std::string path = (std::filesystem::path(options.out_dir) / (base + suffix)).string();
    if (!renderer.RenderPng(character, ViewFor(options, character.model()), options.width,
                            options.height, path, &error)) {
      return Fail(error);
    }
    std::cout << "  wrote " << path << "\n";
  }
  return 0;
}

}  // namespace animviewer
