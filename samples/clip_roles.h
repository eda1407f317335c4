// Samples talk about roles ("walk", "run", "lean") while characters name
// their clips freely (Walk, Walking, mixamo.com|Run...). These helpers pick a
// sensible clip for a role; each sample also offers a combo to change it.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "anim/import/model.h"

namespace samples {

// Index of the first clip whose name equals one of `names` ignoring case,
// else whose name contains one of them, else `fallback` (clamped to the
// clip range, -1 when there are no clips).
int FindClipForRole(const anim::Model& model, std::initializer_list<const char*> names,
                    int fallback = 0);

std::vector<std::string> ClipNames(const anim::Model& model);

// Index of the first joint whose name equals one of `names` ignoring case,
// else contains one, else -1.
int FindJointForRole(const anim::Model& model, std::initializer_list<const char*> names);

}  // namespace samples
