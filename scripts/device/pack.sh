#!/usr/bin/env bash
# Pack a built tree for a machine that has a GPU but none of our build dependencies (the lent
# NVIDIA machine: a CUDA image with no OpenCL headers, FFTW or Boost). Writes DEST (default
# .gpu, ignored by git): the build without objects, stripped; the libraries our binaries load
# that such a host lacks (ocl-icd's loader, FFTW, Boost.Test); Debian's libclFFT.so.2 (the
# peer for the bench); the commit. Then on that machine, from the repo root:
#   bash scripts/device/run.sh          (DEST=.gpu; see run.sh for its settings)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build} dest=${2:-.gpu}
[ -f "$build/CMakeCache.txt" ] || { echo "no build in $build" >&2; exit 1; }
rm -rf "$dest"; mkdir -p "$dest/build" "$dest/deps" "$dest/syslib"
(cd "$build" && tar cf - --exclude=CMakeFiles --exclude='*.o' --exclude='*.a' --exclude=Testing \
   --exclude=bench-results --exclude=gpu-check --exclude=_deps --exclude=oclgrind-cache --exclude=./fftw-bench \
   --exclude='compat/*/*' .) | (cd "$dest/build" && tar xf -)
find "$dest/build" -type f | while read -r f; do
  file -b "$f" | grep -q ELF && strip --strip-unneeded "$f"
done
# Libraries the binaries need, less glibc/libstdc++ (any host has them) and MPI (not run there).
find "$dest/build" -type f -perm -u+x | xargs -r ldd 2>/dev/null | awk '/=> \//{print $3}' | sort -u |
  grep -Ev "libclFFT|/(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s)\.so|mpi|open-|hwloc|event|udev|libz\.|$PWD" |
  while read -r l; do cp -L "$l" "$dest/deps/"; done
cp -L /usr/lib/x86_64-linux-gnu/libclFFT.so.2 "$dest/syslib/" 2>/dev/null || echo "no Debian libclFFT.so.2: the bench runs without clFFT 2.12" >&2
# A crashing process prints its call stack there (no debugger on that machine).
cc -O1 -g -shared -fPIC -o "$dest/segv_trace.so" scripts/device/segv_trace.c
# CTest files name the build and source folders and Python by absolute path: run.sh links them there.
echo "$(cd "$build" && pwd)" >"$dest/build-path"
pwd >"$dest/source-path"
sed -n 's/^_Python3_EXECUTABLE:INTERNAL=//p' "$build/CMakeCache.txt" >"$dest/python-path"
git describe --always --dirty >"$dest/commit"
du -sh "$dest" | sed 's/^/packed: /'
