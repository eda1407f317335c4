// Cases (a) and (b) of anim_bench.cpp on other forms of Woman's clips:
//
//   woman_compressed/sample_ltm/N      (a) on compressed clips
//                                      (anim/compression/, default 0.1 mm)
//   woman_compressed/blend2_palette/N  (b) on compressed clips
//   woman_compressed_shared/...        the same, every character's contexts
//                                      bound to one CompressedClipDecodings
//                                      per clip (shared_bytes: those tables)
//   woman_compressed_sampled/...       the same with decodings that hold
//                                      every track at every sample
//                                      (CompressedKeys::kSampled)
//   woman_compressed_decodings/coded   making Walking's CompressedClipDecodings
//   woman_compressed_decodings/sampled (every segment's decodings; with
//                                      every sample decoded): what a crowd
//                                      or graph pays once per clip when its
//                                      clips load (table_bytes: ByteSize)
//   woman_reduced/sample_ltm/N         (a) on a per-channel key-reduced copy
//                                      of Woman's clips, made at start-up
//                                      with anim::ReduceKeys(clip, 0)
//                                      (lossless: each channel keeps only
//                                      the keys interpolation needs, as
//                                      key-reducing exporters write)
//   woman_reduced/blend2_palette/N     (b) on that copy
//
// Same crowd (anim_bench::Crowd through anim::CrowdAnimator, the compressed
// clips played by compressed Playbacks in a and b), steps and counters as
// anim_bench.cpp (ns_per_character: the benchmark thread's CPU time per
// character per frame), plus the memory the case's clips take at run time
// (clip_bytes: the tracks' key times and values for raw clips,
// CompressedClip::ByteSize for compressed ones) and what each character
// keeps per clip besides its time (context_bytes: the compressed sampler's
// cursors and decoded keys; a raw Playback's cursors) and, for the reduced
// clips, their structure-of-arrays copy (soa_bytes).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>

#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/playback.h"
#include "anim/offline/clip_builder.h"
#include "anim/offline/key_reduction.h"
#include "bench_crowd.h"
#include "per_character_timing.h"

namespace {

const std::string kWomanPath = ANIM_SHARED_ASSETS_DIR "/Woman.gltf";

// Woman.gltf and the clips the cases play.
anim_bench::RigSource WomanSource(const char* name) {
  anim_bench::RigSource source;
  source.name = name;
  source.path = kWomanPath;
  source.walk = "Walking";
  source.run = "Running";
  source.lean = "Lean_Left";
  source.idle = "Idle";
  return source;
}

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
    r = anim_bench::LoadRig(WomanSource("woman_reduced"), &load_error);
    if (r) {
      for (anim::Clip& clip : r->model.clips) clip = anim::ReduceKeys(clip, 0.0f);
    }
    return r;
  }();
  *error = load_error;
  return rig.get();
}

// Woman's Walking and Running compressed at the default tolerance, with
// CompressedClipDecodings per clip, without and with every sample
// decoded; loaded once.
struct CompressedRig {
  std::unique_ptr<anim_bench::Rig> rig;
  anim::CompressedClip walk, run;
  std::unique_ptr<anim::CompressedClipDecodings> walk_decodings, run_decodings;
  std::unique_ptr<anim::CompressedClipDecodings> walk_sampled, run_sampled;
};

const CompressedRig* GetCompressedRig(std::string* error) {
  static std::string load_error;
  static const std::unique_ptr<CompressedRig> rig = [] {
    auto r = std::make_unique<CompressedRig>();
    if (!std::filesystem::exists(kWomanPath)) {
      load_error = kWomanPath + " not found; the woman_compressed cases are skipped";
      return std::unique_ptr<CompressedRig>();
    }
    r->rig = anim_bench::LoadRig(WomanSource("woman_compressed"), &load_error);
    if (!r->rig) return std::unique_ptr<CompressedRig>();
    r->walk = anim::BuildCompressedClip(*r->rig->walk, r->rig->model.skeleton);
    r->run = anim::BuildCompressedClip(*r->rig->run, r->rig->model.skeleton);
    r->walk_decodings = std::make_unique<anim::CompressedClipDecodings>(r->walk);
    r->run_decodings = std::make_unique<anim::CompressedClipDecodings>(r->run);
    r->walk_sampled =
        std::make_unique<anim::CompressedClipDecodings>(r->walk, anim::CompressedKeys::kSampled);
    r->run_sampled =
        std::make_unique<anim::CompressedClipDecodings>(r->run, anim::CompressedKeys::kSampled);
    return r;
  }();
  *error = load_error;
  return rig.get();
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
  state.counters["context_bytes"] = static_cast<double>(p.ByteSize());
}

