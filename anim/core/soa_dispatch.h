// Whether the per-frame loops that can run eight lanes at a time (F32x8,
// soa_vector.h) do: by default where they are built (x86-64 with GCC or
// Clang) and the processor and system have AVX, which every x86-64
// processor of the last decade has. The build itself stays default x86-64
// (SSE2): only the functions marked ANIM_SOA_WIDE_TARGET use AVX, and only
// after this check. Both widths give the same bits (the same operations in
// each lane, in the same order; tests/anim/soa_wide_test.cpp runs both), so
// turning the wide loops off only changes the speed.
#pragma once

namespace anim::soa {

// Whether this build and this processor can run the wide loops.
bool WideKernelsSupported();

// Whether they run now: WideKernelsSupported() unless turned off.
bool WideKernels();

// Turns them on (where supported) or off for the whole program, for tests
// and benchmarks that compare the two widths. Safe to call from any thread;
// a loop already running keeps the width it started with.
void SetWideKernels(bool on);

}  // namespace anim::soa
