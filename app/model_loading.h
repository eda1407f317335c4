// Opening a model for the viewer: the glTF importer plus the checks the
// viewer needs (a skeleton to animate, something to draw).
#pragma once

#include <cstddef>
#include <string>

#include "anim/offline/clip_builder.h"
#include "import/gltf_importer.h"
#include "model/model.h"

namespace animviewer {

// On failure `error` names the file and the problem. With
// `with_animation_source`, the clips of the source SetAnimationSourceOptions
// names are retargeted onto the model too (app/animation_source.h).
bool LoadModelFile(const std::string& path, anim::Model* model, std::string* error,
                   bool with_animation_source = true);

// The settings the viewer compresses clips with: the builder's defaults,
// its segments searched on every core (the result does not depend on it).
anim::CompressionSettings ViewerCompressionSettings();
// The same for a build on a worker while the window draws: one core fewer
// (at least one), so the window's own frames keep a core.
anim::CompressionSettings BackgroundCompressionSettings();

// The load memory limit (--max-load-memory), bytes.
std::size_t LoadMemoryLimit();
// "" when `clip` of `model` can be compressed within the load memory limit
// (anim::CompressionWorkingBytes); else why not. LoadModelFile adds it to
// the model's warnings (printed with the file's name); the viewer then
// plays that clip raw.
std::string CompressionRefusal(const anim::Model& model, const anim::Clip& clip);

// The import options every later LoadModelFile uses (the memory limit of
// --max-load-memory). Set once, from the command line, before any load; the
// window's drag-and-drop loads honour it too.
void SetModelImportOptions(const anim::ImportOptions& options);

}  // namespace animviewer
