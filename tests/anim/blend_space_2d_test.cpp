#include "anim/control/blend_space_2d.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace {

using Mode = anim::BlendSpace2D::Mode;

std::vector<float> WeightsAt(const anim::BlendSpace2D& space, glm::vec2 p) {
  std::vector<float> w(space.PointCount(), -1.0f);
  space.Weights(p, w);
  return w;
}

void ExpectWeights(const std::vector<float>& actual, const std::vector<float>& expected,
                   float tol = 1e-6f) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_NEAR(actual[i], expected[i], tol) << "weight " << i;
}

double Sum(const std::vector<float>& w) {
  double s = 0.0;
  for (float v : w) s += v;
  return s;
}

glm::dvec2 Reconstruct(const anim::BlendSpace2D& space, const std::vector<float>& w) {
  glm::dvec2 r(0.0);
  for (int i = 0; i < space.PointCount(); ++i)
    r += static_cast<double>(w[i]) * glm::dvec2(space.Point(i));
  return r;
}

void ExpectEachPointReproducedExactly(const anim::BlendSpace2D& space) {
  for (int i = 0; i < space.PointCount(); ++i) {
    const std::vector<float> w = WeightsAt(space, space.Point(i));
    for (int j = 0; j < space.PointCount(); ++j)
      EXPECT_EQ(w[j], i == j ? 1.0f : 0.0f) << "at point " << i << ", weight " << j;
  }
}

