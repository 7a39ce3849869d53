"""Runs transforms on the device: views over buffers, the copy kernel, plans and their cache."""
import collections
import ctypes
import math
import os
import threading

import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as cl_tools

from . import _lib

# The dtypes the plans and the helper kernels take.
_DTYPES = frozenset(map(np.dtype, (np.float32, np.float64, np.complex64, np.complex128)))
_COMPLEX_OF = {np.dtype(np.float32): np.dtype(np.complex64), np.dtype(np.float64): np.dtype(np.complex128),
               np.dtype(np.complex64): np.dtype(np.complex64), np.dtype(np.complex128): np.dtype(np.complex128)}
_REAL_OF = {np.dtype(np.complex64): np.dtype(np.float32), np.dtype(np.complex128): np.dtype(np.float64),
            np.dtype(np.float32): np.dtype(np.float32), np.dtype(np.float64): np.dtype(np.float64)}


class View:
    """A strided array over a cl.Buffer in elements: what clFFT and the copy kernel both see.

    Kept apart from pyopencl.array so cropping, padding and axis reordering never depend on
    which views pyopencl can express."""

    __slots__ = ("buf", "offset", "shape", "strides", "dtype", "events")

    def __init__(self, buf, offset, shape, strides, dtype, events=()):
        self.buf, self.offset, self.dtype = buf, offset, np.dtype(dtype)
        self.shape, self.strides, self.events = tuple(shape), tuple(strides), list(events)

    @classmethod
    def of_array(cls, a):
        item = a.dtype.itemsize
        if a.offset % item or any(s % item for s in a.strides):
            raise ValueError("clfft_ng: array offset and strides must be whole elements")
        return cls(a.base_data, a.offset // item, a.shape, [s // item for s in a.strides], a.dtype, a.events)

    @classmethod
    def fresh(cls, queue, shape, dtype, order=None):
        """A new buffer from the queue's pool (see allocator); `order` lists the axes outermost
        first (default: as given, C-contiguous)."""
        order = list(range(len(shape))) if order is None else list(order)
        strides = [0] * len(shape)
        step = 1
        for ax in reversed(order):
            strides[ax] = step
            step *= shape[ax]
        size = max(1, step) * np.dtype(dtype).itemsize
        return cls(allocator(queue)(size), 0, shape, strides, dtype)

    def size(self):
        return math.prod(self.shape)


# ---- device memory: a pool per in-order queue --------------------------------------------

_pools = {}
_plock = threading.Lock()


def allocator(queue):
    """Allocates the buffers of results and temporaries. On an in-order queue, a pyopencl
    MemoryPool of that queue: a buffer freed (its array dropped) is reused by a later call
    instead of a new allocation, which on PoCL costs the pages' first touch each time (a new
    32 MiB result took longer than the transform). Reuse is safe because every command on the
    buffer is on this queue, in order. An out-of-order queue gets plain allocations."""
    key = queue.int_ptr
    with _plock:
        entry = _pools.get(key)
        if entry is None:
            if queue.properties & cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE:
                ctx = queue.context
                alloc = lambda size: cl.Buffer(ctx, cl.mem_flags.READ_WRITE, size)  # noqa: E731
            else:
                alloc = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(queue))
            entry = _pools[key] = (queue, alloc)  # the queue kept alive: its address stays its own
        return entry[1]


def free_pools():
    """Releases the memory the pools hold (buffers in use stay with their arrays)."""
    with _plock:
        pools = list(_pools.values())
        _pools.clear()
    for _, alloc in pools:
        if hasattr(alloc, "free_held"):
            alloc.free_held()


# ---- results in host memory on devices that share it ---------------------------------------

_unified = {}


