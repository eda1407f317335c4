// 08 Crowd: N characters, each with its own clips, phase and blend weight,
// animated on every core through the structure-of-arrays path and drawn
// with instanced GPU skinning (or, for comparison, skinned on the CPU);
// or each running its own instance of the model's shipped locomotion graph.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/compression/playback.h"
#include "anim/control/synced_blend.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/parallel_for.h"
#include "anim/core/parallel_jobs.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/crowd/crowd_animator.h"
#include "samples/clip_roles.h"
#include "samples/crowd_compression.h"
#include "samples/crowd_graphs.h"
#include "samples/sample_factories.h"

namespace samples {

namespace {

constexpr int kMaxCharacters = 10000;
// Room for this many characters is made when a model loads; a larger crowd
// makes room for itself when it is built (per character: a palette, a
// world matrix, playbacks, a synchronised blend).
constexpr int kStartCapacity = 1000;
// The crowd a window drawn by a software rasteriser starts with.
constexpr int kSoftwareRendererCount = 8;
constexpr int kFrameTimeHistory = 120;  // frames in the frame-time plot
// Graph characters start up to this many seconds into their graph (about
// two locomotion cycles), so their steps are out of step.
constexpr float kGraphPhaseSeconds = 2.0f;

// A small deterministic generator (SplitMix64): the same crowd on every
// platform and standard library, unlike std::uniform_real_distribution.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  float Uniform() {  // [0, 1)
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<float>(z >> 40) / static_cast<float>(1ull << 24);
  }

 private:
  std::uint64_t state_;
};

// Index of the first clip whose lower-case name contains `role`, or -1.
int ClipContaining(const anim::Model& model, const char* role) {
  const int found = FindClipForRole(model, {role}, -1);
  if (found < 0) return -1;
  std::string name = model.clips[found].Name();
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name.find(role) != std::string::npos ? found : -1;
}

class CrowdSample : public Sample {
 public:
  CrowdSample() : Sample("08 Crowd", ExplanationText(), SoftwareSets()) {
    params_.AddChoice(
        "play", &play_, {"clips", "graph"},
        "clips: each character blends clip_a and clip_b or plays another clip; graph: "
        "each runs the model's shipped locomotion graph (assets/graphs/) as its own "
        "instance of one shared definition, at its own speed");
    params_.AddInt("count", &count_, 1, kMaxCharacters, "characters in the crowd");
    params_.AddChoice("skinning", &skinning_, {"gpu", "cpu"},
                      "gpu: instanced skinning in the vertex shader; cpu: vertices skinned on the "
                      "CPU and uploaded every frame (for comparison)");
    params_.AddChoice("clip_a", &clip_a_, {}, "the locomotion clip at weight 0 (walk)");
    params_.AddChoice("clip_b", &clip_b_, {}, "the locomotion clip at weight 1 (run)");
    params_.AddFloat("other_clips", &other_fraction_, 0.0f, 1.0f,
                     "share of characters playing another clip (idle, punch, jump) instead");
    params_.AddBool("compressed", &compressed_,
                    "play the clips in their compressed form (each compressed once, at the "
                    "default 0.1 mm, when first played; one decoding table per clip shared by the "
                    "crowd, and per character only its own sampling context); graph: the graph's "
                    "clip nodes sample them");
    params_.AddBool("decoded_keys", &decoded_keys_,
                    "compressed: the shared table of each clip also holds every track at every "
                    "sample, decoded once, so characters (and graph clip nodes) interpolate two "
                    "rows instead of decoding keys (on by default: about raw clips' speed, "
                    "smaller contexts, the table's memory more per clip, see the decodings line; "
                    "off: each character decodes the coded keys, the least memory, slower)");
    params_.AddFloat("spacing", &spacing_, 0.3f, 3.0f,
                     "distance between characters, in character sizes (the longest side of the box "
                     "around its joints, so small, large or Z-up models spread alike)");
    params_.AddInt("threads", &threads_, 1,
                   static_cast<int>(std::max(8u, std::thread::hardware_concurrency())),
                   "threads animating the crowd (anim::ParallelFor; up to the machine's cores, "
                   "8 at least)");
    params_.AddFloat("speed_min", &speed_min_, 0.0f, 10.0f,
                     "graph: the slowest character's speed parameter (m/s; 0 stands idle)");
    params_.AddFloat("speed_max", &speed_max_, 0.0f, 10.0f,
                     "graph: the fastest character's speed (starts at the graph's run speed); "
                     "character k gets speed_min + (speed_max - speed_min) * frac(k * 0.618), so "
                     "speeds spread evenly and mix over the grid");
    params_.AddBool("in_step", &in_step_,
                    "graph: every character starts its graph at time 0 (off: each at its own "
                    "place in the cycle)");
  }

