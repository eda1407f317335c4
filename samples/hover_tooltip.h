// Tooltips that wait: shown once the mouse has rested on the last widget
// for half a second, and never while that widget is being dragged or typed
// into (an instant tooltip covers the value being changed). The text wraps.
#pragma once

namespace samples {

inline constexpr double kTooltipDelaySeconds = 0.5;

// Call right after the widget.
void HoverTooltip(const char* text);

}  // namespace samples
