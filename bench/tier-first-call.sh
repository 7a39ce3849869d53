#!/usr/bin/env bash
# The first transform of new sizes on each tier, as a new user meets it (issue 62): every run in
# a fresh process whose PoCL cache and library disk cache hold only the generic programs (baked
# and launched once here, `--warm-generic`, as an install would), then the steady speed of each tier.
#   bash bench/tier-first-call.sh [BUILD_DIR]     (default: build)
set -euo pipefail
build="$(cd "${1:-build}" && pwd)"
bench="$build/bench/tier-bench"
export LD_LIBRARY_PATH="$build/src${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" CLFFT_QUIET=1
unset CLFFT_NG_TIERING
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/generic"
echo "== generic programs: $(CLFFT_CACHE_PATH="$work/generic" POCL_CACHE_DIR="$work/pocl-generic" "$bench" --warm-generic 2>/dev/null)"
# Sizes no test uses: 1D, 2D, 3D, real, double, a prime factor past the butterflies.
cases=("36 40 44" "1000 --batch 16" "4620" "--double 6000" "--r2c 1400 --batch 8" "--c2r 360 270" "--double --r2c 96 80"
       "30 42 --batch 13" "37 --batch 1000" "--c2r --double 210 --batch 64")
i=0
for c in "${cases[@]}"; do
  for tier in specialized generic auto; do
    i=$((i + 1))
    rm -rf "$work/run" "$work/pocl"
    cp -r "$work/generic" "$work/run"
    cp -r "$work/pocl-generic" "$work/pocl"
    # shellcheck disable=SC2086
    CLFFT_CACHE_PATH="$work/run" POCL_CACHE_DIR="$work/pocl" "$bench" --tier "$tier" $c 2>/dev/null
  done
done
