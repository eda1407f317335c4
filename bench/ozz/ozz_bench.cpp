// Cases (a) and (b) of anim_bench (bench/README.md) run on ozz-animation,
// so that our figures can be set beside ozz's measured in the same run on
// the same machine. Built and run by scripts/bench_vs_ozz.sh against an
// ozz-animation checkout the user provides (nothing here is downloaded or
// vendored); not part of the CMake build.
//
//   ozz/sample_ltm/N       per character: SamplingJob on Walking (its own
//                          context), LocalToModelJob into its own matrices
//   ozz/blend2_palette/N   per character: SamplingJob on Walking and on
//                          Running (a context each), BlendingJob 0.3 / 0.7,
//                          LocalToModelJob, palette = model * inverse bind
//
// As in anim_bench: N characters each at their own random phase (fixed
// seed), 1/60 s steps, looping; the local poses and model matrices of (b)
// are one scratch reused by every character (as CrowdAnimator's per-worker
// scratch), each character's outputs its own; ns_per_character is the
// benchmark thread's CPU time per character per frame. The .ozz files are
// gltf2ozz's output for Woman.gltf at its defaults, from OZZ_BENCH_DATA.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../per_character_timing.h"
#include "ozz/animation/runtime/animation.h"
#include "ozz/animation/runtime/blending_job.h"
#include "ozz/animation/runtime/local_to_model_job.h"
#include "ozz/animation/runtime/sampling_job.h"
#include "ozz/animation/runtime/skeleton.h"
#include "ozz/base/io/archive.h"
#include "ozz/base/io/stream.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/soa_transform.h"

namespace {

template <typename T>
bool LoadArchive(const std::string& path, T* out) {
  ozz::io::File file(path.c_str(), "rb");
  if (!file.opened()) return false;
  ozz::io::IArchive archive(&file);
  if (!archive.TestTag<T>()) return false;
  archive >> *out;
  return true;
}

struct Data {
  ozz::animation::Skeleton skeleton;
  ozz::animation::Animation walk, run;
  std::vector<ozz::math::Float4x4> inverse_bind;
  std::string error;
};

const Data& GetData() {
  static const std::unique_ptr<Data> data = [] {
    auto d = std::make_unique<Data>();
    const char* dir = std::getenv("OZZ_BENCH_DATA");
    const std::string at = dir != nullptr ? dir : ".";
    if (!LoadArchive(at + "/skeleton.ozz", &d->skeleton) ||
        !LoadArchive(at + "/Walking.ozz", &d->walk) || !LoadArchive(at + "/Running.ozz", &d->run)) {
      d->error =
          "skeleton.ozz, Walking.ozz or Running.ozz not readable in " + at + " (OZZ_BENCH_DATA)";
      return d;
    }
    // The inverse of each joint's rest model matrix, standing for the skin's
    // inverse bind matrices (the same multiply per joint).
    const int joints = d->skeleton.num_joints();
    std::vector<ozz::math::Float4x4> rest(static_cast<std::size_t>(joints));
    ozz::animation::LocalToModelJob ltm;
    ltm.skeleton = &d->skeleton;
    ltm.input = d->skeleton.joint_rest_poses();
    ltm.output = ozz::make_span(rest);
    if (!ltm.Run()) d->error = "LocalToModelJob failed on the rest pose";
    for (const auto& m : rest) d->inverse_bind.push_back(ozz::math::Invert(m));
    return d;
  }();
  return *data;
}

class OzzCrowd {
 public:
  OzzCrowd(const Data& d, bool blend, int count) : d_(d), blend_(blend) {
    const int soa = d.skeleton.num_soa_joints(), joints = d.skeleton.num_joints();
    std::mt19937 random(1234);
    std::uniform_real_distribution<float> phase(0.0f, 1.0f);
    // Contexts cannot be moved: one array, allocated once.
    characters_ = std::make_unique<Character[]>(static_cast<std::size_t>(count));
    count_ = static_cast<std::size_t>(count);
    for (std::size_t i = 0; i < count_; ++i) {
      Character& c = characters_[i];
      c.walk_ratio = phase(random);
      c.walk.Resize(d.walk.num_tracks());
      if (blend_) {
        c.run_ratio = phase(random);
        c.run.Resize(d.run.num_tracks());
      }
    }
    outputs_.resize(static_cast<std::size_t>(joints) * count);
    a_.resize(static_cast<std::size_t>(soa));
    b_.resize(static_cast<std::size_t>(soa));
    blended_.resize(static_cast<std::size_t>(soa));
    model_.resize(static_cast<std::size_t>(joints));
  }

