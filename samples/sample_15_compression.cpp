// 15 Compression: a clip raw (left) and compressed (middle), the compressed
// character's joints marked by their error, the error over the clip
// plotted, sizes and sampling times in the panel.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/clip_builder.h"
#include "samples/background_build.h"
#include "samples/clip_roles.h"
#include "samples/counted.h"
#include "samples/debug_draw.h"
#include "samples/playback_timeline.h"
#include "samples/sample_factories.h"
#include "samples/ui_probe.h"

namespace samples {

namespace {

constexpr int kRaw = 0;
constexpr int kCompressed = 1;
constexpr int kPlotBins = 120;     // the error plot's columns over the clip
constexpr int kTimingFrames = 60;  // sampling times averaged over this many frames
// The sampling times shown: coded keys (the playback's own context), every
// sample decoded, the raw clip.
constexpr int kCodedTiming = 0;
constexpr int kSampledTiming = 1;
constexpr int kRawTiming = 2;
constexpr int kTimings = 3;

// Green at no error, yellow at half the tolerance, red at the tolerance and above.
glm::vec4 ErrorColor(float error, float tolerance) {
  const float r = tolerance > 0.0f ? std::clamp(error / tolerance, 0.0f, 1.0f) : 1.0f;
  const glm::vec3 green(0.1f, 0.85f, 0.2f), yellow(1.0f, 0.85f, 0.1f), red(1.0f, 0.15f, 0.1f);
  const glm::vec3 c =
      r < 0.5f ? glm::mix(green, yellow, 2.0f * r) : glm::mix(yellow, red, 2.0f * r - 1.0f);
  return glm::vec4(c, 1.0f);
}

class CompressionSample : public Sample {
 public:
  CompressionSample() : Sample("15 Compression", ExplanationText()) {
    params_.AddChoice("clip", &clip_, {}, "the clip to compress and play");
    params_.AddFloat("tolerance_mm", &tolerance_mm_, 0.01f, 10.0f,
                     "largest error allowed at the virtual points, in millimetres");
    params_.AddBool("omit_channels", &omit_,
                    "store constant channels once and leave out those equal to the rest pose");
    params_.AddInt("segment_length", &segment_length_, 0, 64,
                   "samples per segment, each with its own steps and Rice parameters (0: the "
                   "whole clip is one segment)");
    params_.AddBool("key_strides", &key_strides_,
                    "keys every 2, 4, 8... samples where interpolating between them stays within "
                    "the tolerance (key reduction whose key times need no bits)");
    params_.AddBool("compensate", &compensate_,
                    "store each rotation against its parent as decoded, so a joint's rounding "
                    "turns only its own bone, not everything below it");
    params_.AddInt("bits", &bits_, 0, anim::kMaxComponentBits,
                   "quantisation: every track's changing components in steps of 2^-bits of "
                   "their range over the clip (0: the coarsest steps each track can take)");
    params_.AddFloat("phase", &phase_, 0.0f, 1.0f, "scrub: normalised time in the clip");
  }

  static std::string ExplanationText() {
    return "A clip stores every key of every channel as floats. Compressing it keeps the pose "
           "within a tolerance at less memory: channels that never change are stored once "
           "(omitted when they equal the rest pose); the other channels are sampled at the clip's "
           "key times and cut into segments of `segment_length` samples; in each segment each "
           "track keeps a key every 1, 2, 4... samples (`key_strides`) and quantises it in the "
           "coarsest steps per component that keep the whole skeleton within the tolerance "
           "(rotations as their three smallest components, each stored against its parent as "
           "decoded: `compensate`); each key after a segment's first "
           "is stored as its difference from a straight-line prediction from the two before, "
           "in a Rice code (small differences, few bits). The error is measured where it shows: at "
           "points 3 cm from every joint, "
           "through the whole hierarchy, raw (left) against compressed (middle); the skeleton on "
           "the right is the compressed pose, each joint green (no error) to red (the tolerance). "
           "With `bits` set, "
           "every track takes that precision and the builder no longer tightens to the tolerance. "
           "The panel times and sizes three ways of playing the clip: its coded keys, each "
           "character decoding the keys it crosses (the least memory); a table of every sample "
           "decoded once per clip and shared by a crowd (about the raw clip's speed, more "
           "memory); and the raw clip. "
           "Source: Nicholas Frechette, Animation Compression Library (segments, range "
           "reduction, the error metric and the search against it); Rice coding of prediction "
           "residuals as in lossless audio coders (Shorten, FLAC).";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    if (model.clips.empty()) {
      *error = NeedsMessage("a clip to compress", model, AllClips(model));
      return false;
    }
    model_ = &model;
    const anim::Skeleton& skeleton = model.skeleton;
    rest_soa_ = skeleton.RestPose();
    soa_ = raw_soa_ = sampled_soa_ = rest_soa_;
    const auto joints = static_cast<std::size_t>(skeleton.JointCount());
    models_[kRaw].assign(joints, glm::mat4(1.0f));
    models_[kCompressed].assign(joints, glm::mat4(1.0f));
    errors_.assign(joints, 0.0f);
    palettes_.assign(2 * joints, glm::mat4(1.0f));
    params_.SetChoices("clip", ClipNames(model));
    clip_ = FindClipForRole(model, {"walk", "walking"});
    builder_.Stop();
    built_ = requested_ = Settings{};
    built_.clip = requested_.clip = -1;
    PlaceCharacters();
    return true;
  }

