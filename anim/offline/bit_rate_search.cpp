#include "anim/offline/bit_rate_search.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "anim/core/joint_offset.h"
#include "anim/offline/clip_error.h"
#include "anim/offline/key_reduction.h"

namespace anim {

namespace {

// Where the search starts: far below any tolerance for real clips (steps
// of 2^-16 of the clip range), else at the finest.
constexpr int kStartStep = 64;
// The search makes steps coarser by an octave at a time, then by a quarter.
constexpr int kCoarseMove = 4;
// The equal-share start tries shares of the target from all of it down to
// this fraction, a quarter octave apart.
constexpr float kSmallestShare = 1e-3f;
constexpr float kQuarterOctave = 0.840896415f;  // 2^(-1/4)

// One segment of one clip: the compressed pose at each of its samples with
// its model-space matrices and per-joint errors, kept current as tracks
// change, so a trial recomputes only the moved joint's subtree.
class SegmentSearch {
 public:
  SegmentSearch(const BitRateSearchInput& in, int first, int last)
      : in_(in),
        first_(first),
        samples_(last - first),
        joints_(in.skeleton->JointCount()),
        offsets_(in.skeleton->Offsets()),
        offset_kinds_(in.skeleton->OffsetKinds()) {
    const std::size_t n = static_cast<std::size_t>(samples_) * joints_;
    locals_.resize(n);
    local_matrices_.resize(n);
    model_.resize(n);
    reference_points_.resize(n);
    std::vector<glm::mat4> reference_model(joints_);  // one sample's
    errors_.assign(n, 0.0f);
    rotation_track_.assign(joints_, -1);
    for (std::size_t t = 0; t < in.tracks->size(); ++t) {
      const CompressedTrack& h = (*in.tracks)[t].header;
      if (h.channel == CompressedChannel::kRotation) rotation_track_[h.joint] = static_cast<int>(t);
    }
    SubtreesInPreorder();
    reference_parent_rotation_.resize(in.compensate ? n : 0);
    for (int i = 0; i < samples_; ++i) {
      const std::vector<Transform>& base = (*in.base)[first + i];
      const std::vector<Transform>& reference = (*in.reference)[first + i];
      std::copy(base.begin(), base.end(), locals_.begin() + Index(i, 0));
      for (int j = 0; j < joints_; ++j) {
        local_matrices_[Index(i, j)] = LocalMatrix(locals_[Index(i, j)], j);
        const glm::mat4 local = LocalMatrix(reference[j], j);
        const int p = in.skeleton->Parent(j);
        reference_model[j] = p < 0 ? local : reference_model[p] * local;
        reference_points_[Index(i, j)] = VirtualPointsOf(reference_model[j], in.point_distance);
        if (in.compensate && p >= 0 && rotation_track_[j] >= 0) {
          reference_parent_rotation_[Index(i, j)] = RotationOf(WithOffset(reference_model[p], j));
        }
      }
    }
  }

  // Puts `choice` in for track `t` and returns the largest error over the
  // segment's samples and every joint. With compensation the rotation
  // tracks below it are compensated again (their entries in `choices`
  // refitted to their new samples).
  // With `subtree_only` it returns the largest error over the moved joint's
  // subtree only: the caller knows every other joint is within the target
  // (nothing else changed), so the decision is the same and a trial costs
  // the subtree, not the skeleton.
  // It keeps what it changes, joint by joint as it goes, so that Undo puts
  // the trial back by copies instead of by recomputing the subtree; and it
  // stops at the first error over `give_up`, a trial that has failed (most
  // of a search's trials do), leaving the rest of the subtree untouched.
  float Apply(int t, const TrackSegment& choice, std::vector<TrackSegment>& choices,
              bool subtree_only, float give_up) {
    const int joint = (*in_.tracks)[t].header.joint;
    const std::span<const int> subtree = Subtree(joint);
    saved_joint_ = joint;
    saved_joints_ = 0;
    saved_.resize(subtree.size() * static_cast<std::size_t>(samples_));
    saved_choices_.clear();
    saved_stored_.clear();
    saved_largest_.clear();
    // A translation moves the joints below without turning them: their
    // compensated rotations stay what they are.
    const bool turns = (*in_.tracks)[t].header.channel != CompressedChannel::kTranslation;
    float largest = 0.0f;
    for (int j : subtree) {
      Keep(j, choices);
      if (j == joint) {
        Set(t, choice);
      } else if (turns) {
        Compensate(j, choices);
      }
      for (int i = 0; i < samples_; ++i) largest = std::max(largest, Update(i, j));
      if (largest > give_up) return largest;
    }
    return subtree_only ? largest : Largest();
  }
  // Puts back what the last Apply changed.
  void Undo(std::vector<TrackSegment>& choices) {
    const std::span<const int> subtree = Subtree(saved_joint_).first(saved_joints_);
    std::size_t k = 0, tracks = 0;
    for (int j : subtree) {
      for (int i = 0; i < samples_; ++i, ++k) {
        const std::size_t at = Index(i, j);
        locals_[at] = saved_[k].local;
        local_matrices_[at] = saved_[k].local_matrix;
        model_[at] = saved_[k].model;
        errors_[at] = saved_[k].error;
      }
      const int rt = CompensatedTrack(j);
      if (rt < 0) continue;
      TrackSamples& track = (*in_.tracks)[rt];
      const auto from = static_cast<std::ptrdiff_t>(tracks * static_cast<std::size_t>(samples_));
      choices[rt] = saved_choices_[tracks++];
      std::copy_n(saved_stored_.begin() + from, samples_, track.stored.begin() + first_);
      std::copy_n(saved_largest_.begin() + from, samples_, track.largest.begin() + first_);
    }
  }

