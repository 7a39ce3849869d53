#!/usr/bin/env bash
# Debian's clFFT-client (built against clFFT 2.12) run unchanged on our libclFFT.so.2: each
# plan below must print its own "Internal Client Test *****PASS*****". Its check feeds a
# constant input and compares the spike exactly, so it is run on lengths with factors 2..13
# (Rader/Bluestein lengths leave rounding residue of ~1e-7 where it wants exact zeros; they
# are tested against FFTW in test_anylength).
# Usage: clfft_client_test.sh <dir holding our libclFFT.so.2> [cl-devices program]
# With the cl-devices program (tests/support/cl_devices.c), the plans run on the device
# CLFFT_TEST_DEVICE chooses (clFFT-client's --platform/--device), and on a device without fp64
# the --double plans must fail (no PASS, non-zero exit: our bake answers CLFFT_DEVICE_NO_DOUBLE).
set -u
libdir=$(cd "$1" && pwd)
devices=${2:-}
client=$(command -v clFFT-client) || { echo "clFFT-client not installed (apt-get install clfft-client)"; exit 1; }
select=() fp64=yes
if [ -n "$devices" ] && [ -x "$devices" ]; then
  if [ -n "${CLFFT_TEST_DEVICE:-}" ]; then
    sel=$("$devices" --select) || exit 1
    select=(--platform "${sel% *}" --device "${sel#* }")
  fi
  fp64=$("$devices" --fp64)
fi
failed=0
while read -r args; do
  [ -z "$args" ] && continue
  out=$(cd /tmp && LD_LIBRARY_PATH="$libdir" timeout 300 "$client" $args "${select[@]}" -p 1 2>&1)
  rc=$?
  if [ "$fp64" = no ] && [[ " $args " == *" --double "* ]]; then
    if [ "$rc" -ne 0 ] && ! grep -q "Internal Client Test \*\*\*\*\*PASS" <<<"$out"; then
      echo "PASS  clFFT-client $args (no fp64 on the device: refused, exit $rc, as expected)"
    else
      echo "FAIL  clFFT-client $args: the device has no fp64, yet the double plan ran (exit $rc)"
      failed=$((failed + 1))
    fi
    continue
  fi
  if grep -q "Internal Client Test \*\*\*\*\*PASS" <<<"$out"; then
    echo "PASS  clFFT-client $args"
  else
    echo "FAIL  clFFT-client $args"; echo "$out" | tail -5; failed=$((failed + 1))
  fi
done <<'PLANS'
-x 1024
-x 1000 -b 10 -o --inLayout 2 --outLayout 2
-x 2187 -b 3 --double -o
-x 14
-x 15
-x 4096 --inv
-x 16384 -o
-x 64 -y 64 -z 64
-x 48 -y 48 -b 4 --inLayout 2 --outLayout 1 -o
-x 4096 --inLayout 5 --outLayout 3 -o
-x 4096 --inLayout 3 --outLayout 5 -o
-x 100 -y 60 --inLayout 5 --outLayout 4 -o --double
-x 8192 -y 8 --double
-x 60 -b 100 -o
-x 210 -b 3 --inv
-x 24 -b 50 --double
-x 45 -b 7 --double -o
PLANS
echo "clFFT-client plans failed: $failed"
[ "$failed" -eq 0 ]