  // A hundred characters on llvmpipe: 1.5 to 6 s a frame on a heavy model,
  // and clicks land on the widget that was under the pointer seconds ago.
  static std::vector<std::string> SoftwareSets() {
    return {"count=" + std::to_string(kSoftwareRendererCount)};
  }
  static std::string ExplanationText() {
    return "A crowd: every character blends clip_a and clip_b with its own weight and its own "
           "place in the cycle (drawn from a fixed seed, so every run shows the same crowd), or "
           "plays another clip. The characters are split over threads, and each pose is sampled "
           "and blended with four joints at a time, eight where the processor has AVX (structure "
           "of arrays: all x values together, then all y...). Each character's skinning matrices "
           "(its palette) go to the GPU in one "
           "buffer, and the mesh is drawn once per primitive for the whole crowd (instancing); the "
           "cpu path skins every vertex on the CPU instead and uploads the result, for comparison. "
           "With play=graph every character runs the model's locomotion graph instead: one "
           "definition (nodes, clips, settings) shared by the crowd, and per character only a "
           "small instance (its parameters and node states), each at its own speed. "
           "With compressed on, the clips play in their compressed form (sample 15): one copy of "
           "each clip and one table of how its keys decode, shared by the crowd, and per "
           "character only its sampling context (the keys it is between); in graph mode each "
           "clip node of the graph samples its clip's compressed form, its context kept in the "
           "character's instance. "
           "Source: Gabor Szauer, Hands-On C++ Game Animation Programming, ch. 15.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    const std::vector<int> full = FullBodyClips(model);
    if (full.empty()) {
      *error = NeedsMessage("a full-body clip for the crowd to play", model, AllClips(model));
      return false;
    }
    if (model.skeleton.JointCount() == 0) {
      *error = "this sample needs a skinned model (the skeleton has no joints)";
      return false;
    }
    model_ = &model;
    shown_soa_.CopyFrom(model.skeleton.RestPose());
    animator_.reset();  // Update makes the pool and the animator for this skeleton
    params_.SetChoices("clip_a", ClipNames(model));
    params_.SetChoices("clip_b", ClipNames(model));
    clip_a_ = FindClipForRole(model, {"walk", "walking"}, full[0]);
    if (IsAdditiveClip(model, clip_a_)) clip_a_ = full[0];
    clip_b_ = FindClipForRole(model, {"run", "running"}, -1);
    if (clip_b_ < 0 || clip_b_ == clip_a_ || IsAdditiveClip(model, clip_b_))
      clip_b_ = FirstOtherThan(full, clip_a_);
    if (clip_b_ < 0) clip_b_ = clip_a_;
    notice_ = full.size() < 2 ? NeedsMessage("two full-body clips to blend (a walk and a run)",
                                             model, full, "full-body clip") +
                                    ". Every character plays " + model.clips[clip_a_].Name() +
                                    ", each at its own place in the cycle."
                              : std::string();
    others_.clear();
    for (const char* role : {"idle", "punch", "jump"}) {
      const int c = ClipContaining(model, role);
      if (c >= 0) others_.push_back(c);
    }
    graphs_.Load(model);
    speed_min_ = 0.0f;
    speed_max_ = graphs_.Loaded() ? std::min(graphs_.TopSpeed(), 10.0f) : 0.0f;
    bounds_ = ModelBounds(model);
    character_size_ = Size(bounds_);
    compression_.Load(model, 0);  // the previous model's clips are gone
    capacity_ = 0;
    MakeRoom(kStartCapacity);
    history_.assign(kFrameTimeHistory, 0.0f);
    history_next_ = 0;
    built_ = {};
    return true;
  }

