#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to every test: installs what is
# missing, builds, runs the whole suite, then builds again with clang,
# -Werror, AddressSanitizer + UndefinedBehaviorSanitizer and runs the suite
# again (golden screenshots: a few, see below), then fuzzes the importer.
# Prints the time of each phase. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
scripts/install_validator.sh

jobs="$(nproc 2>/dev/null || echo 2)"
start=$SECONDS
phase_start=$SECONDS
# ctest with its output kept, then a line that counts the skipped tests (they
# need ../shared/assets/Woman.gltf or a tool that is absent) apart from the
# passed ones, so a green run says what it did not check.
suite() {  # suite DIR CTEST_ARGS...
  local dir="$1" log
  shift
  log="$(mktemp)"
  (cd "$dir" && ctest --output-on-failure -j "$jobs" "$@") | tee "$log"
  local status=${PIPESTATUS[0]}
  local skipped
  skipped="$(grep -c '(Skipped)$' "$log" || true)"
  echo "test.sh: $skipped tests skipped in $dir ($*): each says why above (Woman.gltf absent, a tool missing)"
  rm -f "$log"
  return "$status"
}
phase() {  # phase NAME: prints how long the phase that just ended took
  echo "test.sh: $1 took $((SECONDS - phase_start)) s (total $((SECONDS - start)) s)"
  phase_start=$SECONDS
}

# The layout check takes seconds; clang-tidy over the tree (scripts/lint.sh
# without arguments) takes about a quarter of an hour on two cores, so it is
# run by hand, not here.
# The window scenarios that the sanitizer suite runs too (below) run only
# there: the same actions and checks, on the same code, with every memory
# access checked as well.
asan_ui='sample_orders|widgets_single_clip'

scripts/lint.sh --format
scripts/build.sh release
phase "format check and release build"
suite build -E "^ui_($asan_ui)\$"
phase "release suite"

scripts/build.sh asan
phase "sanitizer build (clang, -Werror)"
# Mesa's llvmpipe keeps some allocations alive until process exit; those are
# not ours, so LeakSanitizer is told to skip them (scripts/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# LeakSanitizer (clang 14) can take a thread's dynamic TLS block for the
# layout of glibc 2.19 when the block's address happens to fit, and then
# scans a bogus range and crashes ("Tracer caught signal 11" at exit, after
# the test passed); which process it hits moves with every allocation
# (google/sanitizers#1322). Not scanning dynamic TLS avoids it; that memory
# is Mesa's here, whose allocations the suppressions above skip anyway.
export ASAN_OPTIONS="intercept_tls_get_addr=0"
# The window driven as a user would: under sanitizers the scenario that
# chooses every sample in every order that matters, and every widget on the
# one-clip model (the paths where samples refuse or fall back) ($asan_ui
# above). Every golden already ran in the release suite; under sanitizers a
# few cover each code path they add (a clip, the skeleton overlay, a sample
# with root motion, a state machine, the instanced crowd and its CPU
# skinning).
asan_goldens='mannequin_run_0_45|sample_02_crossfade_mid|sample_05_locomotion_scripted|sample_07_punch_walking|sample_08_crowd_100_cpu|woman_walking_0_40'
# One ctest run, so the two window tests (minutes each; their ctest COST
# starts them first) share the cores with the short tests instead of running
# on alone at the end: it leaves out the other window tests and goldens,
# named from ctest's list and tests/golden/cases.txt.
other_ui="$(cd build-asan && ctest -N -L ui | sed -n 's/^ *Test *#[0-9]*: ui_\([a-z_]*\)$/\1/p' |
  grep -v -x -E "$asan_ui" | paste -sd'|')"
other_goldens="$(sed -n 's/^\([a-z0-9_]*\) *|.*/\1/p' tests/golden/cases.txt |
  grep -v -x -E "$asan_goldens" | paste -sd'|')"
suite build-asan -E "^ui_($other_ui)\$|GoldenScreenshot.*/($other_goldens)( |\$)"
phase "sanitizer suite"

# The importer's libFuzzer target (clang, ASan+UBSan, its own build folder),
# for a bounded time; any crash fails the run (fuzz/run.sh says what to do).
fuzz/run.sh 60
phase "importer fuzzing"
echo "test.sh: everything passed after $((SECONDS - start)) s"
