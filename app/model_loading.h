// Opening a model for the viewer: the glTF importer plus the checks the
// viewer needs (a skeleton to animate, something to draw).
#pragma once

#include <cstddef>
#include <string>

#include "anim/offline/clip_builder.h"
#include "app/animation_source.h"
#include "import/gltf_importer.h"
#include "model/model.h"

namespace animviewer {

// Everything a load depends on besides the file, from the command line
// (LoadOptionsFor, command_line.h) or the window (a file dropped with Shift
// changes `animations`). Passed to every load: nothing is read from globals.
struct LoadOptions {
  anim::ImportOptions import;         // the load memory limit (--max-load-memory)
  AnimationSourceOptions animations;  // --animations, --retarget-map ("": none)
};

// Imports one file (a BVH take when its extension is .bvh, import/
// bvh_importer.h; else glTF) and checks it has something to show (a
// skeleton to animate or a mesh to draw). No animation source, no compression checks:
// the character an animation source takes its clips from is read with this.
// On failure `error` names the file and the problem.
bool LoadCharacterFile(const std::string& path, const anim::ImportOptions& import,
                       anim::Model* model, std::string* error);

// What the viewer opens: LoadCharacterFile, then the clips of
// `options.animations` retargeted onto it (app/animation_source.h), then a
// warning for every clip too large to compress within the load memory
// limit. On failure `error` names the file and the problem.
bool LoadModelFile(const std::string& path, const LoadOptions& options, anim::Model* model,
                   std::string* error);

// The settings the viewer compresses clips with: the builder's defaults,
// its segments searched on every core (the result does not depend on it).
anim::CompressionSettings ViewerCompressionSettings();
// The same for a build on a worker while the window draws: one core fewer
// (at least one), so the window's own frames keep a core.
anim::CompressionSettings BackgroundCompressionSettings();

// "" when `clip` of `model` can be compressed within `load_memory_limit`
// bytes (--max-load-memory; anim::CompressionWorkingBytes); else why not.
// LoadModelFile adds it to the model's warnings (printed with the file's
// name); the viewer then plays that clip raw.
std::string CompressionRefusal(const anim::Model& model, const anim::Clip& clip,
                               std::size_t load_memory_limit);

}  // namespace animviewer
