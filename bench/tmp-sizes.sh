#!/usr/bin/env bash
# Temporary and total device memory of a list of plans, on our library and on clFFT 2.12
# (Debian's libclFFT.so.2), as one markdown table: docs/plans.md ("Device memory").
# usage: bench/tmp-sizes.sh [PLANS_FILE]   (default bench/tmp_sizes_plans.txt; BUILD_DIR=build)
# Needs the build's bench/tmp-sizes and tests/libcl_count_shim.so (counts the bytes of every
# buffer libclFFT creates: clFFT 2.12 allocates buffers clfftGetTmpBufSize does not report).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
plans=${1:-bench/tmp_sizes_plans.txt}
clfft_dir=${CLFFT_PEER_LIBDIR:-/usr/lib/x86_64-linux-gnu}
shim=$build/tests/libcl_count_shim.so
tool=$build/bench/tmp-sizes
run() { LD_PRELOAD=$shim LD_LIBRARY_PATH=$1 "$tool" < "$plans"; }
ours=$(mktemp) peer=$(mktemp)
trap 'rm -f "$ours" "$peer"' EXIT
run "$build/src" > "$ours"
run "$clfft_dir" > "$peer"
mib() { awk -v b="$1" 'BEGIN { if (b ~ /status/) print b; else printf "%.1f", b / 1048576 }'; }
echo "| plan | ours: temporary (MiB) | ours: all library buffers | clFFT 2.12: temporary | clFFT 2.12: all library buffers |"
echo "|---|---:|---:|---:|---:|"
paste -d '\t' "$ours" "$peer" | while IFS=$'\t' read -r plan t1 a1 plan2 t2 a2; do
  [ "$plan" = "$plan2" ] || { echo "plan lists differ: $plan / $plan2" >&2; exit 1; }
  echo "| $plan | $(mib "$t1") | $(mib "${a1:-0}") | $(mib "$t2") | $(mib "${a2:-0}") |"
done
