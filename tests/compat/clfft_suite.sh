#!/usr/bin/env bash
# clFFT's own gtest suite (src/tests of Debian's clfft source package) run against a
# libclFFT.so.2 of our choice (issue 16, docs/compatibility.md).
#
# Nothing of clFFT is kept in this repository: the source package is fetched at test time
# with `apt-get source clfft` into a cache folder under the build directory, and only the
# test program ("Test") is compiled there, with a Makefile written by this script, linked by
# soname against Debian's libclFFT.so.2 (package libclfft2). At run time LD_LIBRARY_PATH
# picks the library: ours (--lib build/src) or Debian's (--lib /usr/lib/x86_64-linux-gnu).
#
# Usage: clfft_suite.sh [options]
#   --build DIR      build directory holding the cache (default: <repo>/build)
#   --lib DIR        directory whose libclFFT.so.2 is tested (default: <build>/src)
#   --src DIR        an already unpacked clfft source tree (default: fetch into the cache)
#   --shards "I J"   shard indices to run (default: all tests, no sharding)
#   --total N        number of shards (default 60)
#   --filter F       gtest filter (default "*-*RandomTest*"; a negative part is kept)
#   --seed S         run clFFT's random accuracy tests (clfft_RandomTest/*) instead, their
#                    parameters drawn with seed S: a number, or "commit": $CLFFT_SUITE_SEED if
#                    set, else the first 8 hex digits of the checkout's HEAD as a number, else a
#                    fixed seed. Printed with a replay command line.
#   --random N       number of random tests generated with --seed (default 160)
#   --expected FILE  deliberate differences (default: clfft_suite_expected_failures.txt here)
#   --timeout S      limit for each gtest process in seconds (default 0: none)
#   --build-only     fetch and build, run nothing
#   --list           print the selected test names, run nothing
#   -v               print each test's gtest output for failures (default: the first lines)
# Environment: POCL_CACHE_DIR defaults to <build>/compat/pocl-cache.
#
# Exit status: 0 when every failure matches a pattern of the expected list and no test that
# matches a pattern passed (a stale entry); 1 otherwise; 2 on setup errors.
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

build="$repo/build"
lib=""
src=""
shards=""
total=60
filter="*-*RandomTest*"
filter_set=0
seed=""
nrandom=160
expected="$here/clfft_suite_expected_failures.txt"
timeout_s=0
build_only=0
list_only=0
verbose=0
# Optimisation of the test program: the time goes into PoCL and FFTW, not into its code.
CLFFT_SUITE_OPT=${CLFFT_SUITE_OPT:--O2}

die() { echo "clfft_suite: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --lib) lib=$2; shift 2 ;;
        --src) src=$2; shift 2 ;;
        --shards) shards=$2; shift 2 ;;
        --total) total=$2; shift 2 ;;
        --filter) filter=$2; filter_set=1; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --random) nrandom=$2; shift 2 ;;
        --expected) expected=$2; shift 2 ;;
        --timeout) timeout_s=$2; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --list) list_only=1; shift ;;
        -v) verbose=1; shift ;;
        -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done

mkdir -p "$build" || die "cannot create $build"
build=$(cd "$build" && pwd)
[ -n "$lib" ] || lib="$build/src"
cache="$build/compat"
mkdir -p "$cache"

# One fetch/build at a time (CTest also serialises the entries with RESOURCE_LOCK).
exec 9>"$cache/.clfft_suite.lock"
flock 9

# ---------------------------------------------------------------------------------------
# 1. The source: Debian's clfft source package, unpacked in $cache/clfft-src.
# ---------------------------------------------------------------------------------------
if [ -z "$src" ]; then
    fetch="$cache/clfft-src"
    src=$(ls -d "$fetch"/clfft-2.12.*/ 2>/dev/null | head -n 1)
    src=${src%/}
    if [ -z "$src" ] || [ ! -f "$src/src/tests/gtest_main.cpp" ]; then
        command -v apt-get >/dev/null || die "apt-get is missing: this needs a Debian system with a deb-src line"
        command -v dpkg-source >/dev/null ||
            die "dpkg-source is missing: apt-get source needs it to unpack; install the package dpkg-dev"
        if [ -z "$(apt-cache showsrc clfft 2>/dev/null)" ]; then
            cat >&2 <<'EOF'
