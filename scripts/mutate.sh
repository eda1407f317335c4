#!/usr/bin/env bash
# Mutation testing (issue #59): plants one-line bugs in the sources and checks
# that the fast suite notices each.
#   scripts/mutate.sh [PATHS...] [--count N] [--seed S]   N mutants (default 20, seed 1) drawn
#                                                        from PATHS (default anim/ import/ regress/)
#   scripts/mutate.sh --site ID [--site ID...]           those mutants only (ids as printed)
#   scripts/mutate.sh ... --list                         print the draw, build nothing
#   scripts/mutate.sh ... --dry-run                      write and restore each mutant, build
#                                                        nothing (tests/scripts checks the engine so)
# Other options: --jobs J (build jobs, default 2), --timeout S (seconds per test
# executable, default 120; a test that runs past it counts as killed),
# --no-baseline (skip building and running the unmutated suite first: only
# when it is known to pass, as when a survivor is checked again with --site),
# --from K (start at the K-th mutant of the draw: a long draw runs in parts,
# each part at the same commit, e.g. in a `git worktree` of it, and each
# mutant keeps its number), --tests A,B (run these test executables only, in this order, in place of
# those that link the changed library: to check a survivor against the test
# written for it without rebuilding every other).
#
# The catalogue of mutations is our own, scripts/mutate.py (Python 3, stdlib
# only): PyPI is not reachable from the project's machines, so universalmutator
# cannot be installed. mutate.py enumerates every candidate site of its
# operators in sorted file order, shuffles them with the seed and takes N, so a
# seed draws the same mutants on any machine with the same sources.
#
# For each mutant: write it into the file, rebuild only the test executables
# that link the changed library (build-mutate/: `scripts/build.sh release`'s
# flags without benchmarks and without the viewer, so only non-GL tests, with
# the bounds and return checks below; lld links them when present), run them one by one, directly (not via ctest),
# with --gtest_fail_fast under `timeout`, the most likely to kill first
# (anim_tests first for anim/), stop at the first failure, then restore the
# file -- also on Ctrl-C or an error (trap) -- and check with `git diff --quiet`
# that it is back. A mutant that does not compile is stillborn: reported, not
# counted. Survivors print as `file:line: original -> mutated`; at the end the
# score, killed / (killed + survived). Everything goes to build-mutate/mutate-log.txt.
# To end a long run early with its score: `touch build-mutate/stop` (after the
# mutant under test), or Ctrl-C (at once; that mutant is not counted).
# It takes tens of seconds per mutant on two cores; never part of .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1

paths=()
sites=()
count=20
seed=1
from=1
jobs=2
test_timeout=120
list_only=0
dry_run=0
baseline=1
only_tests=""
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --from) from="$2"; shift 2 ;;
    --site) sites+=("$2"); shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --timeout) test_timeout="$2"; shift 2 ;;
    --list) list_only=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    --no-baseline) baseline=0; shift ;;
    --tests) only_tests="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "mutate.sh: unknown option $1" >&2; exit 2 ;;
    *) paths+=("$1"); shift ;;
  esac
