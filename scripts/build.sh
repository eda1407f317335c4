#!/usr/bin/env bash
# Configures and builds the project into a build folder.
#   scripts/build.sh            -> build/        (GCC, optimised, with debug info)
#   scripts/build.sh asan       -> build-asan/   (clang, -Werror, AddressSanitizer + UBSan, -O1)
#   scripts/build.sh viewer     -> build/        (as release, the viewer alone: no tests,
#                                                 no benchmarks; scripts/viewer.sh)
# The sanitizer build is also the suite's clang build: clang's warnings are
# errors there, so the tree compiles warning-free with both compilers. -O1
# with line tables builds in about half the time of -O0 with full debug info
# and sanitizer reports still name file and line. Benchmarks are left out of
# it: they never run under sanitizers.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache (CMakeLists.txt uses it when present) keyed on paths relative to the
# repository root, so a fresh clone reuses what another clone compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1

kind="${1:-release}"
target=()
case "$kind" in
  release)
    dir=build
    # Tests on, benchmarks back to their default (on where libbenchmark is
    # installed): a viewer-only configure of the same folder turned them off.
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DANIM_BUILD_TESTS=ON -UANIM_BUILD_BENCHMARKS)
    ;;
  viewer)
    # The same folder and flags as release, so the suite's build later reuses
    # what this one compiled; only the viewer's target and what it links.
    dir=build
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DANIM_BUILD_TESTS=OFF -DANIM_BUILD_BENCHMARKS=OFF)
    target=(--target animviewer)
    ;;
  asan)
    dir=build-asan
    export CC=clang CXX=clang++
    flags=(-DCMAKE_BUILD_TYPE=None -DANIM_SANITIZE=ON -DANIM_BUILD_BENCHMARKS=OFF
           "-DCMAKE_CXX_FLAGS=-O1 -gline-tables-only -Werror" "-DCMAKE_C_FLAGS=-O1 -gline-tables-only")
    ;;
  *) echo "build.sh: unknown build kind '$kind' (use release, asan or viewer)" >&2; exit 2 ;;
esac

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$jobs" "${target[@]}"
echo "build.sh: built $dir/"
