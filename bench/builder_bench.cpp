// The compressed-clip builder (anim/offline/), offline work that the viewer's
// 08 Crowd and 15 Compression also do when a user turns compression on:
//   <rig>/build_compressed/all_clips   BuildCompressedClip of every clip of
//                                      the model, default settings
// Counters: clip_seconds (the clips' total duration), compressed_bytes and
// raw_bytes (every clip's, as CompressionReport gives them), peak_bytes
// (the largest CompressionWorkingBytes of one clip: the builder's memory).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "anim/offline/clip_builder.h"
#include "model_once.h"

namespace {

void BuildAllClips(benchmark::State& state, const anim_bench::BenchModel* source) {
  std::string error;
  const anim::Model* model = anim_bench::LoadOnce(*source, &error);
  if (model == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  std::size_t compressed = 0, raw = 0, peak = 0;
  double seconds = 0.0;
  for (const anim::Clip& clip : model->clips) {
    seconds += clip.Duration();
    peak = std::max(peak, anim::CompressionWorkingBytes(clip, model->skeleton));
  }
  for (auto _ : state) {
    compressed = raw = 0;
    for (const anim::Clip& clip : model->clips) {
      anim::CompressionReport report;
      const anim::CompressedClip built =
          anim::BuildCompressedClip(clip, model->skeleton, {}, &report);
      benchmark::DoNotOptimize(built.ByteSize());
      compressed += report.compressed_bytes;
      raw += report.raw_bytes;
    }
  }
  state.counters["clips"] = static_cast<double>(model->clips.size());
  state.counters["clip_seconds"] = seconds;
  state.counters["compressed_bytes"] = static_cast<double>(compressed);
  state.counters["raw_bytes"] = static_cast<double>(raw);
  state.counters["peak_bytes"] = static_cast<double>(peak);
}

bool RegisterBuilderBenchmarks() {
  for (const anim_bench::BenchModel& source : anim_bench::kBenchModels) {
    benchmark::RegisterBenchmark((std::string(source.name) + "/build_compressed/all_clips").c_str(),
                                 BuildAllClips, &source)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kBuilderBenchRegistered = RegisterBuilderBenchmarks();

}  // namespace
