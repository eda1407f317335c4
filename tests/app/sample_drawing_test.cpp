// A sample's returned view (samples::SampleView) reaches the scene
// renderer's inputs through the one conversion the window and the headless
// renderer share (animviewer::SampleDrawing): a fake sample returns a crowd,
// joint colours, a placement, ground marks and debug lines, and the frame
// inputs are checked against values written out here by hand.
#include <vector>

#include <gtest/gtest.h>

#include "app/sample_drawing.h"
#include "fake_sample.h"

namespace {

using app_test::FakeSample;

render::ViewOptions AllShown() {
  render::ViewOptions view;
  view.show_mesh = true;
  view.show_skeleton = true;
  view.show_grid = true;
  return view;
}

class SampleDrawingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    marks_ = {{{1.0f, 0.0f, 2.0f}, {1.0f, 0.0f, 0.0f, 0.5f}, 0.25f},
              {{-3.0f, 0.0f, 4.0f}, {0.0f, 1.0f, 0.0f, 1.0f}, 0.5f}};
    lines_ = {{{0.0f, 1.0f, 0.0f}, {0.0f, 2.0f, 0.0f}, {0.0f, 0.0f, 1.0f, 1.0f}},
              {{5.0f, 6.0f, 7.0f}, {8.0f, 9.0f, 10.0f}, {1.0f, 1.0f, 0.0f, 0.25f}}};
    crowd_.joint_count = 3;
    sample_.view.crowd = &crowd_;
    sample_.view.joint_colors = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
    sample_.view.character_world = glm::mat4(1.0f);
    sample_.view.character_world[3] = glm::vec4(4.0f, 0.5f, -2.0f, 1.0f);
    sample_.view.follow_camera = true;
    sample_.view.ground_marks = marks_;
    sample_.view.debug_lines = lines_;
  }

  std::vector<samples::GroundMark> marks_;
  std::vector<samples::DebugLine> lines_;
  samples::CrowdFrame crowd_;
  FakeSample sample_;
};

TEST_F(SampleDrawingTest, TheViewBecomesTheFramesInputs) {
  animviewer::SampleDrawing drawing;
  drawing.Read(&sample_);
  render::FrameInputs frame;
  drawing.Apply(AllShown(), &frame);

  EXPECT_TRUE(drawing.active);
  EXPECT_EQ(drawing.crowd, &crowd_);  // drawn by the crowd view instead of the character
  EXPECT_EQ(drawing.own_mesh, nullptr);
  // Under a crowd the single character's mesh, skeleton and grid are hidden.
  EXPECT_FALSE(frame.options.show_mesh);
  EXPECT_FALSE(frame.options.show_skeleton);
  EXPECT_FALSE(frame.options.show_grid);

  ASSERT_EQ(frame.joint_colors.size(), 3u);
  EXPECT_EQ(frame.joint_colors[0], glm::vec4(1, 0, 0, 1));
  EXPECT_EQ(frame.joint_colors[2], glm::vec4(0, 0, 1, 1));

  EXPECT_EQ(frame.world[3], glm::vec4(4.0f, 0.5f, -2.0f, 1.0f));
  EXPECT_EQ(frame.world[0], glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  EXPECT_TRUE(frame.grid_follows);
  EXPECT_EQ(frame.grid_focus, glm::vec3(4.0f, 0.5f, -2.0f));
  EXPECT_EQ(drawing.Position(), glm::vec3(4.0f, 0.5f, -2.0f));

  ASSERT_EQ(frame.ground_discs.size(), 2u);
  EXPECT_EQ(frame.ground_discs[0].center, glm::vec3(1.0f, 0.0f, 2.0f));
  EXPECT_EQ(frame.ground_discs[0].color, glm::vec4(1.0f, 0.0f, 0.0f, 0.5f));
  EXPECT_EQ(frame.ground_discs[0].radius, 0.25f);
  EXPECT_EQ(frame.ground_discs[1].center, glm::vec3(-3.0f, 0.0f, 4.0f));
  EXPECT_EQ(frame.ground_discs[1].radius, 0.5f);

  // Each line is a pair of vertices, both in the line's colour.
  ASSERT_EQ(frame.overlay_lines.size(), 4u);
  EXPECT_EQ(frame.overlay_lines[0].position, glm::vec3(0.0f, 1.0f, 0.0f));
  EXPECT_EQ(frame.overlay_lines[1].position, glm::vec3(0.0f, 2.0f, 0.0f));
  EXPECT_EQ(frame.overlay_lines[1].color, glm::vec4(0.0f, 0.0f, 1.0f, 1.0f));
  EXPECT_EQ(frame.overlay_lines[2].position, glm::vec3(5.0f, 6.0f, 7.0f));
  EXPECT_EQ(frame.overlay_lines[3].position, glm::vec3(8.0f, 9.0f, 10.0f));
  EXPECT_EQ(frame.overlay_lines[3].color, glm::vec4(1.0f, 1.0f, 0.0f, 0.25f));

  EXPECT_EQ(frame.ground, nullptr);  // the view has no ground mesh
}

TEST_F(SampleDrawingTest, AnOwnMeshHidesTheCharacterButKeepsTheGrid) {
  samples::OwnMeshes own;
  sample_.view = samples::SampleView{};
  sample_.view.own_mesh = &own;
  animviewer::SampleDrawing drawing;
  drawing.Read(&sample_);
  render::FrameInputs frame;
  drawing.Apply(AllShown(), &frame);
  EXPECT_EQ(drawing.own_mesh, &own);
  EXPECT_EQ(drawing.crowd, nullptr);
  EXPECT_FALSE(frame.options.show_mesh);
  EXPECT_FALSE(frame.options.show_skeleton);
  EXPECT_TRUE(frame.options.show_grid);
}

// Read again (every frame): what the sample no longer returns goes, and
// without a sample the frame is the plain character's.
TEST_F(SampleDrawingTest, EachReadReplacesThePreviousOne) {
  animviewer::SampleDrawing drawing;
  drawing.Read(&sample_);
  marks_.pop_back();
  sample_.view.ground_marks = marks_;
  sample_.view.debug_lines = {};
  sample_.view.joint_colors.clear();
  drawing.Read(&sample_);
  render::FrameInputs frame;
  drawing.Apply(AllShown(), &frame);
  EXPECT_EQ(frame.ground_discs.size(), 1u);
  EXPECT_TRUE(frame.overlay_lines.empty());
  EXPECT_TRUE(frame.joint_colors.empty());

  drawing.Read(nullptr);
  render::FrameInputs plain;
  drawing.Apply(AllShown(), &plain);
  EXPECT_FALSE(drawing.active);
  EXPECT_EQ(drawing.crowd, nullptr);
  EXPECT_TRUE(plain.options.show_mesh);
  EXPECT_TRUE(plain.options.show_skeleton);
  EXPECT_TRUE(plain.options.show_grid);
  EXPECT_EQ(plain.world, glm::mat4(1.0f));
  EXPECT_FALSE(plain.grid_follows);
  EXPECT_TRUE(plain.ground_discs.empty());
  EXPECT_TRUE(plain.overlay_lines.empty());
  EXPECT_TRUE(plain.joint_colors.empty());
}

}  // namespace
