"""clfft_ng: numpy.fft and scipy.fft on OpenCL devices over clfft-ng's libclFFT.so.2.

numpy arrays in give numpy arrays out (run on the default queue, see default_queue());
pyopencl.array.Array in gives pyopencl arrays out on the same queue, without a host trip."""
import atexit
import os

from ._lib import ClfftError
from ._device import default_queue, set_default_queue
from ._api import (fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2, rfftn, irfftn,
                   hfft, ihfft, hfft2, ihfft2, hfftn, ihfftn)
from ._plan import plan, clear_cache, cache_info
from ._r2r import dct, idct, dst, idst, dctn, idctn, dstn, idstn
from ._convolve import fftconvolve, correlate
from . import scipy_backend

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
           "rfftn", "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "dct", "idct",
           "dst", "idst", "dctn", "idctn", "dstn", "idstn", "fftconvolve", "correlate", "plan", "clear_cache", "cache_info", "default_queue", "set_default_queue",
           "ClfftError", "scipy_backend"]


def _at_exit():
    # Plans go before the library's teardown, and both before pyopencl releases its contexts.
    from . import _engine, _lib
    if _lib.forked[0]:
        return  # the parent's OpenCL objects: not this process's to release
    _engine.cache.clear()
    _engine.free_pools()
    _lib.teardown()
    _engine._generation[0] += 1


atexit.register(_at_exit)


def _after_fork_in_child():
    from . import _device, _lib
    if _lib._lib is not None or _device._default is not None:
        _lib.forked[0] = True


os.register_at_fork(after_in_child=_after_fork_in_child)
