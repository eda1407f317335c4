#include "samples/debug_draw.h"

#include <cmath>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

namespace samples {

namespace {

glm::vec3 Perpendicular(const glm::vec3& axis) {
  const glm::vec3 other = std::abs(axis.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  return glm::normalize(glm::cross(axis, other));
}

// The curve of an arc: kSegments segments from min_angle to max_angle.
void AddArcCurve(DebugLineList& lines, const glm::vec3& center, const glm::vec3& axis,
                 const glm::vec3& from, float min_angle, float max_angle, float radius,
                 const glm::vec4& color) {
  constexpr int kSegments = 24;
  glm::vec3 previous = center + radius * (glm::angleAxis(min_angle, axis) * from);
  for (int i = 1; i <= kSegments; ++i) {
    const float t = min_angle + (max_angle - min_angle) * static_cast<float>(i) / kSegments;
    const glm::vec3 p = center + radius * (glm::angleAxis(t, axis) * from);
    lines.push_back({previous, p, color});
    previous = p;
  }
}

}  // namespace

void AddLine(DebugLineList& lines, const glm::vec3& from, const glm::vec3& to,
             const glm::vec4& color) {
  lines.push_back({from, to, color});
}

void AddTargetMarker(DebugLineList& lines, const glm::vec3& at, float size,
                     const glm::vec4& color) {
  const glm::vec3 axes[] = {{size, 0, 0}, {0, size, 0}, {0, 0, size}};
  for (const glm::vec3& a : axes) AddLine(lines, at - a, at + a, color);
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      const glm::vec3 a = axes[i] * 0.5f, b = axes[j] * 0.5f;
      AddLine(lines, at + a, at + b, color);
      AddLine(lines, at + b, at - a, color);
      AddLine(lines, at - a, at - b, color);
      AddLine(lines, at - b, at + a, color);
    }
  }
}

void AddCone(DebugLineList& lines, const glm::vec3& apex, const glm::vec3& axis, float angle,
             float length, const glm::vec4& color) {
  constexpr int kSegments = 24;
  const glm::vec3 u = Perpendicular(axis), v = glm::cross(axis, u);
  const float radius = length * std::sin(angle), depth = length * std::cos(angle);
  glm::vec3 previous(0.0f);
  for (int i = 0; i <= kSegments; ++i) {
    const float t = glm::two_pi<float>() * static_cast<float>(i) / kSegments;
    const glm::vec3 rim = apex + axis * depth + radius * (std::cos(t) * u + std::sin(t) * v);
    if (i > 0) AddLine(lines, previous, rim, color);
    if (i % 3 == 0 && i < kSegments) AddLine(lines, apex, rim, color);
    previous = rim;
  }
}

void AddArc(DebugLineList& lines, const glm::vec3& center, const glm::vec3& axis,
            const glm::vec3& from, float min_angle, float max_angle, float radius,
            const glm::vec4& color) {
  AddArcCurve(lines, center, axis, from, min_angle, max_angle, radius, color);
  AddLine(lines, center, center + radius * (glm::angleAxis(min_angle, axis) * from), color);
  AddLine(lines, center, center + radius * (glm::angleAxis(max_angle, axis) * from), color);
}

void AddCircle(DebugLineList& lines, const glm::vec3& center, const glm::vec3& axis, float radius,
               const glm::vec4& color) {
  AddArcCurve(lines, center, axis, Perpendicular(axis), 0.0f, glm::two_pi<float>(), radius, color);
}

}  // namespace samples
