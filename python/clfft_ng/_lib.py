"""ctypes view of libclFFT.so.2: finding the library, the entry points we call, errors."""
import ctypes
import os
import threading

# Values from include/clFFT.h.
CLFFT_1D, CLFFT_2D, CLFFT_3D = 1, 2, 3
CLFFT_COMPLEX_INTERLEAVED = 1
CLFFT_HERMITIAN_INTERLEAVED = 3
CLFFT_REAL = 5
CLFFT_SINGLE, CLFFT_DOUBLE = 1, 2
CLFFT_FORWARD, CLFFT_BACKWARD = -1, 1
CLFFT_INPLACE, CLFFT_OUTOFPLACE = 1, 2
CLFFT_NOTIMPLEMENTED = 4097
# include/clFFT-ng.h's clfftNgConvolution.
CLFFT_NG_CONVOLVE, CLFFT_NG_CORRELATE = 1, 2

_CL_NAMES = {
    0: "CLFFT_SUCCESS", -1: "CLFFT_DEVICE_NOT_FOUND", -2: "CLFFT_DEVICE_NOT_AVAILABLE",
    -3: "CLFFT_COMPILER_NOT_AVAILABLE", -4: "CLFFT_MEM_OBJECT_ALLOCATION_FAILURE",
    -5: "CLFFT_OUT_OF_RESOURCES", -6: "CLFFT_OUT_OF_HOST_MEMORY",
    -7: "CLFFT_PROFILING_INFO_NOT_AVAILABLE", -8: "CLFFT_MEM_COPY_OVERLAP",
    -9: "CLFFT_IMAGE_FORMAT_MISMATCH", -10: "CLFFT_IMAGE_FORMAT_NOT_SUPPORTED",
    -11: "CLFFT_BUILD_PROGRAM_FAILURE", -12: "CLFFT_MAP_FAILURE",
    -30: "CLFFT_INVALID_VALUE", -31: "CLFFT_INVALID_DEVICE_TYPE", -32: "CLFFT_INVALID_PLATFORM",
    -33: "CLFFT_INVALID_DEVICE", -34: "CLFFT_INVALID_CONTEXT", -35: "CLFFT_INVALID_QUEUE_PROPERTIES",
    -36: "CLFFT_INVALID_COMMAND_QUEUE", -37: "CLFFT_INVALID_HOST_PTR", -38: "CLFFT_INVALID_MEM_OBJECT",
    -39: "CLFFT_INVALID_IMAGE_FORMAT_DESCRIPTOR", -40: "CLFFT_INVALID_IMAGE_SIZE",
    -41: "CLFFT_INVALID_SAMPLER", -42: "CLFFT_INVALID_BINARY", -43: "CLFFT_INVALID_BUILD_OPTIONS",
    -44: "CLFFT_INVALID_PROGRAM", -45: "CLFFT_INVALID_PROGRAM_EXECUTABLE",
    -46: "CLFFT_INVALID_KERNEL_NAME", -47: "CLFFT_INVALID_KERNEL_DEFINITION",
    -48: "CLFFT_INVALID_KERNEL", -49: "CLFFT_INVALID_ARG_INDEX", -50: "CLFFT_INVALID_ARG_VALUE",
    -51: "CLFFT_INVALID_ARG_SIZE", -52: "CLFFT_INVALID_KERNEL_ARGS",
    -53: "CLFFT_INVALID_WORK_DIMENSION", -54: "CLFFT_INVALID_WORK_GROUP_SIZE",
    -55: "CLFFT_INVALID_WORK_ITEM_SIZE", -56: "CLFFT_INVALID_GLOBAL_WORK_SIZE",
    -57: "CLFFT_INVALID_EVENT_WAIT_LIST", -58: "CLFFT_INVALID_EVENT", -59: "CLFFT_INVALID_OPERATION",
    -60: "CLFFT_INVALID_GL_OBJECT", -61: "CLFFT_INVALID_BUFFER_SIZE", -62: "CLFFT_INVALID_MIP_LEVEL",
    -63: "CLFFT_INVALID_GLOBAL_OFFSET",
    4096: "CLFFT_BUGCHECK", 4097: "CLFFT_NOTIMPLEMENTED", 4098: "CLFFT_TRANSPOSED_NOTIMPLEMENTED",
    4099: "CLFFT_FILE_NOT_FOUND", 4100: "CLFFT_FILE_CREATE_FAILURE", 4101: "CLFFT_VERSION_MISMATCH",
    4102: "CLFFT_INVALID_PLAN", 4103: "CLFFT_DEVICE_NO_DOUBLE", 4104: "CLFFT_DEVICE_MISMATCH",
}


class ClfftError(RuntimeError):
    """A clFFT call that did not return CLFFT_SUCCESS: `status` (int), `name`, `call`."""

    def __init__(self, status, call):
        self.status = status
        self.name = _CL_NAMES.get(status, "status %d" % status)
        self.call = call
        super().__init__("%s failed: %s (%d)" % (call, self.name, status))


class _SetupData(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint), ("minor", ctypes.c_uint),
                ("patch", ctypes.c_uint), ("debugFlags", ctypes.c_ulonglong)]