  void Frame(float dt) {
    const int joints = d_.skeleton.num_joints();
    for (std::size_t i = 0; i < count_; ++i) {
      Character& c = characters_[i];
      const auto out = ozz::make_span(outputs_).subspan(i * joints, joints);
      c.walk_ratio = Advance(c.walk_ratio, dt, d_.walk.duration());
      Sample(d_.walk, c.walk, c.walk_ratio, a_);
      if (!blend_) {
        LocalToModel(a_, out);
        continue;
      }
      c.run_ratio = Advance(c.run_ratio, dt, d_.run.duration());
      Sample(d_.run, c.run, c.run_ratio, b_);
      ozz::animation::BlendingJob::Layer layers[2];
      layers[0].weight = 0.3f;
      layers[0].transform = ozz::make_span(a_);
      layers[1].weight = 0.7f;
      layers[1].transform = ozz::make_span(b_);
      ozz::animation::BlendingJob blend;
      blend.layers = layers;
      blend.rest_pose = d_.skeleton.joint_rest_poses();
      blend.output = ozz::make_span(blended_);
      if (!blend.Run()) std::abort();
      LocalToModel(blended_, ozz::make_span(model_));
      for (int j = 0; j < joints; ++j) out[j] = model_[j] * d_.inverse_bind[j];
    }
  }

  float Checksum() const {
    float sum = 0.0f;
    for (const auto& m : outputs_) sum += ozz::math::GetX(m.cols[3]);
    return sum;
  }

 private:
  struct Character {
    ozz::animation::SamplingJob::Context walk, run;
    float walk_ratio = 0.0f, run_ratio = 0.0f;
  };
  static float Advance(float ratio, float dt, float duration) {
    const float r = ratio + dt / duration;
    return r - std::floor(r);
  }
  void Sample(const ozz::animation::Animation& clip, ozz::animation::SamplingJob::Context& context,
              float ratio, std::vector<ozz::math::SoaTransform>& out) {
    ozz::animation::SamplingJob job;
    job.animation = &clip;
    job.context = &context;
    job.ratio = ratio;
    job.output = ozz::make_span(out);
    if (!job.Run()) std::abort();
  }
  void LocalToModel(const std::vector<ozz::math::SoaTransform>& local,
                    ozz::span<ozz::math::Float4x4> out) {
    ozz::animation::LocalToModelJob job;
    job.skeleton = &d_.skeleton;
    job.input = ozz::make_span(local);
    job.output = out;
    if (!job.Run()) std::abort();
  }

  const Data& d_;
  bool blend_;
  std::unique_ptr<Character[]> characters_;
  std::size_t count_ = 0;
  std::vector<ozz::math::Float4x4> outputs_;
  std::vector<ozz::math::SoaTransform> a_, b_, blended_;
  std::vector<ozz::math::Float4x4> model_;
};

void OzzCase(benchmark::State& state, bool blend) {
  const Data& d = GetData();
  if (!d.error.empty()) {
    state.SkipWithError(d.error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  OzzCrowd crowd(d, blend, count);
  anim_bench::TimePerCharacter(
      state, count, [&] { crowd.Frame(1.0f / 60.0f); }, [&] { return crowd.Checksum(); });
}

}  // namespace

BENCHMARK_CAPTURE(OzzCase, sample_ltm, false)
    ->Name("ozz/sample_ltm")
    ->Arg(1)
    ->Arg(1000)
    ->Arg(10000);
BENCHMARK_CAPTURE(OzzCase, blend2_palette, true)
    ->Name("ozz/blend2_palette")
    ->Arg(1)
    ->Arg(1000)
    ->Arg(10000);

BENCHMARK_MAIN();
