#!/usr/bin/env bash
# Quick-start test command: set up, build, and run the whole test suite with CTest.
# Tests labelled "long" (clFFT's own gtest suite, built from Debian's source package at test time)
# and "oclgrind" (the simulated-GPU suite) run in .ci/run and by `ctest -L long` / `ctest -L
# oclgrind`; CLFFT_TEST_ALL=1 runs them here too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd "${BUILD_DIR:-build}"
exclude=(-LE "long|oclgrind")
[ "${CLFFT_TEST_ALL:-}" = "1" ] && exclude=()
ctest --output-on-failure -j"${CTEST_JOBS:-2}" --timeout 900 "${exclude[@]}" "$@"
