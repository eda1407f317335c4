// CPU linear-blend skinning against values worked out by hand.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "render/cpu_skinning.h"

namespace {

TEST(CpuSkinning, BlendsFourInfluencesLinearly) {
  anim::MeshPrimitive p;
  p.positions = {{1.0f, 0.0f, 0.0f}};
  p.normals = {{1.0f, 0.0f, 0.0f}};
  p.joints = {{0, 1, 2, 3}};
  p.weights = {{0.4f, 0.3f, 0.2f, 0.1f}};
  // Joint 0 identity, 1 moves +2 in y, 2 rotates 90 degrees about z
  // ((1,0,0) -> (0,1,0)), 3 scales by 3.
  const std::vector<glm::mat4> palette = {
      glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(0, 2, 0)),
      glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1)),
      glm::scale(glm::mat4(1.0f), glm::vec3(3.0f))};
  std::vector<render::SkinnedVertex> out(1);
  render::SkinPrimitive(p, palette, out);
  // By hand: 0.4*(1,0,0) + 0.3*(1,2,0) + 0.2*(0,1,0) + 0.1*(3,0,0) = (1.0, 0.8, 0).
  EXPECT_NEAR(out[0].position.x, 1.0f, 1e-6f);
  EXPECT_NEAR(out[0].position.y, 0.8f, 1e-6f);
  EXPECT_NEAR(out[0].position.z, 0.0f, 1e-6f);
  // The normal ignores translation: 0.4*(1,0,0) + 0.3*(1,0,0) + 0.2*(0,1,0) + 0.1*(3,0,0).
  EXPECT_NEAR(out[0].normal.x, 1.0f, 1e-6f);
  EXPECT_NEAR(out[0].normal.y, 0.2f, 1e-6f);
}

TEST(CpuSkinning, JointsPastThePaletteCountAsIdentityAndUnskinnedVerticesStay) {
  anim::MeshPrimitive p;
  p.positions = {{0.0f, 1.0f, 0.0f}};
  p.normals = {{0.0f, 0.0f, 1.0f}};
  p.joints = {{0, 7, 0, 0}};
  p.weights = {{0.5f, 0.5f, 0.0f, 0.0f}};
  const std::vector<glm::mat4> palette = {glm::translate(glm::mat4(1.0f), glm::vec3(4, 0, 0))};
  std::vector<render::SkinnedVertex> out(1);
  render::SkinPrimitive(p, palette, out);
  EXPECT_NEAR(out[0].position.x, 2.0f, 1e-6f);  // half of +4, half of identity
  EXPECT_NEAR(out[0].position.y, 1.0f, 1e-6f);

  p.joints.clear();
  p.weights.clear();
  render::SkinPrimitive(p, palette, out);
  EXPECT_EQ(out[0].position, glm::vec3(0.0f, 1.0f, 0.0f));
  EXPECT_EQ(out[0].normal, glm::vec3(0.0f, 0.0f, 1.0f));
}

}  // namespace
