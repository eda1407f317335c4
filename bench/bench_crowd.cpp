#include "bench_crowd.h"

#include <random>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/compression/playback.h"
#include "import/gltf_importer.h"

namespace anim_bench {

std::unique_ptr<Rig> LoadRig(const RigSource& source, std::string* error) {
  auto rig = std::make_unique<Rig>();
  if (!anim::LoadGltfModel(source.path, &rig->model, error)) return nullptr;
  auto find = [&](const std::string& name, const char* role) -> const anim::Clip* {
    const int i = rig->model.FindClip(name);
    if (i >= 0) return &rig->model.clips[i];
    if (!error->empty()) return nullptr;  // name the first missing clip
    *error = source.path + ": no clip named \"" + name + "\" (the " + role + "); its clips:";
    for (const anim::Clip& clip : rig->model.clips) *error += " \"" + clip.Name() + "\"";
    return nullptr;
  };
  error->clear();
  rig->walk = find(source.walk, "walk");
  rig->run = find(source.run, "run");
  rig->lean = find(source.lean, "additive lean");
  rig->idle = find(source.idle, "idle");
  if (!rig->walk || !rig->run || !rig->lean || !rig->idle) return nullptr;
  rig->lean_base_soa = anim::MakeAdditivePose(rig->model.skeleton, *rig->lean);
  return rig;
}

Crowd::Crowd(const Rig& rig, Case c, int count, int workers, unsigned seed)
    : rig_(rig), case_(c), animator_(rig.model.skeleton, workers) {
  const anim::Skeleton& s = rig.model.skeleton;
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> phase(0.0f, 1.0f);
  const bool fades = c == Case::kCrossFade2 || c == Case::kCrossFade1 || c == Case::kInertial;
  characters_.resize(count);
  if (fades) fades_.assign(count, anim::CrossFadeController(s, 2));
  // The raw playbacks the case plays, each character's side by side: a; a
  // and b; a, b and the additive layer (a cross-fade plays its controller's).
  const std::size_t slots = c == Case::kSampleLtm        ? 1
                            : c == Case::kBlend2Palette  ? 2
                            : c == Case::kBlend2Additive ? 3
                                                         : 0;
  playbacks_.resize(slots * characters_.size());
  const std::size_t joints = static_cast<std::size_t>(s.JointCount());
  outputs_.resize(joints * count);
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    anim::CrowdCharacter& ch = characters_[i];
    const std::span<glm::mat4> output = std::span(outputs_).subspan(i * joints, joints);
    (c == Case::kSampleLtm ? ch.model : ch.palette) = output;
    // Each clip starts at its own random phase, so characters (and the two
    // clips of one character) hit different keys every frame.
    auto start = [&](anim::Playback& p, const anim::Clip* clip) {
      p.Start(clip);
      p.time = clip->TimeAtPhase(phase(random));
    };
    anim::Playback walk, run, lean;
    start(walk, rig.walk);
    start(run, rig.run);
    start(lean, rig.lean);
    anim::Playback* own = playbacks_.data() + i * slots;
    if (slots >= 1) {
      own[0] = walk;
      ch.a = &own[0];
    }
    if (slots >= 2) {
      own[1] = run;
      ch.b = &own[1];
      ch.weight = 0.7f;  // 0.3 walk + 0.7 run
    }
    if (slots >= 3) {
      own[2] = lean;
      ch.additive = &own[2];
      ch.additive_reference = &rig.lean_base_soa;
    }
    if (fades) {
      anim::CrossFadeController& cf = fades_[i];
      cf.Play(rig.walk);
      cf.Current().time = walk.time;
      RefillFadeQueue(cf);
      ch.fade = &cf;
    }
  }
}

Crowd::Crowd(const Rig& rig, Case c, int count, const CompressedClips& compressed)
    : Crowd(rig, c, count) {
  compressed_.resize(2 * characters_.size());
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    anim::CrowdCharacter& ch = characters_[i];
    auto play = [](anim::Playback& p, const anim::CompressedClip* clip,
                   const anim::CompressedClipDecodings* decodings, const anim::Playback& raw) {
      p.Start({raw.clip, clip, decodings});
      p.SetTime(raw.time);  // the raw crowd's start time
      return &p;
    };
    // The compressed playbacks replace the raw ones, which the character
    // no longer points to.
    ch.a = play(compressed_[2 * i], compressed.walk, compressed.walk_decodings, *ch.a);
    if (ch.b != nullptr) {
      ch.b = play(compressed_[2 * i + 1], compressed.run, compressed.run_decodings, *ch.b);
    }
  }
  // Unless the additive layer still plays them, nothing does.
  if (c != Case::kBlend2Additive) playbacks_ = {};
}

std::size_t Crowd::CompressedContextBytes() const {
  return compressed_.empty() ? 0 : compressed_.front().context.ByteSize();
}

void Crowd::RefillFadeQueue(anim::CrossFadeController& cf) const {
  // Current clip plus two fading targets (one in (e)), always: when a fade
  // completes, the next clip of the cycle walk -> run -> idle -> walk is
  // queued. In (f) the next inertialized transition starts when one ends.
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

void Crowd::RefillFadeQueues() {
  for (anim::CrossFadeController& cf : fades_) RefillFadeQueue(cf);
}

void Crowd::Frame(float dt) {
  RefillFadeQueues();
  animator_.Update(characters_, dt);
}

void Crowd::Frame(float dt, anim::ParallelForCallback parallel_for) {
  RefillFadeQueues();
  animator_.Update(characters_, dt, parallel_for);
}

float Crowd::Checksum() const {
  float sum = 0.0f;
  const std::size_t joints = static_cast<std::size_t>(rig_.model.skeleton.JointCount());
  for (std::size_t i = joints; i <= outputs_.size(); i += joints) sum += outputs_[i - 1][3][0];
  return sum;
}

}  // namespace anim_bench
