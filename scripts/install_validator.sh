#!/usr/bin/env bash
# Installs the Khronos glTF validator (npm package gltf-validator, pinned in
# tools/gltf_validator/package-lock.json) into tools/gltf_validator/node_modules.
# Does nothing when it is already there; warns and carries on without node
# (the validator test then skips and says so).
set -euo pipefail
cd "$(dirname "$0")/../tools/gltf_validator" 2>/dev/null || { echo "install_validator: no tools/gltf_validator yet"; exit 0; }
if ! command -v npm >/dev/null; then
  echo "install_validator: npm not found; the glTF validator test will be skipped" >&2
  exit 0
fi
if [ -d node_modules/gltf-validator ]; then
  echo "install_validator: gltf-validator present"
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
