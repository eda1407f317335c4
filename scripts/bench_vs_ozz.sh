#!/usr/bin/env bash
# Cases (a) and (b) on our runtime and on ozz-animation, measured in the
# same run on the same machine, one pinned core (bench/ozz/ozz_bench.cpp).
#   scripts/bench_vs_ozz.sh OZZ_SOURCE_DIR [ROUNDS]
# OZZ_SOURCE_DIR: a checkout of ozz-animation (we compare with 0.16.0; for
# example `git clone -b 0.16.0 https://github.com/guillaumeblanc/ozz-animation`).
# Nothing is downloaded. Builds ozz (Release, its own flags, no samples,
# tests or FBX) into build-ozz/, converts ../shared/assets/Woman.gltf with
# its gltf2ozz at the defaults, builds our benchmarks in Release
# (build-bench/, as scripts/bench.sh) and the ozz harness with the same
# -O3, then alternates the two executables ROUNDS times (default 3), each
# run the median of 3 repetitions, and prints per case the median over the
# rounds of ns per character and our time over ozz's.
set -euo pipefail
cd "$(dirname "$0")/.."
ozz_src="${1:?usage: scripts/bench_vs_ozz.sh OZZ_SOURCE_DIR [ROUNDS]}"
rounds="${2:-3}"
woman="../shared/assets/Woman.gltf"
[ -f "$woman" ] || { echo "bench_vs_ozz: $woman not found" >&2; exit 1; }
[ -f "$ozz_src/include/ozz/animation/runtime/sampling_job.h" ] ||
  { echo "bench_vs_ozz: $ozz_src is not an ozz-animation checkout" >&2; exit 1; }
jobs="${JOBS:-2}"

cmake -S "$ozz_src" -B build-ozz/ozz -DCMAKE_BUILD_TYPE=Release -Dozz_build_fbx=OFF \
  -Dozz_build_samples=OFF -Dozz_build_howtos=OFF -Dozz_build_tests=OFF \
  -Dozz_build_postfix=OFF >/dev/null
cmake --build build-ozz/ozz -j "$jobs" --target ozz_animation ozz_base gltf2ozz >/dev/null
mkdir -p build-ozz/data
(cd build-ozz/data && ../ozz/src/animation/offline/gltf/gltf2ozz --file="../../$woman" \
  >gltf2ozz.log 2>&1) || { cat build-ozz/data/gltf2ozz.log >&2; exit 1; }
echo "gltf2ozz: $(ls build-ozz/data/*.ozz | grep -v /skeleton.ozz | xargs cat | wc -c) bytes of clips (.ozz files but skeleton.ozz)"
"${CXX:-g++}" -std=c++20 -O3 -DNDEBUG -Wno-ignored-attributes -I"$ozz_src/include" -Ibench \
  bench/ozz/ozz_bench.cpp build-ozz/ozz/src/animation/runtime/libozz_animation.a \
  build-ozz/ozz/src/base/libozz_base.a -lbenchmark -lpthread -o build-ozz/ozz_bench
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DANIM_BUILD_BENCHMARKS=ON >/dev/null
cmake --build build-bench -j "$jobs" --target anim_bench >/dev/null

pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then pin=(taskset -c 1); fi
ours='^(woman|woman_reduced|woman_compressed_shared|woman_compressed_sampled|woman_compressed)/(sample_ltm|blend2_palette)/(1|1000|10000)$'
# Where the processor has AVX our per-frame loops run eight joints at a time
# (anim/core/soa_dispatch.h); the raw and every-sample-decoded cases run a
# second time four at a time (ANIM_BENCH_NARROW=1, what a processor without
# AVX runs), as the "4 lanes" columns.
narrow='^(woman|woman_compressed_sampled)/(sample_ltm|blend2_palette)/(1|1000|10000)$'
args=(--benchmark_min_time=0.2 --benchmark_repetitions=3 --benchmark_report_aggregates_only=true)
out=build-ozz/runs.txt
: >"$out"
echo "our eight-lane loops: $(build-bench/bench/anim_bench --benchmark_filter='^woman/sample_ltm/1$' \
  --benchmark_min_time=0.01 2>&1 | sed -n 's/^wide_kernels: //p')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; ++r)); do
  "${pin[@]}" build-bench/bench/anim_bench --benchmark_filter="$ours" "${args[@]}" | grep _median >>"$out"
  ANIM_BENCH_NARROW=1 "${pin[@]}" build-bench/bench/anim_bench --benchmark_filter="$narrow" \
    "${args[@]}" | grep _median | sed 's/^/four_lanes_/' >>"$out"
  OZZ_BENCH_DATA=build-ozz/data "${pin[@]}" build-ozz/ozz_bench "${args[@]}" | grep _median >>"$out"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r'(\S+)/(\w+)/(\d+)_median.*ns_per_character=([\d.]+)(k?)', line)
    if m:
        ns = float(m.group(4)) * (1000 if m.group(5) else 1)
        runs.setdefault((m.group(1), m.group(2), int(m.group(3))), []).append(ns)
med = {k: statistics.median(v) for k, v in runs.items()}
print('ns per character (median of rounds); ours / ozz in brackets')
rigs = ('woman', 'four_lanes_woman', 'woman_reduced', 'woman_compressed', 'woman_compressed_shared',
        'woman_compressed_sampled', 'four_lanes_woman_compressed_sampled')
print(('%-15s %6s' + ' %14s' * len(rigs) + ' %6s') % (
    'case', 'N', 'raw', 'raw, 4 lanes', 'key-reduced', 'compr. own', 'compr. shared', 'compr. sampled',
    'sampled, 4 l.', 'ozz'))
for case in ('sample_ltm', 'blend2_palette'):
    for n in (1, 1000, 10000):
        oz = med.get(('ozz', case, n))
        cells = []
        for rig in rigs:
            v = med.get((rig, case, n))
            cells.append('-' if v is None else '%6.0f (%.2f)' % (v, v / oz) if oz else '%6.0f' % v)
        print(('%-15s %6d' + ' %14s' * len(rigs) + ' %6s') % (
            case, n, *cells, '-' if oz is None else '%.0f' % oz))
PY