// Independent convex hull (Andrew's monotone chain), counter-clockwise.
std::vector<glm::dvec2> ConvexHull(std::vector<glm::dvec2> p) {
  std::sort(p.begin(), p.end(),
            [](auto a, auto b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  const auto cross = [](glm::dvec2 o, glm::dvec2 a, glm::dvec2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<glm::dvec2> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

double PolygonArea(const std::vector<glm::dvec2>& poly) {
  double a = 0.0;
  for (size_t i = 0; i < poly.size(); ++i) {
    const glm::dvec2 u = poly[i], v = poly[(i + 1) % poly.size()];
    a += u.x * v.y - v.x * u.y;
  }
  return 0.5 * a;
}

double TriangleArea(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
  return 0.5 * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

glm::dvec2 NearestOnPolygon(const std::vector<glm::dvec2>& poly, glm::dvec2 p) {
  glm::dvec2 best(0.0);
  double best_d = 1e300;
  for (size_t i = 0; i < poly.size(); ++i) {
    const glm::dvec2 a = poly[i], b = poly[(i + 1) % poly.size()];
    const double t = std::clamp(glm::dot(p - a, b - a) / glm::dot(b - a, b - a), 0.0, 1.0);
    const glm::dvec2 q = a + t * (b - a);
    if (glm::distance(p, q) < best_d) best_d = glm::distance(p, q), best = q;
  }
  return best;
}

bool InsidePolygon(const std::vector<glm::dvec2>& ccw, glm::dvec2 p) {
  for (size_t i = 0; i < ccw.size(); ++i)
    if (TriangleArea(ccw[i], ccw[(i + 1) % ccw.size()], p) < 0.0) return false;
  return true;
}

// The checks every triangulation must pass: Delaunay (no point strictly
// inside any circumcircle), every point a vertex, triangles tiling the
// convex hull (their areas sum to the hull's, none inverted or empty).
void ExpectDelaunayTilingOfHull(const anim::BlendSpace2D& space) {
  ASSERT_EQ(space.GetMode(), Mode::kTriangulated);
  const int n = space.PointCount();
  std::vector<glm::dvec2> pts(n);
  double size = 0.0;
  for (int i = 0; i < n; ++i)
    pts[i] = glm::dvec2(space.Point(i)), size = std::max(size, glm::length(pts[i]));
  std::vector<bool> used(n, false);
  double area = 0.0;
  for (const auto& t : space.Triangles()) {
    const glm::dvec2 a = pts[t[0]], b = pts[t[1]], c = pts[t[2]];
    const double ta = TriangleArea(a, b, c);
    EXPECT_GT(ta, 0.0) << "triangle " << t[0] << " " << t[1] << " " << t[2]
                       << " is not counter-clockwise";
    area += ta;
    for (int v : t) used[v] = true;
    // Circumcircle by the textbook formula, independent of the library's.
    const double d = 2.0 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
    const glm::dvec2 center((glm::dot(a, a) * (b.y - c.y) + glm::dot(b, b) * (c.y - a.y) +
                             glm::dot(c, c) * (a.y - b.y)) /
                                d,
                            (glm::dot(a, a) * (c.x - b.x) + glm::dot(b, b) * (a.x - c.x) +
                             glm::dot(c, c) * (b.x - a.x)) /
                                d);
    const double r = glm::distance(a, center);
    for (int i = 0; i < n; ++i) {
      if (i == t[0] || i == t[1] || i == t[2]) continue;
      EXPECT_GE(glm::distance(pts[i], center), r - 1e-9 * std::max(1.0, size))
          << "point " << i << " inside the circumcircle of " << t[0] << " " << t[1] << " " << t[2];
    }
  }
  for (int i = 0; i < n; ++i) EXPECT_TRUE(used[i]) << "point " << i << " is in no triangle";
  EXPECT_NEAR(area, PolygonArea(ConvexHull(pts)), 1e-9 * std::max(1.0, size * size));
}

TEST(BlendSpace2D, OnePointHasWeightOneEverywhere) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(std::vector<glm::vec2>{{1.0f, 2.0f}}, nullptr));
  EXPECT_EQ(space.GetMode(), Mode::kSinglePoint);
  for (glm::vec2 p : {glm::vec2(1, 2), glm::vec2(-50, 3), glm::vec2(NAN, 0)})
    EXPECT_EQ(WeightsAt(space, p), std::vector<float>{1.0f});
}

TEST(BlendSpace2D, TwoPointsBlendAlongTheirLine) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(std::vector<glm::vec2>{{0, 0}, {2, 0}}, nullptr));
  EXPECT_EQ(space.GetMode(), Mode::kLine);
  ExpectWeights(WeightsAt(space, {0.5f, 3.0f}), {0.75f, 0.25f});  // projects to (0.5, 0)
  ExpectWeights(WeightsAt(space, {-1.0f, -1.0f}), {1.0f, 0.0f});  // clamped to the end
  ExpectEachPointReproducedExactly(space);
}

TEST(BlendSpace2D, CollinearPointsBlendAlongTheLine) {
  // On the diagonal y = x, given out of order.
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(std::vector<glm::vec2>{{3, 3}, {0, 0}, {1, 1}}, nullptr));
  EXPECT_EQ(space.GetMode(), Mode::kLine);
  EXPECT_TRUE(space.Triangles().empty());
  EXPECT_EQ(space.Edges().size(), 2u);
  // The edges join neighbours along the line: (0, 0)-(1, 1) and (1, 1)-(3, 3).
  std::set<std::pair<int, int>> edges;
  for (const auto& e : space.Edges()) edges.insert({std::min(e[0], e[1]), std::max(e[0], e[1])});
  EXPECT_EQ(edges, (std::set<std::pair<int, int>>{{1, 2}, {0, 2}}));
  // (2.5, 1.5) projects to (2, 2): halfway from (1, 1) to (3, 3).
  ExpectWeights(WeightsAt(space, {2.5f, 1.5f}), {0.5f, 0.0f, 0.5f});
  // (0.25, 0.75) projects to (0.5, 0.5): halfway from (0, 0) to (1, 1).
  ExpectWeights(WeightsAt(space, {0.25f, 0.75f}), {0.0f, 0.5f, 0.5f});
  ExpectEachPointReproducedExactly(space);
}

