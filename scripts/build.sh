#!/usr/bin/env bash
# Configures and builds the project into a build folder.
#   scripts/build.sh            -> build/        (GCC, optimised, with debug info,
#                                                 a unity build of everything but the tests)
#   scripts/build.sh asan       -> build-asan/   (clang, -Werror, AddressSanitizer + UBSan, -O1)
#   scripts/build.sh viewer     -> build/        (as release, the viewer alone: no tests,
#                                                 no benchmarks; scripts/viewer.sh)
# The sanitizer build is also the suite's clang build: clang's warnings are
# errors there, so the tree compiles warning-free with both compilers. -O1
# with line tables builds in about half the time of -O0 with full debug info
# and sanitizer reports still name file and line. Benchmarks are left out of
# it: they never run under sanitizers.
# The release and viewer kinds compile the libraries, the viewer, the samples,
# the tools and the benchmarks as a unity build (CMake joins up to 16 .cpp
# files of a target into one translation unit): glm, Dear ImGui, tinygltf and
# the standard headers are parsed once per batch instead of once per file,
# which more than halves the viewer's build on two cores (docs/tests.md has
# the figures). The sanitizer kind compiles every file alone, so the suite
# still proves each file includes what it uses; names in anonymous
# namespaces must therefore differ between the files of one target.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache (CMakeLists.txt uses it when present) keyed on paths relative to the
# repository root, so a fresh clone reuses what another clone compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1

kind="${1:-release}"
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16)
target=()
case "$kind" in
  release)
    dir=build
    # Tests on, benchmarks back to their default (on where libbenchmark is
    # installed): a viewer-only configure of the same folder turned them off.
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DANIM_BUILD_TESTS=ON -UANIM_BUILD_BENCHMARKS "${unity[@]}")
    ;;
  viewer)
    # The same folder and flags as release, so the suite's build later reuses
    # what this one compiled; only the viewer's target and what it links.
    dir=build
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DANIM_BUILD_TESTS=OFF -DANIM_BUILD_BENCHMARKS=OFF "${unity[@]}")
    target=(--target animviewer)
    ;;
  asan)
    dir=build-asan
    export CC=clang CXX=clang++
    flags=(-DCMAKE_BUILD_TYPE=None -DANIM_SANITIZE=ON -DCMAKE_UNITY_BUILD=OFF -DANIM_BUILD_BENCHMARKS=OFF
           "-DCMAKE_CXX_FLAGS=-O1 -gline-tables-only -Werror" "-DCMAKE_C_FLAGS=-O1 -gline-tables-only")
    ;;
  *) echo "build.sh: unknown build kind '$kind' (use release, asan or viewer)" >&2; exit 2 ;;
esac

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$jobs" "${target[@]}"
echo "build.sh: built $dir/"