  // The largest error over the segment's samples and every joint.
  float Largest() const {
    return errors_.empty() ? 0.0f : *std::max_element(errors_.begin(), errors_.end());
  }

  // The joints at and below `joint`, parents before children.
  std::span<const int> Subtree(int joint) const {
    return std::span(preorder_).subspan(static_cast<std::size_t>(preorder_at_[joint]),
                                        static_cast<std::size_t>(subtree_size_[joint]));
  }

  // Every track put in from `choices` (compensated, root first) and every
  // joint's model matrices and errors from scratch.
  float Refresh(std::vector<TrackSegment>& choices) {
    for (std::size_t t = 0; t < choices.size(); ++t) Set(static_cast<int>(t), choices[t]);
    for (int j = 0; j < joints_; ++j) {
      Compensate(j, choices);
      for (int i = 0; i < samples_; ++i) Update(i, j);
    }
    return Largest();
  }

  // Puts `choice` in for track `t` without updating the model matrices;
  // returns its joint. Samples between keys interpolate them as the
  // sampler does; past the segment's end the next key is the next
  // segment's first sample, taken at its reference value.
  int Set(int t, const TrackSegment& choice) {
    const TrackSamples& track = (*in_.tracks)[t];
    const int joint = track.header.joint;
    const int stride = 1 << choice.stride_code;
    const std::vector<float>& times = *in_.times;
    const bool last = first_ + samples_ == static_cast<int>(times.size());
    const std::array<ComponentDecoding, 3> decodings = TrackDecodings(track, choice);
    Transform key_a, key_b;
    int at_a = -1, at_b = -1;
    for (int i = 0; i < samples_; ++i) {
      int a = 0, b = 0;
      SegmentKeyInterval(last ? std::max(0, std::min(i, samples_ - 2)) : i, samples_, last, stride,
                         &a, &b);
      Transform& local = locals_[Index(i, joint)];
      if (i % stride == 0 || (last && i == samples_ - 1)) {  // on a key: its value
        if (i != at_a) key_a = KeyValue(track, choice, decodings, i), at_a = i;
        SetChannel(local, track.header.channel, key_a);
        local_matrices_[Index(i, joint)] = LocalMatrix(local, joint);
        continue;
      }
      if (a != at_a) key_a = KeyValue(track, choice, decodings, a), at_a = a;
      if (b != at_b) key_b = KeyValue(track, choice, decodings, b), at_b = b;
      const float ta = times[first_ + a], tb = times[first_ + b];
      const float s = tb > ta ? (times[first_ + i] - ta) / (tb - ta) : 0.0f;
      switch (track.header.channel) {
        case CompressedChannel::kTranslation:
          local.translation = InterpolateKeys(key_a.translation, key_b.translation, s);
          break;
        case CompressedChannel::kRotation:
          local.rotation = InterpolateKeys(key_a.rotation, key_b.rotation, s);
          break;
        case CompressedChannel::kScale:
          local.scale = InterpolateKeys(key_a.scale, key_b.scale, s);
          break;
      }
      local_matrices_[Index(i, joint)] = LocalMatrix(local, joint);
    }
    return joint;
  }