clfft_suite: apt knows no source package 'clfft': a deb-src entry is missing.
  Add one for Debian bookworm main, e.g. the line
      deb-src http://deb.debian.org/debian bookworm main
  to /etc/apt/sources.list (or 'Types: deb deb-src' in /etc/apt/sources.list.d/debian.sources),
  then run 'apt-get update'. Or pass --src DIR with an unpacked clfft 2.12 source tree.
EOF
            exit 2
        fi
        rm -rf "$fetch"
        mkdir -p "$fetch"
        echo "clfft_suite: fetching the clfft source package into $fetch"
        (cd "$fetch" && apt-get source clfft) >"$cache/clfft-src.log" 2>&1 || {
            tail -n 20 "$cache/clfft-src.log" >&2
            die "'apt-get source clfft' failed (log: $cache/clfft-src.log)"
        }
        src=$(ls -d "$fetch"/clfft-2.12.*/ 2>/dev/null | head -n 1)
        src=${src%/}
        [ -n "$src" ] && [ -f "$src/src/tests/gtest_main.cpp" ] ||
            die "no clfft-2.12.* tree with src/tests in $fetch (got: $(ls "$fetch" | tr '\n' ' '))"
    fi
fi
[ -f "$src/src/tests/gtest_main.cpp" ] || die "$src is not a clfft source tree (no src/tests/gtest_main.cpp)"
src=$(cd "$src" && pwd)

# ---------------------------------------------------------------------------------------
# 2. The test program only, with a Makefile of our own (no clFFT library build, no Boost
#    or GTest CMake modules). Rebuilt only when missing or when the Makefile changed.
# ---------------------------------------------------------------------------------------
tdir="$cache/clfft-suite-build"
exe="$tdir/Test"

find_first() { for f in "$@"; do [ -e "$f" ] && { echo "$f"; return 0; }; done; return 1; }

missing=""
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
link_lib=$(find_first /usr/lib/$multiarch/libclFFT.so.2 /usr/lib/libclFFT.so.2) ||
    missing="$missing libclfft2(Debian's libclFFT.so.2, linked by soname)"
gtest_a=$(find_first /usr/lib/$multiarch/libgtest.a /usr/lib/$multiarch/libgtest.so /usr/lib/libgtest.a) ||
    missing="$missing libgtest-dev"
[ -f /usr/include/gtest/gtest.h ] || missing="$missing libgtest-dev(headers)"
[ -f /usr/include/fftw3.h ] || missing="$missing libfftw3-dev"
fftw=$(find_first /usr/lib/$multiarch/libfftw3.so /usr/lib/$multiarch/libfftw3.so.3) || missing="$missing libfftw3-dev"
fftwf=$(find_first /usr/lib/$multiarch/libfftw3f.so /usr/lib/$multiarch/libfftw3f.so.3) || missing="$missing libfftw3-dev"
[ -f /usr/include/boost/program_options.hpp ] && [ -f /usr/include/boost/random.hpp ] ||
    missing="$missing libboost-dev"
bpo=$(ls /usr/lib/$multiarch/libboost_program_options.so /usr/lib/$multiarch/libboost_program_options.so.* 2>/dev/null | head -n 1)
[ -n "$bpo" ] || missing="$missing libboost-program-options-dev"
ocl=$(find_first /usr/lib/$multiarch/libOpenCL.so /usr/lib/$multiarch/libOpenCL.so.1) || missing="$missing ocl-icd-opencl-dev"
[ -f /usr/include/CL/cl.h ] || missing="$missing opencl-headers"
command -v g++ >/dev/null || missing="$missing g++"
command -v make >/dev/null || missing="$missing make"

# The sources of clFFT's tests/CMakeLists.txt (clFFT.Test.Source).
cxx_srcs="test_constants buffer_memory buffer unit_test accuracy_test_common accuracy_test_pow2
          accuracy_test_pow3 accuracy_test_pow5 accuracy_test_pow7 accuracy_test_mixed_radices
          accuracy_test_random accuracy_test_directed accuracy_test_mixed_callback
          accuracy_test_pow2_precallback accuracy_test_pow3_precallback
          accuracy_test_pow5_precallback accuracy_test_pow7_precallback
          accuracy_test_postcallback gtest_main"