  void Update(float dt) override {
    RecordDrawTimes();
    const Layout wanted{count_,   clip_a_,      clip_b_,      other_fraction_,
                        spacing_, PlaysGraph(), speed_min_,   speed_max_,
                        in_step_, compressed_,  decoded_keys_};
    bool prepare = !(wanted == built_);
    if (prepare) Build(wanted);  // allocates only when a parameter changed
    if (!animator_ || pool_->ThreadCount() != threads_) {
      animator_.reset();
      pool_.emplace(threads_);
      animator_.emplace(model_->skeleton, threads_);
      prepare = true;
    }
    // Sizes each worker's graph scratch once for the definition played (a
    // rebuild may switch between the raw and the compressed one).
    if (prepare && built_.graph) animator_->PrepareGraphs(graphs_.Definition());

    const auto start = std::chrono::steady_clock::now();
    const auto joints = static_cast<std::size_t>(model_->skeleton.JointCount());
    // anim::CrowdAnimator on the structure-of-arrays path, the characters
    // split over the pool's threads; character 0's pose is also copied out
    // for CurrentPose().
    animator_->Update(std::span(characters_).first(count_), dt,
                      anim::ParallelForJobs(*pool_, /*min_per_worker=*/1));
    animation_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    frame_.joint_count = static_cast<int>(joints);
    frame_.palettes = std::span<const glm::mat4>(palettes_).first(count_ * joints);
    frame_.worlds = std::span<const glm::mat4>(worlds_).first(count_);
    frame_.morph_weights =
        std::span<const float>(morph_weights_).first(weights_per_character_ * count_);
    frame_.cpu_skinning = skinning_ == 1;
    frame_.draw_times = &draw_times_;
  }

  // Character 0 stands for the crowd where the viewer wants one pose (the
  // pose dump); before the first Update there is none yet: the rest pose.
  const anim::SoaPose& CurrentPose() const override {
    return characters_.empty() ? model_->skeleton.RestPose() : shown_soa_;
  }
  // Graph mode on a model no graph ships for plays clips instead: say so
  // (headless runs fail with it; the panel's notice shows it).
  SampleView View() const override {
    SampleView view;
    view.problem = play_ == 1 ? graphs_.Problem() : std::string();
    view.crowd = characters_.empty() ? nullptr : &frame_;
    return view;
  }

