#!/usr/bin/env bash
# Median wall time of every kernel of one plan over 15 transforms (CLFFT_NG_PROFILE), to see
# which pass the time goes to.   bench/pass-times.sh -x 1024 -y 1024 -b 4
set -euo pipefail
CLIENT=${CLIENT:-$(dirname "$0")/../build/samples/clfft-client}
CLFFT_NG_PROFILE=1 "$CLIENT" "$@" -o --profile 15 2>&1 |
    awk '/^clfft-ng profile:/ {sub(":", "", $5); print $4, $5, $6}' | sort -k1,1n -k3,3g |
    awk '{key = $1 " " $2; if (key != last && last != "") emit(); last = key; v[++n] = $3}
         function emit() {print "pass " last ": median " v[int((n + 1) / 2)] " ms over " n " runs"; n = 0}
         END {if (n) emit()}'