mkdir -p "$tdir/include"
makefile_new="$tdir/Makefile.new"
objs=""
{
    echo "S := $src/src"
    echo "CXX := g++"
    echo "CC := gcc"
    echo "CPPFLAGS := -I$tdir/include -I\$(S)/include -I\$(S)/tests -I\$(S)/client -DNDEBUG"
    echo "CXXFLAGS := $CLFFT_SUITE_OPT -std=c++14 -fpermissive -pthread -w"
    echo "CFLAGS := -O2 -pthread -w"
    echo "LIBS := $link_lib $gtest_a $fftw $fftwf $bpo $ocl -pthread -ldl"
    echo "all: Test"
    for s in $cxx_srcs; do
        echo "$s.o: \$(S)/tests/$s.cpp"
        printf '\t$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@\n'
        objs="$objs $s.o"
    done
    echo "openCL.misc.o: \$(S)/client/openCL.misc.cpp"
    printf '\t$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@\n'
    echo "c-compliance.o: \$(S)/tests/c-compliance.c"
    printf '\t$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@\n'
    echo "Test:$objs openCL.misc.o c-compliance.o"
    printf '\t$(CXX) -o $@ $^ $(LIBS)\n'
} >"$makefile_new"

if [ -x "$exe" ] && cmp -s "$makefile_new" "$tdir/Makefile"; then
    rm -f "$makefile_new"
else
    [ -z "$missing" ] || die "cannot build clFFT's test program; missing:$missing"
    rm -f "$tdir"/*.o "$exe"
    mv "$makefile_new" "$tdir/Makefile.pending"
    # clFFT.version.h from the tree's template, with the version of the source package.
    ver=$(basename "$src" | sed -n 's/^clfft-\([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p')
    [ -n "$ver" ] || ver=2.12.2
    IFS=. read -r vmaj vmin vpat <<<"$ver"
    sed -e "s/@CLFFT_VERSION_MAJOR@/$vmaj/; s/@CLFFT_VERSION_MINOR@/$vmin/; s/@CLFFT_VERSION_PATCH@/$vpat/" \
        -e 's|^#cmakedefine CLFFT_STATIC|/* #undef CLFFT_STATIC */|' \
        "$src/src/include/clFFT.version.h.in" >"$tdir/include/clFFT.version.h"
    echo "clfft_suite: building clFFT's test program in $tdir (make -j2)"
    t0=$(date +%s)
    if ! make -C "$tdir" -f Makefile.pending -j2 >"$tdir/build.log" 2>&1; then
        tail -n 30 "$tdir/build.log" >&2
        die "building the test program failed (log: $tdir/build.log)"
    fi
    # The Makefile marks a finished build: an interrupted one is redone next time.
    mv "$tdir/Makefile.pending" "$tdir/Makefile"
    echo "clfft_suite: built in $(( $(date +%s) - t0 )) s"
fi
readelf -d "$exe" 2>/dev/null | grep -q 'NEEDED.*\[libclFFT\.so\.2\]' ||
    die "$exe does not need libclFFT.so.2 by soname"

[ "$build_only" = 1 ] && exit 0

