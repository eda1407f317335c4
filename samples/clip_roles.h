// Samples talk about roles ("walk", "run", "lean") while characters name
// their clips freely (Walk, Walking, mixamo.com|Run...). These helpers pick a
// sensible clip for a role, tell additive clips (a change to add on top of
// another clip, such as a lean) from full-body ones by their motion
// (model/clip_roles.h), and word what a sample needs when the model lacks it. Each sample also
// offers a combo to change its clips.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "anim/blending/mirror.h"
#include "model/model.h"

namespace samples {

// Index of the first clip whose name equals one of `names` ignoring case,
// else whose name contains one of them, else `fallback` (clamped to the
// clip range; -1 when there are no clips, or when `fallback` is negative:
// no clip has that role).
int FindClipForRole(const anim::Model& model, std::initializer_list<const char*> names,
                    int fallback = 0);

std::vector<std::string> ClipNames(const anim::Model& model);

// Index of the first joint whose name equals one of `names` ignoring case,
// else contains one, else -1.
int FindJointForRole(const anim::Model& model, std::initializer_list<const char*> names);

// The clip's role (model/clip_roles.h): the importer's guess or the
// user's override from model.clip_roles, guessed now for a model built in
// code without them. kFullBody for an index that is no clip.
anim::ClipRole RoleOf(const anim::Model& model, int clip);

// True for a clip meant to be added on top of another rather than played
// alone (its role is additive: read from its motion, never its name).
// False for an index that is no clip (-1: none).
bool IsAdditiveClip(const anim::Model& model, int clip);

// The clips with this role, in file order.
std::vector<int> ClipsWithRole(const anim::Model& model, anim::ClipRole role);

// Among the clips with `role`, the one `names` picks (as FindClipForRole),
// else the first of them; -1 when no clip has the role.
int FindClipWithRole(const anim::Model& model, anim::ClipRole role,
                     std::initializer_list<const char*> names);

// The clips a sample can play on their own (not additive), in file order.
std::vector<int> FullBodyClips(const anim::Model& model);
// The additive clips, in file order.
std::vector<int> AdditiveClips(const anim::Model& model);

// The first of `candidates` that is not `other`, else -1.
int FirstOtherThan(const std::vector<int>& candidates, int other);

// "the model has no clips", "the model has one: Armature|Take",
// "the model has 2: Idle, Walk" over the clips listed (indices into the
// model's clips); `kind` names them ("full-body clip" -> "full-body clips").
std::string DescribeClips(const anim::Model& model, const std::vector<int>& clips,
                          const std::string& kind = "clip");

// "this sample needs <need>; <DescribeClips>", the message a sample shows
// (or returns from Load) when the model lacks the clips it needs.
std::string NeedsMessage(const std::string& need, const anim::Model& model,
                         const std::vector<int>& clips, const std::string& kind = "clip");

// The left/right mirror of the skeleton by joint names; false, with `why`,
// when it cannot be built or no joint has a partner (nothing says which
// side a joint is on), in which case mirroring would change nothing.
bool BuildSideMirror(const anim::Skeleton& skeleton, anim::MirrorMap* mirror, std::string* why);

// Every clip index of the model, 0..n-1.
std::vector<int> AllClips(const anim::Model& model);

}  // namespace samples
