"""scipy.fft's real-to-real transforms (dct, dst, their inverses, 1-D and n-D) over the library's
r2r plans (docs/r2r.md): FFTW's unnormalised kinds times the plan's forward scale."""
import math
import operator

import numpy as np
import pyopencl.array as cla

from . import _device, _engine
from ._api import AxisError, _groups, _norm_axis, _work_dtype
from ._engine import View

# FFTW's kind numbers (include/clFFT-ng.h, clfftNgR2RKind) of scipy's dct/dst types 1-4.
_REDFT00, _REDFT01, _REDFT10, _REDFT11 = 3, 4, 5, 6
_RODFT00, _RODFT01, _RODFT10, _RODFT11 = 7, 8, 9, 10
_KIND = {("dct", 1): _REDFT00, ("dct", 2): _REDFT10, ("dct", 3): _REDFT01, ("dct", 4): _REDFT11,
         ("dst", 1): _RODFT00, ("dst", 2): _RODFT10, ("dst", 3): _RODFT01, ("dst", 4): _RODFT11}
# scipy's inverse of type t is the transform of this type, scaled.
_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}

_SQRT2 = math.sqrt(2.0)


def _pre_points(kind, n):
    """Input points that scipy's orthogonalized variant multiplies by sqrt(2)."""
    return {_REDFT00: (0, n - 1), _REDFT01: (0,), _RODFT01: (n - 1,)}.get(kind, ())


def _post_points(kind, n):
    """Output points that scipy's orthogonalized variant divides by sqrt(2)."""
    return {_REDFT00: (0, n - 1), _REDFT10: (0,), _RODFT10: (n - 1,)}.get(kind, ())


def _logical(kind, n):
    """scipy's "logical" size: the round trip of the unnormalised kind multiplies by it."""
    return {_REDFT00: 2 * (n - 1), _RODFT00: 2 * (n + 1)}.get(kind, 2 * n)


class ZeroLengthError(ValueError, RuntimeError):
    """DCT-I of one point: scipy raises RuntimeError, numbers of points below 1 are ValueErrors;
    both catch this one."""


def _cook(shape, s, axes, one_axis):
    """(lengths, axes) by scipy's rules for n / axis and s / axes (unique axes only)."""
    ndim = len(shape)
    if one_axis:
        if ndim == 0:
            raise AxisError(axes, 0)
        axes = [_norm_axis(axes, ndim)]
        s = None if s is None else [s]
    else:
        if s is not None:
            s = [s] if np.ndim(s) == 0 else list(s)
            try:
                s = [operator.index(v) for v in s]
            except TypeError:
                raise ValueError("shape must be a scalar or iterable of integers") from None
        if axes is None:
            if s is None:
                axes = list(range(ndim))
            else:
                if len(s) > ndim:
                    raise ValueError("shape requires more axes than are present")
                axes = list(range(ndim - len(s), ndim))
        else:
            axes = [_norm_axis(a, ndim) for a in ([axes] if np.ndim(axes) == 0 else axes)]
            if len(set(axes)) != len(axes):
                raise ValueError("all axes must be unique")
            if s is not None and len(s) != len(axes):
                raise ValueError("when given, axes and shape arguments have to be of the same length")
    if s is None:
        lengths = [shape[a] for a in axes]
    else:
        # -1 asks for the input's size along that axis, as in scipy.
        lengths = [shape[a] if (v == -1 and not one_axis) else operator.index(v) for a, v in zip(axes, s)]
    for v in lengths:
        if v < 1:
            raise ValueError("invalid number of data points (%d) specified" % v)
    return lengths, axes


def _scale(norm, inverse, logical):
    if norm == "ortho":
        return 1.0 / math.sqrt(logical)
    if (norm == "forward") != inverse:
        return 1.0 / logical
    return 1.0


def _run(queue, src, axes, lengths, kinds, scale, real_dt, pre):
    """Transforms real View src along `axes` (cropped/padded to `lengths`); returns a new View.

    `pre`: (axis, index, factor) planes scaled after the crop, before the transforms."""
    cur = src
    if pre:
        # A copy of our own to scale (never the caller's buffer), already in the layout the
        # plan reads: batch axes outermost, transform axes innermost.
        full = list(src.shape)
        for a, n in zip(axes, lengths):
            full[a] = n
        batch = [a for a in range(len(full)) if a not in axes]
        cur = View.fresh(queue, full, real_dt, batch + list(axes))
        _engine.copy(queue, src, cur)
        for a, i, f in pre:
            _engine.scale_plane(queue, cur, a, i, f)
    by_axis = dict(zip(axes, zip(kinds, scale)))
    # More than 3 axes: several plans. The axes are distinct, so their order does not matter.
    for g_axes, g_len in _groups(axes, lengths):
        want = list(cur.shape)
        for a, n in zip(g_axes, g_len):
            want[a] = n
        dst = View.fresh(queue, want, real_dt)
        _engine.run_group(queue, cur, want, g_axes, "r2r", True, math.prod(by_axis[a][1] for a in g_axes),
                          dst, r2r=[by_axis[a][0] for a in g_axes])
        cur = dst
    return cur


