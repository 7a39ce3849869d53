#!/usr/bin/env bash
# Runs the test-suite that ships with Debian's python3-gpyfft against our libclFFT.so.2.
#
#   scripts/run_gpyfft_tests.sh [LIBDIR] [extra pytest args...]
#
# LIBDIR is the directory holding our libclFFT.so.2 (default: build/src under the repository
# root). It is put first on LD_LIBRARY_PATH, so gpyfft's extension module, which links against
# libclFFT.so.2 by soname, loads our library instead of Debian's. The script checks that it did.
# CTest runs it as test_gpyfft (scripts/setup.sh installs the Debian python stack it needs:
# python3-gpyfft, python3-pyopencl, python3-parameterized, python3-pytest).
set -u

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
libarg=${1:-$repo_root/build/src}
shift $(( $# > 0 ? 1 : 0 ))

python=/usr/bin/python3      # the pyenv python3 on PATH has no gpyfft
testdir=/usr/lib/python3/dist-packages/gpyfft/test

die() { echo "run_gpyfft_tests: $*" >&2; exit 2; }

[[ -x $python ]] || die "$python not found"
[[ -d $testdir ]] || die "$testdir not found (apt-get install python3-gpyfft)"
libdir=$(cd "$libarg" 2>/dev/null && pwd) || die "library directory '$libarg' does not exist"
[[ -e $libdir/libclFFT.so.2 ]] || die "$libdir/libclFFT.so.2 not found (build the library first)"

# Python packages the gpyfft tests import, with the Debian package that provides each.
missing=()
for pair in pytest:python3-pytest parameterized:python3-parameterized pyopencl:python3-pyopencl \
            numpy:python3-numpy gpyfft:python3-gpyfft; do
    module=${pair%%:*} pkg=${pair#*:}
    if ! "$python" -c "import $module" >/dev/null 2>&1; then
        installed=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Installed:/ {print $2}')
        echo "python module '$module' missing (package $pkg, installed: ${installed:-unknown})"
        missing+=("$pkg")
    fi
done
if (( ${#missing[@]} )); then
    sudo_cmd=()
    (( EUID != 0 )) && sudo_cmd=(sudo)
    echo "installing: ${missing[*]}"
    "${sudo_cmd[@]}" apt-get install -y "${missing[@]}" || die "could not install ${missing[*]}"
fi

export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# Make sure the extension module really resolves libclFFT.so.2 to our copy.
ext=$(ls /usr/lib/python3/dist-packages/gpyfft/gpyfftlib*.so 2>/dev/null | head -n1)
if [[ -n $ext ]]; then
    resolved=$(ldd "$ext" | awk '/libclFFT\.so\.2/ {print $3}')
    echo "gpyfftlib resolves libclFFT.so.2 to: ${resolved:-?}"
    if [[ $(readlink -f "$resolved") != $(readlink -f "$libdir/libclFFT.so.2") ]]; then
        die "libclFFT.so.2 does not resolve to $libdir/libclFFT.so.2"
    fi
fi

log=$(mktemp /tmp/gpyfft-tests.XXXXXX.log)
echo "running: $python -m pytest $testdir -rA $*"
# pytest's cache directory would go into the read-only dist-packages tree; keep it out.
(cd /tmp && "$python" -m pytest "$testdir" -p no:cacheprovider -rA "$@") 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

echo
echo "==================== gpyfft test summary ===================="
echo "library: $libdir/libclFFT.so.2"
grep -E '^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) ' "$log" | awk '{print $1}' | sort | uniq -c
grep -E '^(FAILED|ERROR) ' "$log" | sed 's/^/  /'
tail -n1 "$log"
echo "pytest exit status: $rc (full log: $log)"
exit "$rc"
