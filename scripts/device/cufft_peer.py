"""cuFFT (through CuPy) on the bench's cases: the vendor library's speed on the same GPU, timed as
clfft-client times (enqueue + synchronize per run, median of 20 after 3 warm-up)."""
import math, statistics, sys, time
import cupy as cp

MIB = float(sys.argv[1]) if len(sys.argv) > 1 else 128
CASES = [("c2c", [256], "single"), ("c2c", [1000], "single"), ("c2c", [2187], "single"),
         ("c2c", [4096], "single"), ("c2c", [65536], "single"), ("c2c", [1 << 20], "single"),
         ("c2c", [1024, 1024], "single"), ("c2c", [128, 128, 128], "single"), ("r2c", [4096], "single"),
         ("c2c", [4096], "double"), ("c2c", [1009], "single"), ("c2c", [4099], "single"),
         ("c2c", [1 << 22], "single"), ("c2c", [3 ** 12], "single"), ("r2c", [1024, 1024], "single"),
         ("c2c", [10007], "single")]
print("| case | batch | cuFFT ms (median) | cuFFT GFLOP/s |")
print("|---|---:|---:|---:|")
for kind, lens, prec in CASES:
    per = math.prod(lens)
    elt = 8 if prec == "double" else 4
    batch = max(1, int(MIB * 1048576 // (per * elt * (1 if kind == "r2c" else 2))))
    shape = [batch] + lens
    axes = tuple(range(1, len(shape)))
    if kind == "r2c":
        x = cp.random.random(shape).astype(cp.float64 if prec == "double" else cp.float32)
        f = lambda: cp.fft.rfftn(x, axes=axes)
    else:
        dt = cp.complex128 if prec == "double" else cp.complex64
        x = (cp.random.random(shape) + 1j * cp.random.random(shape)).astype(dt)
        f = lambda: cp.fft.fftn(x, axes=axes)
    for _ in range(3):
        y = f()
    cp.cuda.Device().synchronize()
    ts = []
    for _ in range(20):
        t0 = time.perf_counter()
        y = f()
        cp.cuda.Device().synchronize()
        ts.append((time.perf_counter() - t0) * 1e3)
        del y
    ms = statistics.median(ts)
    flops = (2.5 if kind == "r2c" else 5.0) * per * math.log2(per) * batch
    name = "%s %s %s" % (kind, prec, "x".join(map(str, lens)))
    print("| %s | %d | %.3f | %.1f |" % (name, batch, ms, flops / ms / 1e6), flush=True)
    del x
    cp.get_default_memory_pool().free_all_blocks()