def host_unified(queue):
    """True when results may be written into numpy arrays in place (CL_DEVICE_HOST_UNIFIED_MEMORY,
    e.g. PoCL's CPU device); CLFFT_NG_ZERO_COPY=0 turns it off."""
    if os.environ.get("CLFFT_NG_ZERO_COPY", "") == "0":
        return False
    key = queue.device.int_ptr
    u = _unified.get(key)
    if u is None:
        try:
            u = bool(queue.device.host_unified_memory)
        except cl.Error:
            u = False
        _unified[key] = u
    return u


def host_view(queue, arr):
    """A View over a buffer that uses the C-contiguous numpy array `arr` as its memory."""
    buf = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE | cl.mem_flags.USE_HOST_PTR, hostbuf=arr)
    strides = [st // arr.dtype.itemsize for st in arr.strides]
    return View(buf, 0, arr.shape, strides, arr.dtype)


def sync_host_view(queue, v, arr):
    """Waits for v's commands and makes `arr` (the memory of v's buffer) hold the result: a
    blocking map for reading, as OpenCL asks before the host reads a USE_HOST_PTR buffer (no
    copy where the runtime maps the host memory itself), then the unmap."""
    if arr.size == 0:
        return
    mapped, _ = cl.enqueue_map_buffer(queue, v.buf, cl.map_flags.READ, 0, arr.shape, arr.dtype,
                                      wait_for=v.events or None, is_blocking=True)
    if mapped.__array_interface__["data"][0] != arr.__array_interface__["data"][0]:
        arr[...] = mapped  # a runtime that mapped elsewhere: copy from its mapping
    mapped.base.release(queue)
    queue.finish()


def _element(dt):
    """(double, complex) of a dtype: how the library's helper kernels name element types."""
    return dt in (np.dtype(np.float64), np.dtype(np.complex128)), dt.kind == "c"


# ---- the copy kernel: crop, zero-pad, reorder, convert real<->complex, scale -------------

_kernels = {}
_klock = threading.Lock()


def _helper_kernel(ctx, kernel, src_dt, dst_dt):
    """The library's helper kernel (clfftNgGetHelperKernelSource) built once per context and types."""
    key = (ctx.int_ptr, kernel, src_dt, dst_dt)
    with _klock:
        k = _kernels.get(key)
        if k is None:
            src = _lib.helper_kernel_source(kernel, _element(src_dt), _element(dst_dt))
            prg = cl.Program(ctx, src).build()
            k = prg.clfft_ng_copy_nd if kernel == 1 else prg.clfft_ng_scale_plane
            _kernels[key] = k
        return k


def copy(queue, src, dst, scale=1.0):
    """dst[idx] = scale * src[idx] where idx lies in src's shape, 0 elsewhere (dst.shape rules)."""
    nd = len(dst.shape)
    total = dst.size()
    if total == 0:
        return None
    meta = np.array(list(dst.shape) + list(dst.strides) + list(src.shape) + list(src.strides), dtype=np.int64)
    if nd == 0:
        meta = np.zeros(1, np.int64)
    mbuf = cl.Buffer(queue.context, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=meta)
    k = _helper_kernel(queue.context, 1, src.dtype, dst.dtype)
    rs = np.float64 if _REAL_OF[dst.dtype] == np.float64 else np.float32
    evt = k(queue, (total,), None, dst.buf, np.int64(dst.offset), src.buf, np.int64(src.offset), mbuf,
            np.int32(nd), np.int64(total), rs(scale), wait_for=src.events + dst.events or None)
    dst.events = [evt]
    return evt


# ---- scaling one plane: the per-point factors of scipy's orthogonalized DCT/DST ----------

def scale_plane(queue, v, axis, index, factor):
    """v[..., index, ...] (index along `axis`) *= factor, in place on a real View."""
    shape = [n for d, n in enumerate(v.shape) if d != axis]
    strides = [st for d, st in enumerate(v.strides) if d != axis]
    total = math.prod(shape)
    if total == 0:
        return None
    meta = np.array(shape + strides if shape else [0], dtype=np.int64)
    k = _helper_kernel(queue.context, 2, v.dtype, v.dtype)
    mbuf = cl.Buffer(queue.context, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=meta)
    evt = k(queue, (total,), None, v.buf, np.int64(v.offset + index * v.strides[axis]), mbuf,
            np.int32(len(shape)), np.int64(total), v.dtype.type(factor), wait_for=v.events or None)
    v.events = [evt]
    return evt


# ---- plans --------------------------------------------------------------------------------

_generation = [0]


class _ClfftPlan:
    """One baked clFFT plan (out of place)."""

    def __init__(self, queue, precision, kind, lengths, istrides, ostrides, batch, idist, odist, scale,
                 r2r=None, setup=None):
        L = _lib
        self.gen = _generation[0]
        handle = ctypes.c_size_t(0)
        n = len(lengths)
        arr = (ctypes.c_size_t * 3)
        L.call("clfftCreateDefaultPlan", ctypes.byref(handle), queue.context.int_ptr, n, arr(*lengths))
        self.handle = handle
        try:
            L.call("clfftSetPlanPrecision", handle, precision)
            if kind == "r2r":
                # The kinds, one per clFFT dimension (dim 0 first); the call sets the real layouts.
                L.call("clfftNgSetPlanR2R", handle, n, (ctypes.c_int * n)(*r2r))
            else:
                layouts = {"c2c": (L.CLFFT_COMPLEX_INTERLEAVED, L.CLFFT_COMPLEX_INTERLEAVED),
                           "r2c": (L.CLFFT_REAL, L.CLFFT_HERMITIAN_INTERLEAVED),
                           "c2r": (L.CLFFT_HERMITIAN_INTERLEAVED, L.CLFFT_REAL)}[kind]
                L.call("clfftSetLayout", handle, *layouts)
            L.call("clfftSetResultLocation", handle, L.CLFFT_OUTOFPLACE)
            L.call("clfftSetPlanInStride", handle, n, arr(*istrides))
            L.call("clfftSetPlanOutStride", handle, n, arr(*ostrides))
            L.call("clfftSetPlanDistance", handle, idist, odist)
            L.call("clfftSetPlanBatchSize", handle, batch)
            if scale is not None:
                L.call("clfftSetPlanScale", handle, scale[0], scale[1])
            if setup is not None:
                setup(handle)  # extensions the caller sets before the bake (convolution, ranges)
            q = (ctypes.c_void_p * 1)(queue.int_ptr)
            L.call("clfftBakePlan", handle, 1, q, None, None)
        except Exception:
            self.destroy()
            raise

    def enqueue(self, queue, direction, inbuf, outbuf, wait):
        q = (ctypes.c_void_p * 1)(queue.int_ptr)
        w = (ctypes.c_void_p * max(1, len(wait)))(*[e.int_ptr for e in wait])
        out_evt = (ctypes.c_void_p * 1)()
        ib = (ctypes.c_void_p * 1)(inbuf.int_ptr)
        ob = (ctypes.c_void_p * 1)(outbuf.int_ptr)
        _lib.call("clfftEnqueueTransform", self.handle, direction, 1, q, len(wait), w if wait else None,
                  out_evt, ib, ob, None)
        return cl.Event.from_int_ptr(out_evt[0], retain=False)

    def destroy(self):
        # After clfftTeardown every handle is gone already; destroying it again is not an error
        # worth raising from a finalizer.
        if self.handle is not None and self.handle.value and _lib._lib is not None and self.gen == _generation[0]:
            _lib.lib().clfftDestroyPlan(ctypes.byref(self.handle))
        self.handle = None

    def __del__(self):
        try:
            self.destroy()
        except Exception:
            pass


class _Cache:
    def __init__(self, size):
        self.size = size
        self.plans = collections.OrderedDict()
        self.lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key, make):
        with self.lock:
            p = self.plans.get(key)
            if p is not None:
                self.plans.move_to_end(key)
                self.hits += 1
                return p
        p = make()
        with self.lock:
            self.misses += 1
            self.plans[key] = p
            while len(self.plans) > self.size:
                self.plans.popitem(last=False)[1].destroy()
        return p

    def clear(self):
        with self.lock:
            plans = list(self.plans.values())
            self.plans.clear()
        for p in plans:
            p.destroy()


