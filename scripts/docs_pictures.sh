#!/usr/bin/env bash
# Retakes the window pictures of docs/ (the real window, panels included),
# each from the command recorded here, so that a change to a panel is one
# command away from current pictures:
#   scripts/docs_pictures.sh [VIEWER]   (default build/app/animviewer)
# Without a display it starts Xvfb on :97. Look at every picture before
# committing it. viewer_retargeting.png needs ../shared/assets/Woman.gltf.
set -euo pipefail
cd "$(dirname "$0")/.."
viewer="${1:-build/app/animviewer}"
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  export DISPLAY=:97
  sleep 1
fi
robot=tests/assets/robot_expressive/RobotExpressive.glb
shot() {  # OUT SIZE FRAMES ARGS...: the window after FRAMES fixed 1/60 s steps
  local out=$1 size=$2 frames=$3
  shift 3
  "$viewer" "$@" --size "$size" --quit-after-frames "$frames" --window-screenshot "docs/$out"
  echo "docs/$out"
}
shot viewer.png 1280x720 30 assets/mannequin.gltf
shot materials_studio.png 1280x720 10 tests/assets/materials/metal_rough_spheres.gltf \
  --background environment
shot robot_morph_targets.png 1280x720 45 "$robot" --sample 16 --set emote_clip=Wave \
  --set surprised=1 --set emote=1
shot viewer_mixer.png 1280x720 50 "$robot" --sample 17
shot viewer_motion_matching.png 1280x800 150 assets/mannequin_locomotion.gltf --sample 19 --set move_z=1 \
  --at 2:move_x=1 --at 2:move_z=0
if [ -f ../shared/assets/Woman.gltf ]; then
  shot viewer_retargeting.png 1280x720 22 assets/mannequin.gltf \
    --animations ../shared/assets/Woman.gltf --sample 18 --set clip=Walking
else
  echo "viewer_retargeting.png: ../shared/assets/Woman.gltf not found, left as it is" >&2
fi
