#!/usr/bin/env bash
# The device check, on a machine with a GPU, over a tree packed by scripts/device/pack.sh:
# correctness first (gpu-check's clfft-client --verify sweep, the simulated-GPU corpus run natively
# under the device-limits shim in three GPU shapes and both form sets, CTest without the long,
# MPI and multi-device labels), all three at once; then speed (cuFFT through CuPy where it is
# there, every exhaustive candidate timed on the bench's cases, bench/run_bench.py: ours, ours
# measured, clFFT 2.12). Every step has a time cap that
# fits BUDGET; the results go into one file, OUT/device-check.tgz (OUT: the device tool's folder,
# else /tmp).
#
#   DEVICE=nvidia (part of "platform / device" name, or P:D)  BUDGET=420 (seconds)  PACK=.gpu
#
# The NVIDIA image lists PoCL as platform 0 and its loader ignored OCL_ICD_VENDORS: every step
# names the device explicitly (CLFFT_TEST_DEVICE for the tests and the bench, -p/-d for the client).
set -u
cd "$(dirname "$0")/../.."
R=$(pwd) G=$(readlink -f "${PACK:-.gpu}") W=/tmp/device-check BUDGET=${BUDGET:-420}
rm -rf "$W"; mkdir -p "$W"
T0=$(date +%s)
el() { echo "[$(($(date +%s) - T0)) s] $*" | tee -a "$W/summary.txt"; }
left() { echo $((BUDGET - ($(date +%s) - T0))); }
finish() { tar czf "${OUT:-/tmp}/device-check.tgz" -C "$W" --exclude=./cache --exclude=./nvcache --exclude=./bin .; }
trap finish EXIT
[ -d "$G/build" ] || { echo "no packed tree in $G (scripts/device/pack.sh)"; exit 2; }

# ---- OpenCL and libraries ----------------------------------------------------------------------
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | sed 's/^/gpu: /' | tee -a "$W/summary.txt"
icd=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
mkdir -p /etc/OpenCL/vendors
if [ -n "$icd" ] && ! grep -qs nvidia-opencl /etc/OpenCL/vendors/*.icd; then echo "$icd" >/etc/OpenCL/vendors/nvidia.icd; fi
for l in "$G"/deps/*; do ldconfig -p | grep -q "/$(basename "$l")\$" || cp "$l" /usr/local/lib/; done
ldconfig
for p in build source python; do  # CTest's absolute paths
  [ -s "$G/$p-path" ] || continue
  want=$(cat "$G/$p-path")
  case $p in build) have=$G/build ;; source) have=$R ;; python) have=$(command -v python3) ;; esac
  [ -e "$want" ] || { mkdir -p "$(dirname "$want")"; ln -sfn "$have" "$want"; }
done
B=$G/build
"$B/tests/cl-devices" --list | tee "$W/devices.txt"
export CLFFT_TEST_DEVICE=${DEVICE:-nvidia}
sel=$("$B/tests/cl-devices" --select) || { el "no device matches '$CLFFT_TEST_DEVICE'"; exit 3; }
P=${sel% *} D=${sel#* }
export CLFFT_TEST_DEVICE="$P:$D" PYOPENCL_CTX="$P:$D" CLFFT_CACHE_PATH=$W/cache CUDA_CACHE_PATH=$W/nvcache
"$B/tests/cl-devices" --markdown >"$W/device.md"
el "device $P:$D: $("$B/tests/cl-devices" --name)"
local_bytes=$(sed -nE 's/^\| local memory \| ([0-9]+) bytes.*/\1/p' "$W/device.md")
# NVIDIA's kernels report a few bytes more local memory than they declare, and run (plan.cpp).
grep -q '^| vendor | NVIDIA' "$W/device.md" && export STANDIN_FAKE_MORE=,local_slack=64

# ---- correctness ----------------------------------------------------------------------------------
cap=$(( $(left) * 2 / 5 ))
el "correctness, $cap s cap"
(
  end=$(( $(date +%s) + cap ))
  sed -n '/^sweep=(/,/^)/p' scripts/gpu-check.sh | grep '^  "' | sed 's/^  "//; s/"$//' |
  while IFS='|' read -r label flags; do
    t=$(( end - $(date +%s) )); [ $t -gt 120 ] && t=120
    [ $t -le 0 ] && { echo "out of time before: $label"; break; }
    # shellcheck disable=SC2086
    out=$(timeout $t "$B/samples/clfft-client" -p "$P" -d "$D" $flags --verify 2>&1); rc=$?
    printf '%-44s rc=%s %s\n' "$label" "$rc" "$(printf '%s\n' "$out" | grep -m1 '^verify:')"
    [ $rc = 0 ] || printf '%s\n' "$out" | tail -5 | sed 's/^/    /'
  done
) >"$W/sweep.txt" 2>&1 &
pid_sweep=$!
mkdir -p "$W/bin"; ln -sf "$R/scripts/device/oclgrind-standin.sh" "$W/bin/oclgrind"
PATH=$W/bin:$PATH STANDIN_SHIM="$B/tests/libdevice_limits_shim.so $G/segv_trace.so" STANDIN_LOG=$W/corpus-runs.txt \
  STANDIN_FAIL=$W/corpus-failures.txt STANDIN_LOCAL_MAX=${local_bytes:-49152} STANDIN_DEVICE_ARGS="-p $P -d $D" \
  timeout "$cap" python3 tests/oclgrind/run_oclgrind.py "$B/samples/clfft-client" --jobs 8 \
  --shapes 32768:256,49152:1024,16384:128 --timeout 120 >"$W/corpus.txt" 2>&1 &
