#include "anim/control/blend_space_2d.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <utility>

#include "anim/core/error_text.h"

namespace anim {

namespace {

std::string Format(float v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", static_cast<double>(v));
  return buffer;
}

// Twice the signed area of (a, b, c): > 0 when counter-clockwise.
double Cross(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

struct WorkTriangle {
  std::array<int, 3> v;
  glm::dvec2 center;
  double radius2;
};

WorkTriangle MakeWorkTriangle(const std::vector<glm::dvec2>& pts, int a, int b, int c) {
  if (Cross(pts[a], pts[b], pts[c]) < 0.0) std::swap(b, c);
  const glm::dvec2 A = pts[a], B = pts[b], C = pts[c];
  const double d = 2.0 * (A.x * (B.y - C.y) + B.x * (C.y - A.y) + C.x * (A.y - B.y));
  const double a2 = glm::dot(A, A), b2 = glm::dot(B, B), c2 = glm::dot(C, C);
  glm::dvec2 center((a2 * (B.y - C.y) + b2 * (C.y - A.y) + c2 * (A.y - B.y)) / d,
                    (a2 * (C.x - B.x) + b2 * (A.x - C.x) + c2 * (B.x - A.x)) / d);
  const glm::dvec2 r = A - center;
  return WorkTriangle{{a, b, c}, center, glm::dot(r, r)};
}

// Bowyer-Watson: insert the points one by one into a triangulation that
// starts as one super-triangle containing them all; each insertion removes
// the triangles whose circumcircle strictly contains the new point (the
// "cavity") and connects the point to the cavity's boundary. Points are in
// a unit-sized frame; the super-triangle is 1e4 times larger, so only hull
// points within ~1e-4 of being collinear could lose a sliver triangle (the
// weights then use the nearest boundary edge there, still continuous).
std::vector<std::array<int, 3>> Triangulate(const std::vector<glm::dvec2>& unit_points) {
  const int n = static_cast<int>(unit_points.size());
  std::vector<glm::dvec2> pts = unit_points;
  constexpr double kBig = 1e4;
  pts.push_back({-3.0 * kBig, -3.0 * kBig});
  pts.push_back({3.0 * kBig, -3.0 * kBig});
  pts.push_back({0.0, 3.0 * kBig});
  std::vector<WorkTriangle> triangles{MakeWorkTriangle(pts, n, n + 1, n + 2)};
  std::vector<std::array<int, 2>> cavity_edges;
  for (int i = 0; i < n; ++i) {
    const glm::dvec2 p = pts[i];
    cavity_edges.clear();
    std::vector<WorkTriangle> kept;
    kept.reserve(triangles.size() + 2);
    for (const WorkTriangle& t : triangles) {
      const glm::dvec2 d = p - t.center;
      // Strictly inside, with a relative margin: a point on the circle (four
      // co-circular grid corners) keeps the existing, equally valid triangle.
      if (glm::dot(d, d) < t.radius2 * (1.0 - 1e-10)) {
        for (int e = 0; e < 3; ++e) cavity_edges.push_back({t.v[e], t.v[(e + 1) % 3]});
      } else {
        kept.push_back(t);
      }
    }
    // The cavity's boundary: edges of removed triangles that only one of them has.
    for (size_t e = 0; e < cavity_edges.size(); ++e) {
      const auto [a, b] = cavity_edges[e];
      bool shared = false;
      for (size_t f = 0; f < cavity_edges.size() && !shared; ++f)
        shared = f != e && cavity_edges[f][0] == b && cavity_edges[f][1] == a;
      if (!shared && std::abs(Cross(pts[a], pts[b], p)) > 1e-14)
        kept.push_back(MakeWorkTriangle(pts, a, b, i));
    }
    triangles = std::move(kept);
  }
  std::vector<std::array<int, 3>> out;
  for (const WorkTriangle& t : triangles) {
    if (t.v[0] < n && t.v[1] < n && t.v[2] < n) out.push_back(t.v);
  }
  return out;
}

}  // namespace

void BlendSpace2D::Clear() {
  mode_ = Mode::kEmpty;
  points_.clear();
  triangles_.clear();
  edges_.clear();
  hull_edges_.clear();
  line_ = BlendSpace1D();
  grid_x_ = BlendSpace1D();
  grid_y_ = BlendSpace1D();
  xs_.clear();
  ys_.clear();
  grid_.clear();
}

bool BlendSpace2D::CheckPoints(std::span<const glm::vec2> points, double tolerance,
                               std::string* error) const {
  if (points.empty()) {
    SetError(error, "blend space 2D: no points (it needs at least one clip)");
    return false;
  }
  for (size_t i = 0; i < points.size(); ++i) {
    if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y)) {
      SetError(error, "blend space 2D: point " + std::to_string(i) + " is not finite");
      return false;
    }
  }
  for (size_t i = 0; i < points.size(); ++i) {
    for (size_t j = i + 1; j < points.size(); ++j) {
      if (glm::distance(glm::dvec2(points[i]), glm::dvec2(points[j])) <= tolerance) {
        const bool equal = points[i] == points[j];
        SetError(error, "blend space 2D: points " + std::to_string(i) + " and " +
                            std::to_string(j) +
                            (equal ? " are the same (" : " are too close to tell apart (") +
                            Format(points[i].x) + ", " + Format(points[i].y) +
                            (equal ? ")" : ", within 1e-6 of the layout's size)"));
        return false;
      }
    }
  }
  return true;
}

