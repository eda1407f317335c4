// The clip roles file: the user's word on what a model's clips are for
// (model/clip_roles.h), kept beside the model so that a role changed in the
// viewer holds in the next run. JSON, only the roles the user changed:
//
//   { "roles": { "Idle": "idle", "Flexing_Arm": "additive" } }
//
// clip name -> "full body", "idle", "locomotion", "one-shot" or "additive".
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace anim {

// "<folder>/<stem>.roles.json" for a model at `model_path`.
std::string ClipRolesPathFor(const std::string& model_path);

// Applies the file at `path` to `model`'s roles: each listed clip's role
// becomes the file's (its guess stays, so the panel still shows what the
// motion says). A file that is absent changes nothing and says nothing;
// every problem (unreadable or malformed, an unknown role, a clip the model
// does not have) adds one warning naming the file and the entry, and the
// rest still applies.
void ApplyClipRolesFile(const std::string& path, Model* model, std::vector<std::string>* warnings);

// The file for `model`'s roles that differ from their guesses.
std::string ClipRolesJson(const Model& model);

// Writes ClipRolesJson to `path`, or removes the file when no role differs
// from its guess. False, with the path in *error, when that fails.
bool SaveClipRolesFile(const std::string& path, const Model& model, std::string* error);

}  // namespace anim
