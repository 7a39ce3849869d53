#!/usr/bin/env bash
# libclFFT-mpi against FFTW-MPI (bench/mpi_bench.cpp) on 1 to 4 ranks of this machine, then the
# same transforms of ours alone with CLFFT_MPI_PROFILE=1 (where the time goes: local FFTs,
# device copies, exchanges), the numbers behind docs/distributed.md and docs/performance.md.
# Each rank gets cores/ranks threads (at least 1): POCL_MAX_PTHREAD_COUNT for ours, --threads
# for FFTW. Usage: bench/mpi-bench.sh [BUILD_DIR] (default build); REPS=5 by default.
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
echo "# $(date -u +%F) $(uname -n), $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for np in ${RANKS:-1 2 3 4}; do run "$np" --kind c2c --n 256x256x256; done
for np in 2 4; do run "$np" --kind r2c --n 512x512x256; done
for np in 2 4; do run "$np" --kind c2c --n 256x256x256 --tout; done
run 4 --kind c2c --n 256x256x256 --pencils
echo "# profiled (every step waited for), ours only"
for np in ${RANKS:-1 2 3 4}; do CLFFT_MPI_PROFILE=1 run "$np" --kind c2c --n 256x256x256 --no-fftw; done
