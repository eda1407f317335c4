// What the viewer's character costs per frame (app/animated_character.h):
// one Advance of the playing clip (clock step, sampling, model matrices and
// skinning palette), as the window does once per frame in the clip list.
//
//   woman/viewer_frame_compressed   the viewer's default: the clip played
//                                   from its compressed form
//   woman/viewer_frame_raw          --no-compression: the raw clip
//
// Single thread, 1/60 s steps of Woman.gltf's Walking clip; the case is
// skipped with a message when the file is absent.
#include <benchmark/benchmark.h>

#include <string>

#include "app/animated_character.h"
#include "bench/per_character_timing.h"
#include "import/gltf_importer.h"

namespace {

void ViewerFrame(benchmark::State& state, bool compression) {
  anim::Model model;
  std::string error;
  if (!anim::LoadGltfModel(ANIM_SHARED_ASSETS_DIR "/Woman.gltf", &model, &error)) {
    state.SkipWithError(("Woman.gltf not loaded: " + error).c_str());
    return;
  }
  const int walk = model.FindClip("Walking");
  if (walk < 0) {
    state.SkipWithError("Woman.gltf has no clip named Walking");
    return;
  }
  animviewer::AnimatedCharacter character;
  character.SetCompression(compression);
  character.SetModel(std::move(model));
  character.Play(walk, anim::LoopMode::kLoop, 1.0f);
  anim_bench::TimePerCharacter(
      state, 1, [&] { character.Advance(1.0f / 60.0f); },
      [&] { return character.palette()[0][3][0]; });
}

bool RegisterViewerCharacterBenchmarks() {
  benchmark::RegisterBenchmark("woman/viewer_frame_compressed", ViewerFrame, true);
  benchmark::RegisterBenchmark("woman/viewer_frame_raw", ViewerFrame, false);
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kViewerCharacterBenchRegistered = RegisterViewerCharacterBenchmarks();

}  // namespace