  void Update(float dt) override {
    const Settings wanted{clip_,        tolerance_mm_, omit_, segment_length_,
                          key_strides_, compensate_,   bits_};
    Request(wanted);
    if (std::optional<Build> done = builder_.Take()) Apply(std::move(*done));
    const anim::Clip& clip = model_->clips[clip_];
    if (phase_ != applied_phase_) {
      playback_.SetTime(clip.TimeAtPhase(phase_));
      dt = 0.0f;
    }
    // The compressed clip's clock; both clips are sampled at its time.
    playback_.Step(dt);
    phase_ = applied_phase_ = playback_.NormalizedTime();
    const float t = playback_.SampleTime();

    // Both clips sampled at that time, each timed on its first use this
    // frame, so both start from caches the drawing has cleared (sampling
    // the raw clip once before timing it made it look four times faster).
    const auto start = std::chrono::steady_clock::now();
    soa_.CopyFrom(rest_soa_);
    anim::CompressedClipContext& context = playback_.context;
    const long decoded_before = context.DecodedKeys();
    anim::SampleCompressedClip(compressed_, t, context, soa_);
    decoded_now_ = context.DecodedKeys() - decoded_before;
    const auto coded_end = std::chrono::steady_clock::now();
    // The same time from the table of every sample decoded (what a crowd
    // plays by default, 08 Crowd): the same pose within float rounding.
    sampled_soa_.CopyFrom(rest_soa_);
    anim::SampleCompressedClip(compressed_, t, sampled_context_, sampled_soa_);
    const auto sampled_end = std::chrono::steady_clock::now();
    raw_soa_.CopyFrom(rest_soa_);
    clip.Sample(raw_soa_, t, anim::LoopMode::kClamp, &raw_cursor_);
    const auto end = std::chrono::steady_clock::now();
    AddTiming({std::chrono::duration<double>(coded_end - start).count(),
               std::chrono::duration<double>(sampled_end - coded_end).count(),
               std::chrono::duration<double>(end - sampled_end).count()});
    anim::ComputeModelMatrices(model_->skeleton, raw_soa_, models_[kRaw]);
    anim::ComputeModelMatrices(model_->skeleton, soa_, models_[kCompressed]);
    anim::ModelSpaceError(models_[kRaw], models_[kCompressed], anim::kVirtualPointDistance,
                          errors_);
    current_error_ = *std::max_element(errors_.begin(), errors_.end());
    UpdatePalettes();
    UpdateMarkers();
  }

  // The compressed character: what --dump-pose writes.
  const anim::SoaPose& CurrentPose() const override { return soa_; }
  SampleView View() const override {
    SampleView view;
    view.crowd = model_ != nullptr ? &frame_ : nullptr;
    view.debug_lines = lines_;
    view.timeline = PlaybackTimeline(playback_, &view.time, &view.length);
    return view;
  }
  void AllowBackgroundWork(bool allow) override {
    background_ = allow;
    if (!allow && builder_.Busy()) {
      // What was asked is built now, as a run without background work expects.
      builder_.Stop();
      const Settings wanted = requested_;
      requested_ = built_;
      Request(wanted);
    }
  }

