#!/bin/sh
# fakedevice_shim (CTest): the shim preloaded with the "small" profile of tests/CMakeLists.txt
# changes what clGetDeviceInfo reports, and refuses a malformed profile.
#   fakedevice_shim_test.sh CL_DEVICES_PROGRAM
set -u
lister=$1
out=$("$lister" --markdown) || { echo "cl-devices failed"; exit 1; }
printf '%s\n' "$out"
fail=0
for want in "| max allocation | 268435456 bytes" "| local memory | 16384 bytes |" "| max work-group size | 128 |" \
            "| fp64 | no |" "| global memory | 1073741824 bytes"; do
  printf '%s\n' "$out" | grep -qF -- "$want" || { echo "missing: $want"; fail=1; }
done
CLFFT_FAKE_DEVICE="local_mem=banana" "$lister" --fp64 >/dev/null 2>&1 && { echo "a malformed profile was accepted"; fail=1; }
[ "$fail" -eq 0 ] && echo "fakedevice_shim: ok"
exit "$fail"
