// 14 Skinning: its two copies of the twist rig follow the sliders (palette
// checked against rotations worked out by hand), skin one by linear blend
// and the other by dual quaternions, and stay inside the box the camera
// frames in every pose the sliders reach.
#include <gtest/gtest.h>

#include "mannequin_samples.h"

namespace {

class SkinningSample : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    Select("14 Skinning: LBS vs DQS");
  }
};

void ExpectNear(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_LT(glm::length(a - b), 1e-5f) << a.x << " " << a.y << " " << a.z;
}

TEST_F(SkinningSample, CopiesFollowTheSlidersOneMethodEach) {
  Set("twist=180");
  Set("bend=0");
  sample_->Update(0.0f);
  const samples::OwnMeshes* own = sample_->View().own_mesh;
  ASSERT_NE(own, nullptr);
  ASSERT_EQ(own->copies.size(), 2u);
  EXPECT_EQ(own->copies[0].skinning, anim::SkinningMethod::kLinearBlend);
  EXPECT_EQ(own->copies[1].skinning, anim::SkinningMethod::kDualQuaternion);
  ASSERT_EQ(own->copies[1].palette.size(), 2u);
  // The rig is 1.6 long with its joint at y = 0.8. Twisted 180 degrees
  // about y, the upper joint takes (0.12, 1.2, 0) to (-0.12, 1.2, 0).
  const glm::mat4& upper = own->copies[1].palette[1];
  ExpectNear(glm::vec3(upper * glm::vec4(0.12f, 1.2f, 0.0f, 1.0f)), {-0.12f, 1.2f, 0.0f});
  ExpectNear(glm::vec3(own->copies[1].palette[0] * glm::vec4(0.3f, 0.2f, 0.1f, 1.0f)),
             {0.3f, 0.2f, 0.1f});
  // Bent 90 degrees about z (no twist): the top (0, 1.6, 0) swings to (-0.8, 0.8, 0).
  Set("twist=0");
  Set("bend=90");
  sample_->Update(0.0f);
  ExpectNear(glm::vec3(own->copies[0].palette[1] * glm::vec4(0.0f, 1.6f, 0.0f, 1.0f)),
             {-0.8f, 0.8f, 0.0f});
}

TEST_F(SkinningSample, EveryPoseStaysInTheFramedBox) {
  const samples::OwnMeshes* own = sample_->View().own_mesh;
  ASSERT_NE(own, nullptr);
  const anim::MeshPrimitive& mesh = own->model->primitives.front();
  for (const char* twist : {"twist=0", "twist=90", "twist=180"}) {
    for (const char* bend : {"bend=0", "bend=75", "bend=150"}) {
      Set(twist);
      Set(bend);
      sample_->Update(0.0f);
      for (const samples::OwnMeshCopy& copy : own->copies) {
        std::vector<anim::DualQuaternionJoint> dual(2);
        anim::BuildDualQuaternionPalette(copy.palette, dual);
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
          // Each copy by its own method; the weights lie on joints 0 and 1.
          const glm::vec4 p(mesh.positions[v], 1.0f);
          const glm::vec4 w = mesh.weights[v];
          const glm::vec3 local =
              copy.skinning == anim::SkinningMethod::kLinearBlend
                  ? glm::vec3(w.x * (copy.palette[0] * p) + w.y * (copy.palette[1] * p))
                  : anim::SkinPoint(
                        anim::BlendDualQuaternionJoints(dual, mesh.joints[v], mesh.weights[v]),
                        mesh.positions[v]);
          const glm::vec3 skinned = glm::vec3(copy.world * glm::vec4(local, 1.0f));
          EXPECT_TRUE(glm::all(glm::greaterThanEqual(skinned, own->bounds_min - 1e-4f)) &&
                      glm::all(glm::lessThanEqual(skinned, own->bounds_max + 1e-4f)))
              << twist << " " << bend << " vertex " << v << " at " << skinned.x << " " << skinned.y
              << " " << skinned.z;
        }
      }
    }
  }
}

}  // namespace