bool BlendSpace2D::Build(std::span<const glm::vec2> points, std::string* error) {
  Clear();
  if (!CheckPoints(points, 0.0, error)) return false;
  const int n = static_cast<int>(points.size());
  // Size of the layout, and the two points farthest apart (the line's ends
  // when everything is collinear).
  double extent = 0.0;
  int far_a = 0, far_b = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const double d = glm::distance(glm::dvec2(points[i]), glm::dvec2(points[j]));
      if (d > extent) extent = d, far_a = i, far_b = j;
    }
  }
  if (!CheckPoints(points, 1e-6 * extent, error)) return false;
  points_.assign(points.begin(), points.end());
  if (n == 1) {
    mode_ = Mode::kSinglePoint;
    return true;
  }

  // Collinear (within 1e-6 of the extent): a 1D space along the line.
  const glm::dvec2 a(points[far_a]), b(points[far_b]);
  double off_line = 0.0;
  for (int i = 0; i < n; ++i)
    off_line = std::max(off_line, std::abs(Cross(a, b, glm::dvec2(points[i]))) / extent);
  if (off_line <= 1e-6 * extent) {
    line_origin_ = points[far_a];
    line_direction_ = glm::vec2(glm::normalize(b - a));
    std::vector<float> s(n);
    for (int i = 0; i < n; ++i) s[i] = glm::dot(points[i] - line_origin_, line_direction_);
    if (!line_.Build(s, error)) {
      Clear();
      return false;
    }
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int l, int r) { return s[l] < s[r]; });
    for (int k = 1; k < n; ++k) edges_.push_back({order[k - 1], order[k]});
    mode_ = Mode::kLine;
    return true;
  }

  // Triangulate in a unit frame centred on the bounding box, so the
  // super-triangle and the tolerances do not depend on the caller's units.
  glm::dvec2 lo(points[0]), hi(points[0]);
  for (const glm::vec2& p : points)
    lo = glm::min(lo, glm::dvec2(p)), hi = glm::max(hi, glm::dvec2(p));
  const glm::dvec2 center = 0.5 * (lo + hi);
  std::vector<glm::dvec2> unit(n);
  for (int i = 0; i < n; ++i) unit[i] = (glm::dvec2(points[i]) - center) / extent;
  triangles_ = Triangulate(unit);
  if (triangles_.empty()) {  // cannot happen for non-collinear points; never index an empty hull
    SetError(error, "blend space 2D: the points could not be triangulated");
    Clear();
    return false;
  }

  // Edges once each; an edge only one triangle uses lies on the boundary.
  std::map<std::pair<int, int>, int> uses;
  for (const auto& t : triangles_) {
    for (int e = 0; e < 3; ++e) {
      const int u = t[e], v = t[(e + 1) % 3];
      ++uses[{std::min(u, v), std::max(u, v)}];
    }
  }
  for (const auto& [edge, count] : uses) {
    edges_.push_back({edge.first, edge.second});
    if (count == 1) hull_edges_.push_back({edge.first, edge.second});
  }
  mode_ = Mode::kTriangulated;
  return true;
}

