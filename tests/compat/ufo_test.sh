#!/bin/bash
# ufo-filters pipelines on clFFT 2.12 (Debian's libclFFT.so.2) and on ours, outputs compared.
#
#   tests/compat/ufo_test.sh OUR_LIB_DIR      (the directory holding our libclFFT.so.2)
#
# Every pipeline runs `ufo-launch read ! ... ! write` twice with UFO_DEVICE_TYPE=cpu (PoCL):
# once with Debian's clFFT and once with LD_LIBRARY_PATH=OUR_LIB_DIR. A pipeline passes when
#   - both runs exit 0 and UFO logs no CRITICAL / WARNING / Error line (clFFT calls go through
#     UFO_RESOURCES_CHECK_CLERR, which logs a CRITICAL on any status other than CL_SUCCESS),
#   - the clFFT each run loaded (LD_DEBUG=libs, "calling init:") is the one it should be,
#   - ufo_compare.py finds ours within 1e-5 of clFFT 2.12 (relative L2 and max abs relative to
#     the peak), round trips within 1e-5 of the input on both, forward spectra and filtered
#     sinograms of ours within 1e-5 of numpy's float64 result.
# UFO_TEST_KEEP=1 keeps the temporary directory (inputs, outputs, logs) for a look afterwards.
# Prints one PASS/FAIL line per pipeline, then "N passed, N failed"; exits 1 on any failure.
# Missing packages are a failure, never a skip.
#
# Not covered (see the INFO lines): backproject (needs OpenCL image support, which PoCL on the
# CPU lacks) and retrieve-phase (Debian's ufo-filters-data lacks two kernels the plugin builds
# at setup, so the task cannot start on any device).
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 OUR_LIB_DIR" >&2
    exit 2
