// What each morph target changes on screen. A file may give a mesh node
// targets whose offsets are all zero (RobotExpressive's Head_2 and Head_3
// carry the face's Angry, Surprised and Sad with nothing in them: only
// Head_4's move the face), or targets of a mesh no drawn primitive uses. A
// slider for such a target changes nothing, so the viewer's panels leave it
// out and say why (MorphChannelNote).
#pragma once

#include <string>
#include <vector>

namespace anim {

struct Model;

// Per weight of the character's weight array (Model::DefaultMorphWeights'
// order, material values included): whether the target at that weight
// offsets a position or a normal of some primitive the model draws. Weights
// that are no morph target (animated material values) read false.
std::vector<bool> MorphTargetsThatChangeSomething(const Model& model);

// Per channel of Model::morph_channels, why none of its sliders changes
// anything: "" when some target does (`changes`, as above), else "no drawn
// mesh uses its targets" or "its targets move no vertex". Worked out once
// per model (one pass over the primitives), not per frame a panel draws.
std::vector<std::string> MorphChannelNotes(const Model& model, const std::vector<bool>& changes);

}  // namespace anim
