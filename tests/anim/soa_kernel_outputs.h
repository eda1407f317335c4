// Every output of the structure-of-arrays kernels (sampling into SoaPose and
// Pose, the compressed-clip sampler, Blend, Add, model matrices and palette)
// on one seeded rig and clip,
// flattened into floats. soa_wide_test.cpp compares the eight-lane loops
// with the four-lane ones on it. soa_kernel_outputs.cpp is compiled twice: into
// anim_soa_scalar_tests with the runtime's default build (the generic
// vectors), and into the anim_soa_scalar library with soa_vector.h's
// portable fallback (ANIM_SOA_SCALAR), where the runtime's namespace is
// renamed anim_soa_scalar so both builds live in one test executable.
#pragma once

#include <vector>

namespace anim::kernel_check {

// `joints`: 21 (three blocks of eight lanes, the last one partial) or any
// other count from 21 up.
std::vector<float> SoaKernelOutputs(int joints);
// Whether this build of the kernels uses the compilers' vector extensions.
bool UsesVectorExtensions();

}  // namespace anim::kernel_check
