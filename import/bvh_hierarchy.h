// Internal to anim_import: the HIERARCHY section of a BVH file, read into a
// flat list of joints, parents first, with an explicit stack of open joints
// (never recursion: the file decides how deep it nests).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "import/bvh_scanner.h"

namespace anim::bvh {

// One CHANNELS entry. Position channels set one coordinate of the joint's
// translation, rotation channels turn it about one axis, in degrees.
enum class Channel : std::uint8_t { kXpos, kYpos, kZpos, kXrot, kYrot, kZrot };

struct Joint {
  std::string name;
  int parent = -1;  // an earlier joint's index, -1 for a ROOT
  glm::vec3 offset{0.0f};
  std::vector<Channel> channels;  // in the file's order: the order of the motion columns
  int line = 0;                   // where ROOT, JOINT or End Site stands
  bool end_site = false;
};

struct Hierarchy {
  std::vector<Joint> joints;
  std::size_t channel_count = 0;  // over all joints: the numbers of one motion row
};

// Reads from HIERARCHY to the word MOTION, which it consumes. Throws
// BvhError on anything it does not accept: a missing brace, OFFSET or
// keyword, a CHANNELS list that is not 0 to 6 distinct channels, a word
// where a number belongs, more than kMaxJoints joints (bvh_limits.h).
Hierarchy ReadHierarchy(Scanner& scanner);

}  // namespace anim::bvh
