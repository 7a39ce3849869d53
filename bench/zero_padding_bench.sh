#!/usr/bin/env bash
# Zero-padded input and pruned output against the same plan without ranges (issue 60,
# docs/zero-padding.md): clfft-client --profile runs of both, alternating, ROUNDS times; prints each
# one's median of the runs' medians and the ratio plain / ranged (above 1: the ranges pay).
#   bash bench/zero_padding_bench.sh [BUILD_DIR] [ROUNDS]     (defaults: build, 5)
set -euo pipefail
build="$(cd "${1:-build}" && pwd)"
rounds="${2:-5}"
client="$build/samples/clfft-client"
export LD_LIBRARY_PATH="$build/src${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
half3="--zero-input 0:128:256 --zero-input 1:128:256 --zero-input 2:128:256"
# name | plan | ranges
cases=(
  "c2c 256^3, input zero outside 128^3|-x 256 -y 256 -z 256 -o|$half3"
  "c2c 256^3, input zero outside 128^3, output kept in 128^3|-x 256 -y 256 -z 256 -o|$half3 --skip-output 0:128:256 --skip-output 1:128:256 --skip-output 2:128:256"
  "r2c 256^3, input zero outside 128^3|-x 256 -y 256 -z 256 --inLayout 5 --outLayout 3 -o|$half3"
  "c2r 256^3, output kept in 128^3|-x 256 -y 256 -z 256 --inLayout 3 --outLayout 5 -o|--skip-output 0:128:256 --skip-output 1:128:256 --skip-output 2:128:256"
  "c2c 2048^2 batch 4, input zero outside 1024^2|-x 2048 -y 2048 -b 4 -o|--zero-input 0:1024:2048 --zero-input 1:1024:2048"
  "c2c 1D 4096 batch 4096, input zero past 1024|-x 4096 -b 4096 -o|--zero-input 0:1024:4096"
)
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
ms() { # one run's median time per batch, ms
  # shellcheck disable=SC2086
  "$client" $1 --profile 9 2>/dev/null | awk '/^time:/ {print $2}'
}
printf "%-72s %10s %10s %7s\n" "case" "plain ms" "ranged ms" "ratio"
for c in "${cases[@]}"; do
  IFS='|' read -r name plan ranges <<<"$c"
  ms "$plan" >/dev/null && ms "$plan $ranges" >/dev/null # compile and warm both
  a=() b=()
  for ((r = 0; r < rounds; r++)); do
    a+=("$(ms "$plan")")
    b+=("$(ms "$plan $ranges")")
  done
  pa=$(printf "%s\n" "${a[@]}" | median) pb=$(printf "%s\n" "${b[@]}" | median)
  printf "%-72s %10.2f %10.2f %7.2f\n" "$name" "$pa" "$pb" "$(awk -v x="$pa" -v y="$pb" 'BEGIN {print x / y}')"
done
