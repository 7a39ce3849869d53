#!/usr/bin/env bash
# Quick-start test command: set up, build, and run the quick tier with CTest (tests/README.md,
# "Tiers"): every module, each code path once, in about 12 minutes on a fresh 2-core machine
# (measured figure in README.md). It prints its time at the end.
# Left to .ci/run and `ctest -L LABEL`: "sweep" (the cases the quick tier leaves out, and samples
# chosen by the commit), "long" (clFFT's own gtest suite, built from Debian's source package at
# test time), "oclgrind" (the simulated-GPU suite), "mpi" (the distributed library on 1-4 ranks;
# 2 ranks stay here) and "huge" (one transform over 2 GiB). Left to `ctest -L python-full` only:
# numpy's and scipy's whole FFT test files against the Python package (tens of minutes of kernel
# compiles with empty caches). CLFFT_TEST_ALL=1 runs them all here too.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh "${CLFFT_SETUP_SET:-test}"
built=$(date +%s)
cd "${BUILD_DIR:-build}"
exclude=(-LE "long|oclgrind|mpi|huge|sweep|python-full")
[ "${CLFFT_TEST_ALL:-}" = "1" ] && exclude=()
status=0
ctest --output-on-failure -j"${CTEST_JOBS:-2}" --timeout 900 "${exclude[@]}" "$@" || status=$?
end=$(date +%s)
echo "== test.sh: $((end - start)) s (set-up and build $((built - start)) s, tests $((end - built)) s)"
exit $status
