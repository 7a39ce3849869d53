#!/usr/bin/env bash
# Runs fftw_cases on FFTW and on clfftw3, then compares the results:
#   run_compat.sh REF-PROGRAM OURS-PROGRAM COMPARE-PROGRAM BOUND [CASE-SUBSTRING]
# OURS-PROGRAM may also be "dropin:LIBRARY:SONAME": the reference program itself (built and
# linked against FFTW) then runs a second time with LD_LIBRARY_PATH pointing at a folder where
# SONAME (libfftw3.so.3 / libfftw3f.so.3) is our LIBRARY: an FFTW binary on our library unchanged.
# Our side runs on the device CLFFTW_DEVICE names, else the test device (CLFFT_TEST_DEVICE).
set -euo pipefail
ref=$1 ours=$2 compare=$3 bound=$4
filter=${5:-}
if [ -z "${CLFFTW_DEVICE:-}" ] && [ -n "${CLFFT_TEST_DEVICE:-}" ]; then
  export CLFFTW_DEVICE=$CLFFT_TEST_DEVICE
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$ref" "$dir/ref.bin" $filter
start=$(date +%s%N)
case "$ours" in
  dropin:*)
    IFS=: read -r _ lib soname <<<"$ours"
    mkdir "$dir/lib"
    ln -s "$lib" "$dir/lib/$soname"
    deps=$(LD_LIBRARY_PATH="$dir/lib" ldd "$ref")
    grep -q "$dir/lib/$soname" <<<"$deps" || { echo "FAIL: $ref does not load $soname from $dir/lib"; exit 1; }
    LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$ref" "$dir/ours.bin" $filter
    ;;
  *)
    "$ours" "$dir/ours.bin" $filter
    ;;
esac
echo "ours: $(( ($(date +%s%N) - start) / 1000000 )) ms (CLFFTW_ZERO_COPY=${CLFFTW_ZERO_COPY:-default})"
"$compare" "$dir/ref.bin" "$dir/ours.bin" "$bound"
