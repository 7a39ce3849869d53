#!/usr/bin/env bash
# Quick-start demo: set up, build, and run one transform on the default OpenCL device,
# checked against FFTW, with its time and GFLOP/s. Arguments go to clfft-demo (length, batch).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh > /dev/null
exec "${BUILD_DIR:-build}/samples/clfft-demo" "$@"