TEST(BlendSpace2D, BarycentricInsideATriangle) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(std::vector<glm::vec2>{{0, 0}, {4, 0}, {0, 4}}, nullptr));
  ASSERT_EQ(space.GetMode(), Mode::kTriangulated);
  ASSERT_EQ(space.Triangles().size(), 1u);
  // In the right triangle (0,0),(4,0),(0,4): beta = x / 4, gamma = y / 4,
  // alpha = 1 - beta - gamma.
  ExpectWeights(WeightsAt(space, {1, 1}), {0.5f, 0.25f, 0.25f});
  ExpectWeights(WeightsAt(space, {3, 0.5f}), {0.125f, 0.75f, 0.125f});
  ExpectWeights(WeightsAt(space, {2, 0}), {0.5f, 0.5f, 0.0f});  // on an edge
  ExpectEachPointReproducedExactly(space);
}

TEST(BlendSpace2D, OutsideTheHullUsesTheNearestEdge) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(std::vector<glm::vec2>{{0, 0}, {4, 0}, {0, 4}}, nullptr));
  ExpectWeights(WeightsAt(space, {2, -3}), {0.5f, 0.5f, 0.0f});     // nearest (2, 0)
  ExpectWeights(WeightsAt(space, {3, 3}), {0.0f, 0.5f, 0.5f});      // nearest (2, 2)
  ExpectWeights(WeightsAt(space, {4, 3}), {0.0f, 0.625f, 0.375f});  // nearest (2.5, 1.5)
  ExpectWeights(WeightsAt(space, {6, -1}), {0.0f, 1.0f, 0.0f});     // nearest the corner (4, 0)
  ExpectWeights(WeightsAt(space, {-1, 1}), {0.75f, 0.0f, 0.25f});   // nearest (0, 1)
  ExpectWeights(WeightsAt(space, {1e30f, INFINITY}), {0.0f, 0.5f, 0.5f});  // far along the diagonal
}

TEST(BlendSpace2D, SquareWithCentreGivesFourTriangles) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(
      space.Build(std::vector<glm::vec2>{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}, {0, 0}}, nullptr));
  EXPECT_EQ(space.Triangles().size(), 4u);
  EXPECT_EQ(space.Edges().size(), 8u);
  EXPECT_EQ(space.HullEdges().size(), 4u);
  ExpectDelaunayTilingOfHull(space);
  ExpectEachPointReproducedExactly(space);
  // (0.5, 0) is in the right triangle (0,0),(1,-1),(1,1): halfway to its
  // outer edge's midpoint, so centre 0.5 and each right corner 0.25.
  ExpectWeights(WeightsAt(space, {0.5f, 0.0f}), {0.0f, 0.25f, 0.25f, 0.0f, 0.5f});
}

TEST(BlendSpace2D, CoCircularGridPointsTriangulateValidly) {
  // A 3 x 3 grid: every cell's corners are co-circular, so either diagonal
  // is Delaunay; the result must still tile the hull and be linear-precise.
  std::vector<glm::vec2> pts;
  for (int y = 0; y < 3; ++y)
    for (int x = -1; x <= 1; ++x) pts.push_back({static_cast<float>(x), 1.5f * y});
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.Build(pts, nullptr));
  EXPECT_EQ(space.Triangles().size(), 8u);
  ExpectDelaunayTilingOfHull(space);
  ExpectEachPointReproducedExactly(space);
  for (glm::vec2 p : {glm::vec2(0.3f, 0.7f), glm::vec2(-0.9f, 2.9f), glm::vec2(0.5f, 1.5f)}) {
    const std::vector<float> w = WeightsAt(space, p);
    EXPECT_NEAR(Sum(w), 1.0, 1e-6);
    const glm::dvec2 r = Reconstruct(space, w);
    EXPECT_NEAR(r.x, p.x, 1e-6);
    EXPECT_NEAR(r.y, p.y, 1e-6);
  }
}

