"""A uarray backend for scipy.fft: `with scipy.fft.set_backend(clfft_ng.scipy_backend): ...`.

Serves the numpy.fft family and the real-to-real transforms (dct, dst, their inverses, 1-D and
n-D); declines (NotImplemented, so scipy falls back or raises) what it cannot honor: long
double, plan= and odd arguments."""
import numpy as np
import pyopencl.array as cla

from . import _api, _lib, _r2r

__ua_domain__ = "numpy.scipy.fft"

_SERVED = {f: getattr(_api, f) for f in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft",
                                         "rfft2", "irfft2", "rfftn", "irfftn", "hfft", "ihfft",
                                         "hfft2", "ihfft2", "hfftn", "ihfftn")}
_SERVED.update({f: getattr(_r2r, f) for f in ("dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn")})
_ONE_AXIS = {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "dct", "idct", "dst", "idst"}


def _positional(name):
    """scipy.fft's positional parameters after x, in order."""
    names = ["n", "axis"] if name in _ONE_AXIS else ["s", "axes"]
    if name.startswith(("dct", "idct", "dst", "idst")):
        return ["type"] + names + ["norm", "overwrite_x", "workers", "orthogonalize"]
    return names + ["norm", "overwrite_x", "workers"]


# How many calls were served and declined, by function name (tests and users read these).
served = {}
declined = {}


def reset_counts():
    served.clear()
    declined.clear()


def _decline(name):
    declined[name] = declined.get(name, 0) + 1
    return NotImplemented


def __ua_function__(method, args, kwargs):
    name = getattr(method, "__name__", "")
    fn = _SERVED.get(name)
    if fn is None or _lib.forked[0]:
        # In a child forked after OpenCL was set up, scipy's own implementation runs.
        return _decline(name)
    kwargs = dict(kwargs)
    x = args[0] if args else kwargs.pop("x", None)
    rest = list(args[1:])
    names = _positional(name)
    if len(rest) > len(names):
        return _decline(name)
    for k, v in zip(names, rest):
        if k in kwargs:
            raise TypeError("%s() got multiple values for argument %r" % (name, k))
        kwargs[k] = v
    # scipy's extras: overwrite_x is a permission we need not use; workers is a CPU thread count
    # with no meaning on a device; a plan object is scipy's own and we cannot run it.
    kwargs.pop("overwrite_x", None)
    kwargs.pop("workers", None)
    if kwargs.pop("plan", None) is not None:
        return _decline(name)
    if x is None:
        return _decline(name)
    if not isinstance(x, cla.Array):
        try:
            x = np.asarray(x)
        except Exception:
            return _decline(name)
        if x.dtype.kind not in "biufc" or x.dtype.itemsize > (16 if x.dtype.kind == "c" else 8):
            return _decline(name)
    if set(kwargs) - set(names):
        return _decline(name)
    result = fn(x, **kwargs)
    served[name] = served.get(name, 0) + 1
    return result
