"""clfft_ng against numpy.fft in float64: functions, arguments, views, device arrays, cache, scipy.

Each distinct clFFT plan costs a kernel compile on PoCL, so the cases are few and chosen for
coverage (ranks 1-5, middle and negative axes, crop and pad, odd and prime lengths, norms)."""
import functools

import numpy as np
import pytest

import clfft_ng
import pyopencl.array as cla
from support import random_array, rel_l2, tol, wide as ref_of

make = functools.partial(random_array, np.random.default_rng(61))


# (function, input shape, input dtype, kwargs): every function at least once in each precision.
CASES = [
    ("fft", (16,), np.complex128, {}),
    ("fft", (3, 12), np.complex64, {"n": 10, "norm": "ortho"}),
    ("fft", (4, 7, 3), np.float64, {"axis": 1, "n": 9, "norm": "forward"}),
    ("ifft", (5, 8), np.complex128, {"axis": 0}),
    ("ifft", (17,), np.complex64, {"norm": "forward"}),
    ("fft2", (6, 10), np.complex128, {"s": (4, 12)}),
    ("ifft2", (3, 8, 6), np.complex64, {"axes": (2, 0), "norm": "ortho"}),
    ("fftn", (4, 6, 5), np.complex128, {}),
    ("fftn", (2, 3, 4, 5), np.complex128, {"axes": (3, 0, 2, 1)}),
    ("ifftn", (4, 6, 5), np.complex128, {"s": (5, 3), "axes": (0, -1), "norm": "ortho"}),
    ("ifftn", (8, 8), np.int64, {}),
    ("rfft", (32,), np.float64, {}),
    ("rfft", (5, 11), np.float32, {"n": 14, "norm": "ortho"}),
    ("rfft", (6, 9, 2), np.float64, {"axis": 1}),
    ("irfft", (9,), np.complex128, {}),
    ("irfft", (4, 6), np.complex64, {"n": 9, "axis": 1, "norm": "forward"}),
    ("irfft", (7, 3), np.complex128, {"axis": 0, "n": 12}),
    ("rfft2", (8, 12), np.float64, {"norm": "forward"}),
    ("rfft2", (4, 6, 10), np.float32, {"axes": (0, 2)}),
    ("irfft2", (6, 5), np.complex128, {}),
    ("irfft2", (6, 5, 4), np.complex64, {"s": (6, 7), "axes": (0, 2)}),
    ("rfftn", (2, 3, 4, 6), np.float64, {}),
    ("irfftn", (4, 5, 6), np.complex128, {"norm": "ortho"}),
    ("irfftn", (3, 4, 5, 2), np.complex128, {"axes": (1, 2, 0, 3)}),
    ("hfft", (9,), np.complex128, {}),
    ("hfft", (4, 5), np.complex64, {"n": 10, "axis": 0, "norm": "ortho"}),
    ("ihfft", (16,), np.float64, {}),
    ("ihfft", (3, 7), np.float32, {"axis": 1, "n": 6, "norm": "forward"}),
]


def _id(case):
    f, shape, dt, kw = case
    return "%s-%s-%s-%s" % (f, "x".join(map(str, shape)), np.dtype(dt).name,
                            ",".join("%s=%s" % kv for kv in sorted(kw.items())))


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_host_matches_numpy(case):
    f, shape, dt, kw = case
    x = make(shape, dt)
    got = getattr(clfft_ng, f)(x, **kw)
    ref = getattr(np.fft, f)(ref_of(x), **kw)
    assert isinstance(got, np.ndarray)
    assert got.shape == ref.shape
    assert rel_l2(got, ref) <= tol(dt)


@pytest.mark.parametrize("case", CASES[::3], ids=[_id(c) for c in CASES[::3]])
def test_device_matches_numpy(case):
    f, shape, dt, kw = case
    q = clfft_ng.default_queue()
    x = make(shape, dt)
    got = getattr(clfft_ng, f)(cla.to_device(q, x), **kw)
    assert isinstance(got, cla.Array) and got.queue is q
    ref = getattr(np.fft, f)(ref_of(x), **kw)
    assert rel_l2(got.get(), ref) <= tol(dt)


