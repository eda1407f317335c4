#!/usr/bin/env bash
# Configures and builds the project into a build folder.
#   scripts/build.sh            -> build/        (optimised, with debug info)
#   scripts/build.sh asan       -> build-asan/   (AddressSanitizer + UBSan)
set -euo pipefail
cd "$(dirname "$0")/.."

kind="${1:-release}"
case "$kind" in
  release) dir=build; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo) ;;
  asan) dir=build-asan; flags=(-DCMAKE_BUILD_TYPE=Debug -DANIM_SANITIZE=ON) ;;
  *) echo "build.sh: unknown build kind '$kind' (use release or asan)" >&2; exit 2 ;;
esac

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j "$jobs"
echo "build.sh: built $dir/"
