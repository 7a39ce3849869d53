#!/usr/bin/env python3
"""16-bit storage beside single precision (issue 59, docs/precision.md): the same plan in single,
half and bfloat16 through clfft-client --profile, the precisions alternating in every round;
medians over the rounds of each run's median. Prints a markdown table of throughput ratios
(16-bit over single: above 1 is faster) and the temporary buffer each plan asks for.

usage: precision_bench.py [--client build/samples/clfft-client] [--rounds 5] [--iters 7] [--case NAME]
"""
import argparse
import json
import statistics
import subprocess
import sys

# The memory-bound cases of the issue first (goal >= 1.4x), then others (goal >= 0.9x).
CASES = [
    ("c2c 2^20 batch 8", "-x 1048576 -b 8 -o", True),
    ("c2c 1024x1024 batch 4", "-x 1024 -y 1024 -b 4 -o", True),
    ("c2c 128^3", "-x 128 -y 128 -z 128 -o", True),
    ("r2c 4096 batch 2048", "-x 4096 -b 2048 -o --inLayout 5 --outLayout 3", True),
    ("c2c 1024 batch 1024 in place", "-x 1024 -b 1024", False),
    ("c2r 512x512 batch 2", "-x 512 -y 512 -b 2 -o --inLayout 3 --outLayout 5", False),
    ("c2c 1000 batch 512 (radices 2, 5)", "-x 1000 -b 512 -o", False),
    ("c2c 4099 batch 64 (Bluestein)", "-x 4099 -b 64 -o", False),
    ("r2r DCT-II 4096 batch 256", "-x 4096 -b 256 -o --r2r redft10", False),
    ("r2r 2-D DCT-II 512x512 batch 2", "-x 512 -y 512 -b 2 -o --r2r redft10,redft10", False),
    ("convolution real 2-D 1024x1024 (fused)", "-x 1024 -y 1024 -o --inLayout 5 --outLayout 3 --convolve", False),
    ("correlation c2c 3-D 64^3, channels 2 -> 2", "-x 64 -y 64 -z 64 -o --correlate --channels 2,2", False),
]
PRECISIONS = ["single", "half", "bfloat16"]


def run(client, args, precision, iters):
    cmd = [client] + args.split() + ["--precision", precision, "--profile", str(iters), "--json"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    d = json.loads(p.stdout)
    if not d.get("ok"):
        raise RuntimeError(" ".join(cmd) + ": " + d.get("status", p.stderr))
    return d["profile"]["median_ms"], d.get("tmp_buffer_bytes", 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--client", default="build/samples/clfft-client")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iters", type=int, default=7)
    ap.add_argument("--case", default="")
    a = ap.parse_args()
    print("| case | single ms | half ms | bfloat16 ms | half / single | bfloat16 / single | temp single / half |")
    print("|---|---|---|---|---|---|---|")
    for name, args, memory_bound in CASES:
        if a.case and a.case not in name:
            continue
        times = {p: [] for p in PRECISIONS}
        tmp = {}
        for _ in range(a.rounds):
            for p in PRECISIONS:
                ms, t = run(a.client, args, p, a.iters)
                times[p].append(ms)
                tmp[p] = t
        med = {p: statistics.median(times[p]) for p in PRECISIONS}
        goal = "1.4" if memory_bound else "0.9"
        print(f"| {name} (goal >= {goal}x) | {med['single']:.2f} | {med['half']:.2f} | {med['bfloat16']:.2f} | "
              f"{med['single'] / med['half']:.2f}x | {med['single'] / med['bfloat16']:.2f}x | "
              f"{tmp['single'] / 2**20:.1f} / {tmp['half'] / 2**20:.1f} MiB |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
