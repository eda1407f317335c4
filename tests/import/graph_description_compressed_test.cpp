// Graph descriptions on compressed clips (GraphClipOptions::compressed): the
// loader gives every clip and single_frame node the form the caller's
// lookup returns for its clip (an anim::CompressedClipSet here), keeps the
// raw clip where the lookup returns none, and fails the load, naming the
// node, for a form that does not fit; the example description played on
// compressed clips shows the raw graph's poses within the builder's
// tolerance, with the same root motion.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "anim/graph/clip_node.h"
#include "anim/offline/compressed_clip_set.h"
#include "graph_description_test_util.h"
#include "tests/anim/compression_fixture.h"
#include "tests/support/graph_pose.h"

namespace {

using graph_test::Mannequin;

// The compressed form each clip and single-frame node of `graph` samples
// ({} for raw), by node name.
std::vector<std::pair<std::string, anim::CompressedClipRef>> FormsOf(
    const anim::AnimationGraph& graph) {
  std::vector<std::pair<std::string, anim::CompressedClipRef>> forms;
  for (int i = 0; i < graph.NodeCount(); ++i) {
    const anim::Node* n = graph.NodeAt(i);
    if (const auto* clip = dynamic_cast<const anim::ClipNode*>(n)) {
      forms.emplace_back(n->Name(), clip->Compressed());
    } else if (const auto* frame = dynamic_cast<const anim::SingleFrameNode*>(n)) {
      forms.emplace_back(n->Name(), frame->Compressed());
    }
  }
  return forms;
}

// The clip node or single frame `name` reads (from the description).
const anim::Clip& ClipOfNode(const anim::AnimationGraph& graph, const std::string& name) {
  if (const auto* clip = dynamic_cast<const anim::ClipNode*>(graph.FindNode(name))) {
    return clip->GetClip();
  }
  // The example's one single frame: guard, the Punch clip's first frame.
  EXPECT_EQ(name, "guard");
  return graph_test::ClipNamed("Punch");
}

TEST(GraphDescriptionCompressed, EveryClipNodeGetsItsClipsFormFromTheLookup) {
  const anim::Model& model = Mannequin();
  anim::CompressedClipSet set(model.clips, model.skeleton);
  std::vector<std::string> asked;
  anim::GraphClipOptions options;
  options.compressed = [&](const anim::Clip& clip) {
    asked.push_back(clip.Name());
    return set.For(clip);
  };
  std::string error;
  const auto graph = anim::LoadAnimationGraph(graph_test::kExamplePath, model, &error, options);
  ASSERT_NE(graph, nullptr) << error;
  const auto forms = FormsOf(*graph);
  // idle, walk, run, jump, guard, jab, lean_clip: each asked once.
  ASSERT_EQ(forms.size(), 7u);
  EXPECT_EQ(asked.size(), forms.size());
  for (const auto& [name, form] : forms) {
    const anim::Clip& clip = ClipOfNode(*graph, name);
    const int index = model.FindClip(clip.Name());
    ASSERT_GE(index, 0) << name;
    EXPECT_EQ(form.clip, set.Built(index).clip) << name;
    EXPECT_EQ(form.decodings, set.Built(index).decodings) << name;
    ASSERT_NE(form.clip, nullptr) << name;
    EXPECT_EQ(form.clip->Name(), clip.Name()) << name;
  }
  // The default stays raw.
  const auto raw = anim::LoadAnimationGraph(graph_test::kExamplePath, model, &error);
  ASSERT_NE(raw, nullptr) << error;
  for (const auto& [name, form] : FormsOf(*raw)) EXPECT_EQ(form.clip, nullptr) << name;
}

TEST(GraphDescriptionCompressed, ALookupAnsweringNothingKeepsThatNodeRaw) {
  const anim::Model& model = Mannequin();
  anim::CompressedClipSet set(model.clips, model.skeleton);
  anim::GraphClipOptions options;
  options.compressed = [&](const anim::Clip& clip) {
    return clip.Name() == "Run" ? anim::CompressedClipRef{} : set.For(clip);
  };
  std::string error;
  const auto graph = anim::LoadAnimationGraph(graph_test::kExamplePath, model, &error, options);
  ASSERT_NE(graph, nullptr) << error;
  for (const auto& [name, form] : FormsOf(*graph)) {
    EXPECT_EQ(form.clip == nullptr, name == "run") << name;
  }
}

// A description of one clip node, 'stride', playing Walk.
constexpr const char* kOneClip = R"({"nodes": {"stride": {"type": "clip", "clip": "Walk"}},
                                    "root": "stride"})";

