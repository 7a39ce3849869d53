"""clfft_ng's dct/dst family against scipy.fft: types 1-4, norms, orthogonalize, n/s and axes,
float32, complex and device inputs, the scipy backend, errors.

Every distinct (kind, length, precision, batch) costs PoCL kernel compiles, so most cases run
on one row of 7 or 8 points (test_1d's plans) and the n-D cases are few."""
import math

import numpy as np
import pytest
import scipy
import scipy.fft as sfft

import clfft_ng
import pyopencl.array as cla
from support import rel_l2 as rel, tol

RNG = np.random.default_rng(58)
FUNCS = ("dct", "idct", "dst", "idst")
NORMS = (None, "backward", "ortho", "forward")

# scipy before 1.11 scaled point 0 instead of point N-1 in the orthogonalized DST-II/III (scipy
# issue 18452, fixed by PR 18613); we follow the documented (orthogonal) definition.
_OLD_DST_ORTHO = tuple(int(v) for v in scipy.__version__.split(".")[:2]) < (1, 11)


def _dst23_kind(name, type):
    """2 or 3: which DST the call computes (the inverse of type 2 is a DST-III), else None."""
    if name.lstrip("i").startswith("dst") and type in (2, 3):
        return type if not name.startswith("i") else 5 - type
    return None


def sref(name, x, type=2, n=None, axis=-1, s=None, axes=None, norm=None, orthogonalize=None):
    """scipy.fft's result in float64/complex128.

    Complex input: scipy's definition, the real and imaginary parts transformed apart (scipy
    1.10 drops `orthogonalize` on complex input, so the parts are passed separately). The
    orthogonalized DST-II/III on scipy < 1.11: scipy's plain scaling and the documented factor
    (sqrt 2 on input point N-1 of the DST-III, 1/sqrt 2 on output point N-1 of the DST-II)."""
    x = np.asarray(x)
    if x.dtype.kind == "c":
        kw = dict(type=type, n=n, axis=axis, s=s, axes=axes, norm=norm, orthogonalize=orthogonalize)
        return sref(name, x.real, **kw) + 1j * sref(name, x.imag, **kw)
    x = x.astype(np.float64)
    f = getattr(sfft, name)
    nd = name.endswith("n")
    kw = dict(s=s, axes=axes) if nd else dict(n=n, axis=axis)
    orth = (norm == "ortho") if orthogonalize is None else orthogonalize
    which = _dst23_kind(name, type)
    if not (orth and which and _OLD_DST_ORTHO):
        return f(x, type=type, norm=norm, orthogonalize=orthogonalize, **kw)
    if nd:
        ax = list(range(x.ndim)) if axes is None else [a % x.ndim for a in np.atleast_1d(axes)]
        lens = [x.shape[a] for a in ax] if s is None else list(s)
    else:
        ax, lens = [axis % x.ndim], [x.shape[axis] if n is None else n]
    # Crop/pad as scipy would, so that the factor lands on point N-1 of the transformed input.
    shape = list(x.shape)
    for a, m in zip(ax, lens):
        shape[a] = m
    xp = np.zeros(shape)
    sl = tuple(slice(0, min(p, q)) for p, q in zip(x.shape, shape))
    xp[sl] = x[sl]
    if which == 3:
        for a in ax:
            idx = [slice(None)] * x.ndim
            idx[a] = -1
            xp[tuple(idx)] *= math.sqrt(2)
    kw = dict(axes=ax) if nd else dict(axis=ax[0])
    y = f(xp, type=type, norm=norm, orthogonalize=False, **kw)
    if which == 2:
        for a in ax:
            idx = [slice(None)] * x.ndim
            idx[a] = -1
            y[tuple(idx)] /= math.sqrt(2)
    return y


@pytest.mark.parametrize("name", FUNCS)
@pytest.mark.parametrize("type", (1, 2, 3, 4))
def test_1d_every_type_norm_orthogonalize(name, type):
    for n in (7, 8):
        x = RNG.standard_normal(n)
        for norm in NORMS:
            for orth in (None, False, True):
                got = getattr(clfft_ng, name)(x, type=type, norm=norm, orthogonalize=orth)
                assert got.dtype == np.float64 and got.shape == (n,)
                err = rel(got, sref(name, x, type=type, norm=norm, orthogonalize=orth))
                assert err <= 1e-12, (n, norm, orth, err)


