#!/usr/bin/env bash
# Installs the built tree into a scratch prefix, then builds a client three ways (CMake imported
# target, CMake variables, pkg-config) against the installed package and runs each.
# Usage: install_test.sh <build dir> <source dir of the consumer>
set -euo pipefail
build="$1"; consumer="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > /dev/null
export PKG_CONFIG_PATH="$(dirname "$(find "$work/prefix" -name clFFT.pc)")"
cmake -S "$consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/consumer" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
libdir="$(dirname "$(find "$work/prefix" -name 'libclFFT.so.2')")"
for exe in consumer consumer_legacy consumer_pkgconfig; do
  out=$(LD_LIBRARY_PATH="$libdir" "$work/consumer/$exe")
  echo "$exe: $out"
  [ "${out%%.*}" = "2" ] || { echo "FAIL: $exe reported $out"; exit 1; }
  # The client must resolve our installed library, not another libclFFT.so.2 on the system.
  # (ldd's output is captured first: grep -q closing the pipe early would fail it under pipefail)
  deps=$(LD_LIBRARY_PATH="$libdir" ldd "$work/consumer/$exe")
  grep -q "$libdir/libclFFT.so.2" <<<"$deps" || { echo "FAIL: $exe does not load the installed library"; exit 1; }
done
echo "install test OK"
