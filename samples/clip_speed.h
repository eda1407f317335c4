// How fast a locomotion clip moves over the ground, in metres per second,
// found one way for every sample (05, 06 and 07 place clips on a speed axis
// and must agree on where a walk or a run is).
#pragma once

#include "model/model.h"

namespace samples {

// Model units per metre. A model whose clips declare a ground speed
// (glTF extras.speed, in m/s: the mannequin) is in metres. Otherwise the
// head joint's rest height is taken as that of a 1.8 m adult (1.58 m):
// Woman.gltf, drawn 4.5 units tall, gets about 2.8 units a metre. 1 when
// there is no head joint to go by; `read`, when given, says whether the
// model had a speed or a head to go by (false: the 1 is a guess).
float UnitsPerMetre(const anim::Model& model, bool* read = nullptr);

// Where the model walks, as a yaw from +Z in model space, to the nearest
// quarter turn: read from its first locomotion clip that says, by where its
// hips travel, or on a treadmill clip against where its planted foot slides
// (anim::EstimateGroundVelocity). 0 for the project's characters; pi for a
// model that walks along -Z, as some Mixamo exports do; 0 when no clip says.
float ForwardYaw(const anim::Model& model);

// The ground speed of clip `clip` in m/s: its extras.speed when given, else
// measured on its feet (anim::EstimateGroundSpeed: the planted foot's
// backward speed, against ForwardYaw, feet within 2 cm of their lowest
// counting as planted),
// converted with UnitsPerMetre. 0 when neither works (no foot joints, or
// the feet do not move backward: an idle, a punch).
float LocomotionSpeed(const anim::Model& model, int clip);

// The left and right foot joints by name (anim::ReadRig: LeftFoot, foot_l,
// foot.L, FootL, Bip01 L Foot...), -1 when absent.
int LeftFoot(const anim::Model& model);
int RightFoot(const anim::Model& model);

}  // namespace samples