def test_orthogonalized_transforms_are_orthogonal():
    # The property the orthogonalized variants exist for (and the reason for the DST-II/III
    # factor on point N-1): the matrix times its transpose is the identity. Column by column,
    # so the plans are test_1d's (one point per row, no new kernels).
    eye = np.eye(8)
    for name in ("dct", "dst"):
        for type in (1, 2, 3, 4):
            m = np.stack([getattr(clfft_ng, name)(e, type=type, norm="ortho") for e in eye], axis=1)
            assert np.abs(m @ m.T - eye).max() <= 1e-12, (name, type)


@pytest.mark.parametrize("name", FUNCS)
def test_round_trips(name):
    inv = {"dct": clfft_ng.idct, "idct": clfft_ng.dct, "dst": clfft_ng.idst, "idst": clfft_ng.dst}[name]
    x = RNG.standard_normal(7)
    for type in (1, 2, 3, 4):
        for norm in NORMS:
            y = inv(getattr(clfft_ng, name)(x, type=type, norm=norm), type=type, norm=norm)
            assert rel(y, x) <= 1e-12, (type, norm)


@pytest.mark.parametrize("case", [
    ("dct", {"type": 2, "norm": "ortho"}),
    ("idst", {"type": 1}),
    ("dst", {"type": 3, "n": 7, "norm": "ortho"}),
], ids=lambda c: "%s-%s" % c if isinstance(c, tuple) else str(c))
def test_float32(case):
    name, kw = case
    x = RNG.standard_normal(8).astype(np.float32)
    got = getattr(clfft_ng, name)(x, **kw)
    assert got.dtype == np.float32
    assert rel(got, sref(name, x, **kw)) <= 1e-5


def test_n_crop_and_pad():
    x = RNG.standard_normal(8)
    for name in FUNCS:
        for type in (1, 2, 3, 4):
            for norm in (None, "ortho"):
                got = getattr(clfft_ng, name)(x, type=type, n=7, norm=norm)
                assert got.shape == (7,)
                assert rel(got, sref(name, x, type=type, n=7, norm=norm)) <= 1e-12, (name, type, norm)
    # Padding where the orthogonalized variants scale input points (DCT-I, DCT-III, DST-III):
    # point N-1 is then a padded zero.
    for name, type in (("dct", 1), ("idct", 2), ("dst", 3)):
        for norm in (None, "ortho", "forward"):
            got = getattr(clfft_ng, name)(x, type=type, n=10, axis=0, norm=norm)
            assert got.shape == (10,)
            assert rel(got, sref(name, x, type=type, n=10, norm=norm)) <= 1e-12, (name, type, norm)


ND_CASES = [
    ("dstn", (8, 7), np.float64, {"type": 2, "norm": "ortho"}),
    ("dctn", (7, 8, 3), np.float64, {"type": 1, "axes": (0, -2), "norm": "ortho"}),
    ("idstn", (8, 3, 7), np.float64, {"type": 1, "s": (10, 7), "axes": (0, 2)}),
    ("idstn", (7, 8, 3), np.float64, {"type": 2, "s": (8, 7, 3), "norm": "ortho"}),
    ("dctn", (2, 3, 7, 8), np.float64, {"type": 4, "norm": "ortho"}),  # 4 axes: two plans
]


@pytest.mark.parametrize("case", ND_CASES, ids=["%s-%s-%s-%s" % (c[0], "x".join(map(str, c[1])),
                                                              np.dtype(c[2]).name, c[3]) for c in ND_CASES])
def test_nd(case):
    name, shape, dt, kw = case
    x = RNG.standard_normal(shape).astype(dt)
    got = getattr(clfft_ng, name)(x, **kw)
    ref = sref(name, x, **kw)
    assert got.dtype == dt and got.shape == ref.shape
    assert rel(got, ref) <= tol(dt)


