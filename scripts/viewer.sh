#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a running viewer: installs
# what is missing, builds, and opens the default character. Arguments are
# passed to animviewer (for example a .gltf/.glb path). Without a display the
# viewer renders headless PNGs instead and says where it wrote them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
scripts/build.sh release
exec build/app/animviewer "$@"
