#include "app/animation_source.h"

#include <filesystem>
#include <iostream>
#include <memory>

#include "anim/retarget/retarget_bake.h"
#include "app/model_loading.h"
#include "app/terminal_text.h"
#include "import/gltf_animation_export.h"
#include "import/retarget_mapping_file.h"
#include "model/clip_roles.h"

namespace animviewer {
namespace {

AnimationSourceOptions g_options;

}  // namespace

void SetAnimationSourceOptions(const AnimationSourceOptions& options) { g_options = options; }
const AnimationSourceOptions& GetAnimationSourceOptions() { return g_options; }

anim::ReferenceMatch ReferenceMatchOf(const anim::AnimationSource& source) {
  return source.match_reference ? anim::ReferenceMatch::kMatchSource
                                : anim::ReferenceMatch::kRestPoses;
}

bool AddRetargetedClips(const AnimationSourceOptions& options, anim::Model* target,
                        std::string* error) {
  auto source_model = std::make_shared<anim::Model>();
  if (!LoadModelFile(options.path, source_model.get(), error, /*with_animation_source=*/false)) {
    return false;
  }
  if (source_model->skeleton.JointCount() == 0) {
    *error = options.path + ": no skeleton to take clips from";
    return false;
  }
  if (source_model->clips.empty()) {
    *error = options.path + ": no clips to retarget";
    return false;
  }
  auto source = std::make_shared<anim::AnimationSource>();
  source->model = source_model;
  std::string mapping_file = options.mapping_file;
  std::error_code ec;
  if (mapping_file.empty() && !target->source_path.empty()) {
    const std::string beside = anim::RetargetMappingPathFor(target->source_path);
    if (std::filesystem::is_regular_file(beside, ec)) mapping_file = beside;
  }
  if (mapping_file.empty()) {
    source->mapping = anim::AutoMapJoints(source_model->skeleton, target->skeleton);
  } else {
    anim::RetargetMappingFile file;
    if (!anim::ReadRetargetMappingFile(mapping_file, &file, error) ||
        !anim::ApplyRetargetMappingFile(file, source_model->skeleton, target->skeleton,
                                        &source->mapping, error)) {
      return false;
    }
    if (file.has_reference)
      source->match_reference = file.reference == anim::ReferenceMatch::kMatchSource;
    source->mapping_file = mapping_file;
  }
  anim::RetargetMap map;
  std::string problem;
  if (!map.Build(source_model->skeleton, target->skeleton, source->mapping,
                 ReferenceMatchOf(*source), &problem)) {
    *error = options.path + " onto " + target->source_path + ": " + problem;
    return false;
  }

  anim::Model out = *target;
  if (out.animation_source != nullptr) {
    out.clips.resize(static_cast<std::size_t>(out.animation_source->first_clip));
  }
  source->first_clip = static_cast<int>(out.clips.size());
  anim::RetargetBakeOptions bake;
  bake.pin_feet = true;
  for (const anim::Clip& clip : source_model->clips) {
    anim::Clip baked = anim::BakeRetargetedClip(clip, map, bake);
    baked.SetName(anim::RetargetedClipName(clip.Name(), options.path));
    out.clips.push_back(std::move(baked));
  }
  const int unmapped = static_cast<int>(map.UnmappedTargetJoints().size());
  if (unmapped > 0) {
    out.warnings.push_back(std::to_string(unmapped) + " of " +
                           std::to_string(out.skeleton.JointCount()) + " joints have no joint in " +
                           options.path +
                           " and keep their rest pose in its clips (--info lists them)");
  }
  anim::GuessClipRoles(out);
  out.animation_source = std::move(source);
  *target = std::move(out);
  return true;
}

int RunSaveRetargeted(const std::string& model_path, const std::string& out_path) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(model_path, &model, &error)) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    return 1;
  }
  const std::span<const anim::Clip> clips =
      std::span<const anim::Clip>(model.clips).subspan(model.animation_source->first_clip);
  if (!anim::SaveClipsIntoGltf(model_path, model, clips, out_path, &error)) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    return 1;
  }
  std::cout << "Wrote " << out_path << ": " << model_path << " with " << clips.size()
            << " retargeted clips added\n";
  return 0;
}

}  // namespace animviewer
