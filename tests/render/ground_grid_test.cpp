// The grid's cell size follows the model's size in the model's own units.
#include <gtest/gtest.h>

#include "render/ground_grid.h"

namespace {

TEST(GroundGrid, NiceStepRoundsUpToOneTwoFive) {
  EXPECT_FLOAT_EQ(render::NiceStep(0.17f), 0.2f);
  EXPECT_FLOAT_EQ(render::NiceStep(0.2f), 0.2f);
  EXPECT_FLOAT_EQ(render::NiceStep(0.3f), 0.5f);
  EXPECT_FLOAT_EQ(render::NiceStep(7.0f), 10.0f);
  EXPECT_FLOAT_EQ(render::NiceStep(17.0f), 20.0f);
  EXPECT_FLOAT_EQ(render::NiceStep(1.0f), 1.0f);
}

TEST(GroundGrid, CellScalesWithModelUnits) {
  render::Bounds metres;
  metres.Extend({-0.3f, 0.0f, -0.2f});
  metres.Extend({0.3f, 1.7f, 0.2f});
  render::Bounds centimetres;
  centimetres.Extend({-30.0f, 0.0f, -20.0f});
  centimetres.Extend({30.0f, 170.0f, 20.0f});
  const render::GridLayout a = render::LayoutGridFor(metres);
  const render::GridLayout b = render::LayoutGridFor(centimetres);
  EXPECT_FLOAT_EQ(a.cell, 0.2f);
  EXPECT_FLOAT_EQ(b.cell, 20.0f);
  EXPECT_EQ(a.half_cells, b.half_cells);
  // The grid reaches well past the model on every side.
  EXPECT_GE(a.HalfExtent(), 1.7f * 2.0f);
  EXPECT_EQ(a.center.y, 0.0f);
}

TEST(GroundGrid, LinesLieOnGroundAndSpanTheExtent) {
  render::GridLayout layout;
  layout.cell = 0.5f;
  layout.half_cells = 4;
  const auto lines = render::GridLines(layout);
  EXPECT_EQ(lines.size(), 4u * 9u);
  float max_x = -1e9f;
  for (const auto& v : lines) {
    EXPECT_EQ(v.position.y, 0.0f);
    max_x = std::max(max_x, v.position.x);
  }
  EXPECT_FLOAT_EQ(max_x, 2.0f);
}

}  // namespace
