#!/usr/bin/python3
"""clfft_ng (issue 61's benchmark) side by side with scipy.fft and numpy.fft, in one process.

    PYTHONPATH=python CLFFT_NG_LIBRARY=build/src/libclFFT.so.2 /usr/bin/python3 bench/python_bench.py [--rounds 7]

Cases: c2c 2^20 complex64 (fft), 1024x1024 complex64 (fft2), 128^3 complex64 (fftn), rfft of
4096 rows of 2048 float32. Contenders, each timed once per round, the order rotating from round
to round, medians over the rounds:
  dev    clfft_ng on pyopencl arrays (the input on the device; timed to queue.finish(), the
         result allocated by the call as users get it)
  host   clfft_ng on numpy arrays (upload, transform, download and the host copies included)
  scipy  scipy.fft with workers=2 (single precision in, single out)
  numpy  numpy.fft (numpy 1.x computes in double: complex128 out)
Then the per-call overhead of a cached plan on a small device array (c2c 256 complex64): the
host time of one clfft_ng.fft(d) call (it only enqueues) against the host time of the C
library's clfftEnqueueTransform for the same baked plan and buffers, called through ctypes
with its arguments made in advance; both with the queue drained before each call ("idle") and
in a loop of calls ("back-to-back"); and the package's own share: each call's time less the time
spent inside its own clfftEnqueueTransform (the enqueue costs more when the device went idle
since the last one: PoCL wakes its worker threads). Prints a markdown table (--json: one JSON object too).
"""
import argparse
import ctypes
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import scipy.fft

import clfft_ng
from clfft_ng import _engine, _lib


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def commit():
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        return subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


CASES = [
    ("c2c 2^20 complex64 (fft)", "fft", (1 << 20,), np.complex64, {}),
    ("1024x1024 complex64 (fft2)", "fft2", (1024, 1024), np.complex64, {}),
    ("128^3 complex64 (fftn)", "fftn", (128, 128, 128), np.complex64, {}),
    ("rfft 4096 x 2048 float32 (rows)", "rfft", (4096, 2048), np.float32, {}),
]


def make(shape, dtype, rng):
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_case(queue, func, shape, dtype, rounds, rng):
    x = make(shape, dtype, rng)
    d = cla.to_device(queue, x)
    ours = getattr(clfft_ng, func)
    sp = getattr(scipy.fft, func)
    npf = getattr(np.fft, func)

    def dev():
        ours(d)
        queue.finish()

    runners = {"dev": dev, "host": lambda: ours(x), "scipy": lambda: sp(x, workers=2),
               "numpy": lambda: npf(x)}
    # Correctness first (and the plans made, kernels compiled): against numpy in double.
    ref = npf(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64))
    for name, got in (("dev", ours(d).get()), ("host", ours(x)), ("scipy", sp(x, workers=2))):
        err = np.linalg.norm(got - ref) / np.linalg.norm(ref)
        if not err <= 1e-5:
            raise SystemExit("%s %s: relative L2 %.2e against numpy.fft" % (func, name, err))
    for fn in runners.values():
        fn()  # one warm-up each
    times = {k: [] for k in runners}
    order = list(runners)
    for r in range(rounds):
        rot = order[r % len(order):] + order[:r % len(order)]
        for k in rot:
            times[k].append(timed(runners[k]))
    return {k: statistics.median(v) for k, v in times.items()}


