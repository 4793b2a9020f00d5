#!/usr/bin/env bash
# Every test: installs what the suite needs (Debian chromium, npm packages, Python packages), then runs pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
npm ci --no-audit --no-fund --loglevel=error
python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
exec python3 -m pytest "$@"
