// Looking through a file's camera: the projection matrices against the
// glTF specification's formulas (written out here, element by element), and
// the view against points placed by hand in front of cameras that are moved,
// turned, scaled and carried by a joint.
#include "render/file_camera.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace {

anim::FileCamera Perspective(float yfov, float znear, float zfar) {
  anim::FileCamera c;
  c.yfov = yfov;
  c.znear = znear;
  c.zfar = zfar;
  return c;
}

void ExpectMatrixNear(const glm::mat4& got, const glm::mat4& want) {
  for (int col = 0; col < 4; ++col) {
    for (int row = 0; row < 4; ++row) {
      EXPECT_NEAR(got[col][row], want[col][row], 1e-5f * (1.0f + std::abs(want[col][row])))
          << "column " << col << " row " << row;
    }
  }
}

// glm is column-major: m[col][row]. The specification writes rows.
TEST(FileCamera, AFinitePerspectiveIsTheSpecificationsMatrixWithTheViewportsAspect) {
  const float y = 0.7f, n = 0.01f, f = 100.0f, a = 1.5f;
  anim::FileCamera camera = Perspective(y, n, f);
  camera.aspect_ratio = 1.0f;  // the file's: not forced on a 3:2 viewport
  glm::mat4 want(0.0f);
  want[0][0] = 1.0f / (a * std::tan(0.5f * y));
  want[1][1] = 1.0f / std::tan(0.5f * y);
  want[2][2] = (f + n) / (n - f);
  want[3][2] = 2.0f * f * n / (n - f);
  want[2][3] = -1.0f;
  ExpectMatrixNear(render::FileCameraProjection(camera, a), want);
}

TEST(FileCamera, APerspectiveWithoutZfarIsInfinite) {
  const float y = 1.2f, n = 0.5f, a = 0.75f;
  glm::mat4 want(0.0f);
  want[0][0] = 1.0f / (a * std::tan(0.5f * y));
  want[1][1] = 1.0f / std::tan(0.5f * y);
  want[2][2] = -1.0f;
  want[3][2] = -2.0f * n;
  want[2][3] = -1.0f;
  ExpectMatrixNear(render::FileCameraProjection(Perspective(y, n, 0.0f), a), want);
}

// ymag as given; the width from the viewport's shape (xmag gives way, so a
// 2:1 viewport shows twice ymag across), a negative xmag mirrors.
TEST(FileCamera, AnOrthographicCameraKeepsItsHeightAndTakesTheViewportsShape) {
  anim::FileCamera camera;
  camera.orthographic = true;
  camera.xmag = 3.0f;
  camera.ymag = 0.5f;
  camera.znear = 0.1f;
  camera.zfar = 20.0f;
  const float n = camera.znear, f = camera.zfar, a = 2.0f;
  glm::mat4 want(0.0f);
  want[0][0] = 1.0f / (0.5f * a);
  want[1][1] = 1.0f / 0.5f;
  want[2][2] = 2.0f / (n - f);
  want[3][2] = (f + n) / (n - f);
  want[3][3] = 1.0f;
  ExpectMatrixNear(render::FileCameraProjection(camera, a), want);
  camera.xmag = -3.0f;
  want[0][0] = -want[0][0];
  ExpectMatrixNear(render::FileCameraProjection(camera, a), want);
}

// Where `point` lands in the camera's view space.
glm::vec3 InView(const anim::FileCamera& camera, const std::vector<glm::mat4>& joints,
                 glm::vec3 point) {
  return glm::vec3(render::FileCameraView(camera, joints) * glm::vec4(point, 1.0f));
}

void ExpectVecNear(glm::vec3 got, glm::vec3 want) {
  EXPECT_NEAR(got.x, want.x, 1e-5f);
  EXPECT_NEAR(got.y, want.y, 1e-5f);
  EXPECT_NEAR(got.z, want.z, 1e-5f);
}

// The Khronos "Cameras" sample's node: at (0.5, 0.5, 3), unturned, looking
// down -Z at the square's middle 3 m ahead, which the projection puts in
// the middle of the image.
TEST(FileCamera, AMovedCameraLooksDownItsMinusZ) {
  anim::FileCamera camera = Perspective(0.7f, 0.01f, 100.0f);
  camera.node_matrix = glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, 0.5f, 3.0f));
  ExpectVecNear(InView(camera, {}, {0.5f, 0.5f, 0.0f}), {0.0f, 0.0f, -3.0f});
  ExpectVecNear(InView(camera, {}, {1.5f, 0.5f, 0.0f}), {1.0f, 0.0f, -3.0f});
  const glm::vec4 clip = render::FileCameraProjection(camera, 1.0f) *
                         render::FileCameraView(camera, {}) * glm::vec4(0.5f, 0.5f, 0.0f, 1.0f);
  EXPECT_NEAR(clip.x / clip.w, 0.0f, 1e-6f);
  EXPECT_NEAR(clip.y / clip.w, 0.0f, 1e-6f);
}

// Turned a quarter left about +Y, the camera looks down world -X, with
// world -Z on its right; a scale on the node changes nothing it sees.
TEST(FileCamera, ATurnedCameraSeesAlongItsTurnAndIgnoresItsScale) {
  anim::FileCamera camera = Perspective(0.7f, 0.01f, 100.0f);
  const glm::mat4 turned = glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 1, 0));
  for (const glm::vec3 scale : {glm::vec3(1.0f), glm::vec3(2.0f, 3.0f, 0.5f)}) {
    camera.node_matrix = glm::scale(turned, scale);
    ExpectVecNear(InView(camera, {}, {-2.0f, 0.0f, 0.0f}), {0.0f, 0.0f, -2.0f});
    ExpectVecNear(InView(camera, {}, {-2.0f, 0.0f, -1.0f}), {1.0f, 0.0f, -2.0f});
    ExpectVecNear(InView(camera, {}, {-2.0f, 1.0f, 0.0f}), {0.0f, 1.0f, -2.0f});
  }
}

// On a joint, the camera follows the joint's model matrix this frame; a
// joint the pose does not have leaves the node matrix alone.
TEST(FileCamera, ACameraOnAJointFollowsIt) {
  anim::FileCamera camera = Perspective(0.7f, 0.01f, 100.0f);
  camera.joint = 1;
  camera.node_matrix = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  const std::vector<glm::mat4> joints = {
      glm::mat4(1.0f), glm::translate(glm::mat4(1.0f), glm::vec3(5.0f, 0.0f, 0.0f))};
  ExpectVecNear(InView(camera, joints, {5.0f, 0.0f, -1.0f}), {0.0f, 0.0f, -2.0f});
  ExpectVecNear(InView(camera, {joints[0]}, {0.0f, 0.0f, -1.0f}), {0.0f, 0.0f, -2.0f});
}

TEST(FileCamera, TheSummarySaysWhatKindAndHowWide) {
  EXPECT_EQ(render::FileCameraSummary(Perspective(0.7f, 0.01f, 100.0f)), "perspective, 40.1 deg");
  anim::FileCamera ortho;
  ortho.orthographic = true;
  ortho.xmag = 1.0f;
  ortho.ymag = 0.75f;
  EXPECT_EQ(render::FileCameraSummary(ortho), "orthographic, 2 x 1.5 m");
}

}  // namespace