TEST(BlendSpace2D, RandomPointSetsAreDelaunayAndWeightsReconstructThePoint) {
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> coord(-5.0f, 5.0f);
  for (int set = 0; set < 500; ++set) {
    const int n = 3 + set % 30;
    std::vector<glm::vec2> pts(n);
    for (glm::vec2& p : pts) p = {coord(rng), coord(rng)};
    anim::BlendSpace2D space;
    std::string error;
    ASSERT_TRUE(space.Build(pts, &error)) << error;
    SCOPED_TRACE("set " + std::to_string(set) + ", " + std::to_string(n) + " points");
    ExpectDelaunayTilingOfHull(space);
    ExpectEachPointReproducedExactly(space);
    std::vector<glm::dvec2> dpts(pts.begin(), pts.end());
    const std::vector<glm::dvec2> hull = ConvexHull(dpts);
    for (int k = 0; k < 50; ++k) {
      const glm::vec2 p{1.4f * coord(rng), 1.4f * coord(rng)};
      const std::vector<float> w = WeightsAt(space, p);
      EXPECT_NEAR(Sum(w), 1.0, 1e-6);
      for (float v : w) EXPECT_GE(v, 0.0f);
      // Barycentric (and edge) weights have linear precision: the weighted
      // points give back p inside the hull, its nearest hull point outside.
      const glm::dvec2 expected = InsidePolygon(hull, glm::dvec2(p))
                                      ? glm::dvec2(p)
                                      : NearestOnPolygon(hull, glm::dvec2(p));
      const glm::dvec2 r = Reconstruct(space, w);
      EXPECT_NEAR(r.x, expected.x, 2e-5);
      EXPECT_NEAR(r.y, expected.y, 2e-5);
    }
  }
}

TEST(BlendSpace2D, LatticeSubsetsWithCollinearAndCoCircularPointsTileTheHull) {
  // Points of a 5 x 5 integer lattice: many co-circular quadruples and
  // collinear hull points, the cases where Bowyer-Watson is most fragile.
  std::mt19937 rng(7);
  for (int set = 0; set < 300; ++set) {
    std::vector<glm::vec2> pts;
    for (int y = 0; y < 5; ++y) {
      for (int x = 0; x < 5; ++x)
        if (rng() % 3 == 0) pts.push_back({static_cast<float>(x), static_cast<float>(y)});
    }
    anim::BlendSpace2D space;
    if (!space.Build(pts, nullptr) || space.GetMode() != Mode::kTriangulated) continue;
    SCOPED_TRACE("lattice set " + std::to_string(set));
    ExpectDelaunayTilingOfHull(space);
    ExpectEachPointReproducedExactly(space);
  }
}

TEST(BlendSpace2D, RejectsDuplicatesAndNonFinitePoints) {
  anim::BlendSpace2D space;
  std::string error;
  EXPECT_FALSE(space.Build(std::vector<glm::vec2>{}, &error));
  EXPECT_NE(error.find("no points"), std::string::npos) << error;
  EXPECT_FALSE(space.Build(std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}, {1, 0}}, &error));
  EXPECT_NE(error.find("points 1 and 3 are the same (1, 0)"), std::string::npos) << error;
  EXPECT_EQ(space.GetMode(), Mode::kEmpty);
  EXPECT_FALSE(
      space.Build(std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}, {1.0f + 1e-8f, 1e-7f}}, &error));
  EXPECT_NE(error.find("points 1 and 3 are too close to tell apart"), std::string::npos) << error;
  EXPECT_FALSE(space.Build(std::vector<glm::vec2>{{0, 0}, {1, NAN}}, &error));
  EXPECT_NE(error.find("point 1 is not finite"), std::string::npos) << error;
  EXPECT_FALSE(space.BuildGrid(std::vector<glm::vec2>{{0, 0}, {0, 0}}, &error));
  EXPECT_NE(error.find("points 0 and 1 are the same"), std::string::npos) << error;
  std::vector<float> w(3, -1.0f);
  space.Weights({0, 0}, w);  // empty space: zero-filled, no crash
  EXPECT_EQ(w, (std::vector<float>{0, 0, 0}));
}

