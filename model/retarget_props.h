// Props on a character that plays retargeted clips: joints the source has
// no match for but that carry something (a helmet on a slot under the root,
// a sword on a hip socket). Left alone they keep their reference pose while
// the body runs off; each must follow the mapped joint it belongs to
// (RetargetMap::SetProps). Which joints, and what each follows, needs the
// model's meshes and clips, so it is worked out here, once per retarget.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "anim/retarget/retarget_map.h"
#include "model/model.h"

namespace anim {

// The props of `model` (the map's target): unmapped joints that carry a
// rigid mesh (nine in ten of the vertices they move are bound to them alone:
// a helmet, not a twist bone sharing a forearm's skin) and have no mapped
// joint above them but the roots of the mapping (a slot hung under the root
// or the hips; anything under a mapped limb follows that limb already) and
// none below them (a robot's Body joint above its Hips carries a mesh too,
// but moving it would carry the mapped body off).
// Each follows, among the mapped joints, the one the model's own clips keep
// it fixed to (its position in that joint's frame moves least over the
// clips, and under 2 % of the model's height), else the one nearest to it in
// the map's reference pose. A joint whose choice is a mapped joint above it
// follows already and is left out. `overrides` (the mapping file's, checked
// when it was read) then have the last word. In joint order.
std::vector<RetargetProp> FindRetargetProps(const Model& model, const RetargetMap& map,
                                            std::span<const PropOverride> overrides = {});

// One entry per joint of the target: the joint each prop follows, else -1
// (what RetargetMap::SetProps takes).
std::vector<int> PropFollows(std::span<const RetargetProp> props, int joint_count);

}  // namespace anim