TEST(GraphDescriptionCompressed, AFormThatDoesNotFitFailsTheLoadNamingTheNode) {
  const anim::Model& model = Mannequin();
  anim::CompressedClipSet set(model.clips, model.skeleton);
  const int walk = model.FindClip("Walk"), run = model.FindClip("Run");
  ASSERT_TRUE(walk >= 0 && run >= 0);
  std::string error;
  anim::GraphClipOptions other_clip;
  other_clip.compressed = [&](const anim::Clip&) { return set.Get(run); };
  EXPECT_EQ(anim::LoadAnimationGraphFromText(kOneClip, "one.json", model, &error, other_clip),
            nullptr);
  const anim::Clip& w = model.clips[walk];
  const anim::Clip& r = model.clips[run];
  char spans[160];
  std::snprintf(spans, sizeof(spans), "'Run' spans %g to %g s, the clip 'Walk' %g to %g s",
                static_cast<double>(r.StartTime()), static_cast<double>(r.EndTime()),
                static_cast<double>(w.StartTime()), static_cast<double>(w.EndTime()));
  EXPECT_EQ(error, std::string("one.json: node 'stride' (clip): compressed clip: ") + spans +
                       " (not its compressed form)");

  anim::GraphClipOptions other_decodings;
  other_decodings.compressed = [&](const anim::Clip&) {
    return anim::CompressedClipRef{set.Get(walk).clip, set.Get(run).decodings};
  };
  error.clear();
  EXPECT_EQ(anim::LoadAnimationGraphFromText(kOneClip, "one.json", model, &error, other_decodings),
            nullptr);
  EXPECT_EQ(error,
            "one.json: node 'stride' (clip): compressed decodings: made from compressed clip "
            "'Run', not 'Walk'");
}

// Model-space matrices of a graph's output.
std::vector<glm::mat4> ModelOf(const anim::AnimationGraph& g) {
  return compression_test::ModelMatrices(test_support::GraphPose(g));
}

// The example on compressed clips against the example on raw clips, side
// by side: standing, speeding up to a run (the synced blend space), a
// jump (the body machine's transitions), a punch on the upper-body layer
// and a lean (the additive layer).
TEST(GraphDescriptionCompressed, TheExampleOnCompressedClipsShowsTheRawPosesWithinTheTolerance) {
  const anim::Model& model = Mannequin();
  anim::CompressedClipSet set(model.clips, model.skeleton);
  anim::GraphClipOptions options;
  options.compressed = [&](const anim::Clip& clip) { return set.For(clip); };
  std::string error;
  const auto compressed =
      anim::LoadAnimationGraph(graph_test::kExamplePath, model, &error, options);
  const auto raw = anim::LoadAnimationGraph(graph_test::kExamplePath, model, &error);
  ASSERT_TRUE(compressed && raw) << error;
  // Each clip within the tolerance; blends, layers and the additive lean
  // (the compressed lean over the raw clip's first frame) combine up to
  // three of them.
  const float bound = 3.0f * anim::CompressionSettings().tolerance;
  float worst = 0.0f;
  for (int frame = 0; frame < 360; ++frame) {
    for (anim::AnimationGraph* g : {raw.get(), compressed.get()}) {
      g->Params().Set("speed", std::min(3.5f, 0.02f * static_cast<float>(frame)));
      if (frame == 120) g->Params().Fire("jump");
      if (frame == 200) g->Params().Fire("punch");
      g->Params().Set("punch_weight", frame >= 200 && frame < 260 ? 1.0f : 0.0f);
      g->Params().Set("lean", frame >= 280 ? 0.8f : 0.0f);
      g->Update(1.0f / 60.0f);
      ASSERT_EQ(g->Error(), "");
    }
    const float e = compression_test::VirtualPointError(ModelOf(*raw), ModelOf(*compressed));
    EXPECT_LE(e, bound) << "frame " << frame;
    worst = std::max(worst, e);
    EXPECT_EQ(compressed->Motion().translation, raw->Motion().translation) << "frame " << frame;
  }
  EXPECT_GT(worst, 0.0f);  // the compressed clips are what played
}

}  // namespace
