#!/usr/bin/env bash
# A/B of an environment setting on clfft-client runs, robust to this kind of machine's noise
# (identical runs of one plan can differ by 1.7x between processes): the values take turns,
# REPS processes each, and the median GFLOP/s of each value is printed with every run.
#   bench/ab.sh CLFFT_NG_LANES "1 0" 5 "-x 1024 -y 1024 -b 4" "-x 4096 -b 1024"
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 VARIABLE \"VALUE1 VALUE2 ...\" REPS \"CLIENT ARGS\"..." >&2
    exit 2
fi
VAR=$1; VALS=$2; REPS=$3; shift 3
CLIENT=${CLIENT:-$(dirname "$0")/../build/samples/clfft-client}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
# A cache of its own (kept between runs): wisdom in the user's cache would name one plan for every value.
export CLFFT_CACHE_PATH=${CLFFT_CACHE_PATH:-${TMPDIR:-/tmp}/clfft-ab-cache}
for args in "$@"; do
    for v in $VALS; do : > "$TMP/$v"; done
    for _ in $(seq "$REPS"); do
        for v in $VALS; do
            # shellcheck disable=SC2086
            env "$VAR=$v" "$CLIENT" $args -o --profile 15 2>&1 | awk '/^speed:/ {print $2}' >> "$TMP/$v"
        done
    done
    printf '%s:' "$args"
    for v in $VALS; do
        runs=$(sort -n "$TMP/$v" | tr '\n' ' ')
        median=$(sort -n "$TMP/$v" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
        printf '  %s=%s median %s GFLOP/s [%s]' "$VAR" "$v" "$median" "${runs% }"
    done
    echo
done
