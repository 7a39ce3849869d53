"""Helpers shared by the package's test files: errors against double-precision references,
tolerances by precision, random inputs."""
import numpy as np


def rel_l2(got, ref):
    """Relative L2 error of got against ref (ref's norm 0: the absolute error)."""
    got = np.asarray(got, dtype=np.result_type(got, np.complex128) if np.iscomplexobj(got) else np.float64)
    den = np.linalg.norm(np.ravel(ref))
    return np.linalg.norm(np.ravel(got - ref)) / (den if den else 1.0)


def tol(dtype):
    return 1e-5 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-12


def random_array(rng, shape, dtype):
    """Standard normal values (real and imaginary parts for a complex dtype) of dtype."""
    dtype = np.dtype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def wide(x):
    """x in double precision (complex128 or float64): what the references are computed from."""
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)