  void Scrub(float time) override { phase_ = ScrubPhase(playback_, time); }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawParamWidgets(params_);
    ImGui::Separator();
    if (builder_.Busy()) {
      ImGui::TextUnformatted("compressing with the new settings; the last build plays meanwhile");
    } else if (!builder_.LastFailure().empty()) {
      ImGui::Text("compressing with the new settings failed (%s); the last build plays",
                  builder_.LastFailure().c_str());
    }
    const anim::CompressionReport& r = report_;
    char line[256];
    std::snprintf(line, sizeof line, "size: %zu bytes raw, %zu compressed (%.1f x smaller)",
                  r.raw_bytes, r.compressed_bytes,
                  r.compressed_bytes > 0
                      ? static_cast<double>(r.raw_bytes) / static_cast<double>(r.compressed_bytes)
                      : 0.0);
    ImGui::TextUnformatted(line);
    ui_probe::Text("size", line);
    std::snprintf(line, sizeof line,
                  "of which: segment headers %zu, track ranges %zu, constants %zu, key times %zu",
                  r.segment_header_bytes, r.track_bytes, r.constant_bytes, r.time_bytes);
    ImGui::TextUnformatted(line);
    const std::string samples_in_segments =
        Counted(r.samples, "sample") + " in " + Counted(r.segments, "segment");
    std::snprintf(line, sizeof line,
                  "channels: %d animated, %d constant, %d omitted; %s; keys: %d stored of %d",
                  r.animated_tracks, r.constant_channels, r.omitted_channels,
                  samples_in_segments.c_str(), r.stored_keys, r.animated_tracks * r.samples);
    ImGui::TextUnformatted(line);
    const std::string worst_joint =
        r.error.joint >= 0 ? model_->skeleton.JointName(r.error.joint) : std::string("-");
    std::snprintf(line, sizeof line, "largest error: %.4f mm at %s, %.3f s; now %.4f mm",
                  r.error.max_error * 1000.0f, worst_joint.c_str(),
                  r.error.time - model_->clips[clip_].StartTime(), current_error_ * 1000.0f);
    ImGui::TextUnformatted(line);
    ui_probe::Text("error", line);
    std::snprintf(line, sizeof line,
                  "sampling: %.2f us coded keys, %.2f us every sample decoded, %.2f us raw (last "
                  "%d frames)",
                  timing_[kCodedTiming] * 1e6, timing_[kSampledTiming] * 1e6,
                  timing_[kRawTiming] * 1e6, kTimingFrames);
    ImGui::TextUnformatted(line);
    ui_probe::Text("sampling", line);
    std::snprintf(line, sizeof line,
                  "keys decoded this frame: %ld (forward play: only where a track crosses one); "
                  "context %zu bytes",
                  decoded_now_, playback_.context.ByteSize());
    ImGui::TextUnformatted(line);
    ui_probe::Text("decoded", line);
    DrawMemory();
    ImGui::Text("error over the clip (mm, 0 to %.3f):", plot_top_mm_);
    const float width = ImGui::GetFontSize() * 24.0f;
    ImGui::PlotLines("##error", plot_.data(), static_cast<int>(plot_.size()), 0, nullptr, 0.0f,
                     plot_top_mm_, ImVec2(width, 60.0f));
    DrawHint(
        "Left: raw; middle: compressed; right: the compressed skeleton, each joint and its "
        "bone green (no error) to red (the tolerance).");
  }

  // What each way of playing the clip keeps at run time: once (the clip,
  // and what a crowd's characters share) and per character.
  void DrawMemory() const {
    if (!sampled_table_) return;  // nothing built yet
    const anim::Clip& clip = model_->clips[clip_];
    const std::size_t bytes = compressed_.ByteSize();
    char line[256];
    ImGui::TextUnformatted("run-time bytes, once + per character:");
    std::snprintf(line, sizeof line,
                  "  coded keys: clip %zu + context %zu, or in a crowd clip %zu + decodings %zu + "
                  "context %zu",
                  bytes, playback_.context.ByteSize(), bytes, shared_decodings_->ByteSize(),
                  shared_context_.ByteSize());
    ImGui::TextUnformatted(line);
    ui_probe::Text("memory coded", line);
    std::snprintf(line, sizeof line, "  every sample decoded: clip %zu + table %zu + context %zu",
                  bytes, sampled_table_->ByteSize(), sampled_context_.ByteSize());
    ImGui::TextUnformatted(line);
    ui_probe::Text("memory sampled", line);
    std::snprintf(line, sizeof line, "  raw: keys %zu + sampling table %zu + playback %zu",
                  anim::RawClipBytes(clip), clip.SoaKeyBytes(),
                  sizeof(anim::Playback) + raw_cursor_.HeapBytes());
    ImGui::TextUnformatted(line);
    ui_probe::Text("memory raw", line);
  }

 private:
  struct Settings {
    int clip = -1;
    float tolerance_mm = 0.0f;
    bool omit = true;
    int segment_length = 32;
    bool key_strides = true;
    bool compensate = true;
    int bits = 0;
    bool operator==(const Settings&) const = default;
  };