bool BlendSpace2D::BuildGrid(std::span<const glm::vec2> points, std::string* error) {
  Clear();
  if (!CheckPoints(points, 0.0, error)) return false;
  std::vector<float> xs, ys;
  for (const glm::vec2& p : points) xs.push_back(p.x), ys.push_back(p.y);
  std::sort(xs.begin(), xs.end());
  std::sort(ys.begin(), ys.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
  const int nx = static_cast<int>(xs.size()), ny = static_cast<int>(ys.size());
  std::vector<int> grid(static_cast<size_t>(nx) * ny, -1);
  for (size_t i = 0; i < points.size(); ++i) {
    const int ix =
        static_cast<int>(std::lower_bound(xs.begin(), xs.end(), points[i].x) - xs.begin());
    const int iy =
        static_cast<int>(std::lower_bound(ys.begin(), ys.end(), points[i].y) - ys.begin());
    grid[static_cast<size_t>(iy) * nx + ix] = static_cast<int>(i);
  }
  for (int iy = 0; iy < ny; ++iy) {
    for (int ix = 0; ix < nx; ++ix) {
      if (grid[static_cast<size_t>(iy) * nx + ix] < 0) {
        SetError(error, "blend space 2D grid: no point at (" + Format(xs[ix]) + ", " +
                            Format(ys[iy]) + "); a grid of " + std::to_string(nx) +
                            " x values by " + std::to_string(ny) + " y values needs all " +
                            std::to_string(nx * ny) + " combinations, got " +
                            std::to_string(points.size()) + " points");
        return false;
      }
    }
  }
  if (!grid_x_.Build(xs, error) || !grid_y_.Build(ys, error)) {
    Clear();
    return false;
  }
  points_.assign(points.begin(), points.end());
  xs_ = std::move(xs);
  ys_ = std::move(ys);
  grid_ = std::move(grid);
  for (int iy = 0; iy < ny; ++iy) {
    for (int ix = 0; ix < nx; ++ix) {
      const int here = grid_[static_cast<size_t>(iy) * nx + ix];
      if (ix + 1 < nx) edges_.push_back({here, grid_[static_cast<size_t>(iy) * nx + ix + 1]});
      if (iy + 1 < ny) edges_.push_back({here, grid_[static_cast<size_t>(iy + 1) * nx + ix]});
    }
  }
  mode_ = points_.size() == 1 ? Mode::kSinglePoint : Mode::kGrid;
  return true;
}

void BlendSpace2D::Weights(glm::vec2 p, std::span<float> weights) const {
  std::fill(weights.begin(), weights.end(), 0.0f);
  if (static_cast<int>(weights.size()) != PointCount() || PointCount() == 0) return;
  if (std::isnan(p.x) || std::isnan(p.y)) p = points_[0];
  // Infinite coordinates become merely huge: projections stay finite in double.
  p = glm::clamp(p, glm::vec2(-1e18f), glm::vec2(1e18f));
  switch (mode_) {
    case Mode::kEmpty: return;
    case Mode::kSinglePoint: weights[0] = 1.0f; return;
    case Mode::kLine: line_.Weights(glm::dot(p - line_origin_, line_direction_), weights); return;
    case Mode::kGrid: GridWeights(p, weights); return;
    case Mode::kTriangulated: TriangulatedWeights(glm::dvec2(p), weights); return;
  }
}

void BlendSpace2D::GridWeights(glm::vec2 p, std::span<float> weights) const {
  // Bilinear = two LERPs along x (bottom and top edge of the
  // cell), then one along y. Each 1D Locate clamps to the grid.
  const int nx = static_cast<int>(xs_.size());
  const BlendSpace1D::Segment sx = grid_x_.Locate(p.x);
  const BlendSpace1D::Segment sy = grid_y_.Locate(p.y);
  const auto at = [&](int ix, int iy) { return grid_[static_cast<size_t>(iy) * nx + ix]; };
  // += because a one-row or one-column grid has a == b on that axis.
  weights[at(sx.a, sy.a)] += (1.0f - sx.t) * (1.0f - sy.t);
  weights[at(sx.b, sy.a)] += sx.t * (1.0f - sy.t);
  weights[at(sx.a, sy.b)] += (1.0f - sx.t) * sy.t;
  weights[at(sx.b, sy.b)] += sx.t * sy.t;
}

void BlendSpace2D::TriangulatedWeights(glm::dvec2 p, std::span<float> weights) const {
  // A clip's own point: exactly weight 1, whatever rounding would give.
  for (int i = 0; i < PointCount(); ++i) {
    if (glm::dvec2(points_[i]) == p) {
      weights[i] = 1.0f;
      return;
    }
  }
  // Barycentric coordinates in the containing triangle. The triangle whose
  // smallest coordinate is largest wins, so a point on a shared edge (or a
  // hair outside one by rounding) picks a triangle deterministically.
  int best = -1;
  glm::dvec3 best_bary(0.0);
  double best_min = -1e-9;
  for (size_t t = 0; t < triangles_.size(); ++t) {
    const glm::dvec2 a(points_[triangles_[t][0]]), b(points_[triangles_[t][1]]),
        c(points_[triangles_[t][2]]);
    const double area = Cross(a, b, c);
    const glm::dvec3 bary(Cross(p, b, c) / area, Cross(a, p, c) / area, Cross(a, b, p) / area);
    const double lowest = std::min({bary.x, bary.y, bary.z});
    if (lowest > best_min) best_min = lowest, best = static_cast<int>(t), best_bary = bary;
  }
  if (best >= 0) {
    const glm::dvec3 w = glm::max(best_bary, glm::dvec3(0.0));
    const double sum = w.x + w.y + w.z;
    for (int k = 0; k < 3; ++k) weights[triangles_[best][k]] = static_cast<float>(w[k] / sum);
    return;
  }
  // Outside the hull: the nearest point on the boundary, and that edge's
  // linear weights (continuous with the barycentric ones on the edge, where
  // the opposite vertex's coordinate is 0).
  double nearest = std::numeric_limits<double>::infinity();
  int edge = 0;
  double edge_t = 0.0;
  for (size_t e = 0; e < hull_edges_.size(); ++e) {
    const glm::dvec2 a(points_[hull_edges_[e][0]]), b(points_[hull_edges_[e][1]]);
    const glm::dvec2 ab = b - a;
    const double t = std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0, 1.0);
    const double d = glm::distance(p, a + t * ab);
    if (d < nearest) nearest = d, edge = static_cast<int>(e), edge_t = t;
  }
  const float t = static_cast<float>(edge_t);
  weights[hull_edges_[edge][0]] = 1.0f - t;
  weights[hull_edges_[edge][1]] += t;
}

}  // namespace anim
