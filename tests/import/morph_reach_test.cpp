// Which morph targets change anything drawn (model/morph_reach.h), on a
// model written out here: the answer follows from the offsets written.
#include <gtest/gtest.h>

#include "model/model.h"
#include "model/morph_reach.h"

namespace {

anim::MeshPrimitive Primitive(int channel, std::vector<std::vector<glm::vec3>> target_positions,
                              std::vector<std::vector<glm::vec3>> target_normals) {
  anim::MeshPrimitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  p.morph_channel = channel;
  for (std::size_t t = 0; t < target_positions.size(); ++t) {
    p.morph_targets.push_back({target_positions[t], target_normals[t]});
  }
  return p;
}

// Face: Smile moves a vertex, Blink is zero in one primitive and moves only
// a normal in the other, Frown is zero everywhere. Visor: both targets zero.
// Hidden: a channel no primitive draws.
anim::Model ThreeChannels() {
  anim::Model model;
  const std::vector<glm::vec3> zero(3, glm::vec3(0.0f));
  const std::vector<glm::vec3> moved = {{0, 0, 0}, {0, 0.01f, 0}, {0, 0, 0}};
  model.morph_channels = {{"Face", {"Smile", "Blink", "Frown"}, {0, 0, 0}, 0},
                          {"Visor", {"Up", "Down"}, {0, 0}, 3},
                          {"Hidden", {"Wave"}, {0}, 5}};
  model.primitives.push_back(Primitive(0, {moved, zero, zero}, {zero, zero, zero}));
  model.primitives.push_back(Primitive(0, {zero, zero, zero}, {zero, moved, zero}));
  model.primitives.push_back(Primitive(1, {zero, zero}, {zero, zero}));
  return model;
}

TEST(MorphReach, ATargetChangesSomethingWhenItOffsetsAPositionOrANormalOfADrawnPrimitive) {
  const anim::Model model = ThreeChannels();
  const std::vector<bool> changes = anim::MorphTargetsThatChangeSomething(model);
  EXPECT_EQ(changes, (std::vector<bool>{true, true, false, false, false, false}));
}

TEST(MorphReach, AChannelWhoseTargetsChangeNothingSaysWhy) {
  const anim::Model model = ThreeChannels();
  const std::vector<bool> changes = anim::MorphTargetsThatChangeSomething(model);
  EXPECT_EQ(anim::MorphChannelNotes(model, changes),
            (std::vector<std::string>{"", "its targets move no vertex",
                                      "no drawn mesh uses its targets"}));
}

}  // namespace
