// BlendSpace2D: clips placed at 2D points, for example (direction, speed).
// Both ways to blend them that "Game Engine Architecture" (Jason Gregory)
// describes are here:
//
// - Triangulated (Build): a Delaunay triangulation of the points; inside a
//   triangle the three clips get the barycentric weights alpha, beta, gamma
//   (alpha + beta + gamma = 1) of the parameter point. Outside the convex
//   hull the point is moved to the nearest point of the hull boundary and
//   that edge's two clips get the 1D LERP weights along it, so weights never
//   go negative and change continuously across the boundary.
// - Grid (BuildGrid): the points form a full rectangular grid; inside a cell
//   the four corner clips are blended bilinearly (two LERPs along x on the
//   cell's bottom and top edge, then one along y), and the point is clamped
//   to the grid first.
//
// Degenerate layouts (Build): one point always gets weight 1; two points, or
// points all on one line, become a 1D blend space along that line (the
// parameter point is projected onto it). Duplicate points are an error.
//
// In every mode the weights sum to 1 (within 1e-6) and a parameter point
// equal to a clip's point gives that clip weight exactly 1. Build and
// BuildGrid allocate; Weights allocates nothing, so it can run every frame.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/control/blend_space_1d.h"

namespace anim {

class BlendSpace2D {
 public:
  enum class Mode {
    kEmpty,         // not built (or the last build failed)
    kSinglePoint,   // one clip: weight 1 everywhere
    kLine,          // two or more collinear points: 1D along the line
    kTriangulated,  // Delaunay triangles + nearest hull edge outside
    kGrid,          // bilinear over a rectangular grid
  };

  // Delaunay triangulation (Bowyer-Watson, in double precision). Fails on no
  // points, a non-finite coordinate or two points closer than 1e-6 of the
  // layout's size; `error` (may be null) names the indices.
  bool Build(std::span<const glm::vec2> points, std::string* error);

  // The points must form a full rectangular grid (every combination of the
  // distinct x and y values present exactly once, in any order); otherwise
  // fails and `error` names a missing (x, y) or the duplicate indices.
  bool BuildGrid(std::span<const glm::vec2> points, std::string* error);

  // One weight per point, in the caller's order. A NaN coordinate is treated
  // as point 0. weights.size() must be PointCount(); otherwise the span is
  // zero-filled and nothing else happens.
  void Weights(glm::vec2 p, std::span<float> weights) const;

  Mode GetMode() const { return mode_; }
  int PointCount() const { return static_cast<int>(points_.size()); }
  glm::vec2 Point(int i) const { return points_[i]; }
  // Counter-clockwise index triples (kTriangulated only; empty otherwise).
  std::span<const std::array<int, 3>> Triangles() const { return triangles_; }
  // Every segment worth drawing: triangle edges, the line's segments or the
  // grid's cell edges, each once, as index pairs.
  std::span<const std::array<int, 2>> Edges() const { return edges_; }
  // The edges on the triangulation's boundary (kTriangulated only).
  std::span<const std::array<int, 2>> HullEdges() const { return hull_edges_; }

 private:
  void Clear();
  bool CheckPoints(std::span<const glm::vec2> points, double tolerance, std::string* error) const;
  void TriangulatedWeights(glm::dvec2 p, std::span<float> weights) const;
  void GridWeights(glm::vec2 p, std::span<float> weights) const;

  Mode mode_ = Mode::kEmpty;
  std::vector<glm::vec2> points_;
  std::vector<std::array<int, 3>> triangles_;
  std::vector<std::array<int, 2>> edges_;
  std::vector<std::array<int, 2>> hull_edges_;
  // kLine: the points' parameters along the line origin_ + s * direction_.
  glm::vec2 line_origin_{0.0f};
  glm::vec2 line_direction_{1.0f, 0.0f};
  BlendSpace1D line_;
  // kGrid: distinct coordinates ascending, and grid_[iy * nx + ix] = point.
  BlendSpace1D grid_x_, grid_y_;
  std::vector<float> xs_, ys_;
  std::vector<int> grid_;
};

}  // namespace anim
