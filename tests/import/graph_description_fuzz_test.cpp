// Broken versions of the example description must never crash the loader
// (run this under -DANIM_SANITIZE=ON too): every byte-length truncation,
// random byte edits, and structural edits of the parsed JSON that put a
// value of another type or another name anywhere. Each load either fails
// with a message naming the file, or gives a graph whose every frame is
// finite while its parameters are driven at random.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "graph_description_test_util.h"
#include "tests/support/graph_pose.h"

namespace {

using graph_test::Mannequin;
using Json = nlohmann::ordered_json;

struct Outcome {
  int loaded = 0;
  int failed = 0;
};

void Check(const std::string& text, Outcome& outcome, std::mt19937& rng) {
  std::string error;
  auto graph = anim::LoadAnimationGraphFromText(text, "fuzz.json", Mannequin(), &error);
  if (graph == nullptr) {
    ++outcome.failed;
    ASSERT_EQ(error.rfind("fuzz.json: ", 0), 0u) << error;
    ASSERT_GT(error.size(), std::string("fuzz.json: ").size());
    return;
  }
  ++outcome.loaded;
  std::uniform_real_distribution<float> value(-5.0f, 5.0f);
  anim::ParameterSet& params = graph->Params();
  for (int frame = 0; frame < 20; ++frame) {
    for (int p = 0; p < params.Count(); ++p) {
      if (params.Type(p) == anim::ParamType::kFloat) {
        params.Set(p, value(rng));
      } else if (rng() % 4 == 0) {
        params.Set(p, 1.0f);
      }
    }
    graph->Update(frame % 5 == 0 ? 0.3f : 1.0f / 60.0f);
    ASSERT_TRUE(graph_test::PoseFinite(test_support::GraphPose(*graph))) << text;
  }
}

TEST(GraphDescriptionFuzz, EveryTruncationFailsCleanly) {
  const std::string text = graph_test::ReadText(graph_test::kExamplePath);
  ASSERT_FALSE(text.empty());
  std::mt19937 rng(1);
  Outcome outcome;
  for (std::size_t n = 0; n < text.size(); ++n) {
    Check(text.substr(0, n), outcome, rng);
    if (HasFatalFailure()) return;
  }
  // Only prefixes that keep the closing brace (dropping trailing whitespace) load.
  EXPECT_EQ(outcome.loaded, static_cast<int>(text.size() - 1 - text.rfind('}')));
}

TEST(GraphDescriptionFuzz, RandomByteEditsNeverCrash) {
  const std::string text = graph_test::ReadText(graph_test::kExamplePath);
  std::mt19937 rng(2);
  const std::string alphabet = "{}[]\":,0123456789.-eE truefalsnl\\u*!<>=_abcSpineWalk";
  Outcome outcome;
  for (int round = 0; round < 2000; ++round) {
    std::string t = text;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % t.size();
      switch (rng() % 4) {
        case 0: t[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: t.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        case 2: t.erase(at, 1 + rng() % 8); break;
        default: {  // repeat a slice somewhere else
          const std::string slice = t.substr(at, 1 + rng() % 40);
          t.insert(rng() % t.size(), slice);
        }
      }
      if (t.empty()) t.push_back('{');  // (assigning "{" trips GCC 12's -Wrestrict)
    }
    Check(t, outcome, rng);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(outcome.failed, 0);
}

// Every value in the document, as a pointer, so one can be replaced.
void CollectValues(Json& value, std::vector<Json*>& out) {
  out.push_back(&value);
  if (value.is_object() || value.is_array()) {
    for (Json& child : value) CollectValues(child, out);
  }
}

TEST(GraphDescriptionFuzz, StructuralEditsNeverCrash) {
  const Json doc = Json::parse(graph_test::ReadText(graph_test::kExamplePath));
  std::mt19937 rng(3);
  // Names that exist somewhere (nodes, states, clips, joints, parameters)
  // so edits also reach the checks past "unknown name".
  // clang-format off
  const std::vector<Json> replacements = {
      Json(nullptr), Json(true), Json(false), Json(0), Json(-1), Json(1), Json(0.5), Json(2.5),
      Json(1e9), Json(-1e-9), Json(18446744073709551615ull),
      Json("speed"), Json("jump"), Json("grounded"), Json("lean"), Json("idle"), Json("walk"),
      Json("run"), Json("body"), Json("arms"), Json("locomotion"), Json("jab"), Json("guard"),
      Json("air"), Json("*"), Json("Walk"), Json("Spine"), Json("clamp"), Json("frozen"),
      Json("clip"), Json("blend2"), Json("state_machine"), Json("subtract"), Json("difference"),
      Json("first_frame"), Json(""), Json("speed > 1"), Json("!grounded"),
      Json::array(), Json::object(), Json::array({"idle", "walk"}), Json::array({0, 1}),
      Json::parse(R"({"node": "idle", "position": "speed"})"),
      Json::parse(R"({"root": "Spine"})"),
      Json::parse(R"({"type": "clip", "clip": "Run"})"),
      Json::parse(R"({"type": "mirror", "input": "idle"})")};
  // clang-format on
  Outcome outcome;
  for (int round = 0; round < 3000; ++round) {
    Json edited = doc;
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      std::vector<Json*> values;
      CollectValues(edited, values);
      Json* target = values[rng() % values.size()];
      if (target->is_object() && !target->empty() && rng() % 3 == 0) {
        target->erase(std::next(target->begin(), static_cast<long>(rng() % target->size())));
      } else {
        *target = replacements[rng() % replacements.size()];
      }
    }
    Check(edited.dump(), outcome, rng);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(outcome.failed, 0);
  EXPECT_GT(outcome.loaded, 0);  // some edits are legal: those graphs ran
}

}  // namespace
