#!/usr/bin/env bash
# Long runs of the API fuzzer (tests/fuzz/fuzz_api.cpp) under libFuzzer; the harness is built
# with ASan (leaks checked with tests/hardening/lsan.supp), the library as in a normal build:
# clang cannot link a sanitized libclFFT.so (--no-undefined), so coverage guidance comes from
# the harness and crashes, hangs and leaks in the library are still caught.
#   bash scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]     (default 3600 s)
# Needs clang and libclang-rt-14-dev. Builds in ${FUZZ_BUILD_DIR:-build-fuzz}; the corpus
# lives in ${FUZZ_CORPUS:-build-fuzz/corpus} and crashes are written to build-fuzz/artifacts/.
# Without clang, the deterministic driver runs instead: FUZZ_DRIVER_RUNS inputs per seed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3600}"
shift || true
dir="${FUZZ_BUILD_DIR:-build-fuzz}"
mkdir -p "$dir"
if command -v clang++ > /dev/null; then
  CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLFFT_FUZZ=ON \
        -DCLFFT_BUILD_SAMPLES=OFF -DCLFFT_BUILD_BENCH=OFF > "$dir/configure.log"
  cmake --build "$dir" -j"$(nproc)" --target fuzz_api
  corpus="${FUZZ_CORPUS:-$dir/corpus}"
  mkdir -p "$corpus" "$dir/artifacts"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
  export LSAN_OPTIONS="suppressions=$PWD/tests/hardening/lsan.supp:print_suppressions=0"
  export CLFFT_QUIET=1
  exec "$dir/tests/fuzz_api" -max_total_time="$seconds" -timeout=120 -rss_limit_mb=6144 -max_len=256 \
       -artifact_prefix="$dir/artifacts/" -print_final_stats=1 "$@" "$corpus"
else
  echo "clang++ not found: running the deterministic driver instead"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLFFT_BUILD_SAMPLES=OFF -DCLFFT_BUILD_BENCH=OFF \
        > "$dir/configure.log"
  cmake --build "$dir" -j"$(nproc)" --target test_fuzz_driver
  end=$(( $(date +%s) + seconds ))
  seed=1
  while [ "$(date +%s)" -lt "$end" ]; do
    "$dir/tests/test_fuzz_driver" "${FUZZ_DRIVER_RUNS:-1000}" "$seed"
    seed=$((seed + 1))
  done
fi
