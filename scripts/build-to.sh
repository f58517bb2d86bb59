#!/usr/bin/env bash
# Builds the web app and the server into a directory of their own (DIR/web, DIR/server), so that
# several builds can be tested side by side: E2E_BUILD_DIR=DIR npx playwright test -c e2e
# DIR must be inside the repository (e.g. .tmp/NAME) so the bundle finds node_modules.
set -euo pipefail
dir=$(realpath -m "${1:?usage: scripts/build-to.sh DIR}")
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
(cd "$root/apps/web" && npx vite build --outDir "$dir/web" --emptyOutDir --logLevel warn)
(cd "$root/apps/server" && SERVER_OUT_DIR="$dir/server" node build.mjs)
echo "built into $dir"