// How the characters' contexts decode: each its own, bound to shared
// decodings, or bound to shared decodings with every sample decoded.
enum class Contexts { kOwn, kShared, kSampled };

// Cases (a) and (b) through CrowdAnimator with the compressed clips in a
// and b.
void CompressedCase(benchmark::State& state, anim_bench::Case c, Contexts contexts) {
  std::string error;
  const CompressedRig* rig = GetCompressedRig(&error);
  if (rig == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  const bool two = c == anim_bench::Case::kBlend2Palette;
  anim_bench::CompressedClips clips;
  clips.walk = &rig->walk;
  clips.run = &rig->run;
  if (contexts == Contexts::kShared) {
    clips.walk_decodings = rig->walk_decodings.get();
    clips.run_decodings = rig->run_decodings.get();
  } else if (contexts == Contexts::kSampled) {
    clips.walk_decodings = rig->walk_sampled.get();
    clips.run_decodings = rig->run_sampled.get();
  }
  anim_bench::Crowd crowd(*rig->rig, c, count, clips);
  anim_bench::TimePerCharacter(
      state, count, [&] { crowd.Frame(1.0f / 60.0f); }, [&] { return crowd.Checksum(); });
  state.counters["clip_bytes"] =
      static_cast<double>(rig->walk.ByteSize() + (two ? rig->run.ByteSize() : 0));
  state.counters["context_bytes"] = static_cast<double>(crowd.CompressedContextBytes());
  if (contexts != Contexts::kOwn) {
    state.counters["shared_bytes"] = static_cast<double>(
        clips.walk_decodings->ByteSize() + (two ? clips.run_decodings->ByteSize() : 0));
  }
}

// Making Walking's shared decodings of one kind, once per iteration.
void DecodingsCase(benchmark::State& state, anim::CompressedKeys keys) {
  std::string error;
  const CompressedRig* rig = GetCompressedRig(&error);
  if (rig == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  std::size_t bytes = 0;
  for (auto _ : state) {
    const anim::CompressedClipDecodings decodings(rig->walk, keys);
    benchmark::DoNotOptimize(&decodings);
    bytes = decodings.ByteSize();
  }
  state.counters["table_bytes"] = static_cast<double>(bytes);
  state.counters["samples"] = static_cast<double>(rig->walk.SampleCount());
}

bool RegisterCompressionBenchmarks() {
  const std::pair<const char*, anim_bench::Case> cases[] = {
      {"sample_ltm", anim_bench::Case::kSampleLtm},
      {"blend2_palette", anim_bench::Case::kBlend2Palette},
  };
  for (const auto& [name, c] : cases) {
    const std::pair<const char*, Contexts> forms[] = {
        {"woman_compressed/", Contexts::kOwn},
        {"woman_compressed_shared/", Contexts::kShared},
        {"woman_compressed_sampled/", Contexts::kSampled},
    };
    for (const auto& [form, contexts] : forms) {
      benchmark::RegisterBenchmark((std::string(form) + name).c_str(), CompressedCase, c, contexts)
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
  benchmark::RegisterBenchmark("woman_compressed_decodings/coded", DecodingsCase,
                               anim::CompressedKeys::kCoded)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("woman_compressed_decodings/sampled", DecodingsCase,
                               anim::CompressedKeys::kSampled)
      ->Unit(benchmark::kMicrosecond);
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kCompressionBenchRegistered = RegisterCompressionBenchmarks();

}  // namespace
