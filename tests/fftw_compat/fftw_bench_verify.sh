#!/usr/bin/env bash
# FFTW's own test program on our FFTW interface (issue 23, docs/fftw-compat.md).
#
# FFTW's source package (Debian's fftw3, fetched at test time with `apt-get source fftw3` into a
# cache folder of the build directory; nothing of it is kept in this repository) holds
# tests/bench.c, tests/fftw-bench.c and libbench2/, which check an FFT library through FFTW's
# public API: `bench --verify PROBLEM` plans PROBLEM and runs FFTW's random, impulse and
# linearity checks on it. This script compiles them twice (double against libclfftw3, single
# against libclfftw3f), with a config.h and a stub of FFTW's internal planner hook (hook.c reads
# FFTW's private structures) written here, and verifies a fixed list of problems of every kind
# we support: complex and real, forward and backward, in and out of place, split arrays,
# vector loops inside and outside, transposed layouts, rank 1 to 3 and above; real-to-real of
# every kind.
#
# Usage: fftw_bench_verify.sh BUILD-DIR LIB-DIR [PROBLEM...]
#   BUILD-DIR  the CMake build directory (the source is cached in BUILD-DIR/fftw-bench)
#   LIB-DIR    the directory of libclfftw3.so and libclfftw3f.so
#   PROBLEM    bench problems to verify instead of the list below (both precisions)
# Environment: FFTW_SRC=DIR uses an unpacked fftw3 source tree instead of fetching one;
#   CLFFT_TEST_DEVICE (or CLFFTW_DEVICE) picks the OpenCL device.
# Exit status: 0 when every problem passes in both precisions; 1 on a failed problem; 2 when the
# source cannot be fetched or built (never a silent skip).
set -u -o pipefail

die() { echo "fftw_bench_verify: $*" >&2; exit 2; }