  // A compressed clip and its report, for the settings it was built with.
  struct Build {
    Settings settings;
    anim::CompressedClip clip;
    anim::CompressionReport report;
  };

  // Builds what `wanted` asks for unless it is built or being built: at once
  // for a new clip (the character needs it this frame) or without background
  // work (tests, headless, fixed steps: every frame reproducible); else on
  // the worker, the last build playing until it is done.
  void Request(const Settings& wanted) {
    if (wanted == requested_) return;
    requested_ = wanted;
    if (wanted == built_) {
      builder_.Stop();
      return;
    }
    // The worker gets copies: a build being cancelled may still read them
    // after the model they came from is gone.
    auto work = [wanted, clip = model_->clips[wanted.clip],
                 skeleton = model_->skeleton](const std::function<bool()>& cancelled) {
      return BuildClip(wanted, clip, skeleton, cancelled);
    };
    if (background_ && wanted.clip == built_.clip) {
      builder_.Start(std::move(work));
    } else {
      builder_.Stop();
      Apply(BuildClip(wanted, model_->clips[wanted.clip], model_->skeleton, {}));
    }
  }

  static Build BuildClip(const Settings& s, const anim::Clip& clip, const anim::Skeleton& skeleton,
                         const std::function<bool()>& cancelled) {
    anim::CompressionSettings settings;
    settings.tolerance = s.tolerance_mm * 1e-3f;
    settings.omit_channels = s.omit;
    settings.segment_length = s.segment_length;
    settings.key_strides = s.key_strides;
    settings.compensate = s.compensate;
    settings.bits = s.bits;
    settings.cancelled = cancelled;
    Build b{s, {}, {}};
    b.clip = anim::BuildCompressedClip(clip, skeleton, settings, &b.report);
    return b;
  }

  void Apply(Build&& b) {
    const Settings& s = b.settings;
    const anim::Clip& clip = model_->clips[s.clip];
    compressed_ = std::move(b.clip);
    report_ = b.report;
    raw_cursor_ = clip.MakeCursor();
    if (s.clip != built_.clip) {
      // A new clip starts at its beginning (phase 0) and plays this frame's
      // dt; a phase set meanwhile still seeks.
      playback_.Start({&clip, &compressed_}, anim::LoopMode::kLoop, 1.0f);
      applied_phase_ = 0.0f;
    } else {
      // The same clip rebuilt: the clock stays where it is, the context
      // forgets what it decoded from the previous build.
      playback_.context.Bind(compressed_);
    }
    // The two forms shared per clip, each with a character's context bound
    // to it (made again with each build: they point into the clip).
    shared_decodings_.emplace(compressed_);
    sampled_table_.emplace(compressed_, anim::CompressedKeys::kSampled);
    shared_context_.Bind(compressed_, &*shared_decodings_);
    sampled_context_.Bind(compressed_, &*sampled_table_);
    built_ = s;
    BuildPlot(clip);
    timing_frames_ = 0;
  }

  // The builder's error per measured time, as the largest in each of
  // kPlotBins equal slices of the clip.
  void BuildPlot(const anim::Clip& clip) {
    plot_.assign(kPlotBins, 0.0f);
    const anim::ClipError& e = report_.error;
    const float length = clip.Duration();
    for (std::size_t i = 0; i < e.times.size(); ++i) {
      const float u = length > 0.0f ? (e.times[i] - clip.StartTime()) / length : 0.0f;
      const int bin = std::clamp(static_cast<int>(u * kPlotBins), 0, kPlotBins - 1);
      plot_[bin] = std::max(plot_[bin], e.time_max[i] * 1000.0f);
    }
    plot_top_mm_ = std::max(tolerance_mm_, *std::max_element(plot_.begin(), plot_.end()));
  }

  void AddTiming(const std::array<double, kTimings>& seconds) {
    // A running mean over the last frames (reset when the clip is rebuilt).
    timing_frames_ = std::min(timing_frames_ + 1, kTimingFrames);
    const double w = 1.0 / timing_frames_;
    for (int i = 0; i < kTimings; ++i) timing_[i] += (seconds[i] - timing_[i]) * w;
  }

