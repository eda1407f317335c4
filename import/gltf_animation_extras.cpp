#include "import/gltf_animation_extras.h"

#include <cmath>
#include <string>
#include <vector>

namespace anim::gltf {

namespace {

// A name users can find in their file: `"Walk" (animation 1)`.
std::string Describe(const Context& ctx, const tinygltf::Animation& animation, int index) {
  std::string text = ctx.file.empty() ? std::string() : ctx.file + ": ";
  if (!animation.name.empty()) {
    text += "animation \"" + animation.name + "\" (" + std::to_string(index) + ")";
  } else {
    text += "animation " + std::to_string(index);
  }
  return text;
}

}  // namespace

void ReadAnimationExtras(Context& ctx, const tinygltf::Animation& animation, int index, Clip& clip,
                         std::optional<ClipRole>* role) {
  const tinygltf::Value& extras = animation.extras;
  if (!extras.IsObject()) {
    if (extras.Type() != tinygltf::NULL_TYPE) {
      ctx.Warn(Describe(ctx, animation, index) + ": extras is not an object; ignored");
    }
    return;
  }
  if (extras.Has("speed")) {
    const tinygltf::Value& speed = extras.Get("speed");
    const double value = speed.IsNumber() ? speed.GetNumberAsDouble() : -1.0;
    if (speed.IsNumber() && std::isfinite(value) && value >= 0.0 && value < 1e6) {
      clip.SetSpeed(static_cast<float>(value));
    } else {
      ctx.Warn(Describe(ctx, animation, index) +
               ": extras.speed must be a number of metres per second, at least 0; ignored");
    }
  }
  if (extras.Has("role")) {
    const tinygltf::Value& value = extras.Get("role");
    ClipRole read;
    if (value.IsString() && ParseRoleName(value.Get<std::string>(), &read)) {
      *role = read;
    } else {
      ctx.Warn(Describe(ctx, animation, index) +
               ": extras.role must be one of \"additive\", \"idle\", \"locomotion\", "
               "\"one-shot\", \"full body\"; ignored");
    }
  }
  if (!extras.Has("events")) return;
  const tinygltf::Value& events = extras.Get("events");
  if (!events.IsArray()) {
    ctx.Warn(Describe(ctx, animation, index) +
             ": extras.events must be an array of {\"time\": seconds, \"name\": text}; ignored");
    return;
  }
  std::vector<ClipEvent> keys;
  for (std::size_t i = 0; i < events.ArrayLen(); ++i) {
    const tinygltf::Value& event = events.Get(static_cast<int>(i));
    const std::string what =
        Describe(ctx, animation, index) + ": extras.events[" + std::to_string(i) + "]";
    if (!event.IsObject()) {
      ctx.Warn(what + " is not an object with \"time\" and \"name\"; ignored");
      continue;
    }
    const tinygltf::Value& time = event.Get("time");
    const tinygltf::Value& name = event.Get("name");
    if (!time.IsNumber() || !std::isfinite(time.GetNumberAsDouble())) {
      ctx.Warn(what + " has no numeric \"time\"; ignored");
      continue;
    }
    if (!name.IsString() || name.Get<std::string>().empty()) {
      ctx.Warn(what + " has no non-empty text \"name\"; ignored");
      continue;
    }
    const double t = time.GetNumberAsDouble();
    // A little tolerance: exporters round times to a few decimals.
    const double slack = 1e-4;
    if (t < clip.StartTime() - slack || t > clip.EndTime() + slack) {
      ctx.Warn(what + " \"" + name.Get<std::string>() + "\" at " + std::to_string(t) +
               " s lies outside the clip [" + std::to_string(clip.StartTime()) + ", " +
               std::to_string(clip.EndTime()) + "]; ignored");
      continue;
    }
    const float clamped =
        std::fmin(std::fmax(static_cast<float>(t), clip.StartTime()), clip.EndTime());
    keys.push_back({clamped, name.Get<std::string>()});
  }
  clip.SetEvents(std::move(keys));
}

}  // namespace anim::gltf
