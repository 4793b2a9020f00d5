#!/usr/bin/env bash
# Every test: installs what the suite needs (Debian chromium, npm packages, Python packages), then runs the suite
# on every core under branch coverage (subprocesses included), then the seeded-game runs (marker `games`) and the
# tests that drive Chromium (marker `browser`) unmeasured, and fails when either pass fails or when coverage of
# compiler/ or runtime/ is below the gate of scripts/coverage_gate.py, which prints it per package. The browser
# tests stay out of the measured pass: what they test runs in Chromium, and Playwright's synchronous API
# switches greenlets, which coverage follows only in its greenlet mode (one more moving part in every measured
# process). A test that stops the tracer fails (tests/conftest.py), so no test can end another's measurement.
#   bash scripts/test.sh                 the whole suite, measured and gated (what CI runs)
#   bash scripts/test.sh tests/cli       some tests: coverage printed, not gated (a part covers less)
#   PALEO_COVERAGE=0 bash scripts/test.sh  plain pytest, no coverage
#   PALEO_TEST_JOBS=1 bash scripts/test.sh one process (default: one worker per core, pytest-xdist)
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
command -v nvim >/dev/null 2>&1 || need+=(neovim)  # the Neovim guide's test (Debian's 0.7)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
npm ci --no-audit --no-fund --loglevel=error
python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
# whole modules per worker (their module-scoped set-ups are built once); the seeded games test by test
jobs=(-n "${PALEO_TEST_JOBS:-auto}" --dist loadscope)
gjobs=(-n "${PALEO_TEST_JOBS:-auto}" --dist load)
[ "${PALEO_TEST_JOBS:-auto}" = 1 ] && jobs=(-p no:xdist) && gjobs=(-p no:xdist)
if [ "${PALEO_COVERAGE:-1}" = 0 ]; then exec python3 -m pytest "${jobs[@]}" "$@"; fi
rm -rf build/coverage && mkdir -p build/coverage
rc=0
python3 -m coverage run -m pytest "${jobs[@]}" -m "not games and not browser" "$@" || rc=$?
games=0
python3 -m pytest "${gjobs[@]}" -m "games or browser" "$@" || games=$?
[ "$games" -eq 5 ] && games=0  # the given paths hold no seeded-game or browser test
echo "coverage data files: $(find build/coverage -name 'data.*' | wc -l) (the run, its workers and the processes they started)"
python3 -m coverage combine -q && python3 -m coverage json -q -o build/coverage/coverage.json
if [ $# -eq 0 ]; then
  python3 scripts/coverage_gate.py build/coverage/coverage.json || { [ "$rc" -ne 0 ] || rc=1; }
else
  python3 scripts/coverage_gate.py --no-gate build/coverage/coverage.json
fi
[ "$rc" -ne 0 ] && exit "$rc"
exit "$games"
