// The retarget mapping file: which source joint drives each target joint,
// saved beside the target model so a mapping fixed by hand is kept. JSON:
//
//   {
//     "source": "Woman.gltf",            optional: the animation file, relative
//                                         to this file
//     "reference": "match" | "rest",     optional (default "match":
//                                         anim/retarget/retarget_map.h)
//     "joints": {                        target joint -> source joint, or null
//       "Hips": "mixamorig:Hips",         to leave it unmapped; joints not
//       "Tail": null                      listed keep the automatic mapping
//     },
//     "props": {                         optional: unmapped target joint -> the
//       "HelmetSlot": "Head",             mapped target joint it follows, or null
//       "Belt": null                      for none (model/retarget_props.h guesses
//     }                                   the rest)
//   }
//
// Every problem is named with the file and the entry: a joint neither
// skeleton has, a source joint used twice, a mapping that crosses the
// hierarchy (anim::CheckJointMapping), a missing source file, malformed JSON.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_map.h"
#include "model/model.h"

namespace anim {

struct RetargetMappingFile {
  std::string path;    // where it was read from
  std::string source;  // "source" resolved against the file's folder; "" when absent
  bool has_reference = false;
  ReferenceMatch reference = ReferenceMatch::kMatchSource;
  // In file order: target joint name, source joint name ("" for null).
  std::vector<std::pair<std::string, std::string>> joints;
  // In file order: prop joint name, the target joint it follows ("" for null).
  std::vector<std::pair<std::string, std::string>> props;
};

// "<folder>/<stem>.retarget.json" for a model at `model_path`: where the
// viewer looks for, and saves, the mapping of clips played on that model.
std::string RetargetMappingPathFor(const std::string& model_path);

// Reads and checks the form (not the joints: they need the skeletons).
bool ReadRetargetMappingFile(const std::string& path, RetargetMappingFile* file,
                             std::string* error);

// The automatic mapping (AutoMapJoints) with the file's entries over it,
// checked against both skeletons (CheckJointMapping).
bool ApplyRetargetMappingFile(const RetargetMappingFile& file, const Skeleton& source,
                              const Skeleton& target, JointMapping* mapping, std::string* error);

// The file for `mapping`, every target joint listed (null where unmapped);
// `source` is written as given (relative to the file's folder); `props`,
// the user's word on props, as "props" when there is any.
std::string RetargetMappingJson(const Skeleton& source, const Skeleton& target,
                                const JointMapping& mapping, ReferenceMatch reference,
                                const std::string& source_relative,
                                std::span<const PropOverride> props = {});
// The file's "props" as joint indices of `target`, checked against the
// mapping it applies to: a prop must be unmapped and what it follows mapped.
bool ReadPropOverrides(const RetargetMappingFile& file, const Skeleton& target,
                       std::span<const int> mapping, std::vector<PropOverride>* overrides,
                       std::string* error);

bool SaveRetargetMappingFile(const std::string& path, const std::string& json, std::string* error);

}  // namespace anim
