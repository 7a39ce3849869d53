#!/bin/sh
# Test helper: runs a program and checks its exit status and its output.
#   client_expect.sh PROGRAM STATUS REGEX [ARGS...]
# Passes when PROGRAM ARGS exits with STATUS and its stdout+stderr match the extended REGEX.
prog=$1 want=$2 regex=$3
shift 3
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