  void DrawPanel() override {
    const std::string problem = View().problem;
    DrawNotice(problem.empty() ? notice_ : problem);
    DrawParamWidgets(params_);
    DrawHint(
        "Both paths skin by linear blend or by dual quaternions: View > Dual quaternion "
        "skinning (or --skinning dqs).");
    ImGui::Separator();
    const int primitives = static_cast<int>(model_->primitives.size());
    ImGui::Text("%d characters x %d joints, %d draw call%s", count_, frame_.joint_count,
                skinning_ == 0 ? primitives : primitives * count_,
                (skinning_ == 0 ? primitives : primitives * count_) == 1 ? "" : "s");
    // Animation: sampling, blending and palettes of every character (CPU).
    ImGui::Text("Animation, whole crowd: %.2f ms on %d thread%s", animation_seconds_ * 1e3,
                threads_, threads_ == 1 ? "" : "s");
    // From the crowd as built, not the controls: a control changed in this
    // panel (play, count) takes effect at the next Update.
    if (built_.graph) DrawGraphMemory();
    if (built_.compressed && !built_.graph) DrawCompressedMemory();  // graph: in DrawGraphMemory
    if (!draw_times_.measured) {
      ImGui::TextDisabled("Draw timings appear once the viewer has drawn a frame.");
      return;
    }
    if (skinning_ == 1) ImGui::Text("CPU skinning: %.2f ms", draw_times_.skinning * 1e3);
    ImGui::Text("Upload: %.2f ms (%s)", draw_times_.upload * 1e3,
                skinning_ == 0 ? "palettes" : "skinned vertices");
    // The crowd's whole draw waited for with glFinish, upload (and CPU skinning)
    // included: a part of the framework panel's frame time, never the whole.
    ImGui::Text("Crowd draw, GPU finished: %.2f ms", draw_times_.frame * 1e3);
    float highest = 0.0f;
    for (float v : history_) highest = std::max(highest, v);
    // The scale: the plot runs from 0 at its bottom to `top` at its top.
    const float top = std::max(1.0f, highest * 1.1f);
    ImGui::Text("Crowd draw, last %d frames, 0 to %.1f ms:", kFrameTimeHistory, top);
    ImGui::PlotLines("##frame_ms", history_.data(), kFrameTimeHistory, history_next_, nullptr, 0.0f,
                     top, ImVec2(ImGui::GetContentRegionAvail().x, 70.0f));
  }

 private:
  struct Layout {
    int count = -1, clip_a = -1, clip_b = -1;
    float other_fraction = -1.0f, spacing = -1.0f;
    bool graph = false;
    float speed_min = -1.0f, speed_max = -1.0f;
    bool in_step = false;
    bool compressed = false;
    bool decoded_keys = false;
    bool operator==(const Layout&) const = default;
  };

  struct Box {
    glm::vec3 min{0.0f}, max{0.0f};
  };

  // The box around the model's joints at rest, in the units it is drawn in
  // (joint matrices include any scale above the root: Woman.gltf carries
  // 0.01 there, which its mesh's bind positions do not show).
  static Box ModelBounds(const anim::Model& model) {
    Box box{glm::vec3(1e30f), glm::vec3(-1e30f)};
    std::vector<glm::mat4> matrices(static_cast<std::size_t>(model.skeleton.JointCount()));
    anim::ComputeModelMatrices(model.skeleton, model.skeleton.RestPose(), matrices);
    for (const glm::mat4& m : matrices) {
      box.min = glm::min(box.min, glm::vec3(m[3]));
      box.max = glm::max(box.max, glm::vec3(m[3]));
    }
    // Joints all at one point (a morph-only horse): the meshes at rest (in
    // bind space) give the size instead.
    const glm::vec3 extent = box.max - box.min;
    if (std::max({extent.x, extent.y, extent.z}) > 0.0f) return box;
    for (const anim::MeshPrimitive& p : model.primitives) {
      for (const glm::vec3& v : p.positions) {
        box.min = glm::min(box.min, v);
        box.max = glm::max(box.max, v);
      }
    }
    if (!(box.min.x <= box.max.x)) box = {};
    return box;
  }
  // The longest side of the box: a character's size whatever its units or
  // which axis is up.
  static float Size(const Box& box) {
    const glm::vec3 extent = box.max - box.min;
    const float size = std::max({extent.x, extent.y, extent.z});
    return size > 0.0f && std::isfinite(size) ? size : 1.0f;
  }

  bool PlaysGraph() const { return play_ == 1 && graphs_.Loaded(); }

