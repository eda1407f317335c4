#!/usr/bin/env bash
# Regenerates the golden references of tests/golden/cases.txt from the
# current build:
#   scripts/update_goldens.sh           every screenshot (tests/golden/*.png)
#                                       and every pose (tests/golden/poses/*.txt)
#   scripts/update_goldens.sh --poses   only the poses, keeping the images
# Look at each image before committing it: a golden nobody looked at proves
# nothing. A pose that changed means the animation changed: say why in the
# commit.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") variable=ANIM_UPDATE_GOLDENS ;;
  --poses) variable=ANIM_UPDATE_GOLDEN_POSES ;;
  *) echo "update_goldens: unknown option '$1' (use --poses or nothing)" >&2; exit 2 ;;
esac
scripts/build.sh release
env "$variable=1" build/tests/golden/golden_tests
echo "update_goldens: references in tests/golden/; inspect them, then commit"
