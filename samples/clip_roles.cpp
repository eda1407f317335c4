#include "samples/clip_roles.h"

#include <algorithm>
#include <cctype>

namespace samples {

namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

template <typename NameAt>
int FindByName(int count, NameAt name_at, std::initializer_list<const char*> names) {
  for (const char* wanted : names) {
    for (int i = 0; i < count; ++i) {
      if (Lower(name_at(i)) == Lower(wanted)) return i;
    }
  }
  for (const char* wanted : names) {
    for (int i = 0; i < count; ++i) {
      if (Lower(name_at(i)).find(Lower(wanted)) != std::string::npos) return i;
    }
  }
  return -1;
}

std::vector<int> ClipsWhere(const anim::Model& model, bool additive) {
  std::vector<int> clips;
  for (int i = 0; i < static_cast<int>(model.clips.size()); ++i) {
    if (IsAdditiveClip(model, i) == additive) clips.push_back(i);
  }
  return clips;
}

}  // namespace

int FindClipForRole(const anim::Model& model, std::initializer_list<const char*> names,
                    int fallback) {
  const int count = static_cast<int>(model.clips.size());
  // By the names the clips' own files give them: a retargeted "Idle (from
  // Woman)" is an "Idle" as much as the model's own.
  const int found = FindByName(
      count, [&](int i) { return model.SourceClipName(i); }, names);
  if (found >= 0) return found;
  if (count == 0 || fallback < 0) return -1;
  return std::clamp(fallback, 0, count - 1);
}

std::vector<std::string> ClipNames(const anim::Model& model) {
  std::vector<std::string> names;
  for (const anim::Clip& c : model.clips) names.push_back(c.Name());
  return names;
}

int FindJointForRole(const anim::Model& model, std::initializer_list<const char*> names) {
  return FindByName(
      model.skeleton.JointCount(), [&](int i) { return model.skeleton.JointName(i); }, names);
}

anim::ClipRole RoleOf(const anim::Model& model, int clip) {
  if (clip < 0 || clip >= static_cast<int>(model.clips.size())) return anim::ClipRole::kFullBody;
  if (model.clip_roles.size() == model.clips.size()) return model.clip_roles[clip].role;
  return anim::GuessClipRole(model.skeleton, anim::ReadRig(model.skeleton), model.clips[clip]).role;
}

bool IsAdditiveClip(const anim::Model& model, int clip) {
  return RoleOf(model, clip) == anim::ClipRole::kAdditive;
}

std::vector<int> ClipsWithRole(const anim::Model& model, anim::ClipRole role) {
  std::vector<int> clips;
  for (int i = 0; i < static_cast<int>(model.clips.size()); ++i) {
    if (RoleOf(model, i) == role) clips.push_back(i);
  }
  return clips;
}

int FindClipWithRole(const anim::Model& model, anim::ClipRole role,
                     std::initializer_list<const char*> names) {
  const std::vector<int> clips = ClipsWithRole(model, role);
  if (clips.empty()) return -1;
  const int found = FindByName(
      static_cast<int>(clips.size()), [&](int i) { return model.SourceClipName(clips[i]); }, names);
  return clips[found >= 0 ? found : 0];
}

std::vector<int> FullBodyClips(const anim::Model& model) { return ClipsWhere(model, false); }
std::vector<int> AdditiveClips(const anim::Model& model) { return ClipsWhere(model, true); }

std::vector<int> AllClips(const anim::Model& model) {
  std::vector<int> clips(model.clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) clips[i] = static_cast<int>(i);
  return clips;
}

int FirstOtherThan(const std::vector<int>& candidates, int other) {
  for (int c : candidates) {
    if (c != other) return c;
  }
  return -1;
}

std::string DescribeClips(const anim::Model& model, const std::vector<int>& clips,
                          const std::string& kind) {
  if (clips.empty()) return "the model has no " + kind + "s";
  std::string text = "the model has " +
                     (clips.size() == 1 ? std::string("one") : std::to_string(clips.size())) + ": ";
  for (std::size_t i = 0; i < clips.size(); ++i) {
    text += (i > 0 ? ", " : "") + model.clips[clips[i]].Name();
  }
  return text;
}

std::string NeedsMessage(const std::string& need, const anim::Model& model,
                         const std::vector<int>& clips, const std::string& kind) {
  return "this sample needs " + need + "; " + DescribeClips(model, clips, kind);
}

bool BuildSideMirror(const anim::Skeleton& skeleton, anim::MirrorMap* mirror, std::string* why) {
  if (!mirror->Build(skeleton, why)) return false;
  for (int j = 0; j < static_cast<int>(mirror->partner.size()); ++j) {
    if (mirror->partner[j] != j) return true;
  }
  *why = "no joint has a left/right partner by name";
  return false;
}

}  // namespace samples
