#!/usr/bin/env bash
# Regenerate the published bundle schema and its TypeScript definitions, after a change to the bundle's typed
# definitions (compiler/bundle_model.py) or to the content models they derive from:
#   bash scripts/bundle-types.sh          # writes site/downloads/bundle.schema.json and site/downloads/bundle.d.ts
#   bash scripts/bundle-types.sh DIR      # writes them into DIR instead (the test compares those with the committed ones)
# Needs the npm tools (`npm ci`). $PYTHON, if set, is the Python that runs the compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-site/downloads}
mkdir -p "$out"
tmp=$(mktemp -d "$out/.bundle-types.XXXXXX")  # beside the targets, so each `mv` below is a rename
trap 'rm -rf "$tmp"' EXIT
"${PYTHON:-python3}" -m compiler schema bundle > "$tmp/bundle.schema.json"
banner='/* The Paleo Codex bundle (format in `Bundle.format_version`), as TypeScript. Generated from bundle.schema.json
   by json-schema-to-typescript through `bash scripts/bundle-types.sh`; do not edit by hand. */'
node_modules/.bin/json2ts -i "$tmp/bundle.schema.json" -o "$tmp/bundle.d.ts" --unknownAny --bannerComment "$banner"
mv "$tmp/bundle.schema.json" "$out/bundle.schema.json"  # each file replaced whole, never left half-written
mv "$tmp/bundle.d.ts" "$out/bundle.d.ts"
echo "wrote $out/bundle.schema.json and $out/bundle.d.ts"