def test_dtypes():
    assert clfft_ng.dct(np.arange(8)).dtype == np.float64
    assert rel(clfft_ng.dct(np.arange(8)), sfft.dct(np.arange(8))) <= 1e-12
    assert clfft_ng.dst(np.ones(8, bool)).dtype == np.float64
    h = clfft_ng.dct(np.arange(8, dtype=np.float16), norm="ortho")
    assert h.dtype == np.float32 and h.dtype == sfft.dct(np.arange(8, dtype=np.float16)).dtype
    assert rel(h, sfft.dct(np.arange(8.0), norm="ortho")) <= 1e-5
    for dt, cases in ((np.complex128, (("dct", {"type": 1, "norm": "ortho"}), ("idst", {"type": 3, "n": 7}))),
                      (np.complex64, (("dst", {"type": 3, "norm": "ortho"}),))):
        x = (RNG.standard_normal(8) + 1j * RNG.standard_normal(8)).astype(dt)
        for name, kw in cases:
            got = getattr(clfft_ng, name)(x, **kw)
            assert got.dtype == dt
            assert rel(got, sref(name, x, **kw)) <= tol(dt), (dt, name)
    # No axes: scipy hands back the input, dtype and all.
    a = np.arange(6).reshape(2, 3)
    b = clfft_ng.dctn(a, axes=())
    assert b.dtype == a.dtype and np.array_equal(a, b) and b is not a


def test_inputs_not_modified():
    # The orthogonalized DCT-I and DCT-III scale input points: in a copy, never the caller's.
    x = RNG.standard_normal(8)
    keep = x.copy()
    clfft_ng.dct(x, type=1, norm="ortho")
    clfft_ng.idct(x, type=2, norm="ortho")
    assert np.array_equal(x, keep)
    d = cla.to_device(clfft_ng.default_queue(), x)
    clfft_ng.dctn(d, type=1, norm="ortho")
    assert np.array_equal(d.get(), keep)


def test_device_arrays():
    q = clfft_ng.default_queue()
    x = RNG.standard_normal(16)
    d = cla.to_device(q, x[:8])
    for name, kw in (("dct", {"type": 1, "norm": "ortho"}), ("idst", {"type": 2, "n": 10, "norm": "ortho"}),
                     ("dst", {"type": 3, "n": 7, "axis": 0, "norm": "ortho"}), ("idctn", {"type": 4})):
        got = getattr(clfft_ng, name)(d, **kw)
        assert isinstance(got, cla.Array) and got.queue is q and got.flags.c_contiguous
        assert got.dtype == np.float64
        assert rel(got.get(), sref(name, x[:8], **kw)) <= 1e-12, (name, kw)
    # n-D with an axis that is not the contiguous one (as test_nd's host case).
    x3 = RNG.standard_normal((7, 8, 3))
    got = clfft_ng.dctn(cla.to_device(q, x3), type=1, axes=(0, -2), norm="ortho")
    assert rel(got.get(), sref("dctn", x3, type=1, axes=(0, -2), norm="ortho")) <= 1e-12
    # A strided view, single precision, complex, integers.
    got = clfft_ng.dct(cla.to_device(q, x)[::2], type=2, norm="ortho")
    assert rel(got.get(), sref("dct", x[::2], type=2, norm="ortho")) <= 1e-12
    got = clfft_ng.dct(cla.to_device(q, x[:8].astype(np.float32)), type=2, norm="ortho")
    assert got.dtype == np.float32
    assert rel(got.get(), sref("dct", x[:8], type=2, norm="ortho")) <= 1e-5
    xc = x[:8] + 1j * x[8:]
    got = clfft_ng.dst(cla.to_device(q, xc), type=3, norm="ortho")
    assert got.dtype == np.complex128
    assert rel(got.get(), sref("dst", xc, type=3, norm="ortho")) <= 1e-12
    got = clfft_ng.dct(cla.to_device(q, np.arange(8)))
    assert got.dtype == np.float64 and rel(got.get(), sfft.dct(np.arange(8.0))) <= 1e-12


def test_plan_cache_and_plan_object():
    x = RNG.standard_normal(8)
    clfft_ng.dct(x, type=2)
    before = clfft_ng.cache_info()["hits"]
    clfft_ng.dct(x, type=2)
    assert clfft_ng.cache_info()["hits"] > before
    p = clfft_ng.plan("dstn", (8,), np.float64, type=4, norm="ortho")
    assert rel(p(x), sfft.dstn(x, type=4, norm="ortho")) <= 1e-12


