#include "app/animation_source.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include "anim/core/rig_naming.h"
#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "app/model_loading.h"
#include "app/terminal_text.h"
#include "import/gltf_animation_export.h"
#include "import/retarget_mapping_file.h"
#include "model/clip_roles.h"
#include "model/retarget_props.h"

namespace animviewer {
namespace {

// The warning a source leaves when some of the model's joints have no
// joint in it (one line, so that a later source can take it back). Props
// have none either but follow a mapped joint, and are named.
std::string UnmappedWarning(const anim::AnimationSource& source, const anim::Skeleton& skeleton) {
  const int joint_count = skeleton.JointCount();
  const int props = static_cast<int>(source.props.size());
  const int unmapped = joint_count - anim::MappedJointCount(source.mapping) - props;
  if (unmapped <= 0 && props == 0) return {};
  std::string warning = std::to_string(unmapped) + " of " + std::to_string(joint_count) +
                        " joints have no joint in " + source.model->source_path +
                        " and keep their rest pose in its clips";
  for (std::size_t i = 0; i < source.props.size(); ++i) {
    const anim::RetargetProp& p = source.props[i];
    warning += (i == 0 ? "; props that follow a mapped joint: " : ", ") +
               skeleton.JointName(p.joint) + " follows " + skeleton.JointName(p.follows);
  }
  return warning + " (--info lists them)";
}

// Puts `clips` after the model's own in place of an earlier source's (with
// its warning), guessing the new clips' roles only.
void ReplaceRetargetedClips(std::shared_ptr<anim::AnimationSource> source,
                            std::vector<anim::Clip> clips, anim::Model& model) {
  std::size_t own = model.clips.size();
  if (model.animation_source != nullptr) {
    own = static_cast<std::size_t>(model.animation_source->first_clip);
    const std::string old = UnmappedWarning(*model.animation_source, model.skeleton);
    std::erase(model.warnings, old);
  }
  const bool roles_known = model.clip_roles.size() >= own;
  model.clips.resize(own);
  model.clip_roles.resize(std::min(model.clip_roles.size(), own));
  source->first_clip = static_cast<int>(own);
  const anim::RigMap rig = anim::ReadRig(model.skeleton);
  for (anim::Clip& clip : clips) {
    if (roles_known) model.clip_roles.push_back(anim::GuessClipRole(model.skeleton, rig, clip));
    model.clips.push_back(std::move(clip));
  }
  if (!roles_known) anim::GuessClipRoles(model);
  if (std::string warning = UnmappedWarning(*source, model.skeleton); !warning.empty()) {
    model.warnings.push_back(std::move(warning));
  }
  model.animation_source = std::move(source);
}

}  // namespace

anim::ReferenceMatch ReferenceMatchOf(const anim::AnimationSource& source) {
  return source.match_reference ? anim::ReferenceMatch::kMatchSource
                                : anim::ReferenceMatch::kRestPoses;
}

bool AddRetargetedClips(const AnimationSourceOptions& options, const anim::ImportOptions& import,
                        anim::Model* target, std::string* error) {
  auto source_model = std::make_shared<anim::Model>();
  if (!LoadCharacterFile(options.path, import, source_model.get(), error)) {
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
                                        &source->mapping, error) ||
        !anim::ReadPropOverrides(file, target->skeleton, source->mapping, &source->prop_overrides,
                                 error)) {
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
  source->props = anim::FindRetargetProps(*target, map, source->prop_overrides);
  if (!map.SetProps(anim::PropFollows(source->props, target->skeleton.JointCount()), &problem)) {
    *error = options.path + " onto " + target->source_path + ": " + problem;
    return false;
  }

  // Everything that can fail is done: the model changes only from here on.
  std::vector<anim::Clip> baked;
  baked.reserve(source_model->clips.size());
  anim::RetargetBakeOptions bake;
  bake.pin_feet = true;
  for (const anim::Clip& clip : source_model->clips) {
    baked.push_back(anim::BakeRetargetedClip(clip, map, bake));
    baked.back().SetName(anim::RetargetedClipName(clip.Name(), options.path));
  }
  ReplaceRetargetedClips(std::move(source), std::move(baked), *target);
  return true;
}

}  // namespace animviewer
