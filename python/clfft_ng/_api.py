"""numpy.fft's functions on the device: argument handling as numpy's, transforms by _engine."""
import math
import operator

import numpy as np
import pyopencl.array as cla

from . import _device, _engine
from ._engine import View

try:
    from numpy.exceptions import AxisError
except ImportError:  # numpy < 1.25
    from numpy import AxisError

_NORMS = (None, "backward", "ortho", "forward")


def _check_norm(norm):
    if norm not in _NORMS:
        raise ValueError('Invalid norm value %r; should be "backward", "ortho" or "forward".' % (norm,))
    return norm or "backward"


def _scale(norm, n, forward):
    if norm == "ortho":
        return 1.0 / math.sqrt(n)
    if (norm == "forward") == forward:
        return 1.0 / n
    return 1.0


def _swap(norm):
    return {"backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]


def _work_dtype(dt, want_complex, long_double=False):
    """The precision the transform runs in: single stays single, everything else numpy takes
    (ints, bools) runs in double. Long double is refused (scipy's functions compute in it), or,
    with `long_double`, runs in double as numpy 1.x's own numpy.fft does."""
    dt = np.dtype(dt)
    if long_double and dt.kind in "fc" and dt.itemsize > (16 if dt.kind == "c" else 8):
        dt = np.dtype(np.complex128 if dt.kind == "c" else np.float64)
    if dt.kind == "c":
        if dt.itemsize > 16:
            raise TypeError("clfft_ng: %s is not supported (no long double transforms)" % dt)
        base = np.dtype(np.complex64) if dt == np.complex64 else np.dtype(np.complex128)
    elif dt.kind == "f":
        if dt.itemsize > 8:
            raise TypeError("clfft_ng: %s is not supported (no long double transforms)" % dt)
        base = np.dtype(np.float32) if dt.itemsize <= 4 else np.dtype(np.float64)
    elif dt.kind in "biu":
        base = np.dtype(np.float64)
    else:
        raise TypeError("clfft_ng: cannot transform arrays of dtype %s" % dt)
    if want_complex:
        return _engine._COMPLEX_OF[base]
    return _engine._REAL_OF[base]


def _norm_axis(ax, ndim):
    ax = operator.index(ax)
    if not -ndim <= ax < ndim:
        raise AxisError(ax, ndim)
    return ax % ndim


def _cook(shape, s, axes, last_real=None):
    """numpy's rules for (s, axes) of the n-dimensional functions."""
    ndim = len(shape)
    if s is None:
        if axes is None:
            axes = list(range(ndim))
        axes = [_norm_axis(a, ndim) for a in axes]
        s = [shape[a] for a in axes]
        if last_real is not None and axes:
            s[-1] = last_real(shape[axes[-1]])
    else:
        s = list(s)
        if axes is None:
            axes = list(range(-len(s), 0))
        if len(s) != len(axes):
            raise ValueError("Shape and axes have different lengths.")
        axes = [_norm_axis(a, ndim) for a in axes]
        s = [shape[a] if v is None else operator.index(v) for a, v in zip(axes, s)]
        if len(axes) > ndim:
            raise ValueError("Shape and axes have different lengths.")
    for v in s:
        if v < 1:
            raise ValueError("Invalid number of FFT data points (%d) specified." % v)
    return s, axes


def _groups(axes, lengths):
    """Splits the axes, from the last, into runs of at most 3 distinct ones (clFFT's ranks)."""
    groups = []
    cur_a, cur_n = [], []
    for a, n in zip(reversed(axes), reversed(lengths)):
        if len(cur_a) == 3 or a in cur_a:
            groups.append((cur_a[::-1], cur_n[::-1]))
            cur_a, cur_n = [], []
        cur_a.append(a)
        cur_n.append(n)
    if cur_a:
        groups.append((cur_a[::-1], cur_n[::-1]))
    return groups  # last axes first, as numpy applies them


def _on_device(queue, x, kind, axes, lengths, forward, norm, out, real_dtype):
    """Transforms device view x; returns a View with the result (or out's)."""
    if kind == "c2r":
        # numpy's irfftn: ifft over all but the last axis, then a 1D irfft. A multi-dimensional
        # c2r plan agrees only on Hermitian input; numpy's answer is defined for any input.
        rest = _groups(axes[:-1], lengths[:-1]) if len(axes) > 1 else []
        order = [("c2c", g) for g in rest] + [("c2r", ([axes[-1]], [lengths[-1]]))]
    elif kind == "r2c":
        groups = _groups(axes, lengths)
        order = [("r2c", groups[0])] + [("c2c", g) for g in groups[1:]]
    else:
        order = [("c2c", g) for g in _groups(axes, lengths)]
    cur = x
    for i, (k, (g_axes, g_len)) in enumerate(order):
        want = list(cur.shape)
        for a, n in zip(g_axes, g_len):
            want[a] = n
        out_shape = list(want)
        if k == "r2c":
            out_shape[g_axes[-1]] = want[g_axes[-1]] // 2 + 1
        dt = real_dtype if k == "c2r" else _engine._COMPLEX_OF[real_dtype]
        last = i == len(order) - 1
        if last and out is not None:
            if tuple(out.shape) != tuple(out_shape) or out.dtype != dt:
                raise ValueError("out has shape %s dtype %s; the result is %s %s"
                                 % (out.shape, out.dtype, tuple(out_shape), dt))
            dst = out
        else:
            dst = View.fresh(queue, out_shape, dt)
        n = math.prod(g_len)
        _engine.run_group(queue, cur, want, g_axes, k, forward, _scale(norm, n, forward), dst)
        cur = dst
    return cur


def _execute(a, kind, n_or_s, axes, norm, forward, out=None, one_axis=False):
    norm = _check_norm(norm)
    device = isinstance(a, cla.Array)
    if not device:
        a = np.asarray(a)
    if one_axis:
        if a.ndim == 0:
            raise AxisError(axes, 0)
        axes = [_norm_axis(axes, a.ndim)]
        n_or_s = None if n_or_s is None else [n_or_s]
    if kind == "c2r":
        s, axes = _cook(a.shape, n_or_s, axes, last_real=lambda m: 2 * (m - 1))
    else:
        s, axes = _cook(a.shape, n_or_s, axes)
    if not axes:
        raise ValueError("clfft_ng: no axes to transform")
    # numpy 1.x computes long double host input in double; device arrays have no long double.
    real_dt = _work_dtype(a.dtype, False, long_double=not device)
    out_shape = list(a.shape)
    for ax, v in zip(axes, s):
        out_shape[ax] = v
    if kind == "r2c":
        out_shape[axes[-1]] = s[-1] // 2 + 1
    out_dt = real_dt if kind == "c2r" else _engine._COMPLEX_OF[real_dt]
    if kind == "c2r" and a.shape[axes[-1]] == 0:
        raise ValueError("Invalid number of FFT data points (0) specified.")
    if device:
        queue = a.queue
        if a.dtype == np.float16:
            # pyopencl cannot convert it on the device; 16-bit storage is its own issue.
            raise TypeError("clfft_ng: float16 device arrays are not supported yet")
        if a.dtype not in _engine._DTYPES:
            # ints, bools, float16: the copy kernel knows only the four working dtypes.
            a = a.astype(real_dt if a.dtype.kind != "c" else _engine._COMPLEX_OF[real_dt])
        if out is not None and not isinstance(out, cla.Array):
            raise TypeError("out must be a pyopencl.array.Array for device input")
        if math.prod(out_shape) == 0:
            res = out if out is not None else cla.empty(queue, tuple(out_shape), out_dt)
            return res
        if math.prod(a.shape) == 0:
            # Only padding made the axis non-empty: the input is all zeros, so is the result.
            res = out if out is not None else cla.empty(queue, tuple(out_shape), out_dt)
            return res.fill(0)
        ov = View.of_array(out) if out is not None else None
        res = _on_device(queue, View.of_array(a), kind, axes, s, forward, norm, ov, real_dt)
        if out is not None:
            out.add_event(res.events[-1])
            return out
        return _engine.to_array(queue, res)
    if out is not None:
        raise TypeError("out= is only accepted for pyopencl arrays")
    if a.dtype.kind == "c" and kind == "r2c":
        a = a.real  # numpy's rfft discards the imaginary part too
    in_dt = _engine._COMPLEX_OF[real_dt] if kind in ("c2c", "c2r") else real_dt
    if math.prod(out_shape) == 0:
        return np.zeros(out_shape, out_dt)
    if a.size == 0:
        return np.zeros(out_shape, out_dt)
    queue = _device.default_queue()
    # One host copy: transform axes last (so the batch is one clFFT batch), the work dtype,
    # contiguous for the upload. Crop here, the zero padding happens on the device.
    if len(set(axes)) == len(axes):
        order = [i for i in range(a.ndim) if i not in axes] + list(axes)
    else:
        order = list(range(a.ndim))
    crop = [slice(None)] * a.ndim
    for ax, v in zip(axes, s):
        keep = v // 2 + 1 if (kind == "c2r" and ax == axes[-1]) else v
        crop[ax] = slice(0, keep)
    host = np.ascontiguousarray(np.transpose(a[tuple(crop)], order), dtype=in_dt)
    pos = {ax: i for i, ax in enumerate(order)}
    dev = cla.to_device(queue, host, allocator=_engine.allocator(queue))
    dev_axes = [pos[ax] for ax in axes]
    if _engine.host_unified(queue):
        # The device works in host memory (a CPU device): the last transform writes straight
        # into the numpy result, saving the download's copy.
        result = np.empty([out_shape[i] for i in order], out_dt)
        ov = _engine.host_view(queue, result)
        res = _on_device(queue, View.of_array(dev), kind, dev_axes, s, forward, norm, ov, real_dt)
        _engine.sync_host_view(queue, ov, result)
    else:
        res = _on_device(queue, View.of_array(dev), kind, dev_axes, s, forward, norm, None, real_dt)
        result = _engine.to_array(queue, res).get()
    return np.transpose(result, np.argsort(order))


def fft(a, n=None, axis=-1, norm=None, out=None):
    return _execute(a, "c2c", n, axis, norm, True, out, one_axis=True)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _execute(a, "c2c", n, axis, norm, False, out, one_axis=True)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _execute(a, "c2c", s, axes, norm, True, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _execute(a, "c2c", s, axes, norm, False, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    return _execute(a, "c2c", s, axes, norm, True, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _execute(a, "c2c", s, axes, norm, False, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    return _execute(a, "r2c", n, axis, norm, True, out, one_axis=True)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    return _execute(a, "c2r", n, axis, norm, False, out, one_axis=True)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _execute(a, "r2c", s, axes, norm, True, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _execute(a, "c2r", s, axes, norm, False, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    return _execute(a, "r2c", s, axes, norm, True, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    return _execute(a, "c2r", s, axes, norm, False, out)


def _conj(a):
    return a.conj() if isinstance(a, cla.Array) else np.conjugate(a)


def _conj_input(a):
    """conj(a) as the Hermitian functions' input: a real device array becomes complex first
    (pyopencl's conj keeps a real dtype); host input through numpy."""
    if isinstance(a, cla.Array):
        if a.dtype.kind != "c":
            a = a.astype(_engine._COMPLEX_OF[_work_dtype(a.dtype, False)])
        return a.conj()
    return np.conjugate(np.asarray(a))


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy's hfft: the real spectrum of a Hermitian-symmetric signal, irfft of conj(a)."""
    norm = _check_norm(norm)
    return _execute(_conj_input(a), "c2r", n, axis, _swap(norm), False, out, one_axis=True)


def ihfft(a, n=None, axis=-1, norm=None):
    """numpy's ihfft: conj(rfft(a)) with the normalization swapped."""
    norm = _check_norm(norm)
    res = _execute(a, "r2c", n, axis, _swap(norm), True, None, one_axis=True)
    return _conj(res)


# scipy.fft's extras (not in numpy.fft): the n-dimensional Hermitian pair.

def hfftn(a, s=None, axes=None, norm=None, out=None):
    """scipy.fft.hfftn: irfftn of conj(a) with the normalization swapped (real result)."""
    norm = _check_norm(norm)
    return _execute(_conj_input(a), "c2r", s, axes, _swap(norm), False, out)


def hfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return hfftn(a, s, axes, norm, out)


def ihfftn(a, s=None, axes=None, norm=None):
    """scipy.fft.ihfftn: conj(rfftn(a)) with the normalization swapped."""
    norm = _check_norm(norm)
    return _conj(_execute(a, "r2c", s, axes, _swap(norm), True, None))


def ihfft2(a, s=None, axes=(-2, -1), norm=None):
    return ihfftn(a, s, axes, norm)
