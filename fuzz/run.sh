#!/usr/bin/env bash
# Builds the glTF and BVH importers' libFuzzer targets (clang, ASan+UBSan)
# in their own folder and runs them for a bounded time, three quarters of it
# glTF (the larger importer) and a quarter BVH; exits non-zero on any crash,
# leak, sanitizer report, timeout or out-of-memory.
#   fuzz/run.sh [SECONDS]      (default 60, both together; scripts/test.sh runs it)
# Seeds: tiny skinned files written by make_seed_corpus, the default
# character (assets/mannequin.gltf) and every file of Debian's
# assimp-testmodels glTF2 folder (valid and malformed). The corpus the run
# grows stays in build-fuzz/fuzz/corpus (never committed); a crashing input
# is written to build-fuzz/fuzz/crashes/ and must become a regression file
# under tests/import/regressions/ (see the README there). The BVH fuzzer's
# seeds come from make_bvh_seeds; its corpus and crashes go to
# build-fuzz/fuzz/bvh/.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache (CMakeLists.txt uses it when present) keyed on paths relative to the
# repository root, so a fresh clone reuses what another clone compiled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1
seconds="${1:-60}"
build="${ANIM_FUZZ_BUILD_DIR:-build-fuzz}"
jobs="$(nproc 2>/dev/null || echo 2)"
((jobs > 2)) && jobs=2

if [ ! -f "$build/CMakeCache.txt" ]; then
  # -O1 with line tables only: builds in about half the time of
  # RelWithDebInfo, and sanitizer reports still name file and line.
  CC=clang CXX=clang++ cmake -S . -B "$build" -DANIM_BUILD_FUZZER=ON -DANIM_BUILD_VIEWER=OFF \
    -DANIM_BUILD_TESTS=OFF -DANIM_BUILD_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DCMAKE_C_FLAGS="-O1 -gline-tables-only" >/dev/null
fi
cmake --build "$build" -j "$jobs" --target gltf_import_fuzzer make_seed_corpus bvh_import_fuzzer \
  make_bvh_seeds
bvh_seconds=$((seconds / 4))
seconds=$((seconds - bvh_seconds))

work="$build/fuzz"
rm -rf "$work/seeds"
mkdir -p "$work/seeds" "$work/corpus" "$work/crashes"
"$build/fuzz/make_seed_corpus" "$work/seeds"
cp assets/mannequin.gltf "$work/seeds/"
# libFuzzer reads seed folders flat; the assimp models sit in subfolders.
if [ -d /usr/share/assimp/models/glTF2 ]; then
  find /usr/share/assimp/models/glTF2 -type f \( -name '*.gltf' -o -name '*.glb' \) -print0 |
    while IFS= read -r -d '' f; do
      cp "$f" "$work/seeds/$(echo "${f#/usr/share/assimp/models/glTF2/}" | tr '/' '_')"
    done
fi
cp tests/import/regressions/*.gl* "$work/seeds/" 2>/dev/null || true
bvh="$work/bvh"
rm -rf "$bvh/seeds" "$bvh/seeds_large"
mkdir -p "$bvh/seeds" "$bvh/seeds_large" "$bvh/corpus" "$bvh/crashes"
"$build/fuzz/make_bvh_seeds" "$bvh/seeds"
cp tests/import/regressions/*.bvh "$bvh/seeds/" 2>/dev/null || true

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
log="$work/last_run.log"
common=(-rss_limit_mb=2048 -timeout=10 -artifact_prefix="$work/crashes/" -dict=fuzz/gltf.dict)
# Seeds over 64 KB (the mannequin is 1.6 MB) run once, unmutated: mutating
# them costs ~15 ms an execution under ASan, which would cut the run to a
# few thousand executions. The small seeds are fuzzed.
mkdir -p "$work/seeds_large"
find "$work/seeds_large" -type f -delete
find "$work/seeds" -type f -size +64k -exec mv {} "$work/seeds_large/" \;
find "$bvh/seeds" -type f -size +64k -exec mv {} "$bvh/seeds_large/" \;
echo "fuzz/run.sh: running $(ls "$work/seeds_large" | wc -l) large seeds once, then fuzzing" \
  "$(ls "$work/seeds" | wc -l) small ones for $seconds s; BVH: $(ls "$bvh/seeds_large" | wc -l)" \
  "large seeds once, $(ls "$bvh/seeds" | wc -l) small ones for $bvh_seconds s"
bvh_common=(-rss_limit_mb=2048 -timeout=10 -artifact_prefix="$bvh/crashes/" -dict=fuzz/bvh.dict)
set +e
"$build/fuzz/gltf_import_fuzzer" "${common[@]}" "$work/seeds_large"/* >"$log" 2>&1 &&
  "$build/fuzz/gltf_import_fuzzer" "$work/corpus" "$work/seeds" "${common[@]}" \
    -max_total_time="$seconds" -max_len=65536 -print_final_stats=1 >>"$log" 2>&1 &&
  "$build/fuzz/bvh_import_fuzzer" "${bvh_common[@]}" "$bvh/seeds_large"/* >>"$log" 2>&1 &&
  "$build/fuzz/bvh_import_fuzzer" "$bvh/corpus" "$bvh/seeds" "${bvh_common[@]}" \
    -max_total_time="$bvh_seconds" -max_len=65536 -print_final_stats=1 >>"$log" 2>&1
status=$?
set -e
grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$log" || true
if ((status != 0)); then
  tail -60 "$log"
  echo "fuzz/run.sh: a fuzzer found a problem (exit $status); input(s) in $work/crashes/" \
    "or $bvh/crashes/:" >&2
  ls -la "$work/crashes/" "$bvh/crashes/" >&2
  echo "Copy each into tests/import/regressions/ with a name saying what it broke, fix, rerun." >&2
  exit 1
fi
echo "fuzz/run.sh: no crash in $seconds s of glTF and $bvh_seconds s of BVH"
