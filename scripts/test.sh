#!/usr/bin/env bash
# Quick-start test command: set up, build, and run the whole test suite with CTest.
# Tests labelled "long" (clFFT's own gtest suite, built from Debian's source package at test time),
# "oclgrind" (the simulated-GPU suite), "mpi" (the distributed library on 1-4 ranks), "huge"
# (one transform over 2 GiB) and "sweep" (samples chosen by the commit) run in .ci/run and by
# `ctest -L LABEL`; CLFFT_TEST_ALL=1 runs them here too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd "${BUILD_DIR:-build}"
exclude=(-LE "long|oclgrind|mpi|huge|sweep")
[ "${CLFFT_TEST_ALL:-}" = "1" ] && exclude=()
ctest --output-on-failure -j"${CTEST_JOBS:-2}" --timeout 900 "${exclude[@]}" "$@"
