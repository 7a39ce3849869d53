#!/usr/bin/env bash
# Quick-start test command: set up, build, and run the whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j"${CTEST_JOBS:-2}" --timeout 900 "$@"
