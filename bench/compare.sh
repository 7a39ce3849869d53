#!/usr/bin/env bash
# Compare clfft-ng with the system's clFFT 2.12 on the same benchmark binary.
#
#   bench/compare.sh [BUILD_DIR] [--rounds N] [--iters K] [--csv FILE] [--system-lib DIR]
#                    [--case "BENCH ARGS"]...
#
# BUILD_DIR (default ./build) holds bench/clfft-bench and src/libclFFT.so.2. Each case is a set of
# clfft-bench arguments; the defaults are single-precision out-of-place interleaved 1D c2c of
# lengths 256, 1000, 2187 and 4096, each batched to 32 MiB of input. For every round and case
# the two libraries run one after the other (ours first on odd rounds, the system's first on
# even ones); the table shows the median GFLOP/s over the rounds, and the ratio of the fastest
# single runs (steadier on a busy machine). Every run's CSV line goes to FILE (default
# BUILD_DIR/bench-compare.csv), stderr to the .log beside it. A run that fails is shown as
# "fail", one whose result does not match FFTW as "wrong", one that loaded a libclFFT.so.2 from
# the wrong directory as "wronglib"; none of these stops the script.
set -u

build=./build
rounds=3
iters=50
csv=
syslib=/usr/lib/x86_64-linux-gnu
cases=()

while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    --csv) csv=$2; shift 2 ;;
    --system-lib) syslib=$2; shift 2 ;;
    --case) cases+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) build=$1; shift ;;
  esac
done
if [ ${#cases[@]} -eq 0 ]; then
  cases=("--len 256 --bytes 32M" "--len 1000 --bytes 32M" "--len 2187 --bytes 32M" "--len 4096 --bytes 32M")
fi
case "$rounds" in ''|*[!0-9]*|0) echo "compare.sh: --rounds wants a positive integer" >&2; exit 2 ;; esac

build=$(cd "$build" 2>/dev/null && pwd -P) || { echo "compare.sh: no build directory" >&2; exit 2; }
syslib=$(realpath -m "$syslib")
bench=$build/bench/clfft-bench
ourlib=$build/src
[ -x "$bench" ] || { echo "compare.sh: $bench not found; build it first" >&2; exit 2; }
[ -e "$ourlib/libclFFT.so.2" ] || echo "compare.sh: warning: $ourlib/libclFFT.so.2 not found" >&2
[ -e "$syslib/libclFFT.so.2" ] || echo "compare.sh: warning: $syslib/libclFFT.so.2 not found" >&2
[ -n "$csv" ] || csv=$build/bench-compare.csv
log=${csv%.csv}.log

echo "lib,case,precision,lengths,batch,median_ms,gflops,bake_ms,min_ms,rel_err,ok,libpath,round,args,status" > "$csv"
: > "$log"

# One run: appends a CSV line and prints the GFLOP/s, "fail" or "wrong".
run_one() {  # label libdir round args
  local label=$1 libdir=$2 round=$3 args=$4 out rc line status
  # shellcheck disable=SC2086
  out=$(LD_LIBRARY_PATH=$libdir timeout 900 "$bench" $args --iters "$iters" --csv --label "$label" 2>>"$log")
  rc=$?
  line=$(printf '%s\n' "$out" | grep -E "^$label," | tail -n 1)
  status=ok
  if [ $rc -eq 1 ] && [ -n "$line" ]; then
    status=wrong
  elif [ $rc -ne 0 ] || [ -z "$line" ]; then
    status=fail
    line="$label,,,,,,,,,,0,"
  else
    # Make sure the intended library was the one loaded.
    local path=${line##*,}
    case "$path" in
      "$libdir"/*) ;;
      *) status=wronglib; echo "$label: expected a library in $libdir, loaded $path" >>"$log" ;;
    esac
  fi
  echo "[$label round $round] $args: rc=$rc $status" >>"$log"
  printf '%s,%s,"%s",%s\n' "$line" "$round" "$args" "$status" >> "$csv"
  # "GFLOP/s-from-median GFLOP/s-from-min", or the status word.
  case $status in
    ok) printf '%s\n' "$line" | awk -F, '{ g = $7; printf "%s %.3f\n", g, ($9 > 0 ? g * $6 / $9 : 0) }' ;;
    *) echo "$status" ;;
  esac
}

# Median of the first field of the lines on stdin (or, with "best", the maximum of the second);
# any status word instead of numbers makes the result that word (fail wins).
median() {
  awk -v best="${1:-}" '
    NF == 0 { next }
    $1 ~ /^[0-9.]+$/ { v[n++] = (best != "" ? $2 : $1); next }
    { bad = (bad == "fail" ? bad : $1) }
    END {
      if (bad != "") { print bad; exit }
      if (n == 0) { print "fail"; exit }
      if (best != "") { m = v[0]; for (i = 1; i < n; i++) if (v[i] + 0 > m + 0) m = v[i]; print m; exit }
      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
      if (n % 2) print v[int(n / 2)]; else printf "%.3f\n", (v[n / 2 - 1] + v[n / 2]) / 2
    }'
}

read -r load1 _ < /proc/loadavg 2>/dev/null || load1=0
if awk -v l="$load1" 'BEGIN { exit !(l > 0.5) }'; then
  echo "compare.sh: warning: load average $load1 before starting; timings will be noisy" >&2
fi

declare -A ours theirs
for ((r = 1; r <= rounds; r++)); do
  for c in "${cases[@]}"; do
    echo "round $r/$rounds: $c" >&2
    if ((r % 2)); then
      ours[$c]+="$(run_one ours "$ourlib" "$r" "$c")"$'\n'
      theirs[$c]+="$(run_one clfft-2.12 "$syslib" "$r" "$c")"$'\n'
    else
      theirs[$c]+="$(run_one clfft-2.12 "$syslib" "$r" "$c")"$'\n'
      ours[$c]+="$(run_one ours "$ourlib" "$r" "$c")"$'\n'
    fi
  done
done

echo
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else print "-" }'
}
echo "| case | ours GFLOP/s | clFFT 2.12 GFLOP/s | ratio ours/clFFT | ratio of best runs |"
echo "|---|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  a=$(printf '%s' "${ours[$c]}" | median)
  b=$(printf '%s' "${theirs[$c]}" | median)
  abest=$(printf '%s' "${ours[$c]}" | median best)
  bbest=$(printf '%s' "${theirs[$c]}" | median best)
  echo "| $c | $a | $b | $(ratio "$a" "$b") | $(ratio "$abest" "$bbest") |"
done
read -r load2 _ < /proc/loadavg 2>/dev/null || load2=0
echo
echo "GFLOP/s: 5 N log2(N) per transform over the median time of $iters runs, median over $rounds round(s)."
echo "Best runs: the fastest single run of all rounds. Load average: $load1 before, $load2 after."
echo "CSV: $csv; stderr: $log"
