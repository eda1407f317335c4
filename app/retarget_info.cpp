#include "app/retarget_info.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_map.h"
#include "app/animation_source.h"

namespace animviewer {
namespace {

// Names of `joints` of `skeleton`, comma separated, or "none".
std::string JointList(const anim::Skeleton& skeleton, const std::vector<int>& joints) {
  std::string out;
  for (int j : joints) out += (out.empty() ? "" : ", ") + skeleton.JointName(j);
  return out.empty() ? "none" : out;
}

}  // namespace

std::string DescribeAnimationSource(const anim::Model& model) {
  if (model.animation_source == nullptr || model.animation_source->model == nullptr) return {};
  const anim::AnimationSource& source = *model.animation_source;
  const anim::Skeleton& from = source.model->skeleton;
  const anim::Skeleton& to = model.skeleton;
  anim::RetargetMap map;
  std::string error;
  std::ostringstream out;
  out << "Retargeted from " << source.model->source_path << " ("
      << (source.mapping_file.empty() ? "mapped by joint names" : "mapping " + source.mapping_file)
      << "):\n";
  if (!map.Build(from, to, source.mapping, ReferenceMatchOf(source), &error)) {
    out << "  the mapping does not build: " << error << "\n";
    return out.str();
  }
  out << "  reference: "
      << (source.match_reference ? "the target's rest pose matched onto the source's bones"
                                 : "each skeleton's rest pose as it is")
      << "; source rest " << anim::DescribeArmPose(anim::ReadArmPose(from, from.RestPose()))
      << ", target rest " << anim::DescribeArmPose(anim::ReadArmPose(to, to.RestPose())) << "\n";
  char scale[96];
  std::snprintf(scale, sizeof scale,
                "  translation scale %.4f (the target's legs over the source's)\n",
                static_cast<double>(map.TranslationScale()));
  out << scale;
  out << "  joints mapped: " << anim::MappedJointCount(source.mapping) << " of " << to.JointCount()
      << " (target <- source)\n";
  for (int t = 0; t < to.JointCount(); ++t) {
    if (source.mapping[t] >= 0) {
      out << "    " << to.JointName(t) << " <- " << from.JointName(source.mapping[t]) << "\n";
    }
  }
  std::vector<int> still = map.UnmappedTargetJoints();
  std::erase_if(still, [&](int t) {
    return std::any_of(source.props.begin(), source.props.end(),
                       [&](const anim::RetargetProp& p) { return p.joint == t; });
  });
  out << "  target joints unmapped (they keep their rest pose): " << JointList(to, still) << "\n";
  out << "  props (unmapped, they follow a mapped joint):";
  if (source.props.empty()) out << " none";
  out << "\n";
  for (const anim::RetargetProp& p : source.props) {
    out << "    " << to.JointName(p.joint) << " follows " << to.JointName(p.follows) << " ("
        << p.why << ")\n";
  }
  out << "  source joints driving nothing: " << JointList(from, map.UnusedSourceJoints()) << "\n";
  out << "  retargeted clips: " << model.clips.size() - static_cast<std::size_t>(source.first_clip)
      << ", from clip " << source.first_clip << " on (feet pinned by IK)\n";
  return out.str();
}

}  // namespace animviewer
