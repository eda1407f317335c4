// What GraphDefinition::Validate says of a clip or single-frame node given a
// compressed form that does not fit its clip (another joint count, another
// time span, decodings of another clip, decodings alone), in the graph's one
// error convention: the node, its kind, the field and the problem; and that
// every path that makes characters refuses such a graph.
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "tests/anim/compression_fixture.h"
#include "tests/anim/graph_compressed_fixture.h"
#include "tests/anim/graph_validation.h"

namespace {

using graph_compressed_test::kFast;
using graph_compressed_test::kSlide;
using graph_compressed_test::kSwing;

class GraphCompressedValidate : public ::testing::Test {
 protected:
  static std::string ErrorOf(const anim::GraphDefinition& d) {
    return anim_test::ValidationErrorOf(d);
  }
  // A definition whose root is clip node 'swing' playing swing with `form`.
  std::string ClipNodeError(anim::CompressedClipRef form) {
    anim::GraphDefinition d(c.skeleton);
    anim::ClipNodeOptions options;
    options.compressed = form;
    d.SetRoot(d.Add<anim::ClipNode>("swing", c.skeleton, c.clips[kSwing], options));
    return ErrorOf(d);
  }
  std::string SingleFrameError(anim::CompressedClipRef form) {
    anim::GraphDefinition d(c.skeleton);
    d.SetRoot(d.Add<anim::SingleFrameNode>("held", c.skeleton, c.clips[kSlide], 0.5f, form));
    return ErrorOf(d);
  }

  const graph_compressed_test::Clips c;
};

TEST_F(GraphCompressedValidate, AcceptsTheClipsOwnFormWithOrWithoutSharedDecodings) {
  EXPECT_EQ(ClipNodeError(c.Form(kSwing)), "");
  EXPECT_EQ(ClipNodeError({&c.compressed[kSwing], nullptr}), "");
  EXPECT_EQ(SingleFrameError(c.Form(kSlide)), "");
  EXPECT_EQ(ClipNodeError({}), "");
}

TEST_F(GraphCompressedValidate, RefusesACompressedClipOfAnotherJointCount) {
  // swing built for a six-joint chain: a pose of its size is not the skeleton's.
  const anim::Skeleton six = compression_test::ChainSkeleton(6);
  const anim::CompressedClip wide = anim::BuildCompressedClip(c.clips[kSwing], six);
  const anim::CompressedClipDecodings wide_decodings(wide);
  EXPECT_EQ(ClipNodeError({&wide, &wide_decodings}),
            "node 'swing' (clip): compressed clip: made for 6 joints, the skeleton has 4");
  anim::GraphDefinition d(c.skeleton);
  d.SetRoot(d.Add<anim::SingleFrameNode>("held", c.skeleton, c.clips[kSwing], 0.5f,
                                         anim::CompressedClipRef{&wide, nullptr}));
  EXPECT_EQ(ErrorOf(d),
            "node 'held' (single_frame): compressed clip: made for 6 joints, the skeleton has 4");
}

TEST_F(GraphCompressedValidate, RefusesTheCompressedFormOfAnotherClip) {
  EXPECT_EQ(ClipNodeError(c.Form(kFast)),
            "node 'swing' (clip): compressed clip: 'fast' spans 0 to 0.7 s, the clip 'swing' 0 to "
            "1.3 s (not its compressed form)");
}

TEST_F(GraphCompressedValidate, RefusesDecodingsOfAnotherClip) {
  EXPECT_EQ(ClipNodeError({&c.compressed[kSwing], c.decodings[kFast].get()}),
            "node 'swing' (clip): compressed decodings: made from compressed clip 'fast', not "
            "'swing'");
  EXPECT_EQ(SingleFrameError({&c.compressed[kSlide], c.decodings[kSwing].get()}),
            "node 'held' (single_frame): compressed decodings: made from compressed clip 'swing', "
            "not 'slide'");
}

TEST_F(GraphCompressedValidate, RefusesDecodingsWithoutTheirClip) {
  EXPECT_EQ(ClipNodeError({nullptr, c.decodings[kSwing].get()}),
            "node 'swing' (clip): compressed decodings: given without their compressed clip");
}

// The one-character graph shows the rest pose and says why.
TEST_F(GraphCompressedValidate, AnimationGraphShowsTheRestPoseAndTheReason) {
  anim::AnimationGraph graph(c.skeleton);
  anim::ClipNodeOptions options;
  options.compressed = {&c.compressed[kSwing], c.decodings[kFast].get()};
  graph.SetRoot(graph.Add<anim::ClipNode>("swing", c.skeleton, c.clips[kSwing], options));
  graph.Update(0.3f);
  EXPECT_EQ(graph.Error(),
            "node 'swing' (clip): compressed decodings: made from compressed clip 'fast', not "
            "'swing'");
  const anim::SoaPose rest(c.skeleton.RestPose());
  for (int j = 0; j < rest.JointCount(); ++j) {
    EXPECT_EQ(graph.SoaOutput().Local(j).translation, rest.Local(j).translation) << j;
    EXPECT_EQ(graph.SoaOutput().Local(j).rotation, rest.Local(j).rotation) << j;
  }
}

}  // namespace