// A 3 x 2 grid, x in {-1, 0, 1}, y in {0, 2}, shuffled.
const std::vector<glm::vec2> kGrid = {{1, 2}, {-1, 0}, {0, 0}, {0, 2}, {1, 0}, {-1, 2}};

TEST(BlendSpace2D, GridIsBilinear) {
  anim::BlendSpace2D space;
  std::string error;
  ASSERT_TRUE(space.BuildGrid(kGrid, &error)) << error;
  EXPECT_EQ(space.GetMode(), Mode::kGrid);
  EXPECT_EQ(space.Edges().size(), 7u);  // 2 x 2 horizontal + 3 vertical
  ExpectEachPointReproducedExactly(space);
  // (0.5, 0.5): cell x in [0, 1], y in [0, 2]; tx = 0.5, ty = 0.25.
  // (0,0): 0.5*0.75, (1,0): 0.5*0.75, (0,2): 0.5*0.25, (1,2): 0.5*0.25.
  ExpectWeights(WeightsAt(space, {0.5f, 0.5f}), {0.125f, 0.0f, 0.375f, 0.125f, 0.375f, 0.0f});
  // (-0.8, 1.5): tx = 0.2 in [-1, 0], ty = 0.75.
  ExpectWeights(WeightsAt(space, {-0.8f, 1.5f}),
                {0.0f, 0.8f * 0.25f, 0.2f * 0.25f, 0.2f * 0.75f, 0.0f, 0.8f * 0.75f});
  // Clamped to the grid: below-right is the corner (1, 0); above the middle is (0, 2).
  ExpectWeights(WeightsAt(space, {5, -3}), {0, 0, 0, 0, 1, 0});
  ExpectWeights(WeightsAt(space, {0, 9}), {0, 0, 0, 1, 0, 0});
  for (int k = 0; k < 1000; ++k) {
    const int column = k % 37;  // a 37 x 28 grid
    const int row = k / 37;
    const glm::vec2 p{-1.5f + 3.0f * static_cast<float>(column) / 36.0f,
                      -0.5f + 3.0f * static_cast<float>(row) / 27.0f};
    EXPECT_NEAR(Sum(WeightsAt(space, p)), 1.0, 1e-6);
  }
}

TEST(BlendSpace2D, GridOfOneRowIsLinear) {
  anim::BlendSpace2D space;
  ASSERT_TRUE(space.BuildGrid(std::vector<glm::vec2>{{2, 1}, {0, 1}, {1, 1}}, nullptr));
  ExpectWeights(WeightsAt(space, {1.5f, 7.0f}), {0.5f, 0.0f, 0.5f});
  ExpectEachPointReproducedExactly(space);
}

TEST(BlendSpace2D, IncompleteGridNamesTheMissingPoint) {
  std::vector<glm::vec2> pts = kGrid;
  pts.erase(pts.begin() + 3);  // drop (0, 2)
  anim::BlendSpace2D space;
  std::string error;
  EXPECT_FALSE(space.BuildGrid(pts, &error));
  EXPECT_NE(error.find("no point at (0, 2)"), std::string::npos) << error;
  EXPECT_EQ(space.GetMode(), Mode::kEmpty);
  pts.push_back({0.5f, 2.0f});  // right count, wrong place: x = 0.5 makes a 4 x 2 grid
  EXPECT_FALSE(space.BuildGrid(pts, &error));
  EXPECT_NE(error.find("no point at (0.5, 0)"), std::string::npos) << error;
  EXPECT_NE(error.find("4 x values by 2 y values needs all 8 combinations, got 6 points"),
            std::string::npos)
      << error;
}

}  // namespace
