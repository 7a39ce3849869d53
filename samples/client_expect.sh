#!/bin/sh
# Test helper: runs a program and checks its exit status and its output.
#   client_expect.sh PROGRAM STATUS REGEX [ARGS...]
# Passes when PROGRAM ARGS exits with STATUS and its stdout+stderr match the extended REGEX.
#
# The device: when CL_DEVICES (the cl-devices program, set by CTest) is given and
# CLFFT_TEST_DEVICE chooses a device, "-p P -d D" of that device is added to ARGS (unless ARGS
# name a platform). A case with --double on a device without fp64 is expected to fail its bake
# with CLFFT_DEVICE_NO_DOUBLE (exit status 3) instead of passing.
prog=$1 want=$2 regex=$3
shift 3
if [ -n "${CL_DEVICES:-}" ] && [ -x "$CL_DEVICES" ]; then
  case " $* " in
    *" -p "*|*" --platform "*) ;;
    *)
      if [ -n "${CLFFT_TEST_DEVICE:-}" ]; then
        sel=$("$CL_DEVICES" --select) || exit 1
        set -- -p "${sel% *}" -d "${sel#* }" "$@"
      fi ;;
  esac
  case " $* " in
    *" --double "*)
      if [ "$want" -eq 0 ] && [ "$("$CL_DEVICES" --fp64)" = no ]; then
        echo "client_expect: the device has no fp64: expecting CLFFT_DEVICE_NO_DOUBLE (status 3) instead"
        want=3 regex="DEVICE_NO_DOUBLE"
      fi ;;
  esac
fi
out=$("$prog" "$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want" ]; then
  echo "client_expect: exit status $rc, expected $want" >&2
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
  echo "client_expect: output does not match /$regex/" >&2
  exit 1
fi
echo "client_expect: ok (status $rc, output matches /$regex/)"
