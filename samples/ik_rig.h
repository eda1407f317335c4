// Finds what the IK samples (10 IK, 11 Look-at) drive on any humanoid: the
// right arm, the spine from the hips up to the head, and which way the
// character faces. Names differ between rigs (Mixamo's RightHand, Unreal's
// hand_r, Blender's hand.R), so only the end joint (hand, head) is looked up
// by name and the rest is found by walking up the hierarchy from it.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"

namespace samples {

struct ArmJoints {
  int shoulder = -1;  // clavicle: the parent of the upper arm
  int upper = -1;
  int lower = -1;
  int hand = -1;
};

// The right arm, or false with `why` when no joint reads as the right hand
// or it has fewer than three ancestors.
bool FindRightArm(const anim::Model& model, ArmJoints* arm, std::string* why);

// The joints from the lowest spine joint up to the head, base first: the
// head's ancestors below the hips (by name, else the root), at most `max_joints` of
// them counting the head. False with `why` when there is no head joint.
bool FindSpineToHead(const anim::Model& model, int max_joints, std::vector<int>* chain,
                     std::string* why);

// The direction the character faces in model space, level: from the heels
// to the toes of the rest pose when the feet have toe joints, else +z (glTF's
// forward).
glm::vec3 CharacterForward(const anim::Model& model);

// A model-space direction expressed in a joint's local space (the rotation
// of its model matrix `joint_model`, scale removed).
glm::vec3 DirectionInJoint(const glm::mat4& joint_model, const glm::vec3& model_direction);

// The height of the rest pose (highest joint minus lowest), at least 0.1:
// sizes markers and slider ranges for characters in any unit.
float RestHeight(const anim::Model& model);

}  // namespace samples