# Random mode: clFFT's test main draws the random tests' parameters from --seed (default: the
# time) and makes --numRandom of them; every process we start must get the same two values.
test_args=()
if [ -n "$seed" ]; then
    fixed_seed=20261206   # a seed that once found an in-place C2R bug (test 22)
    seed_from=""
    if [ "$seed" = commit ]; then
        if [ -n "${CLFFT_SUITE_SEED:-}" ]; then
            seed=$CLFFT_SUITE_SEED; seed_from="from CLFFT_SUITE_SEED"
        elif head=$(git -C "$repo" rev-parse --verify -q HEAD 2>/dev/null) && [ -n "$head" ]; then
            seed=$((16#${head:0:8})); seed_from="from commit ${head:0:8}"
        else
            seed=$fixed_seed; seed_from="fixed: $repo is not a git checkout"
        fi
    fi
    [[ $seed =~ ^[0-9]+$ ]] && [ ${#seed} -le 10 ] && [ "$seed" -le 4294967295 ] ||
        die "the seed must be a number below 2^32 (got '$seed')"
    [[ $nrandom =~ ^[0-9]+$ ]] && [ "$nrandom" -gt 0 ] || die "--random needs a positive count (got '$nrandom')"
    [ "$filter_set" = 1 ] || filter="clfft_RandomTest/*"
    test_args=(--seed "$seed" --numRandom "$nrandom")
    replay="${0#"$repo"/} --seed $seed --random $nrandom"
    echo "clfft_suite: random tests with seed $seed${seed_from:+ ($seed_from)}" \
         "(replay: CLFFT_SUITE_SEED=$seed ctest -R clfft_suite_random; or: $replay)"
fi

# ---------------------------------------------------------------------------------------
# 3. Selection. gtest's sharding (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX) numbers the tests
#    that pass the filter and are not disabled, in registration order, and runs those with
#    number % total == index. We compute that list ourselves so that a crash can be
#    attributed to its test and the rest of the shard still runs.
# ---------------------------------------------------------------------------------------
[ -f "$lib/libclFFT.so.2" ] || die "no libclFFT.so.2 in --lib $lib"
lib=$(cd "$lib" && pwd)
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$cache/pocl-cache}"
mkdir -p "$POCL_CACHE_DIR"
unset GTEST_TOTAL_SHARDS GTEST_SHARD_INDEX

run_test_prog() {  # args: gtest arguments
    local t=()
    [ "$timeout_s" -gt 0 ] 2>/dev/null && t=(timeout -k 10 "$timeout_s")
    (cd "$tdir" && LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        "${t[@]}" ./Test --noVersion --noInfoCL "${test_args[@]}" "$@")
}

all_list="$tdir/list.$$"
trap 'rm -f "$tdir"/*.$$' EXIT
run_test_prog --gtest_list_tests "--gtest_filter=$filter" >"$all_list.raw" 2>&1 ||
    { cat "$all_list.raw" >&2; die "--gtest_list_tests failed"; }
# "Suite." lines then indented "  name  # GetParam() = ..." lines.
awk '/^[^ ]/ { suite = $1; next } /^  / { print suite $1 }' "$all_list.raw" | grep -v 'DISABLED_' >"$all_list"

if [ -n "$shards" ]; then
    awk -v total="$total" -v shards="$shards" '
        BEGIN { n = split(shards, s, " "); for (i = 1; i <= n; i++) want[s[i] + 0] = 1 }
        { if (((NR - 1) % total) in want) print }' "$all_list" >"$all_list.sel"
else
    cp "$all_list" "$all_list.sel"
fi
nsel=$(wc -l <"$all_list.sel")
if [ "$list_only" = 1 ]; then cat "$all_list.sel"; exit 0; fi
[ "$nsel" -gt 0 ] || die "the selection is empty (filter '$filter', shards '$shards' of $total)"

echo "clfft_suite: $nsel tests (filter '$filter'${shards:+, shards $shards of $total}) on $lib/libclFFT.so.2"

# ---------------------------------------------------------------------------------------
# 4. Run, in chunks of explicit names; a crash fails the running test and the chunk resumes
#    after it.
# ---------------------------------------------------------------------------------------
results="$tdir/results.$$"   # lines: PASS|FAIL|CRASH name
: >"$results"
logdir="$cache/clfft-suite-logs"
mkdir -p "$logdir"
log="$logdir/last.log"
: >"$log"
t0=$(date +%s)
mapfile -t todo <"$all_list.sel"
i=0
while [ $i -lt ${#todo[@]} ]; do
    chunk=("${todo[@]:$i:200}")
    f=$(IFS=:; echo "${chunk[*]}")
    out="$tdir/out.$$"
    xml=()
    [ -n "$seed" ] && { rm -f "$tdir/xml.$$"; xml=("--gtest_output=xml:$tdir/xml.$$"); }
    run_test_prog "--gtest_filter=$f" --gtest_color=no "${xml[@]}" >"$out" 2>&1
    rc=$?
    # The random tests' parameters exist only as gtest properties (RecordProperty) in the XML.
    [ -n "$seed" ] && [ -f "$tdir/xml.$$" ] && awk '
        /<testcase / { n = $0; sub(/.* name="/, "", n); sub(/".*/, "", n)
                       c = $0; sub(/.* classname="/, "", c); sub(/".*/, "", c); p = "" }
        /<property / { k = $0; sub(/.* name="/, "", k); sub(/".*/, "", k)
                       v = $0; sub(/.* value="/, "", v); sub(/".*/, "", v); p = p " " k "=" v }
        /<\/testcase>/ { print c "." n "\t" p }' "$tdir/xml.$$" >>"$tdir/params.$$"
    cat "$out" >>"$log"
    # Results of this process: "[       OK ] name (N ms)" / "[  FAILED  ] name (N ms)" / "[  SKIPPED ] name";
    # a failed value-parameterised test reads "[  FAILED  ] name, where GetParam() = ... (N ms)".
    awk '/^\[       OK \] [^ ]+ \(/ { print "PASS", $4 }
         /^\[  FAILED  \] [^ ]+(, where .*)? \([0-9]+ ms\)$/ { n = $4; sub(/,$/, "", n); print "FAIL", n }
         /^\[  SKIPPED \] [^ ]+ \(/ { print "SKIP", $4 }' "$out" >"$out.res"
    cat "$out.res" >>"$results"
    done_n=$(wc -l <"$out.res")
    if [ "$done_n" -ge ${#chunk[@]} ]; then
        i=$((i + ${#chunk[@]}))
        continue
    fi
    # The process ended early (crash, abort, timeout): the last started test is the culprit.
    last=$(awk '/^\[ RUN      \] / { n = $4 } END { print n }' "$out")
    if [ -n "$last" ] && ! grep -qxF -e "PASS $last" -e "FAIL $last" "$out.res"; then
        echo "CRASH $last rc=$rc" >>"$results"
        echo "clfft_suite: the test program ended (rc $rc) in $last" >&2
        # Position of $last in the chunk: resume after it.
        k=0
        for n in "${chunk[@]}"; do k=$((k + 1)); [ "$n" = "$last" ] && break; done
        i=$((i + k))
    else
        # Died before running anything of this chunk: count the rest as not run, stop.
        echo "clfft_suite: the test program ended (rc $rc) without running the chunk at '${chunk[0]}'" >&2
        tail -n 20 "$out" >&2
        for n in "${todo[@]:$i}"; do echo "CRASH $n rc=$rc(not-run)" >>"$results"; done
        break
    fi
done
secs=$(( $(date +%s) - t0 ))
cp "$log" "$logdir/run-$(date +%Y%m%d-%H%M%S).log" 2>/dev/null

# ---------------------------------------------------------------------------------------
# 5. Verdict against the expected list (gtest-style * and ? patterns, "# reason" comments).
# ---------------------------------------------------------------------------------------
pats=()
if [ -f "$expected" ]; then
    while IFS= read -r line; do
        line=${line%%#*}
        line=$(echo "$line" | tr -d '[:space:]')
        [ -n "$line" ] && pats+=("$line")
    done <"$expected"
fi
is_expected() {
    local p
    for p in "${pats[@]}"; do
        # shellcheck disable=SC2053
        [[ $1 == $p ]] && return 0
    done
    return 1
}

# One line from the properties of accuracy_test_random (clFFT's enum values).
describe_params() {
    [ -n "$1" ] || { echo "not recorded (the test program ended before writing them)"; return; }
    echo "$1" | awk '{
        for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        split("complex_interleaved complex_planar hermitian_interleaved hermitian_planar real", L, " ")
        len = v["length_x"] ("length_y" in v ? "x" v["length_y"] : "") ("length_z" in v ? "x" v["length_z"] : "")
        is = ("input_stride_x" in v) ? v["input_stride_x"] "," v["input_stride_y"] "," v["input_stride_z"] : "unit"
        os = ("output_stride_x" in v) ? v["output_stride_x"] "," v["output_stride_y"] "," v["output_stride_z"] : "unit"
        sub(/,+$/, "", is); sub(/,+$/, "", os)
        printf "%s %sD %s batch %s, %s -> %s %s, %s, strides in %s out %s, distances in %s out %s, data seed %s\n",
            v["precision"] == 1 ? "single" : "double", v["dimensions"], len, v["batch_size"],
            L[v["input_layout"]], L[v["output_layout"]], v["placeness"] == 1 ? "in-place" : "out-of-place",
            v["direction"] == -1 ? "forward" : "backward", is, os, v["input_distance"], v["output_distance"], v["data_seed"] }'
}

npass=0; nfail=0; nexp=0; nunexp=0; nstale=0; nskip=0
unexpected=(); stale=()
while read -r st name rest; do
    case "$st" in
        PASS)
            npass=$((npass + 1))
            if is_expected "$name"; then nstale=$((nstale + 1)); stale+=("$name"); fi ;;
        SKIP) nskip=$((nskip + 1)) ;;
        FAIL|CRASH)
            nfail=$((nfail + 1))
            if is_expected "$name"; then nexp=$((nexp + 1)); else
                nunexp=$((nunexp + 1)); unexpected+=("$name${rest:+ ($st $rest)}"); fi ;;
    esac
done <"$results"

# First failure report of each failed test, in one line: "name<TAB>report".
awk '
    function flush() { if (blk != "" && !(cur in first)) first[cur] = blk; blk = ""; inb = 0 }
    /^\[ RUN      \] / { flush(); cur = $4; next }
    /^\[ *(OK|FAILED) *\] / { flush(); next }
    /: Failure$/ { flush(); inb = 1; loc = $0; sub(/: Failure$/, "", loc); sub(/.*\//, "", loc)
                   blk = loc ":"; next }
    /^Unrecognized exception: *$/ { flush(); inb = 1; blk = "exception:"; next }
    /^(Exception occurred|--- Exception caught ---)/ { flush(); next }
    inb { line = $0; gsub(/^ +| +$/, "", line); gsub(/  +/, " ", line)
          if (line != "") blk = (blk == "" ? line : blk " " line) }
    END { flush(); for (n in first) print n "\t" first[n] }' "$log" |
    sed -e 's/: Expected equality of these values: CL_SUCCESS Which is: 0 /: /' \
        -e 's/: Expected equality of these values: CLFFT_SUCCESS Which is: 0 /: /' \
        -e 's/ Which is: / -> /g' >"$tdir/first.$$"
if [ ${#unexpected[@]} -gt 0 ]; then
    echo "Unexpected failures (first failure report of each):"
    for n in "${unexpected[@]}"; do
        name=${n%% *}
        rep=$(awk -F '\t' -v n="$name" '$1 == n { print $2; exit }' "$tdir/first.$$" | cut -c1-200)
        echo "  $n"
        echo "      ${rep:-(no report)}"
        if [ -n "$seed" ]; then
            par=$(awk -F '\t' -v n="$name" '$1 == n { print $2; exit }' "$tdir/params.$$" 2>/dev/null)
            echo "      parameters: $(describe_params "$par")"
            echo "      replay: $replay --filter '$name'"
        fi
        if [ "$verbose" = 1 ]; then
            awk -v n="$name" '$0 == "[ RUN      ] " n { on = 1; next }
                on && /^\[ *(OK|FAILED) *\]/ { exit } on { print "      | " $0 }' "$log"
        fi
    done
    echo "Distinct first failure reports (count, report):"
    for n in "${unexpected[@]}"; do
        awk -F '\t' -v n="${n%% *}" '$1 == n { print $2; exit }' "$tdir/first.$$" | cut -c1-200
    done | sort | uniq -c | sort -rn | sed 's/^/  /'
fi
if [ ${#stale[@]} -gt 0 ]; then
    echo "Listed as expected failures but passed (stale entries in $(basename "$expected")):"
    printf '  %s\n' "${stale[@]}"
fi
echo "clfft_suite: ${secs} s; $nexp expected failures, $nunexp unexpected, $nstale stale, $nskip skipped; log $log"
echo "$npass passed, $nfail failed"
[ -n "$seed" ] && [ "$nunexp" -gt 0 ] && echo "clfft_suite: random tests failed with seed $seed (replay: CLFFT_SUITE_SEED=$seed ctest -R clfft_suite_random)"
[ "$nunexp" -eq 0 ] && [ "$nstale" -eq 0 ]
