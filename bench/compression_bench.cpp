// Cases (a) and (b) of anim_bench.cpp on other forms of Woman's clips:
//
//   woman_compressed/sample_ltm/N      (a) on compressed clips
//                                      (anim/compression/, default 0.1 mm)
//   woman_compressed/blend2_palette/N  (b) on compressed clips
//   woman_reduced/sample_ltm/N         (a) on a per-channel key-reduced copy
//                                      of Woman's clips, made at start-up
//                                      with anim::ReduceKeys(clip, 0)
//                                      (lossless: each channel keeps only
//                                      the keys interpolation needs, as
//                                      key-reducing exporters write)
//   woman_reduced/blend2_palette/N     (b) on that copy
//
// Same crowd, steps and counters as anim_bench.cpp (ns_per_character: the
// benchmark thread's CPU time per character per frame), plus the memory the
// case's clips take at run time (clip_bytes: the tracks' key times and values
// for raw clips, CompressedClip::ByteSize for compressed ones) and what each
// character keeps per clip besides its time (context_bytes: the compressed
// sampler's cursors and decoded keys; a raw Playback's cursors) and, for the
// reduced clips, their structure-of-arrays copy (soa_bytes).
#include <benchmark/benchmark.h>

#include <ctime>
#include <filesystem>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "anim/blending.h"
#include "anim/compression/clip_builder.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/key_reduction.h"
#include "anim/soa_skeleton.h"
#include "bench_crowd.h"
#include "import/gltf_importer.h"
#include "per_character_timing.h"

