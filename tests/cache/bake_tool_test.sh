#!/usr/bin/env bash
# clfft-bake end to end (docs/cache.md): bake a plan list, list and verify the directory,
# measure plans into wisdom and export it, import wisdom into another directory, serve that
# directory as the system cache to clfft-client (whose bake must take the wisdom, and whose result
# must match FFTW), bake the generic tier's programs, clear. usage: bake_tool_test.sh CLFFT_BAKE CLFFT_CLIENT
set -euo pipefail
bake=$1 client=$2
work=$(mktemp -d /tmp/clfft-bake-test-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
count() { find "$1" -name '*.wisdom' 2>/dev/null | wc -l; }

echo "== bake and verify"
"$bake" --cache "$work/plain" --plan 'c2c 1d 1024 batch=8' > "$work/out" 2>&1 || { cat "$work/out"; fail "bake"; }
"$bake" --cache "$work/plain" --verify --build > "$work/out" 2>&1 || { cat "$work/out"; fail "verify"; }
grep -q ' 0 bad' "$work/out" || fail "verify reports bad entries"
grep -q '^0 wisdom records' "$work/out" || fail "an estimate bake wrote wisdom"

echo "== an r2r plan: baked once, its kernels from the cache the second time"
"$bake" --cache "$work/r2r" --plan 'r2r 2d 256x24 kinds=redft10,rodft01 batch=2' > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "r2r bake"; }
grep -q '^plans: 1 built, 0 reused, 0 failed' "$work/out" || { cat "$work/out"; fail "r2r plan not built"; }
"$bake" --cache "$work/r2r" --plan 'r2r 2d 256x24 kinds=redft10,rodft01 batch=2' > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "r2r bake again"; }
grep -q '^plans: 0 built, 1 reused, 0 failed' "$work/out" || { cat "$work/out"; fail "r2r plan not served by the cache"; }
if "$bake" --cache "$work/r2r" --plan 'r2r 1d 64 kinds=redft10,dht' > "$work/out" 2>&1; then
  cat "$work/out"; fail "kinds that do not match the rank accepted"
fi

echo "== 16-bit plans (docs/precision.md): baked, then served by the cache"
"$bake" --cache "$work/half" --plan 'c2c 2d 64x48 half' --plan 'r2c 1d 1000 bfloat16 batch=3' > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "16-bit bake"; }
grep -q '^plans: 2 built, 0 reused, 0 failed' "$work/out" || { cat "$work/out"; fail "16-bit plans not built"; }
"$bake" --cache "$work/half" --plan 'c2c 2d 64x48 half' --plan 'r2c 1d 1000 bfloat16 batch=3' > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "16-bit bake again"; }
grep -q '^plans: 0 built, 2 reused, 0 failed' "$work/out" || { cat "$work/out"; fail "16-bit plans not served by the cache"; }
echo "== the generic tier's programs: baked once, reused, and a new size served from them"
"$bake" --cache "$work/generic" --generic > "$work/out" 2>&1 || { cat "$work/out"; fail "generic bake"; }
grep -Eq '^plans: [12] built, 0 reused, 0 failed' "$work/out" || { cat "$work/out"; fail "generic programs not built"; }
"$bake" --cache "$work/generic" --generic > "$work/out" 2>&1 || { cat "$work/out"; fail "generic bake again"; }
grep -Eq '^plans: 0 built, [12] reused, 0 failed' "$work/out" || { cat "$work/out"; fail "generic programs not reused"; }
CLFFT_CACHE_PATH="$work/generic" "$client" -x 1234 -b 3 --tier generic --explain --verify > "$work/out" 2>&1 ||
  { cat "$work/out"; fail "client on the generic tier"; }
grep -q '^tier: generic' "$work/out" || { cat "$work/out"; fail "the client's plan is not on the generic tier"; }

echo "== measure into wisdom, export"
"$bake" --cache "$work/measured" --measure --wisdom "$work/exported" \
  --plan 'c2c 1d 2048 batch=4' --plan 'r2c 1d 1024 batch=8' > "$work/out" 2>&1 || { cat "$work/out"; fail "measure"; }
cat "$work/out"
[ "$(count "$work/measured/wisdom")" -eq 2 ] || fail "expected 2 record files in measured/wisdom"
[ "$(grep -c '^clfft-ng wisdom 1$' "$work/exported")" -eq 2 ] || fail "expected 2 records in the exported file"
"$bake" --cache "$work/measured" --list > "$work/out" 2>&1
grep -q '^2 wisdom records' "$work/out" || { cat "$work/out"; fail "--list does not show 2 wisdom records"; }

echo "== import into a system cache; the client's bake takes the wisdom"
"$bake" --cache "$work/system" --import-wisdom "$work/exported" > "$work/out" 2>&1 || { cat "$work/out"; fail "import"; }
grep -q 'imported 2 wisdom records (0 rejected)' "$work/out" || { cat "$work/out"; fail "import count"; }
[ "$(count "$work/system/wisdom")" -eq 2 ] || fail "expected 2 record files in system/wisdom"
CLFFT_SYSTEM_CACHE_PATH="$work/system" CLFFT_CACHE_PATH="$work/user" \
  "$client" -x 2048 -b 4 --explain --verify > "$work/out" 2>&1 || { cat "$work/out"; fail "client with wisdom"; }
grep -q '^wisdom: ' "$work/out" || { cat "$work/out"; fail "the client's bake did not take the system cache's wisdom"; }
grep -q 'PASS' "$work/out" || fail "no verification"
# Without it: the profile's plan, no wisdom line.
CLFFT_SYSTEM_CACHE_PATH=off CLFFT_CACHE_PATH="$work/user2" \
  "$client" -x 2048 -b 4 --explain > "$work/out" 2>&1 || { cat "$work/out"; fail "client without wisdom"; }
if grep -q '^wisdom: ' "$work/out"; then fail "wisdom found where there is none"; fi

echo "== a file of no valid record imports nothing"
printf 'clfft-ng wisdom 1\nkey 00\nsum 11\n' > "$work/junk"
if "$bake" --cache "$work/system" --import-wisdom "$work/junk" > "$work/out" 2>&1; then
  cat "$work/out"; fail "importing junk succeeded"
fi
grep -q 'imported 0 wisdom records (1 rejected)' "$work/out" || { cat "$work/out"; fail "junk import count"; }

echo "== clear"
"$bake" --cache "$work/measured" --clear > "$work/out" 2>&1 || { cat "$work/out"; fail "clear"; }
grep -q 'and 2 wisdom records' "$work/out" || { cat "$work/out"; fail "clear count"; }
[ "$(count "$work/measured/wisdom")" -eq 0 ] || fail "records left after --clear"
echo "PASS"
