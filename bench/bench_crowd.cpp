#include "bench_crowd.h"

#include <random>

#include "anim/additive.h"
#include "anim/blending.h"
#include "anim/soa_additive.h"
#include "import/gltf_importer.h"

namespace anim_bench {

std::unique_ptr<Rig> LoadRig(const std::string& path, const std::string& walk,
                             const std::string& run, const std::string& lean,
                             const std::string& idle, std::string* error) {
  auto rig = std::make_unique<Rig>();
  if (!anim::LoadGltfModel(path, &rig->model, error)) return nullptr;
  auto find = [&](const std::string& name) -> const anim::Clip* {
    const int i = rig->model.FindClip(name);
    if (i < 0) *error = path + ": no clip named " + name;
    return i < 0 ? nullptr : &rig->model.clips[i];
  };
  rig->walk = find(walk);
  rig->run = find(run);
  rig->lean = find(lean);
  rig->idle = find(idle);
  if (!rig->walk || !rig->run || !rig->lean || !rig->idle) return nullptr;
  rig->lean_base = anim::MakeAdditivePose(rig->model.skeleton, *rig->lean);
  rig->soa_skeleton = anim::SoaSkeleton(rig->model.skeleton);
  rig->lean_base_soa = anim::SoaPose(rig->lean_base);
  return rig;
}

Crowd::Crowd(const Rig& rig, Case c, int count, unsigned seed) : rig_(rig), case_(c) {
  const anim::Skeleton& s = rig.model.skeleton;
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  characters_.resize(count);
  const std::size_t joints = static_cast<std::size_t>(s.JointCount());
  models_.resize(joints * count);
  palettes_.resize(joints * count);
  Scratch scratch;
  scratch.walk = scratch.run = scratch.lean = scratch.blended = rig.soa_skeleton.RestPose();
  scratch.model.resize(s.JointCount());
  scratch_.push_back(std::move(scratch));
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    Character& ch = characters_[i];
    ch.model = std::span(models_).subspan(i * joints, joints);
    ch.palette = std::span(palettes_).subspan(i * joints, joints);
    // Each clip starts at its own random phase, so characters (and the two
    // clips of one character) hit different keys every frame.
    auto start = [&](anim::Playback& p, const anim::Clip* clip) {
      p.Start(clip);
      p.time = clip->StartTime() + phase(random) * clip->Duration();
    };
    start(ch.walk, rig.walk);
    start(ch.run, rig.run);
    start(ch.lean, rig.lean);
    if (c == Case::kCrossFade2 || c == Case::kCrossFade1 || c == Case::kInertial) {
      ch.fade.emplace(s, 2);
      ch.fade->Play(rig.walk);
      ch.fade->Current().time = ch.walk.time;
      RefillFadeQueue(ch);
    }
  }
}

void Crowd::RefillFadeQueue(Character& ch) {
  // Current clip plus two fading targets (one in (e)), always: when a fade
  // completes, the next clip of the cycle walk -> run -> idle -> walk is
  // queued. In (f) the next inertialized transition starts when one ends.
  anim::CrossFadeController& cf = *ch.fade;
  if (case_ == Case::kInertial) {
    if (cf.Inertialization().Active()) return;
    const anim::Clip* top = cf.CurrentClip();
    anim::FadeOptions options;
    options.duration = 1.5f;
    options.mode = anim::TransitionMode::kInertial;
    options.start_phase = 0.37f;
    cf.FadeTo(top == rig_.walk ? rig_.run : top == rig_.run ? rig_.idle : rig_.walk, options);
    return;
  }
  const int targets = case_ == Case::kCrossFade1 ? 1 : 2;
  while (cf.TargetCount() < targets) {
    const anim::Clip* top =
        cf.TargetCount() > 0 ? cf.Target(cf.TargetCount() - 1).playback.clip : cf.CurrentClip();
    const anim::Clip* next = top == rig_.walk ? rig_.run : top == rig_.run ? rig_.idle : rig_.walk;
    anim::FadeOptions options;
    options.duration = 1.5f;
    options.start_phase = 0.37f * static_cast<float>(cf.TargetCount() + 1);
    cf.FadeTo(next, options);
  }
}

void Crowd::FrameOne(Character& ch, float dt, Scratch& scratch) {
  switch (case_) {
    // (a) to (c) run the structure-of-arrays path (soa_pose.h): sampling,
    // blending, the additive layer and local to model as vectorised loops
    // over joints. The sampled poses start from the rest pose (Scratch) and
    // every frame overwrites each animated channel, so sharing them between
    // characters changes no result.
    case Case::kSampleLtm:
      ch.walk.Advance(dt, scratch.walk);
      anim::ComputeModelMatrices(rig_.soa_skeleton, scratch.walk, ch.model);
      return;
    case Case::kBlend2Palette:
    case Case::kBlend2Additive:
      ch.walk.Advance(dt, scratch.walk);
      ch.run.Advance(dt, scratch.run);
      anim::Blend(scratch.blended, scratch.walk, scratch.run, 0.7f);  // 0.3 walk + 0.7 run
      if (case_ == Case::kBlend2Additive) {
        ch.lean.Advance(dt, scratch.lean);
        anim::Add(scratch.blended, scratch.blended, scratch.lean, rig_.lean_base_soa);
      }
      anim::ComputePalette(rig_.soa_skeleton, scratch.blended, scratch.model, ch.palette);
      return;
    case Case::kCrossFade2:
    case Case::kCrossFade1:
    case Case::kInertial:
      // CrossFadeController samples and blends on SoaPoses itself.
      ch.fade->Update(dt);
      RefillFadeQueue(ch);
      anim::ComputePalette(rig_.soa_skeleton, ch.fade->CurrentSoaPose(), scratch.model, ch.palette);
      return;
  }
}

void Crowd::Frame(float dt) {
  for (Character& ch : characters_) FrameOne(ch, dt, scratch_[0]);
}

void Crowd::Frame(float dt, anim::ParallelFor& pool) {
  const int count = static_cast<int>(characters_.size());
  const int threads = pool.ThreadCount();
  if (static_cast<int>(scratch_.size()) < threads) scratch_.resize(threads, scratch_[0]);
  pool.RunWithSlot(count, [&](int slot, int begin, int end) {
    for (int i = begin; i < end; ++i) FrameOne(characters_[i], dt, scratch_[slot]);
  });
}

float Crowd::Checksum() const {
  float sum = 0.0f;
  for (const Character& ch : characters_) {
    sum += case_ == Case::kSampleLtm ? ch.model.back()[3][0] : ch.palette.back()[3][0];
  }
  return sum;
}

}  // namespace anim_bench
