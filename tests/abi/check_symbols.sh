#!/bin/sh
# Checks our libclFFT against clFFT 2.12's binary interface:
#   - its soname is libclFFT.so.2 (and the libclFFT.so.2 link next to it exists);
#   - it exports, as functions, every clfft* symbol clFFT 2.12's libclFFT.so.2 exports.
# The reference list is read from the reference library with nm when it is installed
# (Debian's libclfft2); otherwise the 34 names of clFFT 2.12 listed below are used.
#
#   check_symbols.sh OUR_LIBRARY_FILE [REFERENCE_LIBRARY]
set -u

ours=${1:?usage: check_symbols.sh OUR_LIBRARY_FILE [REFERENCE_LIBRARY]}
reference=${2:-/usr/lib/x86_64-linux-gnu/libclFFT.so.2}
NM=${NM:-nm}
READELF=${READELF:-readelf}

# clFFT 2.12's exported C functions (libclFFT.so.2.12.2); clfftLocalMemSize is not in the header.
builtin_list="clfftBakePlan clfftCopyPlan clfftCreateDefaultPlan clfftDestroyPlan
clfftEnqueueTransform clfftGetLayout clfftGetPlanBatchSize clfftGetPlanContext clfftGetPlanDim
clfftGetPlanDistance clfftGetPlanInStride clfftGetPlanLength clfftGetPlanOutStride
clfftGetPlanPrecision clfftGetPlanScale clfftGetPlanTransposeResult clfftGetResultLocation
clfftGetTmpBufSize clfftGetVersion clfftLocalMemSize clfftSetLayout clfftSetPlanBatchSize
clfftSetPlanCallback clfftSetPlanDim clfftSetPlanDistance clfftSetPlanInStride clfftSetPlanLength
clfftSetPlanOutStride clfftSetPlanPrecision clfftSetPlanScale clfftSetPlanTransposeResult
clfftSetResultLocation clfftSetup clfftTeardown"

status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -f "$ours" ]; then
    echo "FAIL: $ours does not exist"
    exit 1
fi

# ---- soname ---------------------------------------------------------------------------------
soname=$("$READELF" -d "$ours" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ -z "$soname" ]; then
    soname=$(objdump -p "$ours" 2>/dev/null | awk '$1 == "SONAME" {print $2}')
fi
if [ "$soname" = "libclFFT.so.2" ]; then
    echo "ok: soname is libclFFT.so.2"
else
    echo "FAIL: soname of $ours is '${soname:-<none>}', expected libclFFT.so.2"
    status=1
fi
if [ ! -e "$(dirname "$ours")/libclFFT.so.2" ]; then
    echo "FAIL: no libclFFT.so.2 next to $ours (clients look the library up by its soname)"
    status=1
fi

# ---- reference symbol list ------------------------------------------------------------------
if [ -e "$reference" ]; then
    "$NM" -D --defined-only "$reference" | awk '$2 ~ /^[TtWi]$/ && $3 ~ /^clfft/ {print $3}' \
        | sort -u > "$tmp/reference"
    echo "reference: $(wc -l < "$tmp/reference") clfft* functions exported by $reference"
    if [ "$(wc -l < "$tmp/reference")" -ne 34 ]; then
        echo "note: clFFT 2.12 exports 34; this reference library differs"
    fi
else
    printf '%s\n' $builtin_list | sort -u > "$tmp/reference"
    echo "reference: $reference not installed; using the built-in list of $(wc -l < "$tmp/reference") names"
fi
if [ ! -s "$tmp/reference" ]; then
    echo "FAIL: empty reference list"
    exit 1
fi

# ---- our exports ----------------------------------------------------------------------------
"$NM" -D --defined-only "$ours" > "$tmp/nm" || { echo "FAIL: $NM could not read $ours"; exit 1; }
awk '$2 ~ /^[TtWi]$/ {print $3}' "$tmp/nm" | sort -u > "$tmp/functions"
awk '{print $3}' "$tmp/nm" | sort -u > "$tmp/all"

missing=0
for sym in $(cat "$tmp/reference"); do
    if grep -qx "$sym" "$tmp/functions"; then
        :
    elif grep -qx "$sym" "$tmp/all"; then
        echo "FAIL: $sym is exported but not as a function: $(grep " $sym\$" "$tmp/nm")"
        missing=$((missing + 1))
    else
        echo "FAIL: $sym is not exported"
        missing=$((missing + 1))
    fi
done
if [ "$missing" -eq 0 ]; then
    echo "ok: all $(wc -l < "$tmp/reference") reference functions are exported"
else
    echo "FAIL: $missing of $(wc -l < "$tmp/reference") reference functions missing"
    status=1
fi

# Informational: what we export beyond the reference.
extra=$(grep -vxF -f "$tmp/reference" "$tmp/all" | grep '^clfft' | tr '\n' ' ')
[ -n "$extra" ] && echo "note: also exported: $extra"
others=$(grep -v '^clfft' "$tmp/all" | grep -c .)
[ "$others" -gt 0 ] && echo "note: $others exported symbols not named clfft*"

[ "$status" -eq 0 ] && echo "ABI symbols OK"
exit "$status"
