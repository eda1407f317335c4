#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a running viewer: installs
# what is missing, builds, and opens the default character. Arguments are
# passed to animviewer (for example a .gltf/.glb path). Without a display the
# viewer renders headless PNGs instead and says where it wrote them.
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the viewer's packages and the viewer's target: the tests, benchmarks
# and their tools are scripts/test.sh's to install and build.
scripts/install_deps.sh viewer
scripts/build.sh viewer
exec build/app/animviewer "$@"