 private:
  // With compensation, joint `j`'s rotation track (if it has one and a
  // parent) takes the samples r' = conj(R'_p) * R_p * r: R_p its parent's
  // model-space rotation (with the joint's offset) in the reference, R'_p
  // as decoded now, r the reference's local rotation; so R'_p * r' is the
  // reference's model-space orientation. Its step-0 values are refitted and
  // it is put in again.
  void Compensate(int j, std::vector<TrackSegment>& choices) {
    const int t = rotation_track_[j];
    const int p = in_.skeleton->Parent(j);
    if (!in_.compensate || t < 0 || p < 0) return;
    TrackSamples& track = (*in_.tracks)[t];
    for (int i = 0; i < samples_; ++i) {
      const glm::quat error = glm::conjugate(RotationOf(WithOffset(model_[Index(i, p)], j))) *
                              reference_parent_rotation_[Index(i, j)];
      const glm::quat q = glm::normalize(error * (*in_.reference)[first_ + i][j].rotation);
      EncodeSmallestThree(q, track.header.largest, track.stored[first_ + i].data(),
                          &track.largest[first_ + i]);
    }
    TrackSegment& choice = choices[t];
    for (int c = 0; c < 3; ++c) {
      choice.c[c] = FitSegmentComponent(track, c, first_, first_ + samples_, choice.c[c].step,
                                        choice.stride_code);
    }
    Set(t, choice);
  }
  // `channel` of `local` set to that channel of `key`.
  static void SetChannel(Transform& local, CompressedChannel channel, const Transform& key) {
    switch (channel) {
      case CompressedChannel::kTranslation: local.translation = key.translation; break;
      case CompressedChannel::kRotation: local.rotation = key.rotation; break;
      case CompressedChannel::kScale: local.scale = key.scale; break;
    }
  }
  // The rotation of a model matrix that may carry scale.
  static glm::quat RotationOf(const glm::mat4& m) {
    const glm::mat3 r(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                      glm::normalize(glm::vec3(m[2])));
    return glm::normalize(glm::quat_cast(r));
  }
  // The track's value at segment sample `position` as a key (decoded), or
  // the reference value of the next segment's first sample.
  Transform KeyValue(const TrackSamples& track, const TrackSegment& choice,
                     const std::array<ComponentDecoding, 3>& decodings, int position) const {
    Transform out;
    if (position >= samples_) {
      const Transform& next = (*in_.reference)[first_ + position][track.header.joint];
      out.translation = out.scale =
          track.header.channel == CompressedChannel::kScale ? next.scale : next.translation;
      out.rotation = next.rotation;
      return out;
    }
    float value[4];
    DecodeTrackKey(track, choice, decodings, first_ + position, value);
    out.translation = out.scale = glm::vec3(value[0], value[1], value[2]);
    out.rotation = glm::quat(value[3], value[0], value[1], value[2]);
    return out;
  }

  // Joint j's model matrix and error at sample i from its parent's; returns the error.
  float Update(int i, int j) {
    const int p = in_.skeleton->Parent(j);
    const std::size_t at = Index(i, j);
    model_[at] = p < 0 ? local_matrices_[at]
                       : ChainToParent(model_[Index(i, p)], local_matrices_[at], offset_kinds_[j]);
    errors_[at] = VirtualPointError(reference_points_[at], model_[at]);
    return errors_[at];
  }

  // Every subtree as a range of one depth-first order (preorder_), built
  // with an explicit stack: a file decides how deep the skeleton is, and a
  // list of descendants per joint would take memory in the sum of all
  // depths (2^31 entries for a chain of 65,536 joints).
  void SubtreesInPreorder() {
    const auto n = static_cast<std::size_t>(joints_);
    std::vector<int> first_child(n, -1), next_sibling(n, -1);
    for (int j = joints_ - 1; j >= 0; --j) {
      const int p = in_.skeleton->Parent(j);
      if (p >= 0) next_sibling[j] = first_child[p], first_child[p] = j;
    }
    preorder_.clear();
    preorder_.reserve(n);
    preorder_at_.assign(n, 0);
    subtree_size_.assign(n, 1);
    std::vector<int> stack;
    for (int root = joints_ - 1; root >= 0; --root) {
      if (in_.skeleton->Parent(root) < 0) stack.push_back(root);
    }
    while (!stack.empty()) {
      const int j = stack.back();
      stack.pop_back();
      preorder_at_[j] = static_cast<int>(preorder_.size());
      preorder_.push_back(j);
      const std::size_t at = stack.size();
      for (int c = first_child[j]; c >= 0; c = next_sibling[c]) stack.push_back(c);
      std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(at), stack.end());
    }
    // Parents come before children in the skeleton, so a reverse walk adds
    // each subtree's size to its parent's after it is complete.
    for (int j = joints_ - 1; j >= 0; --j) {
      const int p = in_.skeleton->Parent(j);
      if (p >= 0) subtree_size_[p] += subtree_size_[j];
    }
  }