def test_non_contiguous_views():
    x = make((6, 10, 8), np.complex128)
    views = [x[:, ::2, 1:7], x[::-1], x.transpose(2, 0, 1), x[..., 3]]
    for v in views:
        assert rel_l2(clfft_ng.fft(v, axis=1), np.fft.fft(v, axis=1)) <= 1e-12
    v = x.real[:, 1:9, ::2]
    assert rel_l2(clfft_ng.rfftn(v, axes=(0, 1)), np.fft.rfftn(v, axes=(0, 1))) <= 1e-12


def test_device_views_and_out():
    q = clfft_ng.default_queue()
    x = make((4, 8, 6), np.complex128)
    d = cla.to_device(q, x)
    # A strided, offset device view: one copy on the device, never a wrong answer.
    v = d[:, ::2, 1:5]
    ref = np.fft.fftn(x[:, ::2, 1:5], s=(3, 7), axes=(2, 0))
    assert rel_l2(clfft_ng.fftn(v, s=(3, 7), axes=(2, 0)).get(), ref) <= 1e-12
    # The middle axis of a device array: output stays C-contiguous.
    got = clfft_ng.fft(d, axis=1)
    assert got.flags.c_contiguous
    assert rel_l2(got.get(), np.fft.fft(x, axis=1)) <= 1e-12
    out = cla.empty(q, (4, 8, 6), np.complex128)
    assert clfft_ng.ifft2(d, out=out) is out
    assert rel_l2(out.get(), np.fft.ifft2(x)) <= 1e-12
    # out= with a transposed layout: the result is copied into it.
    out_t = cla.zeros(q, (6, 8, 4), np.complex128).transpose()
    assert clfft_ng.fft(d, axis=0, out=out_t) is out_t
    assert rel_l2(out_t.get(), np.fft.fft(x, axis=0)) <= 1e-12
    # Device ints convert to float64, complex rfft input loses its imaginary part (as numpy).
    r = x.real[:, :, :4]
    assert rel_l2(clfft_ng.rfft(cla.to_device(q, r.astype(np.int32))).get(),
                  np.fft.rfft(r.astype(np.int32))) <= 1e-12
    assert rel_l2(clfft_ng.rfft(cla.to_device(q, np.ascontiguousarray(x[:, :, :4]))).get(),
                  np.fft.rfft(r)) <= 1e-12
    with pytest.raises(ValueError):
        clfft_ng.fft(d, out=cla.empty(q, (4, 8, 5), np.complex128))
    with pytest.raises(TypeError):
        clfft_ng.fft(x, out=np.empty_like(x))


def test_host_results_with_and_without_zero_copy(monkeypatch):
    """On a device sharing host memory (PoCL) numpy results are written in place through a
    USE_HOST_PTR buffer; CLFFT_NG_ZERO_COPY=0 downloads them. Both against numpy in float64."""
    from clfft_ng import _engine
    q = clfft_ng.default_queue()
    assert _engine.host_unified(q) == bool(q.device.host_unified_memory)
    x = make((6, 10, 12), np.complex128)
    r = make((6, 10, 12), np.float32)
    for zero_copy in ("1", "0"):
        monkeypatch.setenv("CLFFT_NG_ZERO_COPY", zero_copy)
        for got, ref in ((clfft_ng.fftn(x, axes=(0, 2)), np.fft.fftn(x, axes=(0, 2))),
                         (clfft_ng.rfft2(r, s=(7, 9)), np.fft.rfft2(r.astype(np.float64), s=(7, 9))),
                         (clfft_ng.irfftn(x, axes=(1, 0)), np.fft.irfftn(x, axes=(1, 0))),
                         (clfft_ng.ifft(x[:, ::2, 1], n=5, axis=0), np.fft.ifft(x[:, ::2, 1], n=5, axis=0))):
            assert got.shape == ref.shape
            assert rel_l2(got, ref) <= (1e-5 if got.dtype in (np.complex64, np.float32) else 1e-12)


