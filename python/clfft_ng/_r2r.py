"""scipy.fft's real-to-real transforms: not served until the R2R issue (58) lands."""


def _missing(name):
    def f(*args, **kwargs):
        raise NotImplementedError("clfft_ng.%s: real-to-real transforms need issue 58 (R2R)" % name)
    f.__name__ = name
    f.__doc__ = "Not available yet: raises NotImplementedError (issue 58, real-to-real transforms)."
    return f


dct, idct, dst, idst = (_missing(n) for n in ("dct", "idct", "dst", "idst"))
dctn, idctn, dstn, idstn = (_missing(n) for n in ("dctn", "idctn", "dstn", "idstn"))