  // Joint j's state at every sample, and its compensated track's samples
  // and choice, kept for Undo (the next joint of the subtree in preorder).
  void Keep(int j, const std::vector<TrackSegment>& choices) {
    std::size_t k = static_cast<std::size_t>(saved_joints_++) * static_cast<std::size_t>(samples_);
    for (int i = 0; i < samples_; ++i, ++k) {
      const std::size_t at = Index(i, j);
      saved_[k] = {locals_[at], local_matrices_[at], model_[at], errors_[at]};
    }
    const int rt = CompensatedTrack(j);
    if (rt < 0) return;
    const TrackSamples& track = (*in_.tracks)[rt];
    saved_choices_.push_back(choices[rt]);
    saved_stored_.insert(saved_stored_.end(), track.stored.begin() + first_,
                         track.stored.begin() + first_ + samples_);
    saved_largest_.insert(saved_largest_.end(), track.largest.begin() + first_,
                          track.largest.begin() + first_ + samples_);
  }
  // The rotation track that Apply on the saved joint's track compensates at
  // joint j (below it, with a parent), or -1.
  int CompensatedTrack(int j) const {
    const int rt = rotation_track_[j];
    return j == saved_joint_ || rt < 0 || !in_.compensate || in_.skeleton->Parent(j) < 0 ? -1 : rt;
  }
  std::size_t Index(int sample, int joint) const {
    return static_cast<std::size_t>(sample) * joints_ + joint;
  }
  // The offset and the joint's TRS; the same product as offset * local
  // (affine::MultiplyAffine leaves out only the terms multiplied by zero).
  glm::mat4 LocalMatrix(const Transform& t, int joint) const {
    return JointModelMatrix(offset_kinds_[joint], offsets_[joint], ToMatrix(t), nullptr);
  }
  // A parent's model matrix times the joint's offset (none: the parent's).
  glm::mat4 WithOffset(const glm::mat4& parent, int joint) const {
    switch (offset_kinds_[joint]) {
      case OffsetKind::kIdentity: return parent;
      case OffsetKind::kAffine: return affine::MultiplyAffine(parent, offsets_[joint]);
      case OffsetKind::kGeneral: break;
    }
    return parent * offsets_[joint];
  }