cache = _Cache(int(os.environ.get("CLFFT_NG_PLAN_CACHE_SIZE", "128")))


def _scale_setting(precision, kind, lengths, forward, scale):
    """(direction, float scale) for the plan, or None; plus what is left to apply in a copy.

    The plan's scale is a cl_float: a double plan keeps the library's exact default 1/N for the
    backward direction, and any other scale a float cannot hold exactly is applied in a copy."""
    direction = _lib.CLFFT_FORWARD if forward else _lib.CLFFT_BACKWARD
    default = 1.0 if forward else 1.0 / math.prod(lengths)
    if scale == default:
        return None, 1.0
    if precision == _lib.CLFFT_SINGLE or float(np.float32(scale)) == scale:
        return (direction, scale), 1.0
    return (direction, 1.0), scale


def _collapse(dims):
    """Merges batch dims (n, istride, ostride), outermost first, into as few as possible."""
    out = []
    for n, i, o in dims:
        if n == 1:
            continue
        if out:
            pn, pi, po = out[-1]
            if pi == i * n and po == o * n:
                out[-1] = (pn * n, i, o)
                continue
        out.append((n, i, o))
    return out


def _direct_ok(v, extra_shape=None):
    return v.offset == 0 and all(s > 0 or n == 1 for n, s in zip(v.shape, v.strides))


