#!/usr/bin/env bash
# Configures and builds the project into a build folder.
#   scripts/build.sh            -> build/        (GCC, optimised, with debug info)
#   scripts/build.sh asan       -> build-asan/   (clang, -Werror, AddressSanitizer + UBSan, -O1)
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
case "$kind" in
  release)
    dir=build
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
    ;;
  asan)
    dir=build-asan
    export CC=clang CXX=clang++
    flags=(-DCMAKE_BUILD_TYPE=None -DANIM_SANITIZE=ON -DANIM_BUILD_BENCHMARKS=OFF
           "-DCMAKE_CXX_FLAGS=-O1 -gline-tables-only -Werror" "-DCMAKE_C_FLAGS=-O1 -gline-tables-only")
    ;;
  *) echo "build.sh: unknown build kind '$kind' (use release or asan)" >&2; exit 2 ;;
esac

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$jobs"
echo "build.sh: built $dir/"