  const BitRateSearchInput& in_;
  int first_;
  int samples_;
  int joints_;
  std::span<const glm::mat4> offsets_;
  std::span<const OffsetKind> offset_kinds_;
  std::vector<Transform> locals_;
  std::vector<glm::mat4> local_matrices_, model_;
  // Per sample and joint, the reference's virtual points (clip_error.h).
  std::vector<VirtualPoints> reference_points_;
  std::vector<float> errors_;
  // With compensation, per sample and rotation-tracked joint: the rotation
  // of its parent's reference model matrix with its offset (fixed).
  std::vector<glm::quat> reference_parent_rotation_;
  std::vector<int> preorder_;      // every joint, each subtree contiguous
  std::vector<int> preorder_at_;   // per joint, where its subtree starts in preorder_
  std::vector<int> subtree_size_;  // per joint, the joints at and below it
  std::vector<int> rotation_track_;
  // What Apply kept for Undo: per subtree joint it reached (in preorder)
  // and sample, its state; per rotation track below the moved joint that it
  // compensated, its choice and its samples in the segment.
  struct SavedJoint {
    Transform local;
    glm::mat4 local_matrix, model;
    float error;
  };
  int saved_joint_ = -1;
  int saved_joints_ = 0;  // how many of the subtree's joints (in preorder) Apply reached
  std::vector<SavedJoint> saved_;
  std::vector<TrackSegment> saved_choices_;
  std::vector<std::array<float, 3>> saved_stored_;
  std::vector<std::uint8_t> saved_largest_;
};

// See SearchSegmentBits: per track, whether the search leaves it at its start.
std::vector<bool> FrozenTracks(const BitRateSearchInput& in, const SegmentSearch& search) {
  const std::vector<TrackSamples>& tracks = *in.tracks;
  std::vector<int> by_cost(tracks.size());
  for (std::size_t t = 0; t < tracks.size(); ++t) by_cost[t] = static_cast<int>(t);
  const auto cost = [&](int t) { return search.Subtree(tracks[t].header.joint).size(); };
  std::stable_sort(by_cost.begin(), by_cost.end(), [&](int a, int b) { return cost(a) < cost(b); });
  std::vector<bool> frozen(tracks.size(), false);
  std::size_t visits = 0;
  for (const int t : by_cost) {
    visits += cost(t);
    frozen[t] = visits > kSearchJointVisits;
  }
  return frozen;
}

// Every track at the step that gives it `share` of the error: each
// component's step such that rounding to it (half a step) moves the points
// by `share` (the lagrangian optimum for bits against a sum of errors),
// never finer than in `from`.
std::vector<TrackSegment> EqualShareChoice(const BitRateSearchInput& in, int first, int last,
                                           float share, const std::vector<TrackSegment>& from) {
  const std::vector<TrackSamples>& tracks = *in.tracks;
  std::vector<TrackSegment> trial = from;
  for (std::size_t t = 0; t < tracks.size(); ++t) {
    for (int c = 0; c < 3; ++c) {
      if (trial[t].c[c].step == 0) continue;
      // A step of extent * 2^(-s/4) at most 2 * share / sensitivity.
      const float ratio = tracks[t].header.RangeExtent(c) * (*in.sensitivity)[t] / (2.0f * share);
      const int step = std::clamp(static_cast<int>(std::ceil(4.0f * std::log2(ratio))), 1,
                                  static_cast<int>(trial[t].c[c].step));
      trial[t].c[c] = FitSegmentComponent(tracks[t], c, first, last, step, 0);
    }
  }
  return trial;
}

// The equal-share start: the largest share of the target, from all of it
// down by quarter octaves, whose EqualShareChoice meets the target over the
// whole segment. It balances the tracks of a chain that lowering one step
// at a time from the same fine start would not (4 % fewer bytes on Woman's
// clips). The shares are bisected (the error falls as the share does,
// nearly always), so a segment costs six refreshes, not up to forty (trying
// them in turn cost Woman's clips 11 % more time and 75 more bytes). Puts
// the choice found in `choice` (unchanged when none meets the target) and
// returns the segment's error with it.
float EqualShareStart(const BitRateSearchInput& in, SegmentSearch& search, int first, int last,
                      float target, std::vector<TrackSegment>& choice) {
  std::vector<float> shares;
  for (float share = target; share > target * kSmallestShare; share *= kQuarterOctave) {
    shares.push_back(share);
  }
  // Refresh recomputes every track and joint from the choice it is given
  // alone (and refits that choice's step-0 values), so a failed trial needs
  // no undoing before the next.
  std::vector<TrackSegment> trial;
  float error = 0.0f;
  const auto meets = [&](std::size_t k) {
    trial = EqualShareChoice(in, first, last, shares[k], choice);
    error = search.Refresh(trial);
    return error <= target;
  };
  std::size_t found = shares.size();
  // The first share that meets the target in [lo, hi); hi: none found yet.
  std::size_t lo = 0, hi = shares.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (meets(mid)) {
      hi = found = mid;
    } else {
      lo = mid + 1;
    }
  }
  if (found < shares.size()) meets(found);  // the search's state at the choice
  if (found == shares.size()) return search.Refresh(choice);
  choice = std::move(trial);
  return error;
}

}  // namespace