  // What a crowd of graph characters costs: one definition for all, and
  // per character only its instance (parameters and node states).
  void DrawGraphMemory() const {
    const anim::GraphDefinition& definition = graphs_.Definition();
    ImGui::Text("Graph %s: one shared definition, %d nodes, %d scratch poses per thread",
                graphs_.FileName().c_str(), definition.NodeCount(), definition.ScratchDepth());
    std::size_t total = 0;
    for (int k = 0; k < built_.count; ++k) total += graphs_.InstanceBytes(k);
    ImGui::Text("Per character: %zu bytes of instance (%zu of node state); crowd: %.1f KB",
                graphs_.InstanceBytes(0), definition.StateBytes(),
                static_cast<double>(total) / 1024.0);
    const CrowdGraphs::ClipNodes nodes = graphs_.CountClipNodes();
    if (nodes.compressed == 0) {
      ImGui::Text("Clip nodes: %d, playing raw clips", nodes.total);
      return;
    }
    // The compressed clips the graph's nodes were given (built on first use).
    const CrowdCompression::Memory m = compression_.Measure(0);
    ImGui::Text("Clip nodes: %d of %d playing compressed clips (contexts in the instance)",
                nodes.compressed, nodes.total);
    ImGui::Text(
        "  shared: %d compressed clips %.1f KB + decodings %.1f KB%s (raw keys %.1f KB)", m.clips,
        static_cast<double>(m.compressed_bytes) / 1024.0,
        static_cast<double>(m.decodings_bytes) / 1024.0,
        compression_.Keys() == anim::CompressedKeys::kSampled ? " (every sample decoded)" : "",
        static_cast<double>(m.raw_bytes) / 1024.0);
  }

  // What the compressed clips cost: per character its sampling contexts,
  // and once for the crowd the clips and their decoding tables; beside each,
  // the same clips raw.
  void DrawCompressedMemory() const {
    const CrowdCompression::Memory m = compression_.Measure(built_.count);
    ImGui::Text("Shared by the crowd: %d compressed clips, %.1f KB", m.clips,
                static_cast<double>(m.compressed_bytes + m.decodings_bytes) / 1024.0);
    ImGui::Text(
        "  clips %.1f KB + decodings %.1f KB%s", static_cast<double>(m.compressed_bytes) / 1024.0,
        static_cast<double>(m.decodings_bytes) / 1024.0,
        compression_.Keys() == anim::CompressedKeys::kSampled ? " (every sample decoded)" : "");
    ImGui::Text("  raw keys of the same clips: %.1f KB", static_cast<double>(m.raw_bytes) / 1024.0);
    ImGui::Text("    + their sampling tables: %.1f KB",
                static_cast<double>(m.raw_soa_bytes) / 1024.0);
    ImGui::Text("Per character: %.0f bytes of sampling contexts", m.context_per_character);
    ImGui::Text("  raw Playbacks and cursors: %.0f bytes", m.raw_per_character);
  }

  // Characters up to `count`, each with its slice of the palettes and morph
  // weights and its own synchronised blend (kept when the crowd shrinks).
  // Room for `capacity` characters: every per-character array sized for it
  // (the characters point into them, so they are made again, and the next
  // Build starts each one). The previous room's contents are dropped.
  void MakeRoom(int capacity) {
    const anim::Skeleton& skeleton = model_->skeleton;
    const auto joints = static_cast<std::size_t>(skeleton.JointCount());
    const auto n = static_cast<std::size_t>(capacity);
    capacity_ = capacity;
    compression_.MakeRoom(capacity);
    characters_.clear();
    characters_.reserve(n);
    synced_.clear();
    synced_.reserve(n);                 // never moves: characters point into it
    solo_.assign(n, anim::Playback());  // the previous model's clips are gone
    palettes_.assign(n * joints, glm::mat4(1.0f));
    worlds_.assign(n, glm::mat4(1.0f));
    // Each character's morph weights, from the defaults on.
    const std::vector<float> defaults = model_->DefaultMorphWeights();
    weights_per_character_ = defaults.size();
    morph_weights_.clear();
    morph_weights_.reserve(n * defaults.size());
    for (std::size_t k = 0; k < n; ++k) {
      morph_weights_.insert(morph_weights_.end(), defaults.begin(), defaults.end());
    }
    built_ = {};
  }

