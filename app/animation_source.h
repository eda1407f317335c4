// Clips from another file played on the model (--animations FROM, or a file
// dropped on the window with Shift held): the other file's character is
// loaded, its joints mapped onto the model's (the mapping file beside the
// model when there is one: import/retarget_mapping_file.h), and each of its
// clips baked onto the model's skeleton (anim/offline/retarget_bake.h, feet
// pinned), named "<clip> (from <file>)" and added after the model's own, so
// the clip list, the mixer and every sample offer them.
#pragma once

#include <string>

#include "anim/retarget/retarget_map.h"
#include "import/gltf_importer.h"
#include "model/model.h"

namespace animviewer {

struct AnimationSourceOptions {
  std::string path;          // "": none
  std::string mapping_file;  // "": the model's own (RetargetMappingPathFor) when it exists
};

// Adds the retargeted clips of `options.path` (read with `import`) to
// `target`, replacing any an earlier source added. On failure `error` names
// the file and the problem and `target` is unchanged.
bool AddRetargetedClips(const AnimationSourceOptions& options, const anim::ImportOptions& import,
                        anim::Model* target, std::string* error);

// The reference match a model's animation source was built with.
anim::ReferenceMatch ReferenceMatchOf(const anim::AnimationSource& source);

}  // namespace animviewer
