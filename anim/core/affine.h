// Matrix products for affine matrices (last row 0, 0, 0, 1), the kind every
// joint, offset and inverse bind matrix is in practice. Inline because they
// run once per joint per frame.
#pragma once

#include <glm/glm.hpp>

namespace anim::affine {

inline bool IsAffine(const glm::mat4& m) {
  return m[0][3] == 0.0f && m[1][3] == 0.0f && m[2][3] == 0.0f && m[3][3] == 1.0f;
}

// a * b for an affine b: the same sums as glm's mat4 product without the
// terms multiplied by b's zero last row (12 column multiply-adds instead of
// 16), so the result is identical.
inline glm::mat4 MultiplyAffine(const glm::mat4& a, const glm::mat4& b) {
  glm::mat4 out;
  for (int c = 0; c < 3; ++c) out[c] = a[0] * b[c][0] + a[1] * b[c][1] + a[2] * b[c][2];
  out[3] = a[0] * b[3][0] + a[1] * b[3][1] + a[2] * b[3][2] + a[3];
  return out;
}

}  // namespace anim::affine