done
[ ${#paths[@]} -gt 0 ] || paths=(anim/ import/ regress/)

dir=build-mutate
mkdir -p "$dir"
log="$dir/mutate-log.txt"
plan="$dir/plan.tsv"

# The draw: id <TAB> file <TAB> description, one mutant a line.
if [ ${#sites[@]} -gt 0 ]; then
  from=1
  : >"$plan"
  for id in "${sites[@]}"; do
    printf '%s\t%s\t%s\n' "$id" "${id%%:*}" "$(python3 scripts/mutate.py describe "$id")" >>"$plan"
  done
else
  python3 scripts/mutate.py plan --seed "$seed" --count "$count" "${paths[@]}" >"$plan"
  if ! [[ "$from" =~ ^[1-9][0-9]*$ ]] || [ "$from" -gt "$count" ]; then
    echo "mutate.sh: --from $from is not a mutant of the draw (1 to $count)" >&2
    exit 2
  fi
  tail -n "+$from" "$plan" >"$plan.part" && mv "$plan.part" "$plan"
fi
if [ "$list_only" = 1 ]; then
  cut -f1,3 "$plan"
  exit 0
fi

# Every file to mutate must match git: that is how its restoration is checked.
files="$(cut -f2 "$plan" | sort -u)"
for f in $files; do
  if ! git diff --quiet -- "$f"; then
    echo "mutate.sh: $f has uncommitted changes; commit or stash them first" >&2
    exit 2
  fi
done

# The undefined behaviour a one-line bug most often makes, and which the
# suite's sanitizer build (.ci/run) would catch but a release build runs
# past: an index past an array's or a vector's end, a function that falls
# off its end without returning. Checked here too, cheaply, so that such a
# mutant counts as killed, as it would be by the suite.
checks="-fsanitize=bounds,return -fno-sanitize-recover=all -D_GLIBCXX_ASSERTIONS"
if [ "$dry_run" = 0 ] && ! grep -qF -- "$checks" "$dir/CMakeCache.txt" 2>/dev/null; then
  linker=()
  if command -v ld.lld >/dev/null; then
    linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld)
  fi
  # The release build's flags with those checks, no benchmarks, no viewer;
  # tests are listed when ctest runs, not after every link (nothing here
  # runs ctest).
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANIM_BUILD_TESTS=ON \
    -DANIM_BUILD_BENCHMARKS=OFF -DANIM_BUILD_VIEWER=OFF "-DCMAKE_CXX_FLAGS=$checks" \
    -DCMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE=PRE_TEST "${linker[@]}" >/dev/null
fi

build() {  # build TARGET: quiet, output in $dir/last-build.txt
  nice -n 10 cmake --build "$dir" -j "$jobs" --target "$1" </dev/null >"$dir/last-build.txt" 2>&1
}
run_test() {  # run_test PATH: 0 when it passes; output in $dir/last-run.txt
  (cd "$dir/$(dirname "$1")" &&
    timeout -k 10 "$test_timeout" nice -n 10 "./$(basename "$1")" --gtest_fail_fast --gtest_brief=1) \
    </dev/null >"$dir/last-run.txt" 2>&1
}

# tests_of FILE: the test executables to run for FILE, target <TAB> path.
tests_of() {
  local all name line
  all="$(python3 scripts/mutate.py tests "$1")"
  if [ -z "$only_tests" ]; then
    echo "$all"
    return
  fi
  for name in ${only_tests//,/ }; do
    line="$(awk -F'\t' -v n="$name" '$1 == n' <<<"$all")"
    if [ -z "$line" ]; then
      echo "mutate.sh: $name does not link what $1 is built into" >&2
      exit 2
    fi
    echo "$line"
  done
}

start=$SECONDS
total="$(wc -l <"$plan")"

# The restore: on every exit, Ctrl-C included, the file being mutated gets its
# bytes back.
current=""
backup="$dir/original-file"
restore() {
  if [ -n "$current" ]; then
    cp "$backup" "$current"
    current=""
  fi
}
trap restore EXIT
trap 'restore; echo "mutate.sh: interrupted; file restored" >&2; summary; exit 130' INT TERM

killed=0
survived=0
stillborn=0
done_count=0
survivors=()
summary() {  # the survivors and the score of the mutants done so far
  [ "$dry_run" = 0 ] || return 0
  local elapsed=$((SECONDS - start)) counted=$((killed + survived)) score="n/a" s
  if [ "$counted" -gt 0 ]; then
    score="$(awk -v k="$killed" -v n="$counted" 'BEGIN { printf "%.1f", 100 * k / n }')"
  fi
  {
    echo
    echo "Survivors (${#survivors[@]}):"
    for s in "${survivors[@]}"; do echo "  $s"; done
    echo "Score: killed $killed / (killed $killed + survived $survived) = $score%;" \
      "stillborn $stillborn (not counted); $done_count of $total mutants done in ${elapsed} s" \
      "($((elapsed / 60)) min $((elapsed % 60)) s, baseline included)"
  } | tee -a "$log"
}

{
  if [ ${#sites[@]} -gt 0 ]; then
    drawn="the sites given"
  else
    drawn="paths ${paths[*]}, count $count, seed $seed, from $from"
  fi
  echo "mutate.sh: $(date -u '+%F %T') UTC, $(git rev-parse --short HEAD), $drawn, $total mutants"
} | tee "$log"

# Baseline: every test executable the draw needs, built and run unmutated. A
# failure here would count every mutant as killed, so it stops the run.
[ "$dry_run" = 1 ] || [ "$baseline" = 0 ] ||
  echo "mutate.sh: baseline build and run of the unmutated suite" | tee -a "$log"
needed=""
if [ "$dry_run" = 0 ] && [ "$baseline" = 1 ]; then
  needed="$(for f in $files; do tests_of "$f"; done | sort -u)"
fi
while IFS=$'\t' read -r -u 4 target rel; do
  [ -n "$target" ] || continue
  t0=$SECONDS
  if ! build "$target"; then
    cat "$dir/last-build.txt" >&2
    echo "mutate.sh: the unmutated $target does not build" | tee -a "$log" >&2
    exit 1
  fi
  t1=$SECONDS
  if ! run_test "$rel"; then
    tail -30 "$dir/last-run.txt" >&2
    echo "mutate.sh: the unmutated $target fails; fix the suite first" | tee -a "$log" >&2
    exit 1
  fi
  echo "  baseline $target: built in $((t1 - t0)) s, ran in $((SECONDS - t1)) s" | tee -a "$log"
done 4<<<"$needed"
[ -z "$needed" ] || echo "mutate.sh: baseline passed after $((SECONDS - start)) s" | tee -a "$log"

rm -f "$dir/stop"
index=0
while IFS=$'\t' read -r -u 3 id file description; do
  if [ -e "$dir/stop" ]; then
    echo "mutate.sh: $dir/stop found: stopping after $index of $total mutants" | tee -a "$log"
    rm -f "$dir/stop"
    break
  fi
  index=$((index + 1))
  m0=$SECONDS
  cp "$file" "$backup"
  current="$file"
  python3 scripts/mutate.py apply "$id" </dev/null >/dev/null
  outcome=survived
  by=""
  tests=""
  [ "$dry_run" = 1 ] || tests="$(tests_of "$file")"
  if [ "$dry_run" = 1 ]; then
    # The engine alone: the mutant is written (the file differs), nothing runs.
    cmp -s "$backup" "$file" && { echo "mutate.sh: $id changed nothing" >&2; exit 1; }
    outcome=written
    sleep "${MUTATE_DRY_RUN_PAUSE:-0}"
  fi
  while IFS=$'\t' read -r -u 4 target rel; do
    [ -n "$target" ] || continue
    if ! build "$target"; then
      outcome=stillborn
      by="$(grep -m1 -E 'error' "$dir/last-build.txt" | cut -c1-160 || true)"
      break
    fi
    status=0
    run_test "$rel" || status=$?
    if [ "$status" -ne 0 ]; then
      outcome=killed
      failed="$(grep -m1 -E '^\[  FAILED  \]' "$dir/last-run.txt" | sed 's/^\[  FAILED  \] //' || true)"
      if [ "$status" -eq 124 ]; then
        by="$target (timeout, ${test_timeout} s)"
      elif [ -n "$failed" ]; then
        by="$target: $failed"
      else
        by="$target (exit status $status)"
      fi
      break
    fi
  done 4<<<"$tests"
  restore
  if ! git diff --quiet -- "$file"; then
    echo "mutate.sh: $file is not back to its committed content" | tee -a "$log" >&2
    exit 1
  fi
  case "$outcome" in
    killed) killed=$((killed + 1)) ;;
    survived) survived=$((survived + 1)); survivors+=("$description   [$id]") ;;
    stillborn) stillborn=$((stillborn + 1)) ;;
    written) ;;
  esac
  done_count=$index
  line="[$((index + from - 1))/$((total + from - 1))] $outcome ($((SECONDS - m0)) s) $id"
  echo "$line" | tee -a "$log"
  echo "    $description" >>"$log"
  [ -z "$by" ] || echo "    by: $by" >>"$log"
  if [ "$outcome" = survived ] && [ "$dry_run" = 0 ]; then
    echo "  SURVIVED $description"
  fi
done 3<"$plan"

elapsed=$((SECONDS - start))
if [ "$dry_run" = 1 ]; then
  echo "mutate.sh: dry run: $total mutants written and restored in ${elapsed} s" | tee -a "$log"
  exit 0
fi
summary
