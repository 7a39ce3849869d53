"""Explicit plans and the cache's controls."""
import numpy as np
import pyopencl.array as cla

from . import _api, _device, _engine, _r2r

_FUNCS = {f: getattr(_api, f) for f in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft",
                                        "rfft2", "irfft2", "rfftn", "irfftn", "hfft", "ihfft",
                                        "hfft2", "ihfft2", "hfftn", "ihfftn")}
_FUNCS.update({f: getattr(_r2r, f) for f in ("dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn")})


def clear_cache():
    """Destroys every cached clFFT plan (the kernels stay in the library's program cache) and
    releases the device memory the package's pools hold."""
    _engine.cache.clear()
    _engine.free_pools()


def cache_info():
    """(hits, misses, plans held, size bound) of the plan cache."""
    c = _engine.cache
    return {"hits": c.hits, "misses": c.misses, "size": len(c.plans), "maxsize": c.size}


class plan:
    """A transform fixed for one input shape and dtype; calling it runs the transform.

    plan("rfft2", (64, 64), numpy.float32, norm="ortho")(x) is rfft2(x, norm="ortho"), with the
    clFFT plans made (baked) here rather than at the first call. `queue` picks the device the
    warm-up runs on (default: the package's queue)."""

    def __init__(self, func, shape, dtype, queue=None, **kwargs):
        if func not in _FUNCS:
            raise ValueError("unknown transform %r; one of %s" % (func, ", ".join(_FUNCS)))
        self.func, self.shape, self.dtype, self.kwargs = func, tuple(shape), np.dtype(dtype), kwargs
        # Warm up the way calls will come: numpy arrays take the host path, whose layout differs.
        if queue is None:
            _FUNCS[func](np.zeros(self.shape, self.dtype), **kwargs)
        else:
            _FUNCS[func](cla.zeros(queue, self.shape, self.dtype), **kwargs)

    def __call__(self, x, out=None):
        if tuple(x.shape) != self.shape or np.dtype(x.dtype) != self.dtype:
            raise ValueError("plan is for %s %s, got %s %s" % (self.shape, self.dtype, x.shape, x.dtype))
        kw = dict(self.kwargs)
        if out is not None:
            kw["out"] = out
        return _FUNCS[self.func](x, **kw)

    def __repr__(self):
        return "clfft_ng.plan(%r, %s, %s, %s)" % (self.func, self.shape, self.dtype, self.kwargs)
