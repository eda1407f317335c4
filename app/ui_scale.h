// The panels' scale: text and widgets drawn larger on high-density monitors.
// It starts at the monitor's content scale (what the desktop asks
// applications to scale by, glfwGetWindowContentScale) or at --ui-scale, and
// the View section's slider changes it. The font is rebuilt at the new size
// (crisp, not a stretched bitmap) and ImGui's paddings and spacings scale
// with it; the panels' widths and margins follow the scale ApplyUiScale
// returns (kept in ViewerState::ui_scale).
#pragma once

struct GLFWwindow;

namespace animviewer {

inline constexpr float kMinUiScale = 0.75f;
inline constexpr float kMaxUiScale = 3.0f;

// The window's monitor content scale (its larger axis), clamped to the range
// above; 1 where the platform does not say.
float MonitorUiScale(GLFWwindow* window);

// Rebuilds the font at 13 pixels x scale and the style from ImGui's dark
// style scaled by `scale` (clamped); call between frames, after the ImGui
// OpenGL backend is initialised. Returns the scale applied (clamped; 1 for
// a scale that is not finite).
float ApplyUiScale(float scale);

}  // namespace animviewer
