// The text printed by --info: the skeleton as an indented tree and every
// clip's name, duration and key counts.
#pragma once

#include <string>

#include "model/model.h"

namespace animviewer {

std::string DescribeModel(const anim::Model& model);

// "Running, Jump2, PickUp" (for error messages about unknown clips).
std::string ClipNameList(const anim::Model& model);

}  // namespace animviewer