fi
ours_dir=$(cd "$1" 2>/dev/null && pwd) || { echo "FAIL: no directory $1"; echo "0 passed, 1 failed"; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
SYS_CLFFT=/usr/lib/x86_64-linux-gnu/libclFFT.so.2
PLUGINS=/usr/lib/x86_64-linux-gnu/ufo
PACKAGES="libufo-bin ufo-filters ufo-filters-data libclfft2 pocl-opencl-icd python3-numpy"

# --- prerequisites: fail (not skip) naming the packages -------------------------------------
missing=()
command -v ufo-launch >/dev/null 2>&1 || missing+=("ufo-launch (package libufo-bin)")
for p in fft ifft filter read write; do
    [ -e "$PLUGINS/libufofilter$p.so" ] || missing+=("$PLUGINS/libufofilter$p.so (package ufo-filters)")
done
for k in fft.cl filter.cl; do
    [ -e "/usr/share/ufo/$k" ] || missing+=("/usr/share/ufo/$k (package ufo-filters-data)")
done
[ -e "$SYS_CLFFT" ] || missing+=("$SYS_CLFFT (package libclfft2)")
ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || missing+=("an OpenCL ICD (package pocl-opencl-icd)")
"$PY" -c 'import numpy' >/dev/null 2>&1 || missing+=("numpy for $PY (package python3-numpy)")
if [ ${#missing[@]} -gt 0 ]; then
    for m in "${missing[@]}"; do echo "FAIL: missing $m"; done
    echo "FAIL: install the packages: apt-get install $PACKAGES"
fi
if [ ! -e "$ours_dir/libclFFT.so.2" ]; then
    echo "FAIL: no $ours_dir/libclFFT.so.2 (build the clFFT target first)"
    missing+=(ours)
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ufo_test.XXXXXX")
if [ "${UFO_TEST_KEEP:-0}" = 1 ]; then
    echo "keeping $tmp"
else
    trap 'rm -rf "$tmp"' EXIT
fi
export UFO_DEVICE_TYPE=cpu
want_sys=$(readlink -f "$SYS_CLFFT")
want_ours=$(readlink -f "$ours_dir/libclFFT.so.2")

declare -A FRAMES HEIGHT WIDTH
while read -r name f h w; do
    FRAMES[$name]=$f; HEIGHT[$name]=$h; WIDTH[$name]=$w
done < <("$PY" "$here/ufo_compare.py" gen "$tmp")

passed=0
failed=0

# Which clFFT call sits at each line UFO reports (ufo-filters 0.16.0.159.g483ce16, Debian 12;
# found by failing each clFFT function in turn with an LD_PRELOAD stub). UFO ignores the status
# of clfftDestroyPlan and clfftTeardown.
CALLS='s/ufo-fft\.c:58>/& (clfftSetup)/; s/ufo-fft\.c:93>/& (clfftCreateDefaultPlan)/;'
CALLS+=' s/ufo-fft\.c:94>/& (clfftSetPlanBatchSize)/; s/ufo-fft\.c:95>/& (clfftSetPlanPrecision)/;'
CALLS+=' s/ufo-fft\.c:96>/& (clfftSetLayout)/; s/ufo-fft\.c:97>/& (clfftSetResultLocation)/;'
CALLS+=' s/ufo-fft\.c:98>/& (clfftBakePlan)/; s/ufo-fft-task\.c:206>/& (clfftEnqueueTransform)/;'
CALLS+=' s/ufo-ifft-task\.c:177>/& (clfftEnqueueTransform, input = output buffer)/;'
CALLS+=' s/ufo-filter-task\.c:322>/& (clfftEnqueueTransform of the ramp-fromreal filter)/'

# run_ufo WHICH(clfft|ours) TAG INPUT TASKS... : one ufo-launch; returns a reason on stdout
# (empty when the run is clean).
run_ufo() {
    local which=$1 tag=$2 input=$3; shift 3
    local out="$tmp/$tag.$which.raw" log="$tmp/$tag.$which.log" ld="$tmp/$tag.$which.ld"
    local -a envs=(env -u LD_LIBRARY_PATH)
    local want=$want_sys
    if [ "$which" = ours ]; then
        envs=(env "LD_LIBRARY_PATH=$ours_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
        want=$want_ours
    fi
    rm -f "$out" "$ld".*
    local t0=${EPOCHREALTIME/./}
    "${envs[@]}" LD_DEBUG=libs LD_DEBUG_OUTPUT="$ld" timeout 90 \
        ufo-launch -q read path="$tmp/$input.raw" raw-width="${WIDTH[$input]}" \
        raw-height="${HEIGHT[$input]}" raw-bitdepth=32 ! "$@" ! write filename="$out" \
        >"$log" 2>&1
    local rc=$? why=()
    local dt=$(( (${EPOCHREALTIME/./} - t0) / 100000 ))  # tenths of a second
    echo "$((dt / 10)).$((dt % 10))" >"$tmp/$tag.$which.time"
    [ $rc -eq 0 ] || why+=("ufo-launch exit $rc")
    local bad
    bad=$(grep -E 'CRITICAL|WARNING \*\*|Error executing|Error <' "$log" | head -n 3 | sed -e 's/^.*: \([^:]*Error\)/\1/' \
          -e "$CALLS" | tr '\n' ';')
    [ -z "$bad" ] || why+=("UFO logged: $bad")
    local loaded
    loaded=$(cat "$ld".* 2>/dev/null | sed -n 's/.*calling init: \(.*libclFFT\.so[.0-9]*\)$/\1/p' | sort -u)
    if [ -z "$loaded" ]; then
        why+=("no libclFFT loaded")
    else
        local l
        for l in $loaded; do
            [ "$(readlink -f "$l")" = "$want" ] || why+=("loaded $l, not $want")
        done
    fi
    [ ${#why[@]} -eq 0 ] || echo "$which: ${why[*]}"
}

# pipeline NAME INPUT KIND TASK [PROP=VALUE...] [! TASK ...]: runs it on both libraries and
# queues the comparison (one python process compares them all, in report()).
order=()
pipeline() {
    local name=$1 input=$2 kind=$3; shift 3
    local tag="$name.$input"
    { run_ufo clfft "$tag" "$input" "$@"; run_ufo ours "$tag" "$input" "$@"; } >"$tmp/$tag.why"
    printf '%s %s %s %s %s %s %s %s\n' "$tag" "$kind" "$tmp/$input.raw" "${FRAMES[$input]}" \
        "${HEIGHT[$input]}" "${WIDTH[$input]}" "$tmp/$tag.clfft.raw" "$tmp/$tag.ours.raw" >>"$tmp/list"
    order+=("$name $input")
}

report() {
    "$PY" "$here/ufo_compare.py" checklist "$tmp/list" || echo "FAIL: ufo_compare.py checklist"
    local name input tag nums why rc lib
    for entry in "${order[@]}"; do
        read -r name input <<<"$entry"
        tag="$name.$input"
        rc=$(cat "$tmp/$tag.rc" 2>/dev/null || echo 2)
        why=$(tr '\n' ' ' <"$tmp/$tag.why")
        nums="$(tail -n 1 "$tmp/$tag.cmp" 2>/dev/null) t=$(cat "$tmp/$tag.clfft.time")s/$(cat "$tmp/$tag.ours.time")s"
        if [ -z "$why" ] && [ "$rc" = 0 ]; then
            passed=$((passed + 1))
            printf 'PASS %-22s %-11s %s\n' "$name" "$input" "$nums"
        else
            failed=$((failed + 1))
            printf 'FAIL %-22s %-11s %s %s\n' "$name" "$input" "$nums" "$why"
            # keep the logs of a failure visible in the CTest output
            for lib in clfft ours; do
                grep -E 'CRITICAL|WARNING \*\*|Error' "$tmp/$tag.$lib.log" 2>/dev/null | head -n 5 |
                    sed -e "$CALLS" -e "s/^/    [$lib] /"
            done
        fi
    done
}

echo "ufo-filters $(dpkg-query -W -f='${Version}' ufo-filters 2>/dev/null), clFFT 2.12: $want_sys, ours: $want_ours, UFO_DEVICE_TYPE=cpu"

# Tiers (tests/README.md): the quick tier (default) runs the 100x60 input and the filters, each
# task's code path once; the sweep tier (CLFFT_TEST_TIER=sweep) the 1000x7 and 256x256 inputs;
# "all" every pipeline.
case "${CLFFT_TEST_TIER:-quick}" in
    quick) inputs="r100x60"; filters=true ;;
    sweep) inputs="r1000x7 sq256"; filters=false ;;
    *) inputs="r100x60 r1000x7 sq256"; filters=true ;;
esac

# Forward spectra (checked against numpy too) on the inputs of non-power-of-two sizes; round
# trips fft ! ifft on all three (256x256 only round trips, to keep the test short).
for in in $inputs; do
    w=${WIDTH[$in]}; h=${HEIGHT[$in]}
    spectra=true; [ "$in" = sq256 ] && spectra=false
    # 1-D row transforms (batch = rows); fft pads each row to a power of two, ifft crops back.
    $spectra && pipeline fft1_pad "$in" fft1 fft dimensions=1
    pipeline fft1_pad_ifft   "$in" rt1    fft dimensions=1 ! ifft dimensions=1 crop-width="$w"
    # auto-zeropadding=false: the real input rows are read as complex interleaved (w/2 points),
    # out of place; ifft's output is the real part of that complex input.
    $spectra && pipeline fft1_nopad "$in" fft1nz fft dimensions=1 auto-zeropadding=false
    pipeline fft1_nopad_ifft "$in" rt1nz  fft dimensions=1 auto-zeropadding=false ! ifft dimensions=1
    # 2-D transforms, padded in both directions / not padded.
    $spectra && pipeline fft2_pad "$in" fft2 fft dimensions=2
    pipeline fft2_pad_ifft   "$in" rt2    fft dimensions=2 ! ifft dimensions=2 crop-width="$w" crop-height="$h"
    $spectra && pipeline fft2_nopad "$in" fft2nz fft dimensions=2 auto-zeropadding=false
    pipeline fft2_nopad_ifft "$in" rt2nz  fft dimensions=2 auto-zeropadding=false ! ifft dimensions=2
done

# Ramp filtering of filtered back-projection on a 300-ray x 90-angle sinogram (rows padded to
# 512), checked against numpy too (ufo_compare.py rebuilds the task's coefficients). filter's
# default, ramp-fromreal, makes the filter task run its own clFFT plan: a forward FFT of the
# real-space ramp, on one buffer as both input and output.
s=sino300x90
$filters && pipeline filter_default "$s" filter:ramp-fromreal fft dimensions=1 ! filter ! ifft dimensions=1 crop-width="${WIDTH[$s]}"
$filters && for f in ramp hamming butterworth; do
    pipeline "filter_$f" "$s" "filter:$f" fft dimensions=1 ! filter filter="$f" ! ifft dimensions=1 crop-width="${WIDTH[$s]}"
done

report
echo "INFO not run: backproject (needs OpenCL image support, absent in PoCL on the CPU);" \
     "retrieve-phase (Debian's ufo-filters-data lacks its kernels ctfhalfsine_method, qphalfsine_method)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
