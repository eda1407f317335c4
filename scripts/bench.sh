#!/usr/bin/env bash
# Builds the benchmarks in Release (build-bench/) and runs them.
#   scripts/bench.sh                                  -> every benchmark
#   scripts/bench.sh --benchmark_filter='woman/blend2_palette/.*'
# Extra arguments go to the Google Benchmark executable (see --help), e.g.
# --benchmark_min_time=0.1 or --benchmark_repetitions=3. The figure to read
# is the ns_per_character counter: CPU time per character per frame, one thread.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}"
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DANIM_BUILD_BENCHMARKS=ON >/dev/null
cmake --build build-bench -j "$jobs" --target anim_bench
exec build-bench/bench/anim_bench --benchmark_counters_tabular=true "$@"
