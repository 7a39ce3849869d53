"""scipy.signal's fftconvolve and correlate (method="fft") on the device, over the library's
convolution plans (docs/convolution.md) with zero-input and skipped-output ranges
(docs/zero-padding.md)."""
import itertools
import math
import operator
import threading

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.clmath as clmath

from . import _api, _device, _engine, _lib
from ._engine import View

_MODES = ("full", "same", "valid")


def _fast_len(n, even=False):
    """The smallest 2^a 3^b 5^c 7^d >= n (even when asked): lengths whose radices are the
    generator's straight-line codelets, so the padding buys a cheaper transform."""
    best = None
    p7 = 1
    while True:
        p5 = p7
        while True:
            p3 = p5
            while True:
                m = p3
                while m < n:
                    m *= 2
                if even and m % 2:
                    m *= 2
                best = m if best is None else min(best, m)
                if p3 >= n:
                    break
                p3 *= 3
            if p5 >= n:
                break
            p5 *= 5
        if p7 >= n:
            break
        p7 *= 7
    return best


def _cook_axes(ndim, axes):
    """scipy's axes rules for fftconvolve: all by default, unique, in range, not empty."""
    if axes is None:
        return list(range(ndim))
    try:
        axes = [operator.index(a) for a in (axes if np.ndim(axes) else [axes])]
    except TypeError:
        raise ValueError("axes must be a scalar or iterable of integers") from None
    if any(not -ndim <= a < ndim for a in axes):
        raise ValueError("axes exceeds dimensionality of input")
    axes = [a % ndim for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError("all axes must be unique")
    if not axes:
        raise ValueError("when provided, axes cannot be empty")
    return axes


def _check_valid(s1, s2, axes):
    if not (all(s1[a] >= s2[a] for a in axes) or all(s2[a] >= s1[a] for a in axes)):
        raise ValueError("For 'valid' mode, one must be at least as large as the other in every dimension")


def _inputs(in1, in2):
    """(in1, in2, queue): numpy arrays and queue None, or with a device array the first device
    array's queue (the other input may be numpy: it is uploaded there)."""
    dev = [x for x in (in1, in2) if isinstance(x, cla.Array)]
    if not dev:
        return np.asarray(in1), np.asarray(in2), None
    queue = dev[0].queue
    res = []
    for x in (in1, in2):
        if isinstance(x, cla.Array):
            if x.context != queue.context:
                raise ValueError("clfft_ng: in1 and in2 are device arrays of different contexts")
            if x.dtype == np.float16:
                raise TypeError("clfft_ng: float16 device arrays are not supported yet")
        else:
            x = np.asarray(x)
        res.append(x)
    return res[0], res[1], queue


def _host(x):
    return x.get() if isinstance(x, cla.Array) else x


def _centered(a, shape):
    start = [(n - m) // 2 for n, m in zip(a.shape, shape)]
    return a[tuple(slice(b, b + m) for b, m in zip(start, shape))]


def _on_host(queue, in1, in2, mode, axes, corr):
    """No axis to transform (scalars, or every axis of size 1 in one input): scipy's product,
    broadcast, with its dtype and mode; on the host (device inputs make a round trip)."""
    a, b = _host(in1), _host(in2)
    if corr:
        b = b[(slice(None, None, -1),) * b.ndim].conj()
    res = a * b
    if res.ndim:
        if mode == "same":
            res = _centered(res, a.shape)
        elif mode == "valid" and axes:
            res = _centered(res, [res.shape[i] if i not in axes else a.shape[i] - b.shape[i] + 1
                                  for i in range(res.ndim)])
    if queue is None:
        return res
    return cla.to_device(queue, np.ascontiguousarray(res) if res.ndim else np.asarray(res))


def _upload(queue, x):
    """A device View of x in a working dtype the copy kernel knows (x's own complexness)."""
    if not isinstance(x, cla.Array):
        h = np.asarray(x)
        if h.dtype not in _engine._DTYPES:
            h = h.astype(_api._work_dtype(h.dtype, h.dtype.kind == "c"))
        x = cla.to_device(queue, np.ascontiguousarray(h), allocator=_engine.allocator(queue))
    elif x.dtype not in _engine._DTYPES:
        x = x.astype(_api._work_dtype(x.dtype, x.dtype.kind == "c"))  # ints, bools
    return View.of_array(x)


def _grid(queue, v, bdims, bsizes, tax, lengths, shifts, dt, zero_fill):
    """A new C-contiguous View of shape bsizes + lengths holding v: its batch axes `bdims`
    (broadcast where v has size 1) outermost, then its transform axes `tax`, each rolled so that
    grid[t] = v[(t + shift) mod L]. Outside v the grid is zero when zero_fill or rolled, else
    left unwritten (the plan's zero-input ranges say the plan never reads it)."""
    nb = len(bsizes)
    ns = [v.shape[a] for a in tax]
    src_strides = [v.strides[a] if v.shape[a] > 1 else 0 for a in bdims] + [v.strides[a] for a in tax]
    grid = View.fresh(queue, list(bsizes) + list(lengths), dt)
    gst = grid.strides
    # Per axis: the part of v that lands at the grid's start, then (rolled) the part that wraps
    # to the grid's end; one copy per combination, at most 8.
    segs = [[(s, 0, n - s)] + ([(0, L - s, s)] if s else []) for n, L, s in zip(ns, lengths, shifts)]
    first, events = None, []
    for combo in itertools.product(*segs):
        soff = v.offset + sum(sb * v.strides[a] for (sb, _, _), a in zip(combo, tax))
        shape = list(bsizes) + [ln for _, _, ln in combo]
        src = View(v.buf, soff, shape, src_strides, v.dtype, v.events)
        if first is None:
            full = zero_fill or any(shifts)
            dst = View(grid.buf, 0, list(grid.shape) if full else shape, gst, dt)
            _engine.copy(queue, src, dst)
            first = list(dst.events)  # the other parts go over its zeros
        else:
            doff = sum(db * gst[nb + i] for i, (_, db, _) in enumerate(combo))
            dst = View(grid.buf, doff, shape, gst, dt, first)
            _engine.copy(queue, src, dst)
        events += dst.events
    grid.events = events
    return grid


class _ConvPlan:
    """A baked convolution plan with the spectrum buffer it reads (owned here, never from the
    pool: the plan holds it as long as it lives). `ranged` is False where the library declined
    the ranges (docs/zero-padding.md, "Not yet"): its input must then be zero-padded."""

    def __init__(self, queue, precision, kind, lengths, batch, channels, corr, spec_bytes, zero, skip):
        self.spec = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, max(1, spec_bytes))
        self.lock = threading.Lock()
        self.events = []
        self.plan = None
        strides = [math.prod(lengths[:d]) for d in range(len(lengths))]
        dist = math.prod(lengths)
        mode = _lib.CLFFT_NG_CORRELATE if corr else _lib.CLFFT_NG_CONVOLVE

        def setup(handle, ranged):
            _lib.call("clfftNgSetPlanConvolution", handle, mode, self.spec.int_ptr, 1, channels)
            if ranged:
                for d, b, e in zero:
                    _lib.call("clfftNgSetPlanZeroInput", handle, d, b, e)
                for d, b, e in skip:
                    _lib.call("clfftNgSetPlanSkipOutput", handle, d, b, e)

        def make(ranged):
            return _engine._ClfftPlan(queue, precision, kind, list(lengths), strides, strides, batch, dist,
                                      dist, None, setup=lambda h: setup(h, ranged))

        self.ranged = bool(zero or skip)
        try:
            self.plan = make(self.ranged)
        except _lib.ClfftError as e:
            if e.status != _lib.CLFFT_NOTIMPLEMENTED or not self.ranged:
                raise
            self.ranged = False
            self.plan = make(False)

    def destroy(self):
        if self.plan is not None:
            self.plan.destroy()
        self.plan = None


def _crop(queue, grid, gdims, out_shape, tax, host):
    """The result: out_shape (numpy's axis order) read at the origin of `grid`, whose dims are
    gdims (batch axes) then tax; a numpy array when host, else a device array."""
    pos = {a: i for i, a in enumerate(list(gdims) + list(tax))}
    strides = [grid.strides[pos[a]] if a in pos else 0 for a in range(len(out_shape))]
    src = View(grid.buf, grid.offset, out_shape, strides, grid.dtype, grid.events)
    if host and _engine.host_unified(queue):
        # A device in host memory: the crop writes straight into the numpy result.
        result = np.empty(out_shape, grid.dtype)
        ov = _engine.host_view(queue, result)
        _engine.copy(queue, src, ov)
        _engine.sync_host_view(queue, ov, result)
        return result
    ov = View.fresh(queue, out_shape, grid.dtype)
    _engine.copy(queue, src, ov)
    res = _engine.to_array(queue, ov)
    return res.get() if host else res


def _convolve(in1, in2, queue, mode, axes, corr):
    """fftconvolve(in1, in2) (corr: with in2 reversed along every axis and conjugated) after
    scipy's checks; `axes` the transformed ones (none of size 1 in either input)."""
    host = queue is None
    if host:
        queue = _device.default_queue()
    r1 = _api._work_dtype(in1.dtype, False)
    r2 = _api._work_dtype(in2.dtype, False)
    rt = np.dtype(np.float64) if np.float64 in (r1, r2) else np.dtype(np.float32)
    cplx = in1.dtype.kind == "c" or in2.dtype.kind == "c"
    cdt = _engine._COMPLEX_OF[rt]
    pdt = cdt if cplx else rt
    v1, v2 = _upload(queue, in1), _upload(queue, in2)
    nd = len(v1.shape)
    s1, s2 = list(v1.shape), list(v2.shape)
    off2, st2 = v2.offset, list(v2.strides)
    others = [a for a in range(nd) if a not in axes]
    for a in others:
        if corr and s2[a] > 1:
            off2 += (s2[a] - 1) * st2[a]  # the reversal of the axes the plan does not transform
            st2[a] = -st2[a]
        if mode == "same" and s1[a] == 1 and s2[a] > 1:
            off2 += (s2[a] - 1) // 2 * st2[a]  # scipy's 'same' keeps in1's size: in2's centre entry
            s2[a] = 1
    v2 = View(v2.buf, off2, s2, st2, v2.dtype, v2.events)
    tax = sorted(axes)
    lengths, keep, shifts, ns1 = [], [], [], []
    out_shape = [max(s1[a], s2[a]) for a in range(nd)]
    for a in tax:
        n1, n2 = s1[a], s2[a]
        full = n1 + n2 - 1
        k = {"full": full, "same": n1, "valid": abs(n1 - n2) + 1}[mode]
        start = (full - k) // 2
        # The filter rolled so that the kept outputs start at 0 (the skipped range then covers all
        # the mode drops); the plan's correlation mode reverses it, so it rolls the other way.
        shifts.append(n2 - 1 - start if corr else start)
        # R2C plans: an even length along clFFT's dimension 0 (the hermitian one).
        lengths.append(_fast_len(full, even=not cplx and a == tax[-1]))
        keep.append(k)
        ns1.append(n1)
        out_shape[a] = k
    k = len(tax)
    bdims = [a for a in others if s1[a] > 1 and s2[a] == 1]
    cdims = [a for a in others if s1[a] == 1 and s2[a] > 1]
    both = [a for a in others if s1[a] > 1 and s2[a] > 1]
    precision = _lib.CLFFT_DOUBLE if rt == np.float64 else _lib.CLFFT_SINGLE
    entry = None
    if k <= 3 and not both:
        bsz, csz = [s1[a] for a in bdims], [s2[a] for a in cdims]
        spec_last = lengths[-1] if cplx else lengths[-1] // 2 + 1
        spec_shape = csz + lengths[:-1] + [spec_last]
        # clFFT's dimension d is tax[k-1-d]: ranges where in1 ends before the grid, outputs past
        # what the mode keeps.
        zero = tuple((d, ns1[k - 1 - d], lengths[k - 1 - d]) for d in range(k) if ns1[k - 1 - d] < lengths[k - 1 - d])
        skip = tuple((d, keep[k - 1 - d], lengths[k - 1 - d]) for d in range(k) if keep[k - 1 - d] < lengths[k - 1 - d])
        bn, cn = math.prod(bsz), math.prod(csz)
        kind = "c2c" if cplx else "r2c"
        ckey = ("conv", queue.context.int_ptr, queue.int_ptr, precision, kind, corr, tuple(reversed(lengths)),
                bn, cn, zero, skip)
        spec_bytes = math.prod(spec_shape) * cdt.itemsize
        entry = _engine.cache.get(ckey, lambda: _ConvPlan(queue, precision, kind, tuple(reversed(lengths)), bn, cn,
                                                          corr, spec_bytes, zero, skip))
    if entry is not None:
        g1 = _grid(queue, v1, bdims, bsz, tax, lengths, [0] * k, pdt, zero_fill=not entry.ranged)
        g2 = _grid(queue, v2, cdims, csz, tax, lengths, shifts, pdt, zero_fill=True)
        res = View.fresh(queue, bsz + csz + lengths, pdt)
        inner = list(range(len(csz), len(csz) + k))
        with entry.lock:
            # The spectrum buffer is the plan's: each call writes its filter's spectrum there,
            # after the previous run of the plan has read it.
            spec = View(entry.spec, 0, spec_shape, _engine._strides_for(spec_shape, range(len(spec_shape))), cdt,
                        entry.events)
            _api._on_device(queue, g2, kind, inner, lengths, True, "backward", spec, rt)
            evt = entry.plan.enqueue(queue, _lib.CLFFT_FORWARD, g1.buf, res.buf, g1.events + spec.events)
            entry.events = [evt]
        res.events = [evt]
        return _crop(queue, res, bdims + cdims, out_shape, tax, host)
    # More than 3 transformed axes, or a batch axis along which both inputs vary: the
    # package's own transforms, both inputs broadcast to the result's batch shape.
    gdims = [a for a in others if out_shape[a] > 1]
    gsz = [out_shape[a] for a in gdims]
    inner = list(range(len(gsz), len(gsz) + k))
    fwd, inv = ("c2c", "c2c") if cplx else ("r2c", "c2r")
    g1 = _grid(queue, v1, gdims, gsz, tax, lengths, [0] * k, pdt, zero_fill=True)
    g2 = _grid(queue, v2, gdims, gsz, tax, lengths, shifts, pdt, zero_fill=True)
    f1 = _engine.to_array(queue, _api._on_device(queue, g1, fwd, inner, lengths, True, "backward", None, rt))
    f2 = _engine.to_array(queue, _api._on_device(queue, g2, fwd, inner, lengths, True, "backward", None, rt))
    prod = f1 * (f2.conj() if corr else f2)
    res = _api._on_device(queue, View.of_array(prod), inv, inner, lengths, False, "backward", None, rt)
    return _crop(queue, res, gdims, out_shape, tax, host)


def fftconvolve(in1, in2, mode="full", axes=None):
    """scipy.signal.fftconvolve on the device: the linear convolution of in1 and in2 along `axes`
    (default all), broadcast along the others; mode "full", "same" (in1's size, centred) or
    "valid" (where one input covers the other). Real inputs give a real result, any complex
    input a complex one; float32/complex64 inputs alone run in single precision, anything else
    in double (ints, bools: float64 result, as scipy).

    Each transformed axis is zero-padded to a 2^a 3^b 5^c 7^d length L >= n1 + n2 - 1, the
    filter's spectrum (in2, rolled so that the mode's outputs start at 0) computed by the
    package's rfftn/fftn, and in1 run through one convolution plan (R2C for real data, C2C for
    complex) whose zero-input ranges cover in1's padding and whose skipped-output ranges cover
    what the mode drops; in2's batch axes are the plan's output channels, in1's its batch.
    More than 3 transformed axes, or a batch axis of size > 1 in both inputs, run as the
    package's rfftn/fftn of both, a product and irfftn/ifftn instead (on the device too).
    numpy inputs give a numpy result; a pyopencl array (either input) gives a pyopencl array on
    its queue."""
    in1, in2, queue = _inputs(in1, in2)
    if in1.ndim == in2.ndim == 0:
        return _on_host(queue, in1, in2, "full", [], False)
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if in1.size == 0 or in2.size == 0:
        return np.array([]) if queue is None else cla.empty(queue, (0,), np.float64)
    s1, s2 = in1.shape, in2.shape
    axes = [a for a in _cook_axes(in1.ndim, axes) if s1[a] != 1 and s2[a] != 1]
    if not all(s1[a] == s2[a] or s1[a] == 1 or s2[a] == 1 for a in range(in1.ndim) if a not in axes):
        raise ValueError("incompatible shapes for in1 and in2: %s and %s" % (s1, s2))
    if mode == "valid":
        _check_valid(s1, s2, axes)
    if mode not in _MODES:
        raise ValueError("acceptable mode flags are 'valid', 'same', or 'full'")
    if not axes:
        return _on_host(queue, in1, in2, mode, axes, False)
    return _convolve(in1, in2, queue, mode, axes, False)


def correlate(in1, in2, mode="full"):
    """scipy.signal.correlate(in1, in2, mode, method="fft") on the device: the cross-correlation
    fftconvolve(in1, in2 reversed along every axis and conjugated, mode), run as the same
    convolution plan in its correlation mode (the conjugate of in2's spectrum, which also
    reverses it along the transformed axes). The result has np.result_type(in1, in2), integer
    results rounded, as scipy. Empty inputs give an empty result (scipy raises IndexError)."""
    in1, in2, queue = _inputs(in1, in2)
    if in1.ndim == in2.ndim == 0:
        return _on_host(queue, in1, in2, "full", [], True)
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if mode not in _MODES:
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    s1, s2 = in1.shape, in2.shape
    if mode == "valid":
        _check_valid(s1, s2, range(in1.ndim))
    rt = np.result_type(in1.dtype, in2.dtype)
    if in1.size == 0 or in2.size == 0:
        return np.array([], rt) if queue is None else cla.empty(queue, (0,), rt)
    axes = [a for a in range(in1.ndim) if s1[a] != 1 and s2[a] != 1]
    if not all(s1[a] == s2[a] or s1[a] == 1 or s2[a] == 1 for a in range(in1.ndim) if a not in axes):
        raise ValueError("incompatible shapes for in1 and in2: %s and %s" % (s1, s2))
    if not axes:
        out = _on_host(queue, in1, in2, mode, axes, True)
    else:
        out = _convolve(in1, in2, queue, mode, axes, True)
    if rt.kind in "ui":
        out = clmath.rint(out) if queue is not None else np.around(out)
    return out.astype(rt)
