#!/usr/bin/env python3
"""The helper kernels (clfftNgGetHelperKernelSource: the Python package's N-d copy and plane
scaling) under Oclgrind with a GPU's limits: each conversion the package makes, crops, zero
padding, transposed strides and offsets, against numpy. Passes when every case matches and
Oclgrind wrote no diagnostic (invalid access, data race, uninitialised value, API error).

usage: helper_kernels.py   (PYTHONPATH: the package's source; CLFFT_NG_LIBRARY: the built library)
"""
import os
import subprocess
import sys
import tempfile

CHILD = "--child"


def child():
    import numpy as np
    import pyopencl as cl
    from clfft_ng import _engine

    ctx = cl.Context(cl.get_platforms()[0].get_devices())
    queue = cl.CommandQueue(ctx)
    has_double = ctx.devices[0].double_fp_config != 0
    print("device: %s (%s)" % (ctx.devices[0].name, ctx.devices[0].platform.name))
    rng = np.random.default_rng(7)

    def buffer(host):
        return cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=host)

    def read(buf, like):
        out = np.empty_like(like)
        cl.enqueue_copy(queue, out, buf)
        return out

    failures = []

    # dst[i] = scale * src[i] inside src's shape, 0 outside: src 3 x 5 (row pitch 7, offset 2)
    # into dst 4 x 4 transposed (offset 1), and a crop of 2 x 3 out of it.
    pairs = [(np.float32, np.complex64), (np.complex64, np.float32), (np.complex64, np.complex64)]
    if has_double:
        pairs += [(np.complex128, np.float32), (np.complex64, np.complex128), (np.float64, np.complex128)]
    for sdt, ddt in pairs:
        for dshape in [(4, 4), (2, 3)]:
            flat = rng.standard_normal(2 + 3 * 7).astype(np.float64)
            if np.dtype(sdt).kind == "c":
                flat = flat + 1j * rng.standard_normal(flat.size)
            flat = flat.astype(sdt)
            sbuf = buffer(flat)
            dflat = np.full(1 + dshape[0] * dshape[1], 7, dtype=ddt)
            dbuf = buffer(dflat)
            src = _engine.View(sbuf, 2, (3, 5), (7, 1), sdt)
            dst = _engine.View(dbuf, 1, dshape, (1, dshape[0]), ddt)
            _engine.copy(queue, src, dst, scale=0.5)
            got = read(dbuf, dflat)
            s2 = flat[2:].reshape(3, 7)[:, :5]
            want = np.zeros(dshape, dtype=np.result_type(sdt, ddt))
            r, c = min(3, dshape[0]), min(5, dshape[1])
            want[:r, :c] = 0.5 * s2[:r, :c]
            if np.dtype(ddt).kind != "c":
                want = want.real
            want = want.astype(ddt)
            tol = 1e-6 if np.dtype(ddt) in (np.dtype(np.float32), np.dtype(np.complex64)) else 1e-13
            ok = got[0] == 7 and np.allclose(got[1:].reshape(dshape[1], dshape[0]).T, want, rtol=tol, atol=tol)
            print("copy %s -> %s %s: %s" % (np.dtype(sdt).name, np.dtype(ddt).name, dshape, "ok" if ok else "WRONG"))
            if not ok:
                failures.append((sdt, ddt, dshape))

    # Plane scaling: index 2 along axis 1 of a 3 x 5 real array (row pitch 6), times -2.
    for dt in [np.float32] + ([np.float64] if has_double else []):
        host = rng.standard_normal(18).astype(dt)
        buf = buffer(host)
        v = _engine.View(buf, 0, (3, 5), (6, 1), dt)
        _engine.scale_plane(queue, v, 1, 2, -2.0)
        got = read(buf, host)
        want = host.copy()
        want[2::6] *= -2
        ok = np.array_equal(got, want)
        print("scale_plane %s: %s" % (np.dtype(dt).name, "ok" if ok else "WRONG"))
        if not ok:
            failures.append(("scale_plane", dt))
    queue.finish()
    if failures:
        print("FAIL: %d cases" % len(failures))
        return 1
    print("PASS")
    return 0


def main():
    with tempfile.NamedTemporaryFile(prefix="oclgrind-helpers-", suffix=".log", delete=False) as log:
        log_path = log.name
    try:
        cmd = ["oclgrind", "--data-races", "--check-api", "--uninitialized", "--build-options", "-cl-opt-disable",
               "--log", log_path, "--local-mem-size", "32768", "--max-wgsize", "256",
               sys.executable, os.path.abspath(__file__), CHILD]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        with open(log_path, errors="replace") as f:
            diagnostics = f.read()
    finally:
        os.unlink(log_path)
    sys.stdout.write(p.stdout)
    if diagnostics.strip():
        print("Oclgrind diagnostics:\n" + diagnostics)
    ok = p.returncode == 0 and "\nPASS" in "\n" + p.stdout and not diagnostics.strip()
    print("helper kernels under Oclgrind: %s" % ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(child() if CHILD in sys.argv[1:] else main())
