#include "standing.h"

#include "rig.h"

namespace mannequin {

glm::vec3 StandAnkle(bool left) { return {left ? 0.10f : -0.10f, AnkleHeight(), 0.0f}; }

void RelaxArms(RigPose& pose, float down, float forward, float elbow) {
  const glm::quat arm = RotX(-forward) * RotZ(-down);
  SetMirrored(pose, kLeftShoulder, RotZ(-4.0f), RotZ(-4.0f));
  SetMirrored(pose, kLeftArm, arm, arm);
  SetMirrored(pose, kLeftForeArm, RotY(-elbow), RotY(-elbow));
  SetMirrored(pose, kLeftHand, RotZ(-8.0f), RotZ(-8.0f));
}

void PlantFeet(RigPose& pose, float left_lift, float right_lift, float left_pitch,
               float right_pitch) {
  for (bool left : {true, false}) {
    LegGoal goal;
    goal.ankle = StandAnkle(left) + glm::vec3(0.0f, left ? left_lift : right_lift, 0.0f);
    goal.foot = RotX(left ? left_pitch : right_pitch);
    goal.toes = goal.foot;
    // Knees point forward and a little out, as they do when standing.
    goal.knee_direction = glm::normalize(glm::vec3(left ? 0.15f : -0.15f, 0.0f, 1.0f));
    SolveLeg(pose, left, goal);
  }
}

}  // namespace mannequin
