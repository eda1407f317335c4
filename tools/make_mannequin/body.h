// The mannequin's body: which shapes make it, where they sit in the bind pose
// (Y up, facing +Z, 1.8 m tall, soles on Y = 0), their colours and bones.
#pragma once

#include "shapes.h"

namespace mannequin {

// The whole body as one mesh (bind pose, model space, no weights yet).
Mesh BuildBody();

}  // namespace mannequin
