#!/usr/bin/env bash
# The main job: install paleo with its docs toolchain (the [docs] extra), compile the bundled content to build/bundle.json, build the served site into
# build/site and the offline download into build/site-offline.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[docs]"
if command -v npm >/dev/null 2>&1 && [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
paleo build --out build
paleo docs --bundle build/bundle.json --out build/site
paleo docs --bundle build/bundle.json --offline --out build/site-offline
