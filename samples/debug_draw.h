// Builders for SampleView::debug_lines: markers, cones and arcs as line
// segments, appended to a list the sample keeps and refills each frame.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "samples/sample.h"

namespace samples {

using DebugLineList = std::vector<Sample::DebugLine>;

void AddLine(DebugLineList& lines, const glm::vec3& from, const glm::vec3& to,
             const glm::vec4& color);

// Three crossing segments `size` long and an octahedron round them: a
// target marker readable from any angle.
void AddTargetMarker(DebugLineList& lines, const glm::vec3& at, float size, const glm::vec4& color);

// A cone of half-angle `angle` (radians) from `apex` about the unit `axis`,
// `length` long: its rim and eight spokes (a ball-and-socket limit).
void AddCone(DebugLineList& lines, const glm::vec3& apex, const glm::vec3& axis, float angle,
             float length, const glm::vec4& color);

// An arc about the unit `axis` through `center`, starting from the unit
// `from` (perpendicular to the axis) turned by min_angle and ending at
// max_angle, radius `radius`, with its two end spokes (a hinge's range).
void AddArc(DebugLineList& lines, const glm::vec3& center, const glm::vec3& axis,
            const glm::vec3& from, float min_angle, float max_angle, float radius,
            const glm::vec4& color);

// A circle about the unit `axis` (a path).
void AddCircle(DebugLineList& lines, const glm::vec3& center, const glm::vec3& axis, float radius,
               const glm::vec4& color);

}  // namespace samples
