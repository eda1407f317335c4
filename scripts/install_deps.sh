#!/usr/bin/env bash
# Installs whatever this project needs on Debian 12 and does nothing when all
# of it is already there (so it is safe to run before every build).
# Needs root or sudo only when something is missing.
#   scripts/install_deps.sh          everything: the viewer, tests, lint, fuzzing
#   scripts/install_deps.sh viewer   only what building and opening the viewer
#                                    needs (scripts/viewer.sh: the first picture
#                                    comes sooner without the test tools)
set -euo pipefail

scope="${1:-all}"
packages=(
  # toolchain, and the compiler cache the builds use when present (a
  # rebuild after a small change takes seconds)
  build-essential cmake pkg-config ccache
  # libraries the code builds against
  libglm-dev libtinygltf-dev libstb-dev libdraco-dev
  libglfw3-dev libimgui-dev python3-glad libegl-dev libgl-dev libopengl-dev
  # tinygltf is compiled in the project (for its Draco support); its header needs nlohmann's JSON
  nlohmann-json3-dev
  # software OpenGL for machines without a GPU
  libegl-mesa0 libgl1-mesa-dri
)
case "$scope" in
  viewer) ;;
  all)
    packages+=(
      git clang
      # the layout and lint checks (scripts/lint.sh)
      clang-format clang-tidy
      # libFuzzer and the sanitizer runtimes for clang (fuzz/run.sh)
      libclang-rt-14-dev
      libgtest-dev libbenchmark-dev
      # a virtual display for the windowed tests, and real X input events
      # for the tests that use the window as a user does (tests/ui/)
      mesa-utils xvfb xauth xdotool
      # --record's video path (ffmpeg) and the test that decodes its video back (ffprobe)
      ffmpeg
      # real malformed glTF files the importer tests use as bad input
      assimp-testmodels
      # a real browser, headless, to open animviewer regress's HTML report in its test
      chromium
    )
    # The Khronos glTF validator runs on node. Some machines carry a node
    # build that bundles npm (nodesource), which conflicts with Debian's npm
    # package, so ask for the commands rather than for packages.
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
      packages+=(nodejs npm)
    fi
    ;;
  *) echo "install_deps: unknown scope '$scope' (use all or viewer)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install_deps: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install_deps: all Debian packages present"
fi
