"""clfft_ng.fftconvolve and clfft_ng.correlate against scipy.signal in float64.

Every distinct convolution plan (lengths, precision, real or complex, ranges, channels) costs
kernel compiles on PoCL, so each case covers several things at once: rank 1-3, real and complex,
single and double, the three modes, odd and even sizes, batches and channels."""
import functools

import numpy as np
import pytest
import scipy.signal as ss

import clfft_ng
from clfft_ng import _engine
import pyopencl.array as cla
from support import random_array, rel_l2, tol, wide

RNG = np.random.default_rng(67)
make = functools.partial(random_array, RNG)


# (shape1, shape2, dtype, function, modes): the reference is scipy's direct method in double.
# The quick tier: rank 1-3, real and complex, single and double, each mode; the sweep tier the
# others (conftest.py).
SWEEP = pytest.mark.sweep
CASES = [
    ((13,), (6,), np.float64, "fftconvolve", ("full", "same", "valid")),
    pytest.param(((16,), (5,), np.complex64, "correlate", ("full", "same", "valid")), marks=SWEEP),
    ((9, 12), (4, 7), np.float32, "fftconvolve", ("same",)),
    pytest.param(((9, 12), (4, 7), np.float32, "correlate", ("full",)), marks=SWEEP),
    pytest.param(((8, 7), (5, 3), np.complex128, "fftconvolve", ("valid",)), marks=SWEEP),
    ((8, 7), (5, 3), np.complex128, "correlate", ("same",)),
    pytest.param(((6, 5, 4), (3, 2, 3), np.float64, "correlate", ("valid", "full")), marks=SWEEP),
    ((5, 4, 6), (2, 3, 3), np.complex64, "fftconvolve", ("same",)),
]


def _id(c):
    s1, s2, dt, f, modes = c
    return "%s-%s-%s-%s-%s" % (f, "x".join(map(str, s1)), "x".join(map(str, s2)), np.dtype(dt).name,
                               ",".join(modes))


def reference(f, a, b, mode):
    method = "direct"
    return getattr(ss, "convolve" if f == "fftconvolve" else "correlate")(wide(a), wide(b), mode, method=method)


@pytest.mark.parametrize("case", CASES, ids=[_id(c.values[0] if hasattr(c, "values") else c) for c in CASES])
def test_matches_scipy(case):
    s1, s2, dt, f, modes = case
    a, b = make(s1, dt), make(s2, dt)
    for mode in modes:
        got = getattr(clfft_ng, f)(a, b, mode)
        ref = reference(f, a, b, mode)
        assert isinstance(got, np.ndarray) and got.dtype == np.dtype(dt)
        assert got.shape == ref.shape, mode
        assert rel_l2(got, ref) <= tol(dt), mode
        if mode == "valid":
            # scipy's 'valid' works either way round: in2 larger than in1 in every axis.
            got = getattr(clfft_ng, f)(b, a, mode)
            assert rel_l2(got, reference(f, b, a, mode)) <= tol(dt)


def test_batches_and_channels():
    # in1 batched along axis 0 (the plan's batch), in2 batched (its output channels), both
    # batched along the same axis (the package's rfftn/irfftn), and axes skipping a middle one.
    a3, a1 = make((3, 13), np.float64), make((1, 13), np.float64)
    b3, b1 = make((3, 6), np.float64), make((1, 6), np.float64)
    for x, y in ((a3, b1), (a1, b3), (a3, b3)):
        for mode in ("full", "same"):
            got = clfft_ng.fftconvolve(x, y, mode, axes=-1)
            ref = ss.fftconvolve(x, y, mode, axes=-1)
            assert got.shape == ref.shape and rel_l2(got, ref) <= 1e-12
    x, y = make((13, 2, 4), np.complex128), make((6, 1, 3), np.complex128)
    got = clfft_ng.fftconvolve(x, y, "valid", axes=(0, 2))
    ref = ss.fftconvolve(x, y, "valid", axes=(0, 2))
    assert got.shape == ref.shape and rel_l2(got, ref) <= 1e-12
    # correlate reverses in2 along a broadcast axis too (scipy's definition).
    got = clfft_ng.correlate(a1, b3)
    assert rel_l2(got, ss.correlate(a1, b3, method="direct")) <= 1e-12


