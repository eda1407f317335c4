// --info's account of clips retargeted from another file: the mapping joint
// by joint, what is unmapped on either side, the reference poses and the
// translation scale.
#pragma once

#include <string>

#include "model/model.h"

namespace animviewer {

// "" when the model has no animation source.
std::string DescribeAnimationSource(const anim::Model& model);

}  // namespace animviewer
