// Internal to anim_import: the KHR_animation_pointer channels of a glTF
// file, read from its JSON. tinygltf 2.7 (Debian 12) drops every channel
// whose target names no node, which is every pointer channel, so they are
// found here before it parses: per animation, each channel's sampler and
// pointer, in file order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "import/gltf_budget.h"

namespace anim::gltf {

struct PointerChannel {
  int sampler = -1;
  std::string pointer;  // "" when the channel names none
};

// One list per animation (as many as the file's "animations" array holds,
// or none without pointer channels). Only the "animations" member is kept
// while parsing, its size charged to `budget`; malformed JSON gives no
// channels (tinygltf reports it).
std::vector<std::vector<PointerChannel>> ReadPointerChannels(std::string_view json,
                                                             LoadBudget& budget);

}  // namespace anim::gltf