[ $# -ge 2 ] || die "usage: $0 BUILD-DIR LIB-DIR [PROBLEM...]"
build=$(cd "$1" && pwd) || die "no build directory $1"
libdir=$(cd "$2" && pwd) || die "no library directory $2"
shift 2
[ -e "$libdir/libclfftw3.so" ] && [ -e "$libdir/libclfftw3f.so" ] || die "libclfftw3.so / libclfftw3f.so not in $libdir"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
include="$here/../../fftw3/include"
if [ -z "${CLFFTW_DEVICE:-}" ] && [ -n "${CLFFT_TEST_DEVICE:-}" ]; then
    export CLFFTW_DEVICE=$CLFFT_TEST_DEVICE
fi

cache="$build/fftw-bench"
mkdir -p "$cache" || die "cannot create $cache"
exec 9>"$cache/.lock"
flock 9

# ---- 1. the source --------------------------------------------------------------------------
src=${FFTW_SRC:-}
if [ -z "$src" ]; then
    src=$(ls -d "$cache"/src/fftw3-3.* 2>/dev/null | head -n 1)
    if [ -z "$src" ] || [ ! -f "$src/tests/bench.c" ]; then
        rm -rf "$cache/src"
        mkdir -p "$cache/src"
        echo "== fetching FFTW's source: apt-get source fftw3 (in $cache/src)"
        if ! (cd "$cache/src" && apt-get source --download-only fftw3 > fetch.log 2>&1 &&
              dpkg-source -x fftw3_*.dsc > unpack.log 2>&1); then
            cat "$cache/src/fetch.log" "$cache/src/unpack.log" 2>/dev/null | tail -n 20 >&2
            die "cannot fetch FFTW's source with 'apt-get source fftw3': it needs a deb-src entry (scripts/setup.sh adds one) and dpkg-dev"
        fi
        src=$(ls -d "$cache"/src/fftw3-3.* 2>/dev/null | head -n 1)
    fi
fi
[ -n "$src" ] && [ -f "$src/tests/bench.c" ] && [ -d "$src/libbench2" ] || die "no FFTW source tree with tests/bench.c (FFTW_SRC=$src)"
echo "== FFTW source: $src"

# ---- 2. build bench twice ----------------------------------------------------------------------
work="$cache/build"
mkdir -p "$work"
cat > "$work/config.h" <<'EOF'
/* What libbench2 asks of the platform (Linux, glibc), written by fftw_bench_verify.sh. */
#define HAVE_STDDEF_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_DRAND48 1
#define HAVE_DECL_DRAND48 1
#define HAVE_DECL_SRAND48 1
#define HAVE_POSIX_MEMALIGN 1
#define HAVE_DECL_POSIX_MEMALIGN 1
#define HAVE_ISNAN 1
#define HAVE_SNPRINTF 1
#define HAVE_ALLOCA_H 1
#define HAVE_MALLOC_H 1
#define CC "cc"
EOF
cat > "$work/hook_stub.c" <<'EOF'
/* FFTW's tests/hook.c checks each plan FFTW's planner makes through FFTW's private structures;
 * our library has none of them, so the hook does nothing here. */
void install_hook(void);
void uninstall_hook(void);
void install_hook(void) {}
void uninstall_hook(void) {}
EOF
build_bench() { # precision-tag, library name, extra defines
    local tag=$1 lib=$2
    shift 2
    local out="$work/bench-$tag"
    if [ -x "$out" ] && [ "$out" -nt "$libdir/lib$lib.so" ] && [ "$out" -nt "$0" ]; then
        return 0
    fi
    local objdir="$work/obj-$tag"
    mkdir -p "$objdir"
    local f o objs=() libobjs=()
    # libbench2 is an archive, as in FFTW's build: its defaults (useropt.c...) yield to bench's own
    for f in "$src"/libbench2/*.c "$src/tests/bench.c" "$src/tests/fftw-bench.c" "$work/hook_stub.c"; do
        o="$objdir/$(basename "${f%.c}").o"
        cc -O1 -w "$@" -I"$work" -I"$src" -I"$src/libbench2" -c "$f" -o "$o" 2>> "$work/build-$tag.log" \
            || { tail -n 20 "$work/build-$tag.log" >&2; die "cannot compile $f"; }
        case "$f" in
            */libbench2/*) libobjs+=("$o") ;;
            *) objs+=("$o") ;;
        esac
    done
    rm -f "$objdir/libbench2.a"
    ar rcs "$objdir/libbench2.a" "${libobjs[@]}" || die "cannot archive libbench2"
    cc -o "$out" "${objs[@]}" "$objdir/libbench2.a" -L"$libdir" -Wl,-rpath,"$libdir" -l"$lib" -lm \
        2>> "$work/build-$tag.log" || { tail -n 20 "$work/build-$tag.log" >&2; die "cannot link bench against lib$lib"; }
}
echo "== building FFTW's bench against libclfftw3 and libclfftw3f"
build_bench double clfftw3
build_bench single clfftw3f -DFFTW_SINGLE -DBENCHFFT_SINGLE

# ---- 3. verify -------------------------------------------------------------------------------------
if [ $# -gt 0 ]; then
    problems=("$@")
else
    problems=(
        # complex, rank 1 to 3, in and out of place, both signs
        ocf64 ocb64 icf64 icb15 ocf17 ocb1024 ocf32x16 icb15x17 ocf12x15x16 icb12x15x16
        # real: r2c (f) and c2r (b), padded in place
        orf64 orb64 irf64 irb64 orf15 irb15 orf32x16 orb32x16 irf17x15 irb12x15x16 orf12x15x16
        # vector loops: inside the transform's layout (v) and outside (*)
        ocf64v5 ocb64*5 icf32v3 orf64v4 orb64*4 irf16v3 ocf32x16v2 orb32x16*3
        # transposed layouts, split arrays, destroyed input
        tocf32x16 tocb12x15x16 o/cf64 i/cb64v3 o/cf32x16 o/cf12x15x16 o/rf32 o/rb32 docb32x16 dorb32x16
        # prime lengths (Rader, Bluestein); sizes 1 and 2
        ocf101 orb97 ocf1 orf1 orf16x1 irb2
        # larger: multi-pass lengths, a 2D real plan, split arrays in a vector loop
        ocf65536 orb1024x512 o/cf4096v8
        # real-to-real (k): every kind in 1D, out of place and in place (f R2HC, b HC2R, h DHT,
        # eAB REDFTab, oAB RODFTab), mixed kinds in 2D and 3D, vector loops, rank 4; few lengths,
        # since each distinct plan costs compiles (the quick tier has the even ones)
        ok15f ok15b ok15h ok15e00 ok15e01 ok15e10 ok15e11 ok15o00 ok15o01 ok15o10 ok15o11
        ik15f ik15b ik15h ik15e00 ik15e01 ik15e10 ik15e11 ik15o00 ik15o01 ik15o10 ik15o11
        ok12e10x15o01 ik12fx15b ok12hx15e11x16o00 ik12e01x15o10x16f ok15e10v5 ok15o01*3 ok3e10x4fx5o11x6h
        # rank above 3 (passes of plans of rank <= 3): complex and real, loops, split, rank 7
        ocf3x4x5x6 icb3x4x5x6 orf3x4x5x6 orb3x4x5x6 irf3x4x5x6 irb3x4x5x6 ocf3x4x5x6v2 orb3x4x5x6*2
        o/cf3x4x5x6 ocf2x3x2x3x2x2x3
    )
fi
failures=0
total=0
start=$(date +%s)
: > "$work/verify-double.log"
: > "$work/verify-single.log"
for tag in double single; do
    for p in "${problems[@]}"; do
        total=$((total + 1))
        log="$work/verify-$tag.log"
        if out=$(timeout 300 "$work/bench-$tag" -v1 --verify "$p" 2>&1); then
            printf '%-7s %-16s ok   %s\n' "$tag" "$p" "$(echo "$out" | tr '\n' ' ' | cut -c1-60)"
        else
            rc=$?
            failures=$((failures + 1))
            printf '%-7s %-16s FAIL (exit %d)\n%s\n' "$tag" "$p" "$rc" "$out"
        fi
        echo "$p: $out" >> "$log"
    done
done
# Wisdom, as FFTW's check.pl --validate-wisdom does: plan with -owisdom (bench writes wis.dat),
# then again in wisdom-only mode, which must find every problem; without wis.dat it must not.
if [ $# -eq 0 ]; then
    wisdom_problems=(ocf64 orb32x16 o/cf64 icb12x15x16v2 ok12e10x15o01 ocf3x4x5x6)
    for tag in double single; do
        wdir=$(mktemp -d)
        args=()
        for p in "${wisdom_problems[@]}"; do args+=(--verify "$p"); done
        total=$((total + 1))
        if (cd "$wdir" && "$work/bench-$tag" -owisdom "${args[@]}" > plan.log 2>&1 &&
            [ -s wis.dat ] && "$work/bench-$tag" -owisdom -owisdom-only "${args[@]}" > only.log 2>&1 &&
            rm wis.dat && ! "$work/bench-$tag" -owisdom-only --verify ocf64 > none.log 2>&1); then
            printf '%-7s %-16s ok   wisdom-only plans from wis.dat, none without\n' "$tag" "wisdom"
        else
            failures=$((failures + 1))
            printf '%-7s %-16s FAIL\n' "$tag" "wisdom"
            cat "$wdir"/*.log "$wdir/wis.dat" 2>/dev/null
        fi
        rm -rf "$wdir"
    done
fi
echo "== FFTW bench --verify: $((total - failures)) of $total checks passed ($(( $(date +%s) - start )) s)"
[ "$failures" -eq 0 ] || exit 1
exit 0
