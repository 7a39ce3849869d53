#!/usr/bin/env bash
# Installs what clfft-ng needs on Debian 12 (only the packages that are missing), then
# configures and builds it in ./build (or $BUILD_DIR). Used by demo.sh, test.sh and CI.
#   bash scripts/setup.sh [demo|test|ci]     (default: test)
#   demo: the compiler, CMake, OpenCL (ICD loader, headers, PoCL) and FFTW; builds the library
#         and clfft-client (a fresh build folder is configured without the tests and the bench).
#   test: also what the README's test command runs (Boost.Test, Debian's clFFT and its clients,
#         ufo-filters, numpy, Open MPI); builds everything.
#   ci:   also what .ci/run's deeper tiers need (Oclgrind, clFFT's and FFTW's source packages
#         through deb-src and dpkg-dev, googletest, FFTW-MPI, VkFFT for the bench's VkFFT columns).
set -euo pipefail
cd "$(dirname "$0")/.."
set_name="${1:-test}"

packages=(g++ cmake make pkg-config ocl-icd-opencl-dev opencl-headers pocl-opencl-icd libfftw3-dev)
case "$set_name" in
  demo) ;;
  test|ci)
    packages+=(libboost-test-dev libclfft-dev libclfft2 python3-gpyfft python3-pytest python3-parameterized
               clfft-client ufo-filters libufo-bin ufo-filters-data python3-numpy python3-pyopencl python3-scipy
               openmpi-bin libopenmpi-dev)
    [ "$set_name" = ci ] && packages+=(dpkg-dev libgtest-dev googletest oclgrind libfftw3-mpi-dev libvkfft-dev)
    ;;
  *) echo "usage: setup.sh [demo|test|ci]" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "== installing: ${missing[*]}" >&2
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# clFFT's own test suite (tests/compat/clfft_suite.sh) is fetched with `apt-get source clfft`:
# it needs a deb-src entry for the archive the machine installs from.
if [ "$set_name" = ci ] && ! apt-cache showsrc clfft 2>/dev/null | grep -q '^Package: clfft'; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  src=/etc/apt/sources.list.d/clfft-ng-deb-src.sources
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    echo "== adding deb-src entries ($src) for apt-get source"
    sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo tee "$src" > /dev/null
  elif [ -f /etc/apt/sources.list ]; then
    echo "== adding deb-src lines ($src) for apt-get source"
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | $sudo tee "${src%.sources}.list" > /dev/null
  fi
  $sudo apt-get update -q > /dev/null || echo "== apt-get update failed: clFFT's own suite cannot be fetched"
fi

build_dir="${BUILD_DIR:-build}"
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
mkdir -p "$build_dir"
# One line per step on stderr, so that a caller that hides the build output (demo.sh) still
# says what it is doing during the minutes a fresh machine takes.
echo "== configuring in $build_dir" >&2
# The demo leaves a fresh folder without tests and bench (no Boost needed); the test sets turn
# them on again, so a folder the demo configured first is completed by test.sh.
parts=(-DCLFFT_BUILD_TESTS=ON -DCLFFT_BUILD_BENCH=ON)
targets=()
if [ "$set_name" = demo ]; then
  parts=()
  [ -f "$build_dir/CMakeCache.txt" ] || parts=(-DCLFFT_BUILD_TESTS=OFF -DCLFFT_BUILD_BENCH=OFF)
  targets=(--target clfft-client)
fi
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" -DCLFFT_WERROR="$werror" \
      "${parts[@]}" ${CMAKE_EXTRA_ARGS:-} > "$build_dir/configure.log" 2>&1 \
  || { cat "$build_dir/configure.log"; exit 1; }
echo "== building ($(nproc) jobs)" >&2
next=10
cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}" | while IFS= read -r line; do
  printf '%s\n' "$line"
  if [[ $line =~ ^\[\ *([0-9]+)%\] ]] && (( BASH_REMATCH[1] >= next )); then
    echo "   build ${BASH_REMATCH[1]}%" >&2
    next=$(( BASH_REMATCH[1] / 10 * 10 + 10 ))
  fi
done
echo "== built" >&2
