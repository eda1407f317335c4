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

}  // namespace

int FindClipForRole(const anim::Model& model, std::initializer_list<const char*> names, int fallback) {
  const int count = static_cast<int>(model.clips.size());
  const int found = FindByName(count, [&](int i) { return model.clips[i].Name(); }, names);
  if (found >= 0) return found;
  if (count == 0) return -1;
  return std::clamp(fallback, 0, count - 1);
}

std::vector<std::string> ClipNames(const anim::Model& model) {
  std::vector<std::string> names;
  for (const anim::Clip& c : model.clips) names.push_back(c.Name());
  return names;
}

int FindJointForRole(const anim::Model& model, std::initializer_list<const char*> names) {
  return FindByName(model.skeleton.JointCount(),
                    [&](int i) { return model.skeleton.JointName(i); }, names);
}

}  // namespace samples
