// soa_vector.h's portable fallback (plain arrays of four, what compilers
// without GCC's and Clang's vector extensions build) gives the same results
// as the generic vectors: every SoA kernel's output on a seeded rig, bit for
// bit. The fallback build is the anim_soa_scalar library (tests/anim/
// CMakeLists.txt), the runtime's namespace renamed there so that both builds
// link into this one executable.
#include <cstring>

#include <gtest/gtest.h>

#include "soa_kernel_outputs.h"

namespace anim_soa_scalar::kernel_check {
std::vector<float> SoaKernelOutputs(int joints);
bool UsesVectorExtensions();
}  // namespace anim_soa_scalar::kernel_check

namespace {

TEST(SoaScalarFallback, IsWhatTheSecondBuildUses) {
  EXPECT_FALSE(anim_soa_scalar::kernel_check::UsesVectorExtensions());
#if defined(__GNUC__) || defined(__clang__)
  EXPECT_TRUE(anim::kernel_check::UsesVectorExtensions());
#endif
}

TEST(SoaScalarFallback, EveryKernelGivesTheVectorBuildsResultsBitForBit) {
  const std::vector<float> vector = anim::kernel_check::SoaKernelOutputs(21);
  const std::vector<float> scalar = anim_soa_scalar::kernel_check::SoaKernelOutputs(21);
  ASSERT_EQ(vector.size(), scalar.size());
  ASSERT_GT(vector.size(), 40u * 7 * 10 * 21);
  int differences = 0;
  for (std::size_t i = 0; i < vector.size(); ++i) {
    if (std::memcmp(&vector[i], &scalar[i], sizeof(float)) != 0 && ++differences <= 10) {
      ADD_FAILURE() << "output " << i << ": vectors " << vector[i] << ", fallback " << scalar[i];
    }
  }
  EXPECT_EQ(differences, 0);
}

}  // namespace
