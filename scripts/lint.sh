#!/usr/bin/env bash
# Checks the tree against .clang-format and .clang-tidy.
#   scripts/lint.sh          -> format check, then clang-tidy on every C++ file
#   scripts/lint.sh --format -> the format check only (seconds; the suite runs it)
#   scripts/lint.sh FILE...  -> clang-tidy on these files only
# clang-tidy needs a compile database with every target, benchmarks
# included, and the generated headers, so it configures and builds a clang
# tree in build-lint/ (ccache makes it cheap after the first time).
# Fix formatting with: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1

check_format() {
  local bad
  bad="$(git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run 2>&1 | grep -c 'warning:' || true)"
  if [[ "$bad" != 0 ]]; then
    git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run 2>&1 | grep 'warning:' | cut -d: -f1 |
      sort -u | sed 's/^/lint.sh: not formatted: /'
    echo "lint.sh: $bad lines differ from .clang-format (fix: git ls-files '*.cpp' '*.h' | xargs clang-format -i)" >&2
    return 1
  fi
  echo "lint.sh: every C++ file matches .clang-format"
}

check_format
[[ "${1:-}" == "--format" ]] && exit 0

CC=clang CXX=clang++ cmake -S . -B build-lint -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DANIM_BUILD_BENCHMARKS=ON >/dev/null
cmake --build build-lint -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
if [[ $# -gt 0 ]]; then
  files=("$@")
else
  # Every tracked source in the compile database (fuzz/ builds on its own).
  mapfile -t files < <(git ls-files '*.cpp' | grep -x -F -f <(grep -o '"file": "[^"]*"' \
    build-lint/compile_commands.json | sed "s|\"file\": \"$PWD/||; s|\"$||"))
fi
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc 2>/dev/null || echo 2)" -n 4 clang-tidy -p build-lint --quiet 2>&1 |
  grep -v -E '^[0-9]+ warnings? (generated|treated as errors)|^Suppressed|^Use -header-filter|^Error while processing' |
  tee build-lint/tidy.log || true  # the verdict is the log's, below
if grep -q 'error:' build-lint/tidy.log; then
  echo "lint.sh: clang-tidy found $(grep -c 'error:' build-lint/tidy.log) problems (above)" >&2
  exit 1
fi
echo "lint.sh: clang-tidy passed on ${#files[@]} files"
