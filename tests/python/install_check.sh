#!/usr/bin/env bash
# test_python_install: `cmake --install` of this build into a temporary prefix, then the
# installed clfft_ng imported by Debian's python3 in a clean environment (no PYTHONPATH to the
# source tree, no CLFFT_NG_LIBRARY, no LD_LIBRARY_PATH): it must find the installed package
# through the prefix's site directory and the installed libclFFT.so.2 through the relative path
# CMake wrote, and one transform must match numpy.fft.
# Usage: install_check.sh BUILD_DIR PYTHON SITE_DIR_RELATIVE_TO_PREFIX
set -euo pipefail
build=$1 python=$2 site=$3
prefix=$(mktemp -d "${TMPDIR:-/tmp}/clfft-ng-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > "$prefix.log" 2>&1 || { cat "$prefix.log"; rm -f "$prefix.log"; exit 1; }
rm -f "$prefix.log"
test -f "$prefix/$site/clfft_ng/__init__.py" || { echo "FAIL: no clfft_ng under $prefix/$site"; exit 1; }
test -f "$prefix/$site/clfft_ng/_install_paths.py" || { echo "FAIL: no _install_paths.py installed"; exit 1; }
# Run from an empty directory so that neither the source tree nor the build is importable.
cd "$prefix"
env -i HOME="${HOME:-/tmp}" PATH=/usr/bin:/bin PYTHONPATH="$prefix/$site" \
    ${POCL_CACHE_DIR:+POCL_CACHE_DIR=$POCL_CACHE_DIR} ${XDG_CACHE_HOME:+XDG_CACHE_HOME=$XDG_CACHE_HOME} \
    "$python" -I -c '
import sys, os
sys.path.insert(0, os.environ["PYTHONPATH"])  # -I drops PYTHONPATH; the prefix site dir only
import numpy as np
import clfft_ng
from clfft_ng import _lib
prefix = sys.argv[1]
assert clfft_ng.__file__.startswith(prefix), clfft_ng.__file__
x = np.random.default_rng(1).standard_normal(64) + 0j
y = clfft_ng.fft(x)
given = _lib.lib()._clfft_ng_path
assert os.path.isabs(given), "library found through the loader, not beside the package: " + given
# What the process really mapped (not only the path it asked for).
maps = {line.split()[-1] for line in open("/proc/self/maps") if "libclFFT.so" in line}
path = os.path.realpath(given)
assert maps == {path}, "mapped %s, expected %s" % (maps, path)
assert path.startswith(os.path.realpath(prefix) + "/"), "library not the installed one: " + path
err = np.linalg.norm(y - np.fft.fft(x)) / np.linalg.norm(np.fft.fft(x))
assert err <= 1e-12, err
print("installed clfft_ng OK: %s, library %s, rel. L2 %.1e" % (clfft_ng.__file__, path, err))
' "$prefix"
