#!/usr/bin/env bash
# libclFFT-mpi against FFTW-MPI (bench/mpi_bench.cpp) on 1 to 4 ranks of this machine, then the
# same transforms of ours alone with CLFFT_MPI_PROFILE=1 (where the time goes: local FFTs,
# device copies, exchanges), the numbers behind docs/distributed.md and docs/performance.md.
# Each rank gets cores/ranks threads (at least 1): POCL_MAX_PTHREAD_COUNT for ours, --threads
# for FFTW. Usage: bench/mpi-bench.sh [BUILD_DIR] (default build); REPS=5 by default; ONLY=profile
# runs the last part only.
set -euo pipefail
build="${1:-build}"
exe="$build/bench/mpi-bench"
[ -x "$exe" ] || { echo "no $exe: configure with MPI and build the mpi-bench target" >&2; exit 1; }
reps="${REPS:-5}"
cores=$(nproc)
run() { # ranks, then mpi-bench arguments
  local np=$1; shift
  local t=$(( cores / np )); [ "$t" -ge 1 ] || t=1
  POCL_MAX_PTHREAD_COUNT=$t mpirun --oversubscribe --allow-run-as-root -np "$np" "$exe" --threads "$t" --reps "$reps" "$@" \
    2>&1 | grep -E '^(c2c|r2c) '
}
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
echo "# $(date -u +%F) $(uname -n), $cpu, $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${ONLY:-}" = "profile" ]; then skip=1; else skip=0; fi   # ONLY=profile: the last part only
if [ "$skip" = 0 ]; then
for np in ${RANKS:-1 2 3 4}; do run "$np" --kind c2c --n 256x256x256; done
for np in 2 4; do run "$np" --kind r2c --n 512x512x256; done
for np in 2 4; do run "$np" --kind c2c --n 256x256x256 --tout; done
run 4 --kind c2c --n 256x256x256 --pencils
echo "# profiled (every step waited for), ours only"
for np in ${RANKS:-1 2 3 4}; do CLFFT_MPI_PROFILE=1 run "$np" --kind c2c --n 256x256x256 --no-fftw; done
fi
# Where the time goes on 2 ranks (one per core): as shipped, without the padded received rows
# (CLFFT_MPI_PAD=0), with the copy kernel (CLFFT_MPI_COPY_KERNEL=1), with neither (the exchange
# before both), alternating, 3 rounds.
echo "# 2 ranks profiled: default / CLFFT_MPI_PAD=0 / CLFFT_MPI_COPY_KERNEL=1 / both, alternating"
for round in 1 2 3; do
  for v in "X=1" "CLFFT_MPI_PAD=0" "CLFFT_MPI_COPY_KERNEL=1" "CLFFT_MPI_PAD=0 CLFFT_MPI_COPY_KERNEL=1"; do
    # shellcheck disable=SC2086  # $v: one or two assignments
    echo -n "$v: "; (export $v CLFFT_MPI_PROFILE=1; run 2 --kind c2c --n 256x256x256 --no-fftw)
  done
done
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