  // Side by side along x, a character's size apart (the error skeleton to
  // their right), and the box the camera frames.
  void PlaceCharacters() {
    anim::ComputeModelMatrices(model_->skeleton, rest_soa_, models_[kRaw]);
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::mat4& m : models_[kRaw]) {
      lo = glm::min(lo, glm::vec3(m[3]));
      hi = glm::max(hi, glm::vec3(m[3]));
    }
    const glm::vec3 extent = glm::max(hi - lo, glm::vec3(0.0f));
    size_ = std::max({extent.x, extent.y, extent.z});
    if (!(size_ > 0.0f) || !std::isfinite(size_)) size_ = 1.0f;
    const float half_gap = 0.5f * size_;
    worlds_[kRaw] = glm::translate(glm::mat4(1.0f), glm::vec3(-half_gap, 0.0f, 0.0f));
    worlds_[kCompressed] = glm::translate(glm::mat4(1.0f), glm::vec3(half_gap, 0.0f, 0.0f));
    frame_.bounds_min = glm::vec3(-half_gap - 0.5f * size_, std::min(0.0f, lo.y), -0.5f * size_);
    frame_.bounds_max = glm::vec3(2.0f * size_, std::max(hi.y, 0.1f * size_), 0.5f * size_);
  }

  void UpdatePalettes() {
    const auto joints = static_cast<std::size_t>(model_->skeleton.JointCount());
    const auto inverse_bind = model_->skeleton.InverseBindMatrices();
    for (std::size_t c = 0; c < 2; ++c) {
      anim::ComputePalette(models_[c], inverse_bind,
                           std::span(palettes_).subspan(c * joints, joints));
    }
    frame_.joint_count = static_cast<int>(joints);
    frame_.palettes = palettes_;
    frame_.worlds = worlds_;
  }

  // The compressed pose again as a skeleton of lines to the right of the
  // characters (markers inside a mesh would be hidden by it), each bone and
  // joint coloured by the joint's error.
  void UpdateMarkers() {
    lines_.clear();
    const float tolerance = tolerance_mm_ * 1e-3f;
    const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(1.5f * size_, 0.0f, 0.0f));
    for (std::size_t j = 0; j < errors_.size(); ++j) {
      const glm::vec4 color = ErrorColor(errors_[j], tolerance);
      const glm::vec3 at(world * models_[kCompressed][j][3]);
      const int parent = model_->skeleton.Parent(static_cast<int>(j));
      if (parent >= 0)
        AddLine(lines_, glm::vec3(world * models_[kCompressed][parent][3]), at, color);
      AddTargetMarker(lines_, at, 0.015f * size_, color);
    }
  }

  const anim::Model* model_ = nullptr;
  anim::CompressedClip compressed_;
  // The compressed clip's clock, rate and sampling context.
  anim::Playback playback_;
  anim::ClipCursor raw_cursor_;
  // The clip's decodings as a crowd shares them (coded keys, and every
  // sample decoded), each with a context bound to it; the second is sampled
  // and timed every frame beside the playback's own context.
  std::optional<anim::CompressedClipDecodings> shared_decodings_, sampled_table_;
  anim::CompressedClipContext shared_context_, sampled_context_;
  anim::CompressionReport report_;
  // soa_: the compressed clip's pose (coded keys), sampled_soa_ the same
  // from the table of every sample decoded.
  anim::SoaPose rest_soa_, raw_soa_, soa_, sampled_soa_;
  std::vector<glm::mat4> models_[2], palettes_;
  std::vector<float> errors_, plot_;
  float plot_top_mm_ = 0.1f;
  float current_error_ = 0.0f;
  glm::mat4 worlds_[2] = {glm::mat4(1.0f), glm::mat4(1.0f)};
  float size_ = 1.0f;
  CrowdFrame frame_;
  DebugLineList lines_;
  std::array<double, kTimings> timing_{};  // seconds, kCodedTiming...
  int timing_frames_ = 0;
  long decoded_now_ = 0;
  Settings built_;      // what compressed_ was built with
  Settings requested_;  // the newest settings asked for: built_, or being built
  BackgroundBuild<Build> builder_;
  bool background_ = false;
  int clip_ = 0;
  // The controls start at the builder's defaults.
  static inline const anim::CompressionSettings kDefaults{};
  float tolerance_mm_ = kDefaults.tolerance * 1e3f;
  bool omit_ = kDefaults.omit_channels;
  int segment_length_ = kDefaults.segment_length;
  bool key_strides_ = kDefaults.key_strides;
  bool compensate_ = kDefaults.compensate;
  int bits_ = kDefaults.bits;
  float phase_ = 0.0f;
  float applied_phase_ = -1.0f;
};

}  // namespace

std::unique_ptr<Sample> MakeCompressionSample() { return std::make_unique<CompressionSample>(); }

}  // namespace samples
