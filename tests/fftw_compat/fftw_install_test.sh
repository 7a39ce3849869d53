#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds a client of the FFTW interface
# against it two ways (CMake target clFFT::fftw3; pkg-config clfftw3 and clfftw3f) and runs both.
# Usage: fftw_install_test.sh <build dir> <consumer source dir>
set -euo pipefail
build="$1"; consumer="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > /dev/null
libdir="$(dirname "$(find "$work/prefix" -name 'libclfftw3.so.3')")"
[ -f "$work/prefix/include/clfftw3.h" ] || { echo "FAIL: clfftw3.h not installed"; exit 1; }
cmake -S "$consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log" \
  || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/consumer" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# (LD_LIBRARY_PATH lets the linker find libclFFT.so.2, which libclfftw3 needs, in the scratch prefix)
LD_LIBRARY_PATH="$libdir" cc -o "$work/consumer_pc" "$consumer/main.c" $(pkg-config --cflags --libs clfftw3 clfftw3f) -lm \
  || { echo "FAIL: pkg-config build"; exit 1; }
for exe in "$work/consumer/fftw_consumer" "$work/consumer_pc"; do
  out=$(LD_LIBRARY_PATH="$libdir" "$exe")
  echo "$(basename "$exe"): $out"
  [ "${out%% *}" = "ok" ] || exit 1
  deps=$(LD_LIBRARY_PATH="$libdir" ldd "$exe")
  grep -q "$libdir/libclfftw3.so.3" <<<"$deps" || { echo "FAIL: $exe does not load the installed libclfftw3"; exit 1; }
  grep -q "$libdir/libclfftw3f.so.3" <<<"$deps" || { echo "FAIL: $exe does not load the installed libclfftw3f"; exit 1; }
done
echo "fftw install test OK"