class _Route:
    """What run_group decided for one kind of call: the copies, the plan's settings."""
    __slots__ = ("copy_in", "in_shape", "in_dt", "order", "extra", "copy_out", "precision", "kind",
                 "kinds", "lengths", "istr", "ostr", "batch", "idist", "odist", "plan_scale", "direction")


_routes = {}
_ROUTES_MAX = 1024


def _route(src, want, axes, kind, forward, scale, dst, r2r):
    cplx = _COMPLEX_OF[dst.dtype]
    in_dt = cplx if kind in ("c2c", "c2r") else _REAL_OF[dst.dtype]
    precision = _lib.CLFFT_DOUBLE if in_dt in (np.float64, np.complex128) else _lib.CLFFT_SINGLE
    lengths = [want[a] for a in reversed(axes)]  # clFFT's dim 0 is the innermost (last) axis
    in_shape = list(want)
    if kind == "c2r":
        in_shape[axes[-1]] = want[axes[-1]] // 2 + 1
    batch_axes = [a for a in range(len(want)) if a not in axes]
    plan_scale, extra = _scale_setting(precision, kind, lengths, forward, scale)

    def fits(iv, ov):
        return (_direct_ok(iv) and _direct_ok(ov) and
                len(_collapse([(ov.shape[a], iv.strides[a], ov.strides[a]) for a in batch_axes])) <= 1)

    r = _Route()
    r.order = batch_axes + list(axes)
    # numpy's c2r ignores the imaginary parts of the DC and Nyquist bins, and so does the
    # library's C2R (docs/compatibility.md): c2r input needs no copy of its own.
    needs_in_copy = (tuple(src.shape) != tuple(in_shape) or src.dtype != in_dt
                     or extra != 1.0 or not _direct_ok(src))
    iv = src
    r.copy_in = needs_in_copy or not fits(src, dst)
    if r.copy_in:
        # One copy: batch axes outermost, transform axes innermost, so the batch always
        # collapses into one clFFT batch with one distance on the input side.
        iv = View(None, 0, in_shape, _strides_for(in_shape, r.order), in_dt)
    ov = dst
    r.copy_out = not fits(iv, dst)
    if r.copy_out:
        ov = View(None, 0, dst.shape, _strides_for(dst.shape, r.order), dst.dtype)
    bd = _collapse([(ov.shape[a], iv.strides[a], ov.strides[a]) for a in batch_axes])
    r.batch, r.idist, r.odist = bd[0] if bd else (1, 0, 0)
    r.istr = tuple(max(1, iv.strides[a]) for a in reversed(axes))
    r.ostr = tuple(max(1, ov.strides[a]) for a in reversed(axes))
    r.kinds = None if r2r is None else tuple(reversed(r2r))  # clFFT's dimension order, as lengths
    r.in_shape, r.in_dt, r.extra, r.precision, r.kind = in_shape, in_dt, extra, precision, kind
    r.lengths, r.plan_scale = tuple(lengths), plan_scale
    r.direction = _lib.CLFFT_FORWARD if forward else _lib.CLFFT_BACKWARD
    return r