def test_pooled_buffers_reused_in_order():
    """Results and temporaries come from a pool per queue: buffers of dropped arrays are reused
    by later calls (still pending on the queue) without corrupting results."""
    from clfft_ng import _engine
    q = clfft_ng.default_queue()
    xs = [make((64, 48), np.complex64) for _ in range(6)]
    got = []
    for x in xs:
        d = cla.to_device(q, x)
        y = clfft_ng.fft(clfft_ng.ifft(clfft_ng.fft2(d), axis=0), axis=0)  # temporaries dropped
        got.append(clfft_ng.ifft2(y))  # y dropped next round: its buffer goes back to the pool
    for g, x in zip(got, xs):
        assert rel_l2(g.get(), x.astype(np.complex128)) <= 1e-5
    pool = _engine.allocator(q)
    assert pool.held_blocks + pool.active_blocks > 0
    clfft_ng.clear_cache()
    assert clfft_ng.fft(xs[0]).shape == xs[0].shape  # works again after the pools are released


def test_plan_cache_and_plan_object():
    clfft_ng.clear_cache()
    assert clfft_ng.cache_info()["size"] == 0
    x = make((8, 12), np.complex64)
    clfft_ng.fft2(x)
    before = clfft_ng.cache_info()
    for _ in range(3):
        clfft_ng.fft2(x)
    after = clfft_ng.cache_info()
    assert after["misses"] == before["misses"] and after["hits"] >= before["hits"] + 3
    p = clfft_ng.plan("rfft", (5, 11), np.float32, n=14, norm="ortho")
    y = make((5, 11), np.float32)
    assert rel_l2(p(y), np.fft.rfft(ref_of(y), n=14, norm="ortho")) <= 1e-5
    with pytest.raises(ValueError):
        p(make((5, 12), np.float32))


def test_zero_size_and_errors():
    assert clfft_ng.fft(np.zeros((0, 8))).shape == (0, 8)
    assert np.array_equal(clfft_ng.fft(np.zeros(0), n=4), np.zeros(4))
    x = make((4, 6), np.complex128)
    from numpy.fft import fft as _f  # noqa: F401  (numpy's own errors are the yardstick)
    for call in (lambda m: m.fft(np.zeros(0)), lambda m: m.fft(x, n=0), lambda m: m.fft(x, n=-3),
                 lambda m: m.fft(x, norm="bogus"), lambda m: m.fftn(x, s=(3,), axes=(0, 1)),
                 lambda m: m.irfft(np.zeros((3, 0)))):
        with pytest.raises(ValueError):
            call(np.fft)
        with pytest.raises(ValueError):
            call(clfft_ng)
    for ax in (2, -3):
        with pytest.raises(np.AxisError):
            clfft_ng.fft(x, axis=ax)
    with pytest.raises(TypeError):
        clfft_ng.fft(np.array(["a", "b"]))
    # Long double host input runs in double, as numpy 1.x's numpy.fft (complex128 out).
    xl = make((5, 6), np.float64).astype(np.longdouble)
    for name in ("fft", "rfft", "ihfft"):
        got = getattr(clfft_ng, name)(xl)
        assert got.dtype == np.complex128
        assert rel_l2(got, getattr(np.fft, name)(xl.astype(np.float64))) <= 1e-12
    got = clfft_ng.irfft(xl.astype(np.clongdouble))
    assert got.dtype == np.float64
    assert rel_l2(got, np.fft.irfft(xl.astype(np.complex128))) <= 1e-12


def test_scipy_hermitian_nd():
    """scipy.fft's hfft2/ihfft2/hfftn/ihfftn (not in numpy.fft), against scipy in float64."""
    import scipy.fft as sfft
    x = make((6, 5, 8), np.complex128)
    r = make((6, 5, 8), np.float64)
    for norm in (None, "ortho", "forward"):
        assert rel_l2(clfft_ng.hfftn(x, norm=norm), sfft.hfftn(x, norm=norm)) <= 1e-12
        assert rel_l2(clfft_ng.hfft2(x, s=(4, 9), norm=norm), sfft.hfft2(x, s=(4, 9), norm=norm)) <= 1e-12
        assert rel_l2(clfft_ng.ihfftn(r, axes=(0, 2), norm=norm), sfft.ihfftn(r, axes=(0, 2), norm=norm)) <= 1e-12
        assert rel_l2(clfft_ng.ihfft2(r, norm=norm), sfft.ihfft2(r, norm=norm)) <= 1e-12
    q = clfft_ng.default_queue()
    got = clfft_ng.hfft2(cla.to_device(q, x.astype(np.complex64)))
    assert isinstance(got, cla.Array) and got.dtype == np.float32
    assert rel_l2(got.get(), sfft.hfft2(x)) <= 1e-5


