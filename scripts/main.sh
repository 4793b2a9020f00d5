#!/usr/bin/env bash
# The main job: install paleo with its docs toolchain (the [docs] extra), compile the bundled content to build/bundle.json, build the served site into
# build/site (with the Play page's assets: Pyodide, the runtime, a synthetic bundle) and the offline download into
# build/site-offline.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[docs]"
if command -v npm >/dev/null 2>&1 && [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
paleo build --out build
paleo docs --bundle build/bundle.json --out build/site
# The Play page plays the collection: every box's synthetic pack in one bundle, every setup (invented cards; the
# page's banner names the packs).
python3 tests/packs/synthetic_bundle.py build/play-bundle.json --collection
python3 -m compiler.docs.play --site build/site --bundle build/play-bundle.json --pack synthetic-base \
  --pack base-modules --pack anb --pack pote --pack whale --pack paleovet --links-from build/bundle.json
paleo docs --bundle build/bundle.json --offline --out build/site-offline
