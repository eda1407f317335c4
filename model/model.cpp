#include "model/model.h"

namespace anim {

int Model::FindClip(const std::string& name) const {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].Name() == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace anim
