#!/usr/bin/env bash
# gpu-check: everything we can check on one OpenCL device, in one markdown report. For people
# with a GPU (it works on a CPU device too: docs/gpu-check-pocl.md is PoCL's).
#
#   bash scripts/gpu-check.sh --list                 the platforms and devices, numbered P:D
#   CLFFT_TEST_DEVICE=1:0 bash scripts/gpu-check.sh  check platform 1, device 0
#   CLFFT_TEST_DEVICE=nvidia bash scripts/gpu-check.sh [REPORT.md]
#
# CLFFT_TEST_DEVICE is P:D (platform and device index, as listed) or part of the device name;
# unset, the first platform's default device. Every test program honours it
# (tests/support/cl_device_select.h), clfft-client gets -p P -d D, pyopencl (gpyfft's tests)
# PYOPENCL_CTX=P:D.
#
# Steps: build (BUILD_DIR, default build; scripts/setup.sh when it was never configured), the
# device's properties, the CTest suite without the tests labelled long, a clfft-client --verify
# sweep over plan shapes against FFTW, and the benchmark against clFFT 2.12 and FFTW
# (bench/run_bench.py). The report goes to the path given, else docs/gpu-check-<device>.md.
#
# Settings: GPU_CHECK_BENCH=default (bench/run_bench.py's default suite, 3 rounds; ~10 min on
# PoCL) | quick (3 small cases, 1 round) | off; GPU_CHECK_TESTS=0 skips CTest;
# GPU_CHECK_CTEST_ARGS adds CTest arguments (e.g. "-R test_c2c"); CTEST_JOBS (default 2).
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
build=${BUILD_DIR:-build}
case "$build" in /*) ;; *) build="$repo/$build" ;; esac

log() { echo "== gpu-check: $*" >&2; }

# ---- build ------------------------------------------------------------------------------------
if [ ! -f "$build/CMakeCache.txt" ]; then
  log "no build in $build: scripts/setup.sh"
  BUILD_DIR="$build" bash scripts/setup.sh >&2 || { log "setup failed"; exit 1; }
fi
log "building in $build"
cmake --build "$build" -j"$(nproc)" >"$build/gpu-check-build.log" 2>&1 ||
  { tail -30 "$build/gpu-check-build.log" >&2; log "build failed ($build/gpu-check-build.log)"; exit 1; }
lister="$build/tests/cl-devices"
client="$build/samples/clfft-client"

if [ "${1:-}" = "--list" ] || [ "${1:-}" = "-l" ]; then
  "$lister" --list
  exit $?
fi

# ---- device -----------------------------------------------------------------------------------
"$lister" --list >&2 || true
sel=$("$lister" --select) || exit 1
P=${sel% *} D=${sel#* }
name=$("$lister" --name)
slug=$(printf '%s' "$name" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//' | cut -c1-40)
report=${1:-docs/gpu-check-$slug.md}
case "$report" in /*) ;; *) report="$repo/$report" ;; esac
export CLFFT_TEST_DEVICE="$P:$D" PYOPENCL_CTX="$P:$D"
log "device $P:$D ($name); report: $report"
work="$build/gpu-check"
rm -rf "$work"
mkdir -p "$work"
start=$(date +%s)

# ---- tests ------------------------------------------------------------------------------------
tests_status="not run (GPU_CHECK_TESTS=0)"
if [ "${GPU_CHECK_TESTS:-1}" != 0 ]; then
  log "ctest -LE long (CLFFT_TEST_DEVICE=$P:$D)"
  t0=$(date +%s)
  # shellcheck disable=SC2086
  (cd "$build" && ctest --output-on-failure -j"${CTEST_JOBS:-2}" --timeout 900 -LE long \
     ${GPU_CHECK_CTEST_ARGS:-}) >"$work/ctest.log" 2>&1
  rc=$?
  tests_status="exit status $rc, $(( $(date +%s) - t0 )) s"
  grep -E "tests passed|tests failed" "$work/ctest.log" >&2 || true
fi

# ---- verify sweep -----------------------------------------------------------------------------
# Each line: a label and clfft-client flags (the client checks the result against FFTW).
log "clfft-client --verify sweep"
sweep=(
  "1D pow2 4096, batch 64|-x 4096 -b 64"
  "1D pow2 2^20, out of place|-x 1048576 -o"
  "1D pow2 2^22, out of place|-x 4194304 -o"
  "1D non-pow2 1000, batch 100|-x 1000 -b 100"
  "1D 3^7 x 5 = 10935, backward|-x 10935 --inv"
  "1D prime 1009 (Rader)|-x 1009 -b 16"
  "1D prime 4099 (Bluestein)|-x 4099 -b 8 -o"
  "1D prime 65537, out of place|-x 65537 -o"
  "1D 999983 (large prime)|-x 999983 -o"
  "1D planar in, interleaved out|-x 2048 -b 8 --inLayout planar --outLayout interleaved -o"
  "1D strided, scaled|-x 60 -b 3 --isX 2 --iD 130 --osX 1 --oD 64 -o --scale 0.5"
  "2D 1024x1024|-x 1024 -y 1024"
  "2D 8192x8192, out of place|-x 8192 -y 8192 -o"
  "2D 100x60 planar, out of place|-x 100 -y 60 --inLayout planar --outLayout planar -o"
  "2D 64x32 transposed|-x 64 -y 32 -o --transposed"
  "3D 128^3|-x 128 -y 128 -z 128"
  "3D 16x12x10 backward|-x 16 -y 12 -z 10 --inv"
  "real R2C 4096, batch 64|-x 4096 -b 64 --inLayout real --outLayout hermitian-interleaved -o"
  "real C2R 4096, batch 64|-x 4096 -b 64 --inLayout hermitian-interleaved --outLayout real -o"
  "real R2C 10007|-x 10007 --inLayout real --outLayout hermitian-interleaved -o"
  "real R2C 2D 1024x1024|-x 1024 -y 1024 --inLayout real --outLayout hermitian-interleaved -o"
  "real R2C 2^20 in place|-x 1048576 --inLayout real --outLayout hermitian-interleaved"
  "double 1D 4096, batch 16|-x 4096 -b 16 --double"
  "double 1D 1009, out of place|-x 1009 -b 4 --double -o"
  "double 1D 2^20|-x 1048576 --double -o"
  "double 2D 512x512|-x 512 -y 512 --double"
  "double 3D 64^3, out of place|-x 64 -y 64 -z 64 --double -o"
  "double real R2C 4096|-x 4096 -b 16 --double --inLayout real --outLayout hermitian-interleaved -o"
)
: >"$work/sweep.jsonl"
for entry in "${sweep[@]}"; do
  label=${entry%%|*} flags=${entry#*|}
  # shellcheck disable=SC2086
  out=$(timeout 600 "$client" -p "$P" -d "$D" $flags --verify --json 2>"$work/sweep-stderr.txt")
  rc=$?
  json=$(printf '%s\n' "$out" | grep '^{' | tail -1)
  [ -n "$json" ] || json="{\"error\": \"$(tail -1 "$work/sweep-stderr.txt" | tr -d '"\\')\"}"
  printf '%s\t%s\t%s\t%s\n' "$label" "$flags" "$rc" "$json" >>"$work/sweep.jsonl"
  echo "  rc $rc  $label" >&2
done

# ---- benchmark --------------------------------------------------------------------------------
bench_mode=${GPU_CHECK_BENCH:-default}
bench_status="not run (GPU_CHECK_BENCH=off)"
if [ "$bench_mode" != off ]; then
  log "bench/run_bench.py ($bench_mode)"
  t0=$(date +%s)
  args=(--build "$build" --out "$work/bench")
  [ "$bench_mode" = quick ] && args+=(--quick)
  python3 bench/run_bench.py "${args[@]}" >"$work/bench.log" 2>&1
  bench_status="exit status $?, $(( $(date +%s) - t0 )) s"
fi

# ---- report -----------------------------------------------------------------------------------
elapsed=$(( $(date +%s) - start ))
mkdir -p "$(dirname "$report")"
{
  echo "# gpu-check: $name"
  echo
  echo "Written by \`scripts/gpu-check.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), commit" \
       "\`$(git describe --always --dirty 2>/dev/null || echo unknown)\`, host $(nproc) cores," \
       "$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo) memory; whole run ${elapsed} s" \
       "(bench: $bench_mode). Rerun: \`CLFFT_TEST_DEVICE=$P:$D bash scripts/gpu-check.sh\`."
  echo
  echo "## Device"
  echo
  "$lister" --markdown
  echo
  echo "## Test suites (CTest, without the tests labelled long)"
  echo
  echo "Run with \`CLFFT_TEST_DEVICE=$P:$D\`: $tests_status."
  if [ -f "$work/ctest.log" ]; then
    echo
    grep -E "tests passed|tests failed|Total Test time" "$work/ctest.log" | sed 's/^/    /'
    echo
    echo "| test | result | seconds |"
    echo "|---|---|---:|"
    sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) \.*[* ]*([A-Za-z][A-Za-z ()*]*[a-z)]) +([0-9.]+) sec$/| \1 | \2 | \3 |/p' \
      "$work/ctest.log" | sort
    if grep -q "NOT RUN on this device" "$work/ctest.log"; then
      echo
      echo "Cases the device cannot run (tests/support/test_env.h, notRunOnThisDevice), from failing tests' output:"
      echo
      grep -h "NOT RUN on this device" "$work/ctest.log" | sort -u | sed 's/^/    /'
    fi
  fi
  echo
  echo "## clfft-client --verify sweep (against FFTW)"
  echo
  python3 - "$work/sweep.jsonl" <<'PY'
import json, sys
print("| plan | flags | result | rel. L2 error | bound | bake ms | temp. buffer |")
print("|---|---|---|---:|---:|---:|---:|")
bad = 0
for line in open(sys.argv[1]):
    label, flags, rc, text = line.rstrip("\n").split("\t", 3)
    try:
        j = json.loads(text)
    except ValueError:
        j = {"error": text[:80]}
    v = j.get("verify") or {}
    if rc == "0" and v.get("pass"):
        result = "pass"
    elif j.get("status") and j.get("status") != "CLFFT_SUCCESS":
        result = "**%s**" % j["status"]
    else:
        result = "**FAIL** (exit %s%s)" % (rc, ", " + j["error"] if j.get("error") else "")
    if result != "pass":
        bad += 1
    err = "%.2e" % v["rel_l2_error"] if v.get("rel_l2_error") is not None else "-"
    bound = "%.0e" % v["bound"] if v.get("bound") is not None else "-"
    bake = "%.0f" % j["bake_ms"] if j.get("bake_ms") is not None else "-"
    tmp = str(j.get("tmp_buffer_bytes", "-"))
    print("| %s | `%s` | %s | %s | %s | %s | %s |" % (label, flags, result, err, bound, bake, tmp))
print()
print("%d of the plans above did not pass." % bad if bad else "Every plan above passed.")
PY
  echo
  echo "## Benchmark (bench/run_bench.py, $bench_mode): clfft-ng, clFFT 2.12, FFTW"
  echo
  echo "$bench_status."
  if [ -f "$work/bench/results.md" ]; then
    echo
    # The harness's own tables, one heading level down.
    sed -E 's/^(#+) /\1## /' "$work/bench/results.md"
  elif [ -f "$work/bench.log" ]; then
    echo
    tail -20 "$work/bench.log" | sed 's/^/    /'
  fi
} >"$report"
log "report written: $report (${elapsed} s)"
