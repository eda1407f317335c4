// The compression part of `animviewer --info`: every clip built into its
// compressed form at the default tolerance, with its raw and compressed
// sizes and the largest model-space error (joint and time), then the totals.
#pragma once

#include <string>

#include "model/model.h"

namespace animviewer {

std::string DescribeCompression(const anim::Model& model);

}  // namespace animviewer
