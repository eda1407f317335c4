// Every problem each job's Validate() reports, one test each: the exact
// message (naming the field and the sizes), Run() returning false, and the
// output left as it was (filled with a sentinel first). Poses of 3 and 4
// joints pad to the same SoA width, so these also show that the checks
// compare joints, not padded lanes.
#include <gtest/gtest.h>

#include <vector>

#include "anim/blending/additive_jobs.h"
#include "anim/blending/blending_jobs.h"
#include "anim/blending/mirror_job.h"
#include "anim/clips/sampling_job.h"
#include "anim/compression/compressed_sampling_job.h"
#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/clip_builder.h"
#include "jobs_fixture.h"
#include "test_rig.h"

namespace {

using namespace jobs_test;
using anim::SoaPose;

struct Rig {
  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();  // 4 joints
  SoaPose pose4 = SentinelPose(4), pose3 = SentinelPose(3), other4 = SentinelPose(4);
};

// ---- LocalToModelJob

TEST(LocalToModelJobValidate, NullSkeleton) {
  Rig r;
  std::vector<glm::mat4> out = SentinelMatrices(4);
  ExpectRefused(anim::LocalToModelJob{nullptr, &r.pose4, out}, "skeleton is null");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(LocalToModelJobValidate, NullInput) {
  Rig r;
  std::vector<glm::mat4> out = SentinelMatrices(4);
  ExpectRefused(anim::LocalToModelJob{&r.skeleton, nullptr, out}, "input is null");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(LocalToModelJobValidate, InputOfAnotherSkeleton) {
  Rig r;
  std::vector<glm::mat4> out = SentinelMatrices(4);
  ExpectRefused(anim::LocalToModelJob{&r.skeleton, &r.pose3, out},
                "input has 3 joints, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(LocalToModelJobValidate, OutputTooShort) {
  Rig r;
  std::vector<glm::mat4> out = SentinelMatrices(3);
  ExpectRefused(anim::LocalToModelJob{&r.skeleton, &r.pose4, out},
                "output has 3 matrices, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(LocalToModelJobValidate, OutputTooLong) {
  Rig r;
  std::vector<glm::mat4> out = SentinelMatrices(5);
  ExpectRefused(anim::LocalToModelJob{&r.skeleton, &r.pose4, out},
                "output has 5 matrices, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(out));
}

// ---- PaletteJob

TEST(PaletteJobValidate, NullSkeleton) {
  Rig r;
  std::vector<glm::mat4> model = SentinelMatrices(4), palette = SentinelMatrices(4);
  ExpectRefused(anim::PaletteJob{nullptr, &r.pose4, model, palette}, "skeleton is null");
  EXPECT_TRUE(AllSentinel(model) && AllSentinel(palette));
}

TEST(PaletteJobValidate, NullInput) {
  Rig r;
  std::vector<glm::mat4> model = SentinelMatrices(4), palette = SentinelMatrices(4);
  ExpectRefused(anim::PaletteJob{&r.skeleton, nullptr, model, palette}, "input is null");
  EXPECT_TRUE(AllSentinel(model) && AllSentinel(palette));
}

TEST(PaletteJobValidate, InputOfAnotherSkeleton) {
  Rig r;
  std::vector<glm::mat4> model = SentinelMatrices(4), palette = SentinelMatrices(4);
  ExpectRefused(anim::PaletteJob{&r.skeleton, &r.pose3, model, palette},
                "input has 3 joints, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(model) && AllSentinel(palette));
}

TEST(PaletteJobValidate, ModelTooShort) {
  Rig r;
  std::vector<glm::mat4> model = SentinelMatrices(3), palette = SentinelMatrices(4);
  ExpectRefused(anim::PaletteJob{&r.skeleton, &r.pose4, model, palette},
                "model has 3 matrices, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(model) && AllSentinel(palette));
}

TEST(PaletteJobValidate, PaletteTooShort) {
  Rig r;
  std::vector<glm::mat4> model = SentinelMatrices(4), palette = SentinelMatrices(3);
  ExpectRefused(anim::PaletteJob{&r.skeleton, &r.pose4, model, palette},
                "palette has 3 matrices, the skeleton 4 joints");
  EXPECT_TRUE(AllSentinel(model) && AllSentinel(palette));
}

TEST(PaletteJobValidate, PaletteInTheModelBuffer) {
  Rig r;
  std::vector<glm::mat4> both = SentinelMatrices(4);
  ExpectRefused(anim::PaletteJob{&r.skeleton, &r.pose4, both, both},
                "palette is the same buffer as model (the children read their parents' model "
                "matrices)");
  EXPECT_TRUE(AllSentinel(both));
}

// ---- BlendJob

TEST(BlendJobValidate, NullA) {
  Rig r;
  ExpectRefused(anim::BlendJob{nullptr, &r.pose4, 0.5f, {}, &r.other4}, "a is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(BlendJobValidate, NullB) {
  Rig r;
  ExpectRefused(anim::BlendJob{&r.pose4, nullptr, 0.5f, {}, &r.other4}, "b is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(BlendJobValidate, NullOutput) {
  Rig r;
  ExpectRefused(anim::BlendJob{&r.pose4, &r.pose4, 0.5f, {}, nullptr}, "output is null");
}

TEST(BlendJobValidate, AOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::BlendJob{&r.pose3, &r.pose4, 0.5f, {}, &r.other4},
                "a has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(BlendJobValidate, BOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::BlendJob{&r.pose4, &r.pose3, 0.5f, {}, &r.other4},
                "b has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(BlendJobValidate, OutputOfAnotherSkeleton) {
  Rig r;
  SoaPose out = SentinelPose(3);
  ExpectRefused(anim::BlendJob{&r.pose4, &r.other4, 0.5f, {}, &out},
                "a has 4 joints, the output 3 joints");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(BlendJobValidate, JointWeightsTooShort) {
  Rig r;
  const float weights[3] = {1.0f, 1.0f, 1.0f};
  ExpectRefused(anim::BlendJob{&r.pose4, &r.pose4, 0.5f, weights, &r.other4},
                "joint_weights has 3 weights, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

// ---- LayerBlendJob

struct Layers : Rig {
  SoaPose rest = SentinelPose(4), out = SentinelPose(4);
  std::vector<float> weights4 = std::vector<float>(4, 1.0f);
  std::vector<anim::SoaBlendLayer> layers = {{&pose4, 1.0f, {}}, {&other4, 2.0f, weights4}};
  anim::LayerBlendJob Job() { return {layers, &rest, 0.1f, &out}; }
};

TEST(LayerBlendJobValidate, NullRest) {
  Layers l;
  anim::LayerBlendJob job = l.Job();
  job.rest = nullptr;
  ExpectRefused(job, "rest is null");
  EXPECT_TRUE(AllSentinel(l.out));
}

TEST(LayerBlendJobValidate, NullOutput) {
  Layers l;
  anim::LayerBlendJob job = l.Job();
  job.output = nullptr;
  ExpectRefused(job, "output is null");
}

TEST(LayerBlendJobValidate, RestOfAnotherSkeleton) {
  Layers l;
  anim::LayerBlendJob job = l.Job();
  job.rest = &l.pose3;
  ExpectRefused(job, "rest has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(l.out));
}

TEST(LayerBlendJobValidate, OutputIsRest) {
  Layers l;
  anim::LayerBlendJob job = l.Job();
  job.output = &l.rest;
  ExpectRefused(job,
                "output is the same pose as rest (the output must not be one of the blend's "
                "inputs)");
  EXPECT_TRUE(AllSentinel(l.rest));
}

TEST(LayerBlendJobValidate, NullLayerPose) {
  Layers l;
  l.layers[1].pose = nullptr;
  ExpectRefused(l.Job(), "layers[1].pose is null");
  EXPECT_TRUE(AllSentinel(l.out));
}

TEST(LayerBlendJobValidate, OutputIsALayer) {
  Layers l;
  anim::LayerBlendJob job = l.Job();
  job.output = &l.pose4;
  ExpectRefused(job,
                "output is the same pose as layers[0].pose (the output must not be one of "
                "the blend's inputs)");
  EXPECT_TRUE(AllSentinel(l.pose4));
}

TEST(LayerBlendJobValidate, LayerOfAnotherSkeleton) {
  Layers l;
  l.layers[1].pose = &l.pose3;
  ExpectRefused(l.Job(), "layers[1].pose has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(l.out));
}

TEST(LayerBlendJobValidate, LayerJointWeightsTooShort) {
  Layers l;
  l.weights4.pop_back();
  l.layers[1].joint_weights = l.weights4;
  ExpectRefused(l.Job(), "layers[1].joint_weights has 3 weights, the output 4 joints");
  EXPECT_TRUE(AllSentinel(l.out));
}

// ---- AdditiveJob, SubtractJob, AddDifferenceJob

struct Additive : Rig {
  SoaPose add = SentinelPose(4), reference = SentinelPose(4), out = SentinelPose(4);
  anim::AdditiveJob Job() { return {&pose4, &add, &reference, 0.5f, &out}; }
};

TEST(AdditiveJobValidate, NullInput) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.input = nullptr;
  ExpectRefused(job, "input is null");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, NullAdditive) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.additive = nullptr;
  ExpectRefused(job, "additive is null");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, NullReference) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.reference = nullptr;
  ExpectRefused(job, "reference is null");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, NullOutput) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.output = nullptr;
  ExpectRefused(job, "output is null");
}

TEST(AdditiveJobValidate, InputOfAnotherSkeleton) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.input = &a.pose3;
  ExpectRefused(job, "input has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, AdditiveOfAnotherSkeleton) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.additive = &a.pose3;
  ExpectRefused(job, "additive has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, ReferenceOfAnotherSkeleton) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.reference = &a.pose3;
  ExpectRefused(job, "reference has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(a.out));
}

TEST(AdditiveJobValidate, OutputIsTheAdditivePose) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.output = &a.add;
  ExpectRefused(job,
                "output is the same pose as additive (the output may be the input, not the "
                "additive or reference pose)");
  EXPECT_TRUE(AllSentinel(a.add));
}

TEST(AdditiveJobValidate, OutputIsTheReferencePose) {
  Additive a;
  anim::AdditiveJob job = a.Job();
  job.output = &a.reference;
  ExpectRefused(job,
                "output is the same pose as reference (the output may be the input, not the "
                "additive or reference pose)");
  EXPECT_TRUE(AllSentinel(a.reference));
}

TEST(SubtractJobValidate, NullSource) {
  Rig r;
  ExpectRefused(anim::SubtractJob{nullptr, &r.pose4, &r.other4}, "source is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(SubtractJobValidate, NullReference) {
  Rig r;
  ExpectRefused(anim::SubtractJob{&r.pose4, nullptr, &r.other4}, "reference is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(SubtractJobValidate, NullOutput) {
  Rig r;
  ExpectRefused(anim::SubtractJob{&r.pose4, &r.pose4, nullptr}, "output is null");
}

TEST(SubtractJobValidate, SourceOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::SubtractJob{&r.pose3, &r.pose4, &r.other4},
                "source has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(SubtractJobValidate, ReferenceOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::SubtractJob{&r.pose4, &r.pose3, &r.other4},
                "reference has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(AddDifferenceJobValidate, NullInput) {
  Rig r;
  ExpectRefused(anim::AddDifferenceJob{nullptr, &r.pose4, 1.0f, &r.other4}, "input is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(AddDifferenceJobValidate, NullDifference) {
  Rig r;
  ExpectRefused(anim::AddDifferenceJob{&r.pose4, nullptr, 1.0f, &r.other4}, "difference is null");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(AddDifferenceJobValidate, NullOutput) {
  Rig r;
  ExpectRefused(anim::AddDifferenceJob{&r.pose4, &r.pose4, 1.0f, nullptr}, "output is null");
}

TEST(AddDifferenceJobValidate, InputOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::AddDifferenceJob{&r.pose3, &r.pose4, 1.0f, &r.other4},
                "input has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

TEST(AddDifferenceJobValidate, DifferenceOfAnotherSkeleton) {
  Rig r;
  ExpectRefused(anim::AddDifferenceJob{&r.pose4, &r.pose3, 1.0f, &r.other4},
                "difference has 3 joints, the output 4 joints");
  EXPECT_TRUE(AllSentinel(r.other4));
}

// ---- MirrorJob (on the two-leg rig: hips, leg_L, leg_R)

struct Mirror {
  anim::Skeleton skeleton = anim_test::MakeTwoLegSkeleton();
  anim::MirrorMap map;
  SoaPose in = SentinelPose(3), out = SentinelPose(3), pose4 = SentinelPose(4);
  std::vector<int> parents;
  Mirror() {
    std::string error;
    EXPECT_TRUE(map.Build(skeleton, &error)) << error;
    parents.assign(skeleton.Parents().begin(), skeleton.Parents().end());
  }
  anim::MirrorJob Job() { return {&map, parents, &in, &out}; }
};

TEST(MirrorJobValidate, NullMap) {
  Mirror m;
  anim::MirrorJob job = m.Job();
  job.map = nullptr;
  ExpectRefused(job, "map is null");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, NullInput) {
  Mirror m;
  anim::MirrorJob job = m.Job();
  job.input = nullptr;
  ExpectRefused(job, "input is null");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, NullOutput) {
  Mirror m;
  anim::MirrorJob job = m.Job();
  job.output = nullptr;
  ExpectRefused(job, "output is null");
}

TEST(MirrorJobValidate, MapWithoutBindCorrections) {
  Mirror m;
  m.map.bind_correction.clear();  // a map filled by hand, not by Build
  ExpectRefused(m.Job(), "map.bind_correction has 0 rotations, map.partner 3 joints");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, ParentsOfAnotherSkeleton) {
  Mirror m;
  m.parents.push_back(0);
  ExpectRefused(m.Job(), "parents has 4 entries, the map 3 joints");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, InputOfAnotherSkeleton) {
  Mirror m;
  anim::MirrorJob job = m.Job();
  job.input = &m.pose4;
  ExpectRefused(job, "input has 4 joints, the map 3 joints");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, OutputOfAnotherSkeleton) {
  Mirror m;
  anim::MirrorJob job = m.Job();
  job.output = &m.pose4;
  ExpectRefused(job, "output has 4 joints, the map 3 joints");
  EXPECT_TRUE(AllSentinel(m.pose4));
}

TEST(MirrorJobValidate, PartnerOutsideTheMap) {
  Mirror m;
  m.map.partner[2] = 3;
  ExpectRefused(m.Job(), "map.partner[2] is 3, not one of the map's 3 joints");
  EXPECT_TRUE(AllSentinel(m.out));
}

TEST(MirrorJobValidate, ParentOutsideTheMap) {
  Mirror m;
  m.parents[1] = 5;
  ExpectRefused(m.Job(), "parents[1] is 5, neither -1 nor one of the map's 3 joints");
  EXPECT_TRUE(AllSentinel(m.out));
}

// ---- SamplingJob (raw clips)

// One LINEAR translation track on `joint`, keys at 0 and 1 s.
anim::Clip OneTrackClip(int joint) {
  anim::JointTracks jt;
  jt.joint = joint;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                     {glm::vec3(0.0f), glm::vec3(1.0f)});
  return anim::Clip("walk", {jt});
}

TEST(SamplingJobValidate, NullClip) {
  SoaPose out = SentinelPose(4);
  ExpectRefused(anim::SamplingJob{nullptr, 0.5f, anim::LoopMode::kLoop, nullptr, &out},
                "clip is null");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(SamplingJobValidate, NullOutput) {
  const anim::Clip clip = OneTrackClip(1);
  ExpectRefused(anim::SamplingJob{&clip, 0.5f, anim::LoopMode::kLoop, nullptr, nullptr},
                "output is null");
}

TEST(SamplingJobValidate, ClipOfALargerSkeleton) {
  const anim::Clip clip = OneTrackClip(3);
  SoaPose out = SentinelPose(3);
  ExpectRefused(anim::SamplingJob{&clip, 0.5f, anim::LoopMode::kLoop, nullptr, &out},
                "clip 'walk' animates joint 3, the output has 3 joints");
  EXPECT_TRUE(AllSentinel(out));
}

TEST(SamplingJobValidate, ClipWithANegativeJoint) {
  const anim::Clip clip = OneTrackClip(-1);
  SoaPose out = SentinelPose(3);
  ExpectRefused(anim::SamplingJob{&clip, 0.5f, anim::LoopMode::kLoop, nullptr, &out},
                "clip 'walk' animates joint -1, the output has 3 joints");
  EXPECT_TRUE(AllSentinel(out));
}

// Morph weights or material values alone (no joint tracks): the clip
// fits any pose and its weights are sampled; raw playback of such a clip
// once never moved (every step refused).
TEST(SamplingJobValidate, AClipWithoutJointTracksFitsAnyPose) {
  anim::Clip clip("faces", {});
  anim::MorphWeightTracks weights;
  weights.first_weight = 0;
  weights.targets.emplace_back(anim::Interpolation::kLinear, std::vector<float>{0.0f, 2.0f},
                               std::vector<float>{0.0f, 1.0f});
  clip.SetMorphWeights({weights});
  SoaPose out = SentinelPose(3);
  out.SetMorphWeights(std::vector<float>{-1.0f});
  EXPECT_TRUE((anim::SamplingJob{&clip, 0.5f, anim::LoopMode::kLoop, nullptr, &out}.Run()));
  EXPECT_FLOAT_EQ(out.MorphWeights()[0], 0.25f);
  EXPECT_TRUE(AllSentinel(out));  // no joint written
}

TEST(SamplingJobValidate, CursorOfAnotherClip) {
  const anim::Clip clip = OneTrackClip(1);
  anim::ClipCursor cursor;
  cursor.keys.resize(6);  // a cursor for a clip of two tracks
  SoaPose out = SentinelPose(3);
  ExpectRefused(anim::SamplingJob{&clip, 0.5f, anim::LoopMode::kLoop, &cursor, &out},
                "cursor has 6 track keys, the clip 1 tracks (3 keys each): made for another clip");
  EXPECT_TRUE(AllSentinel(out));
}

// Playback::Advance into a SoaPose runs SamplingJob's checks before its
// clock moves.
TEST(SamplingJobValidate, PlaybackAdvanceRefusesAClipOfALargerSkeleton) {
  const anim::Clip clip = OneTrackClip(3);
  anim::Playback playback;
  playback.Start(&clip);
  SoaPose out = SentinelPose(3);
  EXPECT_FALSE(playback.Advance(0.5f, out));
  EXPECT_TRUE(AllSentinel(out));
  EXPECT_EQ(playback.time, 0.0f);
  SoaPose fits = SentinelPose(4);
  EXPECT_TRUE(playback.Advance(0.5f, fits));
  EXPECT_EQ(playback.time, 0.5f);
  EXPECT_EQ(fits.Local(3).translation, glm::vec3(0.5f));  // halfway from 0 to (1, 1, 1)
}

// ---- CompressedSamplingJob

struct Compressed {
  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::Clip raw = OneTrackClip(1);
  anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  anim::CompressedClipContext context{clip};
  SoaPose out = SentinelPose(4);
  anim::CompressedSamplingJob Job() { return {&clip, 0.5f, &context, &out}; }
};

TEST(CompressedSamplingJobValidate, NullClip) {
  Compressed c;
  anim::CompressedSamplingJob job = c.Job();
  job.clip = nullptr;
  ExpectRefused(job, "clip is null");
  EXPECT_TRUE(AllSentinel(c.out));
}

TEST(CompressedSamplingJobValidate, NullContext) {
  Compressed c;
  anim::CompressedSamplingJob job = c.Job();
  job.context = nullptr;
  ExpectRefused(job, "context is null");
  EXPECT_TRUE(AllSentinel(c.out));
}

TEST(CompressedSamplingJobValidate, NullOutput) {
  Compressed c;
  anim::CompressedSamplingJob job = c.Job();
  job.output = nullptr;
  ExpectRefused(job, "output is null");
}

TEST(CompressedSamplingJobValidate, OutputOfAnotherSkeleton) {
  Compressed c;
  SoaPose out3 = SentinelPose(3);
  anim::CompressedSamplingJob job = c.Job();
  job.output = &out3;
  ExpectRefused(job, "output has 3 joints, the clip 4 joints");
  EXPECT_TRUE(AllSentinel(out3));
}

TEST(CompressedSamplingJobValidate, ContextNeverBound) {
  Compressed c;
  anim::CompressedClipContext unbound;
  anim::CompressedSamplingJob job = c.Job();
  job.context = &unbound;
  ExpectRefused(job, "context is not bound to this clip (context.Bind(clip))");
  EXPECT_TRUE(AllSentinel(c.out));
}

TEST(CompressedSamplingJobValidate, ContextBoundToAnotherClip) {
  Compressed c;
  const anim::CompressedClip other = anim::BuildCompressedClip(OneTrackClip(2), c.skeleton);
  anim::CompressedClipContext elsewhere(other);
  anim::CompressedSamplingJob job = c.Job();
  job.context = &elsewhere;
  ExpectRefused(job, "context is not bound to this clip (context.Bind(clip))");
  EXPECT_TRUE(AllSentinel(c.out));
}

}  // namespace