_size_p = ctypes.POINTER(ctypes.c_size_t)
_vp = ctypes.c_void_p
_SIGNATURES = {
    "clfftSetup": [ctypes.POINTER(_SetupData)],
    "clfftTeardown": [],
    "clfftCreateDefaultPlan": [_size_p, _vp, ctypes.c_int, _size_p],
    "clfftSetPlanPrecision": [ctypes.c_size_t, ctypes.c_int],
    "clfftSetLayout": [ctypes.c_size_t, ctypes.c_int, ctypes.c_int],
    "clfftSetResultLocation": [ctypes.c_size_t, ctypes.c_int],
    "clfftSetPlanInStride": [ctypes.c_size_t, ctypes.c_int, _size_p],
    "clfftSetPlanOutStride": [ctypes.c_size_t, ctypes.c_int, _size_p],
    "clfftSetPlanDistance": [ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t],
    "clfftSetPlanBatchSize": [ctypes.c_size_t, ctypes.c_size_t],
    "clfftSetPlanScale": [ctypes.c_size_t, ctypes.c_int, ctypes.c_float],
    "clfftBakePlan": [ctypes.c_size_t, ctypes.c_uint, ctypes.POINTER(_vp), _vp, _vp],
    "clfftGetTmpBufSize": [ctypes.c_size_t, _size_p],
    "clfftEnqueueTransform": [ctypes.c_size_t, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(_vp),
                              ctypes.c_uint, ctypes.POINTER(_vp), ctypes.POINTER(_vp),
                              ctypes.POINTER(_vp), ctypes.POINTER(_vp), _vp],
    "clfftDestroyPlan": [_size_p],
    # clFFT-ng's extension (include/clFFT-ng.h): the kinds are an enum, passed as C ints.
    "clfftNgSetPlanR2R": [ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int)],
    # Convolution plans (docs/convolution.md) and their ranges (docs/zero-padding.md).
    "clfftNgSetPlanConvolution": [ctypes.c_size_t, ctypes.c_int, _vp, ctypes.c_uint, ctypes.c_uint],
    "clfftNgSetPlanZeroInput": [ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t],
    "clfftNgSetPlanSkipOutput": [ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t],
    # The OpenCL C of the copy and plane-scaling kernels _engine launches (generator/copy_sources.h).
    "clfftNgGetHelperKernelSource": [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_char_p, ctypes.c_size_t, _size_p],
}


def _candidates():
    env = os.environ.get("CLFFT_NG_LIBRARY")
    if env:
        # An explicit path is a promise: do not silently fall back to another library.
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = [os.path.join(here, "libclFFT.so.2"), os.path.join(os.path.dirname(here), "libclFFT.so.2")]
    try:
        # Written by CMake's install: the library under the same prefix, relative to us.
        from . import _install_paths
        found.append(os.path.normpath(os.path.join(here, _install_paths.LIBRARY)))
    except ImportError:
        pass  # a source tree or a pip install: no installed library beside the package
    return found + ["libclFFT.so.2"]


def _load():
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append("%s: not found" % path)
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
            continue
        missing = [name for name in _SIGNATURES if not hasattr(lib, name)]
        if missing:
            # e.g. Debian's clFFT 2.12 (libclfft2) on the loader's path: not ours.
            errors.append("%s: not clfft-ng's library (no %s)" % (path, ", ".join(missing)))
            continue
        for name, args in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = ctypes.c_int
        lib._clfft_ng_path = path
        return lib
    raise OSError("clfft_ng: cannot load libclFFT.so.2 (set CLFFT_NG_LIBRARY): " + "; ".join(errors))


_lock = threading.Lock()
_lib = None
# Set in a child forked after the parent set up the library or opened its default queue: the
# OpenCL runtime's threads (PoCL's workers) do not survive fork, so the child must not call it.
forked = [False]


class ForkedError(RuntimeError):
    """clfft_ng called in a process forked after OpenCL was initialised in its parent."""


def check_not_forked():
    if forked[0]:
        raise ForkedError("clfft_ng: this process was forked after OpenCL was initialised in its "
                          "parent; OpenCL cannot be used across fork (use the 'spawn' start method)")


def lib():
    """The loaded library, set up on first use (clfftSetup with the 2.12 interface version)."""
    global _lib
    check_not_forked()
    with _lock:
        if _lib is None:
            handle = _load()
            data = _SetupData(2, 12, 2, 0)
            status = handle.clfftSetup(ctypes.byref(data))
            if status != 0:
                raise ClfftError(status, "clfftSetup")
            _lib = handle
    return _lib


def call(name, *args):
    """Calls one entry point; a status other than success becomes ClfftError naming the call."""
    handle = _lib
    if handle is None or forked[0]:
        handle = lib()
    status = getattr(handle, name)(*args)
    if status != 0:
        raise ClfftError(status, name)


def helper_kernel_source(kernel, src, dst):
    """The library's OpenCL C for helper kernel `kernel` (1 copy, 2 plane scaling) between the
    element types src and dst, each a (double, complex) pair of bools."""
    def enums(e):
        return (2 if e[0] else 1), (1 if e[1] else 5)  # clfftPrecision, clfftLayout
    args = enums(src) + enums(dst)
    needed = ctypes.c_size_t(0)
    call("clfftNgGetHelperKernelSource", kernel, args[0], args[1], args[2], args[3], None, 0, ctypes.byref(needed))
    text = ctypes.create_string_buffer(needed.value)
    call("clfftNgGetHelperKernelSource", kernel, args[0], args[1], args[2], args[3], text, needed.value, None)
    return text.value.decode()


def teardown():
    global _lib
    with _lock:
        if _lib is not None:
            _lib.clfftTeardown()
            _lib = None
