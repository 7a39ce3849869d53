#!/usr/bin/env bash
# Quick-start demo: set up, build, and run one transform on the default OpenCL device with
# clfft-client: checked against FFTW, then timed (median of 20), printing the device, the error,
# the time and GFLOP/s.
#   bash scripts/demo.sh [LENGTH [BATCH]] [more clfft-client flags]   (defaults: 4096 256)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh demo > /dev/null
length=4096 batch=256
if [ $# -gt 0 ] && [[ $1 != -* ]]; then length=$1; shift; fi
if [ $# -gt 0 ] && [[ $1 != -* ]]; then batch=$1; shift; fi
echo "== running clfft-client -x $length -b $batch (checked against FFTW, then timed)" >&2
exec "${BUILD_DIR:-build}/samples/clfft-client" -x "$length" -b "$batch" -o --verify --profile 20 "$@"
