// Clips from another file played on the model (--animations FROM, or a file
// dropped on the window with Shift held): the other file's character is
// loaded, its joints mapped onto the model's (the mapping file beside the
// model when there is one: import/retarget_mapping_file.h), and each of its
// clips baked onto the model's skeleton (anim/retarget/retarget_bake.h, feet
// pinned), named "<clip> (from <file>)" and added after the model's own, so
// the clip list, the mixer and every sample offer them.
#pragma once

#include <string>

#include "anim/retarget/retarget_map.h"
#include "model/model.h"

namespace animviewer {

struct AnimationSourceOptions {
  std::string path;          // "": none
  std::string mapping_file;  // "": the model's own (RetargetMappingPathFor) when it exists
};

// The source every later LoadModelFile applies (like SetModelImportOptions).
void SetAnimationSourceOptions(const AnimationSourceOptions& options);
const AnimationSourceOptions& GetAnimationSourceOptions();

// Adds the retargeted clips of `options.path` to `target` (replacing any an
// earlier source added). On failure `error` names the file and the problem
// and `target` is unchanged.
bool AddRetargetedClips(const AnimationSourceOptions& options, anim::Model* target,
                        std::string* error);

// --save-retargeted: loads the model with the animation source applied and
// writes its file with the retargeted clips added (import/
// gltf_animation_export.h). The exit status: 0, or 1 with the message on stderr.
int RunSaveRetargeted(const std::string& model_path, const std::string& out_path);

// The reference match a model's animation source was built with.
anim::ReferenceMatch ReferenceMatchOf(const anim::AnimationSource& source);

}  // namespace animviewer