def _strides_for(shape, order):
    strides = [0] * len(shape)
    step = 1
    for ax in reversed(order):
        strides[ax] = step
        step *= shape[ax]
    return strides


def run_group(queue, src, want, axes, kind, forward, scale, dst, r2r=None):
    """One clFFT plan over `axes` (at most 3, distinct): src (cropped/padded to `want`) into dst.

    kind: c2c, r2c (dst complex, last axis want//2+1), c2r (want is the real output shape,
    src's last axis is cropped/padded to want//2+1) or r2r (real in and out; `r2r` lists the
    FFTW kind of each of `axes`, `forward` must be True: r2r plans scale in that direction).
    `scale` multiplies the result. The decisions depend only on the shapes, strides, dtypes and
    arguments, so they are kept per such key (a repeated call skips them)."""
    rkey = (src.shape, src.strides, src.offset == 0, src.dtype, dst.shape, dst.strides, dst.offset == 0,
            dst.dtype, tuple(want), tuple(axes), kind, forward, scale, None if r2r is None else tuple(r2r))
    r = _routes.get(rkey)
    if r is None:
        r = _route(src, want, axes, kind, forward, scale, dst, r2r)
        if len(_routes) >= _ROUTES_MAX:
            _routes.clear()
        _routes[rkey] = r
    iv = src
    if r.copy_in:
        iv = View.fresh(queue, r.in_shape, r.in_dt, r.order)
        copy(queue, src, iv, r.extra)
    ov = dst
    if r.copy_out:
        ov = View.fresh(queue, dst.shape, dst.dtype, r.order)
    ctx = queue.context
    key = (ctx.int_ptr, queue.device.int_ptr, r.precision, r.kind, r.kinds, r.lengths, r.istr, r.ostr,
           r.batch, r.idist, r.odist, r.plan_scale)
    plan = cache.get(key, lambda: _ClfftPlan(queue, r.precision, r.kind, list(r.lengths), list(r.istr),
                                            list(r.ostr), r.batch, r.idist, r.odist, r.plan_scale, r.kinds))
    evt = plan.enqueue(queue, r.direction, iv.buf, ov.buf, iv.events + ov.events)
    ov.events = [evt]
    if ov is not dst:
        copy(queue, ov, dst)
    return dst


def to_array(queue, v):
    """A pyopencl Array over a View (the View's buffer, strides and events)."""
    item = v.dtype.itemsize
    strides = tuple(s * item for s in v.strides)
    if _FAST_ARRAY[0]:
        # pyopencl's own fast constructor (what its array operations use): it skips the shape
        # checks, a third of a small call's time; the arguments are checked here already.
        try:
            return cla.Array(None, tuple(v.shape), v.dtype, data=v.buf, offset=v.offset * item,
                             strides=strides, events=list(v.events), _fast=True, _size=math.prod(v.shape),
                             _context=queue.context, _queue=queue)
        except TypeError:  # a pyopencl without it
            _FAST_ARRAY[0] = False
    return cla.Array(queue, v.shape, v.dtype, data=v.buf, offset=v.offset * item, strides=strides,
                     events=list(v.events))


_FAST_ARRAY = [True]
