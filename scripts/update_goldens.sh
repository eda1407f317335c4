#!/usr/bin/env bash
# Regenerates every golden screenshot of tests/golden/cases.txt from the
# current build, overwriting tests/golden/*.png. Look at each image before
# committing it: a golden nobody looked at proves nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh release
ANIM_UPDATE_GOLDENS=1 build/tests/golden/golden_tests
echo "update_goldens: images in tests/golden/; inspect them, then commit"