def test_forked_child_does_not_use_opencl():
    """After set-up, a forked child gets ForkedError from the functions and scipy's own
    implementation through the backend (OpenCL does not survive fork)."""
    import os
    import scipy.fft as sfft
    from clfft_ng import _lib
    x = make((16,), np.complex128)
    clfft_ng.fft(x)  # set up in this process
    pid = os.fork()
    if pid == 0:  # the child: exit status 0 only if both hold
        code = 1
        try:
            try:
                clfft_ng.fft(x)
            except _lib.ForkedError:
                be = clfft_ng.scipy_backend
                be.reset_counts()
                with sfft.set_backend(be):
                    y = sfft.fft(x)
                if be.declined.get("fft") == 1 and not be.served and rel_l2(y, np.fft.fft(x)) <= 1e-12:
                    code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert rel_l2(clfft_ng.fft(x), np.fft.fft(x)) <= 1e-12  # the parent still works


def test_refuses_a_library_that_is_not_ours():
    """Debian's clFFT 2.12 (libclfft2, installed by scripts/setup.sh) lacks our entry points:
    loading it is an OSError that says so, not an AttributeError at the first call."""
    import os
    import subprocess
    import sys
    debian = "/usr/lib/x86_64-linux-gnu/libclFFT.so.2"
    assert os.path.exists(debian), "libclfft2 (Debian's clFFT 2.12) is needed for this test"
    env = dict(os.environ, CLFFT_NG_LIBRARY=debian)
    code = ("import numpy, clfft_ng\n"
            "try:\n    clfft_ng.fft(numpy.ones(4))\n"
            "except OSError as e:\n    print('refused:', e)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "refused:" in out.stdout and "not clfft-ng's library (no clfftNgSetPlanR2R" in out.stdout, out


def test_clfft_error_names_status_and_call():
    from clfft_ng import _lib
    err = _lib.ClfftError(4102, "clfftBakePlan")
    assert err.name == "CLFFT_INVALID_PLAN" and err.call == "clfftBakePlan"
    with pytest.raises(clfft_ng.ClfftError) as info:
        _lib.call("clfftSetPlanBatchSize", 123456789, 1)
    assert info.value.name == "CLFFT_INVALID_PLAN" and "clfftSetPlanBatchSize" in str(info.value)


def test_scipy_backend_serves_and_declines():
    import scipy.fft as sfft  # python3-scipy: a missing scipy fails here, never skips
    be = clfft_ng.scipy_backend
    be.reset_counts()
    x = make((6, 8), np.complex128)
    r = make((6, 8), np.float64)
    with sfft.set_backend(be, only=True):
        got = [sfft.fft(x), sfft.ifft(x, 10, 0), sfft.fft2(x, norm="ortho"), sfft.ifftn(x, workers=2),
               sfft.rfft(r), sfft.irfft(x, n=9), sfft.rfftn(r, overwrite_x=True), sfft.irfft2(x),
               sfft.hfft(x), sfft.ihfft(r, axis=0)]
        with pytest.raises(Exception):
            sfft.fft(x, plan=object())  # declined, and only=True leaves scipy nobody else to ask
    ref = [np.fft.fft(x), np.fft.ifft(x, 10, 0), np.fft.fft2(x, norm="ortho"), np.fft.ifftn(x),
           np.fft.rfft(r), np.fft.irfft(x, n=9), np.fft.rfftn(r), np.fft.irfft2(x),
           np.fft.hfft(x), np.fft.ihfft(r, axis=0)]
    for g, e in zip(got, ref):
        assert rel_l2(g, e) <= 1e-12
    assert sum(be.served.values()) == len(ref)
    assert be.declined.get("fft") == 1
    # Without only=True scipy falls back to its own implementation for long double.
    with sfft.set_backend(be):
        sfft.fft(np.zeros(4, np.clongdouble))
    assert be.declined.get("fft") == 2
    assert sum(be.served.values()) == len(ref)
    print("scipy backend served %d calls, declined %d" % (sum(be.served.values()),
                                                        sum(be.declined.values())))