SegmentComponent FitSegmentComponent(const TrackSamples& track, int component, int first, int last,
                                     int step, int stride_code) {
  SegmentComponent out;
  const float min = track.header.range_min[component];
  const float extent = track.header.RangeExtent(component);
  if (!(extent > 0.0f)) return out;  // one value over the clip: min
  if (step > 0) {
    out.step = static_cast<std::uint8_t>(step);
    return out;
  }
  // Over the keys only: samples 0, stride... and the clip's last.
  const int length = last - first;
  const int stride = 1 << stride_code;
  const bool clip_end = last == static_cast<int>(track.stored.size());
  float lo = track.stored[first][component], hi = lo;
  for (int k = 0; k < SegmentKeyCount(length, clip_end, stride); ++k) {
    const float v = track.stored[first + std::min(k * stride, length - 1)][component];
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const float levels = static_cast<float>(kStepCodings[0].levels);
  const float mid = (0.5f * (lo + hi) - min) / extent * levels;
  out.value = static_cast<std::uint16_t>(std::clamp(std::round(mid), 0.0f, levels));
  return out;
}

std::uint32_t QuantizeComponent(float value, const SegmentComponent& choice,
                                const ComponentDecoding& decoding) {
  if (choice.step == 0) return choice.value;
  if (!(decoding.scale > 0.0f)) return 0;
  // Clamped, then rounded half up by truncation (the codes are never
  // negative): std::round is a library call, and the search quantises
  // every key of every trial.
  const float q = std::clamp((value - decoding.offset) / decoding.scale, 0.0f,
                             static_cast<float>(decoding.levels));
  // Truncating q + 0.5 rounds half up exactly for q >= 0, which the clamp
  // guarantees: the check's concern (negative values) cannot arise.
  return static_cast<std::uint32_t>(q + 0.5f);  // NOLINT(bugprone-incorrect-roundings)
}

std::array<ComponentDecoding, 3> TrackDecodings(const TrackSamples& track,
                                                const TrackSegment& segment) {
  std::array<ComponentDecoding, 3> out{};
  for (int i = 0; i < 3; ++i) {
    out[i] = DecodingOf(segment.c[i].step, track.header.range_min[i], track.header.RangeExtent(i));
  }
  return out;
}

void DecodeTrackKey(const TrackSamples& track, const TrackSegment& segment,
                    const std::array<ComponentDecoding, 3>& decodings, int sample, float out[4]) {
  float c[3];
  for (int i = 0; i < 3; ++i) {
    const ComponentDecoding& d = decodings[i];
    c[i] =
        d.offset +
        static_cast<float>(QuantizeComponent(track.stored[sample][i], segment.c[i], d)) * d.scale;
  }
  if (track.header.channel == CompressedChannel::kRotation) {
    DecodeSmallestThree(c, track.largest[sample], out);
  } else {
    out[0] = c[0], out[1] = c[1], out[2] = c[2], out[3] = 0.0f;
  }
}

float SegmentError(const BitRateSearchInput& in, int first, int last,
                   std::vector<TrackSegment>* choice) {
  SegmentSearch search(in, first, last);
  return search.Refresh(*choice);
}

std::vector<TrackSegment> FixedSegmentBits(const BitRateSearchInput& in, int first, int last,
                                           int bits) {
  const std::vector<TrackSamples>& tracks = *in.tracks;
  std::vector<TrackSegment> choice(tracks.size());
  for (std::size_t t = 0; t < tracks.size(); ++t) {
    for (int c = 0; c < 3; ++c) {
      const int step =
          tracks[t].header.RangeExtent(c) > 0.0f ? std::min(4 * bits, kMaxStepCode) : 0;
      choice[t].c[c] = FitSegmentComponent(tracks[t], c, first, last, step, 0);
    }
  }
  return choice;
}

namespace {

// The coarsening rounds of SearchSegmentBits: each track's keys spread out
// (twice the stride) and each of its components' steps made coarser, in
// turn, while the error stays within the target: by an octave until that
// fails, then by a quarter; a move that fails is not tried again. Below the
// coarsest step code the one value of step code 0 is tried.
class Coarsening {
 public:
  Coarsening(const BitRateSearchInput& in, SegmentSearch& search, int first, int last, float target,
             float worst, std::vector<TrackSegment>& choice)
      : tracks_(*in.tracks),
        search_(search),
        first_(first),
        last_(last),
        target_(target),
        worst_(worst),
        choice_(choice),
        // Tracks whose trials would cost the most (the largest subtrees) keep
        // the start's steps once the trials of the others cost
        // kSearchJointVisits joint updates per sample a round: the search
        // stays linear in joints on deep rigs (a chain of thousands of
        // joints) and is whole on characters (Woman.gltf's rounds cost under
        // 2,000).
        frozen_(FrozenTracks(in, search)),
        done_(tracks_.size(), {false, false, false, false}),
        move_(tracks_.size(), {kCoarseMove, kCoarseMove, kCoarseMove}) {
    const int length = last - first;
    while (in.strides && (1 << max_stride_code_) < length - 1 &&
           max_stride_code_ < kMaxStrideCode) {
      ++max_stride_code_;
    }
    for (std::size_t t = 0; t < tracks_.size(); ++t) {
      if (frozen_[t]) done_[t] = {true, true, true, true};
    }
  }

  // Rounds over the tracks in `order` until no move succeeds; then every
  // move is tried once more: with compensation a track's samples change as
  // the tracks above it move.
  void Run(const std::vector<int>& order) {
    int retries = 1;
    for (bool lowered = true; lowered;) {
      lowered = false;
      for (int t : order) {
        if (!done_[t][3] && SpreadKeys(t)) lowered = true;
        for (int c = 0; c < 3; ++c) {
          if (!done_[t][c] && CoarserStep(t, c)) lowered = true;
        }
      }
      if (!lowered && retries-- > 0) {
        for (std::size_t t = 0; t < tracks_.size(); ++t) {
          if (!frozen_[t]) done_[t] = {false, false, false, false};
        }
        for (auto& m : move_) m = {1, 1, 1};
        lowered = true;
      }
    }
  }

 private:
  // Track t's keys twice as far apart; done with it once that fails.
  bool SpreadKeys(int t) {
    TrackSegment trial = choice_[t];
    ++trial.stride_code;
    for (int c = 0; c < 3; ++c) {
      trial.c[c] =
          FitSegmentComponent(tracks_[t], c, first_, last_, trial.c[c].step, trial.stride_code);
    }
    if (trial.stride_code > max_stride_code_ || !Attempt(t, trial)) {
      done_[t][3] = true;
      return false;
    }
    return true;
  }

  // Component c of track t one move coarser; a failed octave becomes a
  // quarter, a failed quarter ends the component.
  bool CoarserStep(int t, int c) {
    const int step = choice_[t].c[c].step;
    TrackSegment trial = choice_[t];
    if (step > 0) {
      trial.c[c] = FitSegmentComponent(tracks_[t], c, first_, last_,
                                       std::max(step - move_[t][c], 0), trial.stride_code);
    }
    if (step > 0 && Attempt(t, trial)) return true;
    if (step > 0 && move_[t][c] > 1) {
      move_[t][c] = 1;
      return true;
    }
    done_[t][c] = true;
    return false;
  }

  // Track t's segment replaced by `trial` when the error stays within the
  // target, else put back.
  bool Attempt(int t, const TrackSegment& trial) {
    // Every joint within the target before the move: only the moved
    // subtree's errors decide.
    const bool within = worst_ <= target_;
    const float e = search_.Apply(t, trial, choice_, within, target_);
    if (e <= target_) {
      choice_[t] = trial;
      if (!within) worst_ = e;
      return true;
    }
    search_.Undo(choice_);
    return false;
  }

  std::vector<TrackSamples>& tracks_;
  SegmentSearch& search_;
  const int first_, last_;
  const float target_;
  float worst_;
  std::vector<TrackSegment>& choice_;
  const std::vector<bool> frozen_;
  std::vector<std::array<bool, 4>> done_;
  std::vector<std::array<int, 3>> move_;
  int max_stride_code_ = 0;
};

}  // namespace

std::vector<TrackSegment> SearchSegmentBits(const BitRateSearchInput& in, int first, int last,
                                            float target, float* error) {
  std::vector<TrackSamples>& tracks = *in.tracks;
  const int count = static_cast<int>(tracks.size());
  SegmentSearch search(in, first, last);
  std::vector<TrackSegment> choice = FixedSegmentBits(in, first, last, kStartStep / 4);
  float worst = search.Refresh(choice);
  if (worst > target) {
    choice = FixedSegmentBits(in, first, last, kMaxComponentBits);
    worst = search.Refresh(choice);
  }
  if (in.sensitivity != nullptr && !in.sensitivity->empty()) {
    worst = EqualShareStart(in, search, first, last, target, choice);
  }
  // Leaves first: tracks in reverse joint order (on Woman.gltf's clips this
  // gave 1.3 % fewer bytes than walking from the root).
  std::vector<int> order(count);
  for (int t = 0; t < count; ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return tracks[a].header.joint > tracks[b].header.joint; });
  Coarsening(in, search, first, last, target, worst, choice).Run(order);
  *error = search.Largest();
  return choice;
}

}  // namespace anim