def overhead(queue, calls, idle):
    """Median µs of a clfft_ng.fft call on a cached c2c 256 plan, of the C library's enqueue
    alone (same plan and buffers, called in a loop of its own), and of the call less the time
    spent inside its own clfftEnqueueTransform (the package's share of the call).

    idle: the queue is drained before each timed call (every call finds PoCL's workers asleep
    and the enqueue wakes them, about 30 µs on the 2-core VM); else calls follow each other,
    draining every 64 (the C calls then come faster than ours, and find the workers awake)."""
    rng = np.random.default_rng(3)
    d = cla.to_device(queue, make((256,), np.complex64, rng))
    clfft_ng.fft(d)
    queue.finish()
    py, inner = [], []
    lib = _lib.lib()
    c_enqueue = lib.clfftEnqueueTransform
    spent = [0.0]

    def timed_enqueue(*args):
        t = time.perf_counter()
        status = c_enqueue(*args)
        spent[0] += time.perf_counter() - t
        return status

    # The C entry point seen through a timer for this loop: each call's own enqueue time.
    lib.clfftEnqueueTransform = timed_enqueue
    try:
        for i in range(calls):
            if idle:
                queue.finish()
            spent[0] = 0.0
            t0 = time.perf_counter()
            clfft_ng.fft(d)
            py.append(time.perf_counter() - t0)
            inner.append(py[-1] - spent[0])
            if i % 64 == 63:
                queue.finish()
    finally:
        lib.clfftEnqueueTransform = c_enqueue
    queue.finish()
    # The same baked plan: the cache's entry for (256,) single c2c.
    plans = [p for k, p in _engine.cache.plans.items() if k[3] == "c2c" and k[5] == (256,) and k[2] == 1]
    plan = plans[-1]
    out = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, 256 * 8)
    q = (ctypes.c_void_p * 1)(queue.int_ptr)
    ib = (ctypes.c_void_p * 1)(d.base_data.int_ptr)
    ob = (ctypes.c_void_p * 1)(out.int_ptr)
    evt = (ctypes.c_void_p * 1)()
    enqueue = lib.clfftEnqueueTransform
    release = ctypes.CDLL("libOpenCL.so.1").clReleaseEvent
    release.argtypes = [ctypes.c_void_p]
    c = []
    for i in range(calls):
        if idle:
            queue.finish()
        t0 = time.perf_counter()
        status = enqueue(plan.handle, _lib.CLFFT_FORWARD, 1, q, 0, None, evt, ib, ob, None)
        c.append(time.perf_counter() - t0)
        if status != 0:
            raise SystemExit("clfftEnqueueTransform: %d" % status)
        release(evt[0])
        if i % 64 == 63:
            queue.finish()
    queue.finish()
    return statistics.median(py) * 1e6, statistics.median(c) * 1e6, statistics.median(inner) * 1e6


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--calls", type=int, default=2000, help="calls for the per-call overhead")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    queue = clfft_ng.default_queue()
    rng = np.random.default_rng(61)
    rows = []
    for label, func, shape, dtype, _ in CASES:
        t = bench_case(queue, func, shape, dtype, args.rounds, rng)
        rows.append((label, t))
    over = {mode: overhead(queue, args.calls, mode == "idle") for mode in ("idle", "back-to-back")}
    print("clfft_ng benchmark: %s, device %s, commit %s, %d rounds (medians)"
          % (cpu_name(), queue.device.name.strip(), commit(), args.rounds))
    print()
    print("| case | clfft_ng, pyopencl arrays | clfft_ng, numpy arrays | scipy.fft workers=2 | numpy.fft "
          "| scipy / dev (goal >= 1.5) | scipy / host (goal >= 1.0) |")
    print("|---|---|---|---|---|---|---|")
    for label, t in rows:
        print("| %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2fx | %.2fx |"
              % (label, t["dev"] * 1e3, t["host"] * 1e3, t["scipy"] * 1e3, t["numpy"] * 1e3,
                 t["scipy"] / t["dev"], t["scipy"] / t["host"]))
    print()
    print("per-call overhead, c2c 256 complex64 on a device array, cached plan (host time of the call; "
          "goal: difference <= 30 µs):")
    for mode, (py_us, c_us, own_us) in over.items():
        print("  %-12s clfft_ng.fft %.1f µs, clfftEnqueueTransform alone %.1f µs, difference %.1f µs; "
              "the call less its own enqueue %.1f µs" % (mode, py_us, c_us, py_us - c_us, own_us))
    if args.json:
        print(json.dumps({"cpu": cpu_name(), "commit": commit(), "rounds": args.rounds,
                          "cases": {label: t for label, t in rows},
                          "overhead_us": {m: {"clfft_ng": p, "enqueue": c, "call_less_enqueue": o}
                                          for m, (p, c, o) in over.items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
