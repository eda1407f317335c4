// The compression part of `animviewer --info`: every clip built into its
// compressed form at the default tolerance, with its raw and compressed
// sizes and the largest model-space error (joint and time), then the totals.
#pragma once

#include <cstddef>
#include <string>

#include "model/model.h"

namespace animviewer {

// Clips whose compression would need more than `load_memory_limit` bytes
// (--max-load-memory) are listed with the reason instead.
std::string DescribeCompression(const anim::Model& model, std::size_t load_memory_limit);

}  // namespace animviewer
