// Whether this test binary is built with AddressSanitizer: peak memory and
// time are not the program's own there (shadow memory, quarantine, 2-5x
// slower code), so the tests that measure them run in the release suite.
#pragma once

// GCC says AddressSanitizer with __SANITIZE_ADDRESS__, clang with __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define ANIM_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ANIM_TEST_UNDER_ASAN 1
#endif
#endif
#ifndef ANIM_TEST_UNDER_ASAN
#define ANIM_TEST_UNDER_ASAN 0
#endif
