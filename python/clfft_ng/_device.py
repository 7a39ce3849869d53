"""The package's default OpenCL context and queue."""
import os
import threading

import pyopencl as cl

from . import _lib

_lock = threading.Lock()
_default = None


def _pick_device():
    platforms = cl.get_platforms()
    choice = os.environ.get("CLFFT_NG_DEVICE", "").strip()
    if choice:
        parts = choice.split(":")
        if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
            p, d = (int(v) for v in parts)
            try:
                return platforms[p].get_devices()[d]
            except IndexError:
                raise ValueError("CLFFT_NG_DEVICE=%s: no such platform:device" % choice) from None
        frag = choice.lower()
        for plat in platforms:
            for dev in plat.get_devices():
                if frag in dev.name.lower() or frag in plat.name.lower():
                    return dev
        raise ValueError("CLFFT_NG_DEVICE=%s: no device name contains it" % choice)
    devices = [d for plat in platforms for d in plat.get_devices()]
    if not devices:
        raise RuntimeError("clfft_ng: no OpenCL device")
    gpus = [d for d in devices if d.type & cl.device_type.GPU]
    return (gpus or devices)[0]


def default_queue():
    """The queue numpy inputs run on: first GPU, else first device, or CLFFT_NG_DEVICE's."""
    global _default
    _lib.check_not_forked()
    with _lock:
        if _default is None:
            dev = _pick_device()
            ctx = cl.Context([dev])
            _default = cl.CommandQueue(ctx, dev)
        return _default


def set_default_queue(queue):
    """Makes numpy inputs run on `queue` (a pyopencl.CommandQueue) from now on."""
    global _default
    if not isinstance(queue, cl.CommandQueue):
        raise TypeError("set_default_queue takes a pyopencl.CommandQueue")
    with _lock:
        _default = queue