def _transform(x, family, inverse, type, s, axes, norm, orthogonalize, one_axis):
    type = operator.index(type)
    if type not in (1, 2, 3, 4):
        raise ValueError("invalid %s type" % family.upper())
    if norm not in (None, "backward", "ortho", "forward"):
        raise ValueError('Invalid norm value %r, should be "backward", "ortho" or "forward"' % (norm,))
    norm = norm or "backward"
    ortho = norm == "ortho" if orthogonalize is None else bool(orthogonalize)
    device = isinstance(x, cla.Array)
    if not device:
        x = np.asarray(x)
        if x.dtype.kind not in "biufc":
            # scipy converts anything else to double (strings of numbers too; ValueError if not).
            x = np.asarray(x, dtype=np.float64)
    lengths, axes = _cook(x.shape, s, axes, one_axis)
    real_dt = _work_dtype(x.dtype, False)
    cplx = x.dtype.kind == "c"
    out_dt = _engine._COMPLEX_OF[real_dt] if cplx else real_dt
    kind = _KIND[(family, _INVERSE_TYPE[type] if inverse else type)]
    if kind == _REDFT00 and min(lengths, default=2) < 2:
        raise ZeroLengthError("zero-length FFT requested (DCT-I needs at least 2 points)")
    kinds = [kind] * len(axes)
    scales = [_scale(norm, inverse, _logical(kind, n)) for n in lengths]
    pre = [(a, i, _SQRT2) for a, n in zip(axes, lengths) for i in _pre_points(kind, n)] if ortho else []
    post = [(a, i, 1.0 / _SQRT2) for a, n in zip(axes, lengths) for i in _post_points(kind, n)] if ortho else []
    out_shape = list(x.shape)
    for a, n in zip(axes, lengths):
        out_shape[a] = n
    if not axes:
        # scipy hands the input back unchanged (its dtype too) when there is nothing to do.
        return x.copy()
    if device:
        return _on_device(x, axes, lengths, kinds, scales, pre, post, real_dt, out_shape, out_dt)
    if math.prod(out_shape) == 0 or x.size == 0:
        # Empty batch, or only padding made the axes non-empty: the result is all zeros.
        return np.zeros(out_shape, out_dt)
    # One host copy: cropped, transform axes innermost, the working dtype, the real and the
    # imaginary parts of a complex input as two batch entries ahead of the rest.
    crop = [slice(None)] * x.ndim
    for a, n in zip(axes, lengths):
        crop[a] = slice(0, n)
    x = x[tuple(crop)]
    order = [i for i in range(x.ndim) if i not in axes] + list(axes)
    parts = [x.real, x.imag] if cplx else [x]
    host = np.empty((len(parts),) + tuple(x.shape[i] for i in order), real_dt)
    for i, p in enumerate(parts):
        host[i] = np.transpose(p, order)
    pos = {a: 1 + order.index(a) for a in axes}
    for a, i, f in pre:
        if i < x.shape[a]:  # a point past the input is zero padding: nothing to scale
            host[(slice(None),) * pos[a] + (i,)] *= f
    queue = _device.default_queue()
    dev = cla.to_device(queue, host, allocator=_engine.allocator(queue))
    res = _run(queue, View.of_array(dev), [pos[a] for a in axes], lengths, kinds, scales, real_dt, [])
    y = _engine.to_array(queue, res).get()
    for a, i, f in post:
        y[(slice(None),) * pos[a] + (i,)] *= f
    y = y[0] + 1j * y[1] if cplx else y[0]
    return np.transpose(y.astype(out_dt, copy=False), np.argsort(order))


def _on_device(x, axes, lengths, kinds, scales, pre, post, real_dt, out_shape, out_dt):
    queue = x.queue
    if x.dtype == np.float16:
        # As the package's other functions: pyopencl cannot convert it on the device.
        raise TypeError("clfft_ng: float16 device arrays are not supported yet")
    if x.dtype not in _engine._DTYPES:
        x = x.astype(real_dt)  # ints and bools: the copy kernel knows the four working dtypes
    cplx = out_dt.kind == "c"
    if math.prod(out_shape) == 0 or x.size == 0:
        return cla.zeros(queue, tuple(out_shape), out_dt)
    src = View.of_array(x)
    if cplx:
        # The complex array as reals with a trailing axis of 2: the real and imaginary parts
        # become one more batch axis, transformed in the same plan.
        src = View(src.buf, 2 * src.offset, list(src.shape) + [2], [2 * st for st in src.strides] + [1],
                   real_dt, src.events)
    res = _run(queue, src, axes, lengths, kinds, scales, real_dt, pre)
    for a, i, f in post:
        _engine.scale_plane(queue, res, a, i, f)
    if cplx:
        # res is a fresh C-contiguous buffer of shape out_shape + [2]: read it as complex.
        return cla.Array(queue, tuple(out_shape), out_dt, data=res.buf, events=list(res.events))
    return _engine.to_array(queue, res)


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dct on the device (overwrite_x and workers are accepted and ignored)."""
    return _transform(x, "dct", False, type, n, axis, norm, orthogonalize, True)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idct on the device."""
    return _transform(x, "dct", True, type, n, axis, norm, orthogonalize, True)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dst on the device."""
    return _transform(x, "dst", False, type, n, axis, norm, orthogonalize, True)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idst on the device."""
    return _transform(x, "dst", True, type, n, axis, norm, orthogonalize, True)


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dctn on the device."""
    return _transform(x, "dct", False, type, s, axes, norm, orthogonalize, False)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idctn on the device."""
    return _transform(x, "dct", True, type, s, axes, norm, orthogonalize, False)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.dstn on the device."""
    return _transform(x, "dst", False, type, s, axes, norm, orthogonalize, False)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
    """scipy.fft.idstn on the device."""
    return _transform(x, "dst", True, type, s, axes, norm, orthogonalize, False)