def test_scipy_backend_serves_r2r():
    be = clfft_ng.scipy_backend
    be.reset_counts()
    x = RNG.standard_normal(8)
    calls = [("dct", (x,), {}), ("idct", (x, 3), {"norm": "ortho"}), ("dst", (x, 1, 7, 0), {}),
             ("idst", (x,), {"type": 4, "workers": 2, "overwrite_x": True}),
             ("dctn", (x, 2, (7,)), {"norm": "forward"}), ("idctn", (x,), {"type": 1, "axes": 0}),
             ("dstn", (x, 2), {"norm": "ortho", "orthogonalize": False}), ("idstn", (x, 3, None, (0,)), {})]
    with sfft.set_backend(be, only=True):
        got = [getattr(sfft, f)(*a, **kw) for f, a, kw in calls]
    for (f, a, kw), g in zip(calls, got):
        with sfft.set_backend("scipy", only=True):
            # Copies: scipy may use overwrite_x and destroy the input the next reference needs.
            ref = getattr(sfft, f)(*[v.copy() if isinstance(v, np.ndarray) else v for v in a], **kw)
        assert rel(g, ref) <= 1e-12, f
    assert all(be.served.get(f) == 1 for f, _, _ in calls) and not be.declined
    # A device array through scipy's own function names.
    d = cla.to_device(clfft_ng.default_queue(), x)
    with sfft.set_backend(be, only=True):
        g = sfft.dct(d, type=2, norm="ortho")
    assert isinstance(g, cla.Array) and rel(g.get(), sfft.dct(x, norm="ortho")) <= 1e-12


def _raises_like_scipy(call):
    """call(module) must raise in scipy; ours must raise an exception of scipy's type."""
    with pytest.raises(Exception) as ref:
        call(sfft)
    with pytest.raises(type(ref.value)):
        call(clfft_ng)


def test_invalid_arguments_raise_like_scipy():
    x = np.ones((3, 8))
    for call in (lambda m: m.dct(x, type=0), lambda m: m.dst(x, type=5), lambda m: m.idctn(x, type=7),
                 lambda m: m.dct(x, type="2"), lambda m: m.dct(x, type=2.0),
                 lambda m: m.dct(x, norm="bogus"), lambda m: m.dstn(x, norm="Ortho"),
                 lambda m: m.dct(x, n=0), lambda m: m.idst(x, n=-1), lambda m: m.dct(x, n=2.0),
                 lambda m: m.dctn(x, s=(0, 4)), lambda m: m.dctn(x, s=(4,), axes=(0, 1)),
                 lambda m: m.dctn(x, s=(2, 3, 4)), lambda m: m.dctn(x, axes=(0, 0)),
                 lambda m: m.dctn(x, axes=(1, -1)), lambda m: m.dctn(x, axes=(2,)),
                 lambda m: m.dct(x, axis=2), lambda m: m.dst(x, axis=-3), lambda m: m.dct(np.array(3.0)),
                 lambda m: m.dct(np.ones((3, 0))), lambda m: m.dct(np.array(["a", "b"])),
                 # DCT-I of one point: scipy raises RuntimeError; ours is also a ValueError.
                 lambda m: m.dct(np.ones(1), type=1), lambda m: m.idct(x, type=1, n=1),
                 lambda m: m.dctn(np.ones((1, 3)), type=1, axes=(0,))):
        _raises_like_scipy(call)
    with pytest.raises(ValueError):
        clfft_ng.dct(np.ones(1), type=1)
    with pytest.raises(TypeError):
        clfft_ng.dct(np.zeros(4, np.longdouble))
    with pytest.raises(TypeError):
        clfft_ng.dct(cla.zeros(clfft_ng.default_queue(), 4, np.float16))
    # Empty batches (not transformed axes of size 0) give empty results, as scipy.
    assert clfft_ng.dctn(np.ones((2, 0)), axes=0).shape == (2, 0)
    assert clfft_ng.dst(np.ones((0, 8))).shape == (0, 8)