  void AddCharacters(int count) {
    const anim::Skeleton& skeleton = model_->skeleton;
    const auto joints = static_cast<std::size_t>(skeleton.JointCount());
    while (static_cast<int>(characters_.size()) < count) {
      const std::size_t k = characters_.size();
      characters_.emplace_back();
      characters_[k].palette = std::span(palettes_).subspan(k * joints, joints);
      characters_[k].morph_weights =
          std::span(morph_weights_).subspan(k * weights_per_character_, weights_per_character_);
      synced_.emplace_back(skeleton);
    }
    characters_[0].local_pose = &shown_soa_;
  }

  // What character k plays in clip mode: one clip alone (clip_a when both
  // slots name it, else with the share `other_fraction` one of the other
  // clips, picked by `pick`), or clip_a and clip_b phase-locked (SyncedBlend,
  // sample 01); raw or compressed. Graph characters play their graph.
  void StartClips(anim::CrowdCharacter& c, int k, const Layout& layout, float pick, float phase) {
    const anim::Clip* a = &model_->clips[layout.clip_a];
    const anim::Clip* b = &model_->clips[layout.clip_b];
    // One clip "blended" with itself is that clip: it plays alone.
    const bool plays_solo = a == b || (!others_.empty() && pick < layout.other_fraction);
    const bool compressed_clips = layout.compressed && !layout.graph;
    c.synced = plays_solo || compressed_clips ? nullptr : &synced_[k];
    if (plays_solo) {
      const int solo = a == b && !(pick < layout.other_fraction && !others_.empty())
                           ? layout.clip_a
                           : others_[static_cast<std::size_t>(pick / layout.other_fraction *
                                                              static_cast<float>(others_.size())) %
                                     others_.size()];
      if (compressed_clips) {
        compression_.PlaySolo(c, k, solo, phase);
      } else {
        const anim::Clip* clip = &model_->clips[solo];
        solo_[k].Start(clip);
        solo_[k].time = clip->TimeAtPhase(phase);
        c.a = &solo_[k];
      }
    } else if (compressed_clips) {
      compression_.PlaySynced(c, k, layout.clip_a, layout.clip_b, phase);
    } else {
      synced_[k].Start(a, b, phase);
    }
  }

  // Graph mode: every character's instance of the model's graph, with the
  // speeds and start offsets given. Compressed: the graph's clip nodes sample
  // the clips compression_ keeps (built there on first use); should that
  // graph not load, the raw one plays (and the view's problem says why).
  void StartGraphs(const Layout& layout, const std::vector<float>& speeds,
                   const std::vector<float>& offsets) {
    if (!graphs_.Build(
            layout.count, capacity_, speeds, offsets,
            layout.compressed ? &compression_.Clips() : nullptr,
            layout.decoded_keys ? anim::CompressedKeys::kSampled : anim::CompressedKeys::kCoded)) {
      graphs_.Build(layout.count, capacity_, speeds, offsets);
    }
    for (int k = 0; k < layout.count; ++k) graphs_.Attach(characters_[k], k);
  }

