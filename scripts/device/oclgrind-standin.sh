#!/usr/bin/env bash
# Stands in for oclgrind on a real device, so tests/oclgrind/run_oclgrind.py runs its corpus there:
# drops oclgrind's own options, imposes the run's local-memory and work-group limits through the
# device-limits shim (never above what the device has), names the device, and logs each run.
L=32768 W=256 args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --data-races|--check-api|--uninitialized) shift ;;
    --build-options|--log) shift 2 ;;
    --local-mem-size) L=$2; shift 2 ;;
    --max-wgsize) W=$2; shift 2 ;;
    *) break ;;
  esac
done
[ "$L" -gt "${STANDIN_LOCAL_MAX:-$L}" ] && L=$STANDIN_LOCAL_MAX
for a in "$@"; do [ "$a" = --dumpKernels ] || args+=("$a"); done
# shellcheck disable=SC2086
out=$(LD_PRELOAD=$STANDIN_SHIM CLFFT_FAKE_DEVICE="local_mem=$L,max_wg=$W${STANDIN_FAKE_MORE:-}" timeout 120 "${args[0]}" \
      ${STANDIN_DEVICE_ARGS:-} "${args[@]:1}" 2>&1)
rc=$?
v=$(printf '%s\n' "$out" | grep -m1 '^verify:')
echo "rc=$rc local=$L wg=$W forms=${CLFFT_NG_FORMS:-} ${args[*]:1} | $v" >>"${STANDIN_LOG:-/dev/null}"
if [ $rc != 0 ] || ! printf '%s' "$v" | grep -q PASS; then
  { echo "==== rc=$rc local=$L wg=$W forms=${CLFFT_NG_FORMS:-} ${args[*]}"; printf '%s\n' "$out" | tail -25; } >>"${STANDIN_FAIL:-/dev/stderr}"
fi
printf '%s\n' "$out"
exit $rc
