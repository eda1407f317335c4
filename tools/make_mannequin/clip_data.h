// Clips as the generator hands them to the glTF writer: channels of keyed
// values, already in glTF sampler layout.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace mannequin {

enum class Path { kTranslation, kRotation };
enum class Interp { kStep, kLinear, kCubicSpline };

struct Channel {
  int joint = 0;
  Path path = Path::kRotation;
  Interp interp = Interp::kLinear;
  std::vector<float> times;
  // Translation: xyz; rotation: quaternion as (x, y, z, w), glTF's order.
  // CUBICSPLINE holds three per key: in-tangent, value, out-tangent.
  std::vector<glm::vec4> values;
};

struct ClipData {
  std::string name;
  std::vector<Channel> channels;
  float speed = 0.0f;  // treadmill ground speed in m/s, written to extras when > 0
  // The clip's role, written to extras.role when not empty ("locomotion":
  // a cycle that travels, which the runtime's reading of roles would take
  // for a one-shot where the cycle turns, since it ends turned).
  std::string role;
  // Text keys written to extras.events, e.g. footstep_left at a contact frame.
  struct Event {
    float time;
    std::string name;
  };
  std::vector<Event> events;
};

ClipData MakeIdle();
ClipData MakeWalk();
ClipData MakeRun();
ClipData MakePunch();
ClipData MakeJump();
ClipData MakeLeanLeft();
ClipData MakeLook();
// The locomotion dance card (clip_dance_card.cpp).
void MakeDanceCard(const std::function<void(ClipData)>& add);

}  // namespace mannequin