  void Build(const Layout& layout) {
    if (layout.count > capacity_) MakeRoom(std::min(kMaxCharacters, 2 * layout.count));
    AddCharacters(layout.count);
    compression_.SetKeys(layout.decoded_keys ? anim::CompressedKeys::kSampled
                                             : anim::CompressedKeys::kCoded);
    const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<float>(layout.count))));
    const int rows = (layout.count + columns - 1) / columns;
    const float step = layout.spacing * character_size_;
    Random random(8);                    // fixed seed: the same crowd every run
    std::vector<float> speeds, offsets;  // of the graph characters
    for (int k = 0; k < layout.count; ++k) {
      anim::CrowdCharacter& c = characters_[k];
      const float phase = random.Uniform();
      c.weight = random.Uniform();  // of clip_b
      const float pick = random.Uniform();
      const float yaw = (random.Uniform() - 0.5f) * glm::radians(50.0f);
      const float jitter_x = (random.Uniform() - 0.5f) * 0.3f * step;
      const float jitter_z = (random.Uniform() - 0.5f) * 0.3f * step;
      c.graph = nullptr;
      c.motion = nullptr;
      c.a = c.b = {};
      if (layout.graph) {
        // frac(k * golden ratio): evenly spread speeds, neighbours far apart.
        const float spread = std::fmod(static_cast<float>(k) * 0.618034f, 1.0f);
        speeds.push_back(layout.speed_min + (layout.speed_max - layout.speed_min) * spread);
        offsets.push_back(layout.in_step ? 0.0f : phase * kGraphPhaseSeconds);
      }
      StartClips(c, k, layout, pick, phase);
      // Row 0 at the back, the grid centred on the origin.
      const int row = k / columns;
      const int column = k % columns;
      const float x = (static_cast<float>(column) - 0.5f * static_cast<float>(columns - 1)) * step;
      const float z = (static_cast<float>(row) - 0.5f * static_cast<float>(rows - 1)) * step;
      worlds_[k] =
          glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(x + jitter_x, 0.0f, z + jitter_z)),
                      yaw, glm::vec3(0.0f, 1.0f, 0.0f));
    }
    if (layout.graph) StartGraphs(layout, speeds, offsets);
    // The grid's extent plus one character's box around each end.
    const float half_x = 0.5f * static_cast<float>(columns - 1) * step + 0.6f * character_size_;
    const float half_z = 0.5f * static_cast<float>(rows - 1) * step + 0.6f * character_size_;
    frame_.bounds_min = glm::vec3(-half_x, std::min(0.0f, bounds_.min.y), -half_z);
    frame_.bounds_max = glm::vec3(half_x, std::max(bounds_.max.y, 0.1f * character_size_), half_z);
    built_ = layout;
  }

  // The viewer measured the previous frame's draw: keep it for the plot.
  void RecordDrawTimes() {
    if (!draw_times_.measured) return;
    history_[history_next_] = static_cast<float>(draw_times_.frame * 1e3);
    history_next_ = (history_next_ + 1) % kFrameTimeHistory;
  }

  const anim::Model* model_ = nullptr;
  int count_ = 100;
  int skinning_ = 0;
  int clip_a_ = 0, clip_b_ = 1;
  float other_fraction_ = 0.2f;
  float spacing_ = 0.8f;
  int threads_ = 2;
  int play_ = 0;  // 0 clips, 1 graph
  float speed_min_ = 0.0f, speed_max_ = 0.0f;
  bool in_step_ = false;
  bool compressed_ = false;
  // On: compressed crowds play at about raw clips' speed (bench/README.md).
  bool decoded_keys_ = true;
  // The compressed clips before the graphs: the compressed graph's nodes
  // point into them, so the graphs go first.
  CrowdCompression compression_;
  CrowdGraphs graphs_;
  std::vector<int> others_;
  Box bounds_;
  float character_size_ = 1.0f;
  std::vector<anim::CrowdCharacter> characters_;
  std::vector<anim::SyncedBlend> synced_;  // characters_[k].synced points to synced_[k]
  std::vector<anim::Playback> solo_;       // characters_[k].a points to solo_[k] when raw
  anim::SoaPose shown_soa_;                // character 0's pose, copied out by the animator
  std::vector<glm::mat4> palettes_, worlds_;
  std::vector<float> morph_weights_;       // character k's at [k * W, (k + 1) * W)
  std::size_t weights_per_character_ = 0;  // W
  int capacity_ = 0;                       // characters the arrays have room for
  std::optional<anim::ParallelFor> pool_;
  std::optional<anim::CrowdAnimator> animator_;  // one scratch per thread of pool_
  Layout built_;
  CrowdFrame frame_;
  CrowdDrawTimes draw_times_;
  double animation_seconds_ = 0.0;
  std::vector<float> history_;
  int history_next_ = 0;
};

}  // namespace

std::unique_ptr<Sample> MakeCrowdSample() { return std::make_unique<CrowdSample>(); }

}  // namespace samples