namespace {

const std::string kWomanPath = ANIM_SHARED_ASSETS_DIR "/Woman.gltf";

// Woman with every clip replaced by its lossless per-channel key reduction
// (in place, so the rig's clip pointers stay valid); loaded once.
const anim_bench::Rig* ReducedRig(std::string* error) {
  static std::string load_error;
  static const std::unique_ptr<anim_bench::Rig> rig = [] {
    std::unique_ptr<anim_bench::Rig> r;
    if (!std::filesystem::exists(kWomanPath)) {
      load_error = kWomanPath + " not found; the woman_reduced cases are skipped";
      return r;
    }
    anim_bench::RigSource source;
    source.name = "woman_reduced";
    source.path = kWomanPath;
    source.walk = "Walking";
    source.run = "Running";
    source.lean = "Lean_Left";
    source.idle = "Idle";
    r = anim_bench::LoadRig(source, &load_error);
    if (r) {
      for (anim::Clip& clip : r->model.clips) clip = anim::ReduceKeys(clip, 0.0f);
    }
    return r;
  }();
  *error = load_error;
  return rig.get();
}

// Woman's Walking and Running compressed at the default tolerance; loaded once.
struct CompressedRig {
  anim::Model model;
  const anim::Clip* walk = nullptr;
  const anim::Clip* run = nullptr;
  anim::CompressedClip compressed_walk, compressed_run;
  anim::SoaSkeleton soa_skeleton;
};

const CompressedRig* GetCompressedRig(std::string* error) {
  static std::string load_error;
  static const std::unique_ptr<CompressedRig> rig = [] {
    auto r = std::make_unique<CompressedRig>();
    if (!std::filesystem::exists(kWomanPath)) {
      load_error = kWomanPath + " not found; the woman_compressed cases are skipped";
      return std::unique_ptr<CompressedRig>();
    }
    if (!anim::LoadGltfModel(kWomanPath, &r->model, &load_error))
      return std::unique_ptr<CompressedRig>();
    const int walk = r->model.FindClip("Walking"), run = r->model.FindClip("Running");
    if (walk < 0 || run < 0) {
      load_error = kWomanPath + ": no Walking or Running clip";
      return std::unique_ptr<CompressedRig>();
    }
    r->walk = &r->model.clips[walk];
    r->run = &r->model.clips[run];
    r->compressed_walk = anim::BuildCompressedClip(*r->walk, r->model.skeleton);
    r->compressed_run = anim::BuildCompressedClip(*r->run, r->model.skeleton);
    r->soa_skeleton = anim::SoaSkeleton(r->model.skeleton);
    return r;
  }();
  *error = load_error;
  return rig.get();
}

std::size_t PlaybackCursorBytes(const anim::Playback& p) {
  return sizeof(anim::Playback) + p.cursor.keys.capacity() * sizeof(anim::TrackCursor);
}

void ReducedCase(benchmark::State& state, anim_bench::Case c) {
  std::string error;
  const anim_bench::Rig* rig = ReducedRig(&error);
  if (rig == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  anim_bench::Crowd crowd(*rig, c, count);
  anim_bench::TimePerCharacter(
      state, count, [&] { crowd.Frame(1.0f / 60.0f); }, [&] { return crowd.Checksum(); });
  const bool two = c == anim_bench::Case::kBlend2Palette;
  state.counters["clip_bytes"] = static_cast<double>(anim::RawClipBytes(*rig->walk) +
                                                     (two ? anim::RawClipBytes(*rig->run) : 0));
  // The structure-of-arrays copy the raw clips sample from (soa_clip.h),
  // besides their tracks.
  state.counters["soa_bytes"] =
      static_cast<double>(rig->walk->SoaKeyBytes() + (two ? rig->run->SoaKeyBytes() : 0));
  anim::Playback p;
  p.Start(rig->walk);
  state.counters["context_bytes"] = static_cast<double>(PlaybackCursorBytes(p));
}

// One character of the compressed crowd: its clip times and sampling contexts.
struct CompressedCharacter {
  float walk_time = 0.0f, run_time = 0.0f;
  anim::CompressedClipContext walk, run;
};

void CompressedCase(benchmark::State& state, anim_bench::Case c, bool shared_decodings) {
  std::string error;
  const CompressedRig* rig = GetCompressedRig(&error);
  if (rig == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  const bool two = c == anim_bench::Case::kBlend2Palette;
  const int joints = rig->model.skeleton.JointCount();
  std::vector<CompressedCharacter> characters(count);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  // One table per clip, shared by every character's context.
  const anim::CompressedClipDecodings walk_decodings(rig->compressed_walk),
      run_decodings(rig->compressed_run);
  for (CompressedCharacter& ch : characters) {
    ch.walk_time = rig->walk->StartTime() + phase(random) * rig->walk->Duration();
    ch.run_time = rig->run->StartTime() + phase(random) * rig->run->Duration();
    ch.walk.Bind(rig->compressed_walk, shared_decodings ? &walk_decodings : nullptr);
    ch.run.Bind(rig->compressed_run, shared_decodings ? &run_decodings : nullptr);
  }
  // Every character's output, one after the other (as anim_bench's crowd).
  std::vector<glm::mat4> outputs(static_cast<std::size_t>(joints) * count);
  std::vector<glm::mat4> model(joints);
  anim::SoaPose walk = rig->soa_skeleton.RestPose(), run = walk, blended = walk;
  const float dt = 1.0f / 60.0f;
  auto frame = [&] {
    for (int i = 0; i < count; ++i) {
      CompressedCharacter& ch = characters[i];
      const std::span<glm::mat4> out =
          std::span(outputs).subspan(static_cast<std::size_t>(i) * joints, joints);
      ch.walk_time = rig->walk->WrapTime(ch.walk_time + dt, anim::LoopMode::kLoop);
      anim::SampleCompressedClip(rig->compressed_walk, ch.walk_time, ch.walk, walk);
      if (!two) {
        anim::ComputeModelMatrices(rig->soa_skeleton, walk, out);
        continue;
      }
      ch.run_time = rig->run->WrapTime(ch.run_time + dt, anim::LoopMode::kLoop);
      anim::SampleCompressedClip(rig->compressed_run, ch.run_time, ch.run, run);
      anim::Blend(blended, walk, run, 0.7f);  // 0.3 walk + 0.7 run
      anim::ComputePalette(rig->soa_skeleton, blended, model, out);
    }
  };
  anim_bench::TimePerCharacter(state, count, frame, [&] { return outputs.back()[3][0]; });
  state.counters["clip_bytes"] = static_cast<double>(rig->compressed_walk.ByteSize() +
                                                     (two ? rig->compressed_run.ByteSize() : 0));
  state.counters["context_bytes"] = static_cast<double>(characters[0].walk.ByteSize());
  if (shared_decodings) {
    state.counters["shared_bytes"] =
        static_cast<double>(walk_decodings.ByteSize() + (two ? run_decodings.ByteSize() : 0));
  }
}

bool RegisterCompressionBenchmarks() {
  const std::pair<const char*, anim_bench::Case> cases[] = {
      {"sample_ltm", anim_bench::Case::kSampleLtm},
      {"blend2_palette", anim_bench::Case::kBlend2Palette},
  };
  for (const auto& [name, c] : cases) {
    for (const bool shared : {false, true}) {
      benchmark::RegisterBenchmark(
          (std::string(shared ? "woman_compressed_shared/" : "woman_compressed/") + name).c_str(),
          CompressedCase, c, shared)
          ->Arg(1)
          ->Arg(1000)
          ->Arg(10000)
          ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RegisterBenchmark((std::string("woman_reduced/") + name).c_str(), ReducedCase, c)
        ->Arg(1)
        ->Arg(1000)
        ->Arg(10000)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kRegistered = RegisterCompressionBenchmarks();

}  // namespace
