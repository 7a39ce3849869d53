#!/usr/bin/env python3
"""Every candidate plan is a correct plan: for a sample of problems, bake each candidate that
planCandidates offers on this device (CLFFT_NG_CANDIDATE=k) and check its result against FFTW
(clfft-client --verify). The count comes from the printed plan ("candidate 0 of N").

usage: run_candidates.py CLFFT_CLIENT [CL_DEVICES]
With CLFFT_TEST_DEVICE set, CL_DEVICES (tests/support/cl_devices.c) names the device's platform
and index for the client, as for the other client tests.
"""
import os
import re
import subprocess
import sys

# One of each strategy the variants change: single kernel against passes, group sizes, the CPU
# forms; real, Bluestein, 2D/3D, double, in and out of place. QUICK covers each of those once
# (the README's test command); SWEEP holds the others (CLFFT_TEST_TIER=sweep, label sweep;
# CLFFT_TEST_SHARE=k/n takes every n-th from k, as tests/support/test_tier.h does).
QUICK = [
    "-x 4096 -b 16",
    "-x 2048 -b 8 --inLayout 5 --outLayout 3 -o",
    "-x 1000 -b 4 --inLayout 3 --outLayout 5 -o",
    "-x 4099 -b 8 -o",
    "-x 30 -y 20 -z 10 --inLayout 5 --outLayout 3 -o",
    "-x 8192 -b 2 --double -o",
    "-x 48 -b 13 -o",
    "-x 13 -b 301 --double -o",
]
SWEEP = [
    "-x 1024 -b 64 -o",
    "-x 97 -b 16",
    "-x 100 -y 97 -o",
    "-x 65536 -b 2 -o",
    "-x 256 -y 1024 -b 2 -o",
    "-x 10007 -b 2 -o",
    "-x 60 -b 13 --double",
    "-x 24 -b 13 --double -o",
    "-x 24 -y 40 -b 3",
    "-x 64 -b 13 --inLayout 5 --outLayout 3 -o",
    "-x 65536 -b 2 --inLayout 3 --outLayout 5 -o",
]


# With the GPU forms (CLFFT_NG_FORMS=gpu) these of QUICK move to the sweep tier: their GPU-form
# candidates are the group sizes and pass splits the other quick problems already vary.
GPU_FORMS_SWEEP = [
    "-x 1000 -b 4 --inLayout 3 --outLayout 5 -o",
    "-x 48 -b 13 -o",
    "-x 13 -b 301 --double -o",
]


def tiered_cases():
    tier = os.environ.get("CLFFT_TEST_TIER", "quick") or "quick"
    gpu = os.environ.get("CLFFT_NG_FORMS") == "gpu"
    quick = [c for c in QUICK if not (gpu and c in GPU_FORMS_SWEEP)]
    if tier == "quick":
        return quick
    k, n = 0, 1
    share = os.environ.get("CLFFT_TEST_SHARE", "")
    m = re.fullmatch(r"(\d+)/(\d+)", share)
    if m and int(m.group(2)) > int(m.group(1)):
        k, n = int(m.group(1)), int(m.group(2))
    sweep = [c for i, c in enumerate(SWEEP) if i % n == k]
    if gpu:
        sweep = GPU_FORMS_SWEEP + sweep  # not thinned by the share, as the quick cases
    return sweep if tier == "sweep" else quick + sweep


DEVICE_ARGS = []


def run(client, args, k):
    env = dict(os.environ, CLFFT_NG_CANDIDATE=str(k))
    p = subprocess.run([client] + DEVICE_ARGS + args.split() + ["--explain", "--verify"], env=env,
                       capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    client = sys.argv[1]
    if len(sys.argv) == 3 and os.environ.get("CLFFT_TEST_DEVICE"):
        platform, device = subprocess.run([sys.argv[2], "--select"], capture_output=True, text=True,
                                          check=True).stdout.split()
        DEVICE_ARGS.extend(["-p", platform, "-d", device])
    doubles = True
    if len(sys.argv) == 3:
        doubles = subprocess.run([sys.argv[2], "--fp64"], capture_output=True, text=True).stdout.strip() != "no"
    failures, runs = [], 0
    for args in tiered_cases():
        if "--double" in args and not doubles:
            print(f"not run (the device has no fp64): {args}")
            continue
        rc, out = run(client, args, 0)
        m = re.search(r"candidate 0 of (\d+)", out)
        if not m:
            print(out)
            failures.append(f"{args}: no candidate count in the printed plan")
            continue
        count = int(m.group(1))
        for k in range(count):
            if k > 0:
                rc, out = run(client, args, k)
            runs += 1
            variant = re.search(r"candidate \d+ of \d+ \(([^)]*)\)", out)
            ok = rc == 0 and re.search(r"verify: .*PASS", out)
            print(f"{'ok  ' if ok else 'FAIL'} {args}  candidate {k}/{count} "
                  f"({variant.group(1) if variant else '?'})")
            if not ok:
                print(out)
                failures.append(f"{args}: candidate {k}")
        # One past the last is refused, not planned.
        rc, out = run(client, args, count)
        if rc == 0 or "CLFFT_INVALID_ARG_VALUE" not in out:
            failures.append(f"{args}: candidate {count} (one past the last) was not refused")
    print(f"{runs} candidate plans verified, {len(failures)} failures")
    for f in failures:
        print("  " + f)
    return 1 if failures or (runs == 0 and tiered_cases()) else 0


if __name__ == "__main__":
    sys.exit(main())