def test_device_arrays():
    q = clfft_ng.default_queue()
    a, b = make((13,), np.float64), make((6,), np.float64)
    got = clfft_ng.fftconvolve(cla.to_device(q, a), cla.to_device(q, b), "same")
    assert isinstance(got, cla.Array) and got.queue is q and got.dtype == np.float64
    assert rel_l2(got.get(), ss.convolve(a, b, "same", method="direct")) <= 1e-12
    # a strided device view and a numpy filter: the result stays on the device
    a2, b2 = make((9, 24), np.float32), make((4, 7), np.float32)
    d = cla.to_device(q, a2)[:, ::2]
    got = clfft_ng.correlate(d, b2, "full")
    assert isinstance(got, cla.Array) and got.dtype == np.float32
    assert rel_l2(got.get(), ss.correlate(wide(a2[:, ::2]), wide(b2), method="direct")) <= 1e-5


def test_dtypes_and_mixed():
    a, b = RNG.integers(-9, 9, 13), RNG.integers(-9, 9, 6)
    got = clfft_ng.fftconvolve(a, b)
    assert got.dtype == np.float64 and rel_l2(got, np.convolve(a, b).astype(float)) <= 1e-12
    got = clfft_ng.correlate(a, b)
    ref = ss.correlate(a, b, method="direct")
    assert got.dtype == ref.dtype and np.array_equal(got, ref)
    # float32 with float64 runs in double; a real in1 with a complex in2 runs complex.
    x, y = make((13,), np.float32), make((6,), np.float64)
    assert clfft_ng.fftconvolve(x, y).dtype == np.float64
    x, y = make((16,), np.float32), make((5,), np.complex64)
    got = clfft_ng.fftconvolve(x, y, "same")
    assert got.dtype == np.complex64
    assert rel_l2(got, ss.convolve(wide(x), wide(y), "same", method="direct")) <= 1e-5


def test_plans_cached_and_no_transform_axes():
    a, b = make((13,), np.float64), make((6,), np.float64)
    clfft_ng.fftconvolve(a, b)
    before = clfft_ng.cache_info()
    b2 = make((6,), np.float64)
    got = clfft_ng.fftconvolve(a, b2)  # another filter: the same plan, a new spectrum
    assert clfft_ng.cache_info()["misses"] == before["misses"]
    assert rel_l2(got, np.convolve(a, b2)) <= 1e-12
    assert any(k[0] == "conv" and p.ranged for k, p in _engine.cache.plans.items())
    # Every axis of size 1 in one input: scipy's broadcast product, nothing to transform.
    x, y = make((3, 1), np.float64), make((1, 4), np.float64)
    for mode in ("full", "same", "valid"):
        assert np.array_equal(clfft_ng.fftconvolve(x, y, mode), ss.fftconvolve(x, y, mode))
    assert clfft_ng.fftconvolve(np.float64(2.0), np.float64(3.0)) == 6.0


def test_errors_and_empty():
    a, b = np.ones((4, 5)), np.ones((3, 6))
    with pytest.raises(ValueError, match="dimensionality"):
        clfft_ng.fftconvolve(np.ones(3), np.ones((2, 2)))
    with pytest.raises(ValueError, match="valid"):
        clfft_ng.fftconvolve(a, b, "valid")
    with pytest.raises(ValueError, match="valid"):
        clfft_ng.correlate(a, b, "valid")
    with pytest.raises(ValueError, match="mode"):
        clfft_ng.fftconvolve(a, b, "middle")
    with pytest.raises(ValueError, match="mode"):
        clfft_ng.correlate(a, b, "middle")
    with pytest.raises(ValueError, match="incompatible"):
        clfft_ng.fftconvolve(np.ones((3, 4)), np.ones((2, 4)), axes=1)
    for axes in (2, (0, 0), ()):
        with pytest.raises(ValueError):
            clfft_ng.fftconvolve(a, b, axes=axes)
    e = clfft_ng.fftconvolve(np.ones((0, 3)), np.ones((2, 2)))
    assert e.shape == ss.fftconvolve(np.ones((0, 3)), np.ones((2, 2))).shape == (0,)
