#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to every test: installs what is
# missing, builds, runs the whole suite, then builds again with
# AddressSanitizer + UndefinedBehaviorSanitizer and runs the suite again.
# `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
scripts/install_validator.sh

jobs="$(nproc 2>/dev/null || echo 2)"
start=$SECONDS

scripts/build.sh release
(cd build && ctest --output-on-failure -j "$jobs")
echo "test.sh: release suite passed after $((SECONDS - start)) s"

scripts/build.sh asan
# Mesa's llvmpipe keeps some allocations alive until process exit; those are
# not ours, so LeakSanitizer is told to skip them (scripts/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
(cd build-asan && ctest --output-on-failure -j "$jobs")
echo "test.sh: sanitizer suite passed after $((SECONDS - start)) s"

# The importer's libFuzzer target (clang, ASan+UBSan, its own build folder),
# for a bounded time; any crash fails the run (fuzz/run.sh says what to do).
fuzz/run.sh 60
echo "test.sh: importer fuzzing passed after $((SECONDS - start)) s"