pid_corpus=$!
(cd "$B" && timeout "$cap" ctest -j6 --timeout "$cap" -LE "mpi|huge|long|oclgrind|compat|multi_device" \
   -E "test_install|fftw_install|test_gpyfft|test_clfft_client" --output-on-failure) >"$W/ctest.txt" 2>&1 &
pid_ctest=$!
wait $pid_sweep $pid_corpus $pid_ctest
el "sweep: $(grep -c 'PASS' "$W/sweep.txt") of $(grep -c ' rc=' "$W/sweep.txt") passed"
el "corpus: $(wc -l <"$W/corpus-runs.txt" 2>/dev/null || echo 0) runs, $(cat "$W/corpus-failures.txt" 2>/dev/null | grep -c '^====') failed; $(tail -1 "$W/corpus.txt")"
el "ctest: $(grep -E 'tests passed|tests failed' "$W/ctest.txt" || echo 'did not finish'); $(grep -E '\*\*\*' "$W/ctest.txt" | sed -E 's/.*: ([^ ]+) .*\*\*\*([A-Za-z ]+).*/\1 \2/' | tr '\n' ';')"

# ---- speed -----------------------------------------------------------------------------------------
if python3 -c "import cupy" 2>/dev/null && [ "$(left)" -gt 60 ]; then
  el "cuFFT through CuPy"
  timeout 40 python3 scripts/device/cufft_peer.py 128 >"$W/cufft.md" 2>&1
fi
# Every candidate of the exhaustive set timed on the bench's cases (how the gpu-nvidia sector rule
# was found): what the device's own measurements would choose, for the next profile change.
cap=$(( $(left) / 4 )); [ $cap -gt 90 ] && cap=90
el "exhaustive candidates, $cap s cap"
end=$(( $(date +%s) + cap ))
for c in "-x 1048576 -b 16" "-x 1024 -y 1024 -b 16" "-x 65536 -b 256" "-x 256 -b 65536" "-x 4096 -b 4096" \
         "-x 128 -y 128 -z 128 -b 8" "-x 1000 -b 16777" "-x 2187 -b 7671" "-x 4096 -b 2048 --double" \
         "-x 4096 -b 8192 --inLayout real --outLayout hermitian-interleaved"; do
  t=$(( end - $(date +%s) )); [ $t -gt 30 ] && t=30; [ $t -le 2 ] && break
  echo "==== $c" >>"$W/exhaustive.txt"
  # shellcheck disable=SC2086
  CLFFT_CACHE_PATH=$W/cache-exh timeout $t "$B/samples/clfft-client" -p "$P" -d "$D" $c -o --rigor exhaustive --explain 2>&1 |
    grep -vE "^    (fft_|kind )" >>"$W/exhaustive.txt"
  rm -rf "$W/cache-exh"
done
libs=ours,measured; [ -f "$G/syslib/libclFFT.so.2" ] && libs=$libs,clfft
for part in 1 2; do
  if [ $part = 1 ]; then only="c2c single 256,c2c single 4096,c2c single 65536,c2c single 1048576,c2c single 1024x1024,c2c single 128x128x128,r2c single 4096,c2c double 4096"
  else only="c2c single 1000,c2c single 2187,c2c single 1009,c2c single 4099"; fi
  cap=$(( $(left) - 10 )); [ $part = 1 ] && cap=$(( cap * 2 / 3 ))
  [ "$cap" -lt 30 ] && { el "no time left for bench part $part"; break; }
  el "bench part $part, $cap s cap"
  timeout "$cap" python3 bench/run_bench.py --build "$B" --system-lib "$G/syslib" --libs "$libs" --rounds 1 \
    --mib 128 --timeout 60 --commit "$(cat "$G/commit")" --only "$only" --out "$W/bench$part" >"$W/bench$part.log" 2>&1
  el "bench part $part: exit $?"
done
el "done"
